// Edit distances on bounded prefixes, and the unknown-name error built from them.
#include "typelattice/closest_names.h"
#include "typelattice/display_text.h"

#include <algorithm>
#include <array>
#include <cctype>

#include "core/base/unknown_name.h"

namespace typelattice {
namespace {

using Prefix = std::array<char, kComparedNameLength>;

// The first kComparedNameLength characters of `text`, lower-cased; returns how many there are.
std::size_t lowered_prefix(std::string_view text, Prefix& out) {
  const std::size_t n = std::min(text.size(), out.size());
  for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<char>(std::tolower(static_cast<unsigned char>(text[i])));
  return n;
}

// Optimal string alignment distance (Levenshtein plus adjacent transpositions, so "flaot" is 1 from "float"),
// kept in three rolling rows on the stack: both strings are at most kComparedNameLength long.
std::size_t edit_distance(const Prefix& a, std::size_t n, const Prefix& b, std::size_t m) {
  std::array<std::size_t, kComparedNameLength + 1> before{}, previous{}, current{};
  for (std::size_t j = 0; j <= m; ++j) previous[j] = j;
  for (std::size_t i = 1; i <= n; ++i) {
    current[0] = i;
    for (std::size_t j = 1; j <= m; ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      current[j] = std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        current[j] = std::min(current[j], before[j - 2] + 1);
    }
    before = previous;
    previous = current;
  }
  return previous[m];
}

std::vector<std::string> closest(std::string_view text, std::span<const NameCandidate> candidates,
                                 std::size_t max_results) {
  Prefix needle{}, other{};
  const std::size_t n = lowered_prefix(text, needle);
  // (score, candidate index); the score as a double so that this sort is the layout's too (one copy in wasm)
  std::vector<std::pair<double, std::size_t>> scored;
  scored.reserve(candidates.size());
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    const std::size_t m = lowered_prefix(candidates[i].spelling, other);
    // In half edits: a part of a name ("e4m3" of float8_e4m3fn) ranks between one typo and two; edit distance
    // alone would prefer any short name of the same length.
    std::size_t score = 2 * edit_distance(needle, n, other, m);
    if (n >= 3 && std::string_view(other.data(), m).find(std::string_view(needle.data(), n)) != std::string_view::npos)
      score = std::min<std::size_t>(score, 3);
    scored.emplace_back(static_cast<double>(score), i);
  }
  std::sort(scored.begin(), scored.end());  // by score, then candidate order: what a stable sort by score gives
  std::vector<std::string> out;
  for (std::size_t i = 0; i < scored.size() && out.size() < max_results; ++i) {
    const std::string_view name = candidates[scored[i].second].name;
    if (std::find(out.begin(), out.end(), name) == out.end()) out.emplace_back(name);
  }
  return out;
}

std::vector<NameCandidate> as_candidates(std::span<const std::string_view> names) {
  std::vector<NameCandidate> out;
  out.reserve(names.size());
  for (std::string_view name : names) out.push_back({name, name});
  return out;
}

}  // namespace

std::vector<std::string> closest_names(std::string_view text, std::span<const std::string_view> candidates,
                                       std::size_t max_results) {
  return closest(text, as_candidates(candidates), max_results);
}

Error unknown_name_error(std::string_view what, std::string_view text, std::span<const NameCandidate> candidates,
                         std::size_t max_results) {
  std::string message = "unknown ";
  message += what;
  if (text.size() > kMaxNameLength) {
    message += ": the name given is " + std::to_string(text.size()) + " characters long; names are at most " +
               std::to_string(kMaxNameLength);
    return Error{ErrorKind::unknown_name, std::move(message), {}};
  }
  message.append(" '").append(displayed(text)).append("'");
  std::vector<std::string> suggestions = closest(text, candidates, max_results);
  for (std::size_t i = 0; i < suggestions.size(); ++i) {
    message += i == 0 ? "; did you mean " : i + 1 == suggestions.size() ? " or " : ", ";
    message += suggestions[i];
  }
  if (!suggestions.empty()) message += "?";
  return Error{ErrorKind::unknown_name, std::move(message), std::move(suggestions)};
}

Error unknown_name_error(std::string_view what, std::string_view text, std::span<const std::string_view> candidates,
                         std::size_t max_results) {
  return unknown_name_error(what, text, as_candidates(candidates), max_results);
}

}  // namespace typelattice
