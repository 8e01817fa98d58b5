// User text as messages show it: names and values the user typed are echoed in error messages and descriptions,
// which end up on terminals. Control characters there could retitle the terminal or hide text, and bidi
// controls could reorder what is read, so every message quotes user text through displayed().
#pragma once
#include <string>
#include <string_view>

namespace typelattice {

// `text` with C0 controls, DEL, bytes that are not UTF-8 (\xNN), C1 controls and the bidirectional formatting
// characters (\u{NNNN}) escaped, and '\' doubled so that an escape cannot be confused with typed text.
// Everything else, non-ASCII letters included, is kept as it is.
std::string displayed(std::string_view text);

}  // namespace typelattice
