// User text as messages show it: names and values the user typed are echoed in error messages and descriptions,
// which end up on terminals. Control characters there could retitle the terminal or hide text, and bidi
// controls could reorder what is read, so every message quotes user text through displayed().
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

namespace typelattice {

// How much of one input a message echoes: the first kEchoLimit bytes (cut at a character boundary), then
// "… (N bytes)", so that a huge token cannot make a huge message. Front ends that keep only part of an input
// for a message keep more than this many bytes, so that the shortening stays visible.
inline constexpr std::size_t kEchoLimit = 256;

// `text` with C0 controls, DEL, bytes that are not UTF-8 (\xNN), C1 controls and the bidirectional formatting
// characters (\u{NNNN}) escaped, and '\' doubled so that an escape cannot be confused with typed text.
// Everything else, non-ASCII letters included, is kept as it is. Past kEchoLimit bytes, shortened as above.
std::string displayed(std::string_view text);
// The same for a text of `whole_size` bytes of which a reader kept only the start (at least kEchoLimit + 1 bytes).
std::string displayed(std::string_view start, std::size_t whole_size);
// displayed(text) in single quotes, as messages name what the user typed.
std::string quoted(std::string_view text);

}  // namespace typelattice
