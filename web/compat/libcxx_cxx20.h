// Emscripten 3.1.6's libc++ predates two C++20/17 library pieces the core uses: std::bit_cast and the
// floating-point std::from_chars. The wasm build force-includes this header so the core compiles unchanged;
// a newer libc++ defines the feature macros and skips the stand-ins.
#pragma once
#include <version>

#ifndef __cpp_lib_bit_cast
#include <type_traits>

namespace std {
template <class To, class From>
  requires(sizeof(To) == sizeof(From) && is_trivially_copyable_v<To> && is_trivially_copyable_v<From>)
constexpr To bit_cast(const From& from) noexcept {
  return __builtin_bit_cast(To, from);
}
}  // namespace std
#endif

#ifndef __cpp_lib_to_chars
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>

namespace std {
// Decimal (chars_format::general) only, through strtod on a terminated copy; strtod's extra forms (leading
// space, sign, hex, inf/nan) are refused so the result matches from_chars.
inline from_chars_result from_chars(const char* first, const char* last, double& value) {
  const bool starts_with_digit = first != last && ((*first >= '0' && *first <= '9') || *first == '.');
  const string text(first, last);
  if (!starts_with_digit || text.find_first_of("xXnN") != string::npos) return {first, errc::invalid_argument};
  char* end = nullptr;
  errno = 0;
  const double parsed = strtod(text.c_str(), &end);
  if (end == text.c_str()) return {first, errc::invalid_argument};
  const char* stop = first + (end - text.c_str());
  if (errno == ERANGE && (std::isinf(parsed) || parsed == 0.0)) return {stop, errc::result_out_of_range};
  value = parsed;
  return {stop, errc{}};
}
}  // namespace std
#endif
