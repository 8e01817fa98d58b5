// "Did you mean ...?": the valid names closest to a mistyped one, at a cost bounded whatever the input.
#pragma once
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace typelattice {

// Names longer than this are refused at once by every parser (no name typelattice knows comes close).
inline constexpr std::size_t kMaxNameLength = 256;
// Only the first this many characters of a name and of each candidate are compared.
inline constexpr std::size_t kComparedNameLength = 64;

// Closest valid names to `text` by edit distance (case-insensitive, adjacent transpositions count one; a name
// containing `text`, if 3 characters or more, ranks between one edit and two), best first; ties keep the candidates'
// order. Time is linear in candidates.size(), memory does not grow with text.
std::vector<std::string> closest_names(std::string_view text, std::span<const std::string_view> candidates,
                                       std::size_t max_results = 3);

}  // namespace typelattice
