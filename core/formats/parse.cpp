// Reading numbers, bit patterns and codes from text, with errors that say what was wrong.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>

#include "typelattice/minifloat.h"
#include "typelattice/hex_text.h"
#include "typelattice/display_text.h"
#include "core/base/ascii_text.h"
#include "core/base/decimal_to_binary.h"
#include "core/formats/geometry.h"
#include "core/formats/code_text.h"

namespace typelattice {
namespace {

using ascii::has_hex_prefix;
using ascii::trim;

// The value of digits in base 2, 10 or 16, saturated at 2^64 - 1; nullopt when a character is not such a digit.
// By hand: std::from_chars with a base adds 1.2 KB to the wasm module (scripts/page-size.mjs).
std::optional<std::uint64_t> digits_value(std::string_view digits, unsigned base) {
  std::uint64_t value = 0;
  bool overflow = false;
  for (const char c : digits) {
    const unsigned d = c >= '0' && c <= '9' ? static_cast<unsigned>(c - '0')
                       : c >= 'a' && c <= 'f' ? static_cast<unsigned>(c - 'a' + 10)
                       : c >= 'A' && c <= 'F' ? static_cast<unsigned>(c - 'A' + 10)
                                              : 16u;
    if (d >= base) return std::nullopt;
    if (value > (std::numeric_limits<std::uint64_t>::max() - d) / base) overflow = true;
    value = value * base + d;
  }
  if (overflow) return std::numeric_limits<std::uint64_t>::max();
  return value;
}

}  // namespace

namespace {

struct DecimalSyntax {
  std::size_t length;  // of the longest prefix of the form digits [. digits] [e [sign] digits]; 0 if none
  bool nonzero;        // whether a significand digit is not 0
};

DecimalSyntax scan_decimal(std::string_view s) {
  auto digit = [&s](std::size_t i) { return i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])) != 0; };
  std::size_t i = 0, count = 0;
  bool nonzero = false;
  for (; digit(i); ++i, ++count) nonzero |= s[i] != '0';
  if (i < s.size() && s[i] == '.') {
    for (++i; digit(i); ++i, ++count) nonzero |= s[i] != '0';
  }
  if (count == 0) return {0, false};
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    std::size_t j = i + 1;
    if (j < s.size() && (s[j] == '+' || s[j] == '-')) ++j;
    const std::size_t exponent_start = j;
    while (digit(j)) ++j;
    if (j > exponent_start) i = j;
  }
  return {i, nonzero};
}

// Decimal, inf or nan into T (double or float), rounded once.
template <class T>
Result<T> parse_decimal(std::string_view text, std::string_view type_name) {
  const std::string_view t = trim(text);
  if (t.empty()) return bad_value_error("empty value: expected a decimal number, inf or nan");
  std::string_view body = t;
  bool negative = false;
  if (body.front() == '+' || body.front() == '-') {
    negative = body.front() == '-';
    body.remove_prefix(1);
  }
  const double sign = negative ? -1.0 : 1.0;
  if (ascii::equal_ignoring_case(body, "inf") || ascii::equal_ignoring_case(body, "infinity")) {
    return static_cast<T>(sign) * std::numeric_limits<T>::infinity();
  }
  if (ascii::equal_ignoring_case(body, "nan")) return std::copysign(std::numeric_limits<T>::quiet_NaN(), static_cast<T>(sign));
  if (has_hex_prefix(body)) {
    return bad_value_error(quoted(t) + " is not a decimal number (hexadecimal bit patterns are read in hex input mode)");
  }
  if (body.empty() || body.front() == '+' || body.front() == '-') {
    return bad_value_error(quoted(t) + " is not a number: expected a decimal number like 1.5 or -3e-4, inf or nan");
  }
  const DecimalSyntax syntax = scan_decimal(body);
  if (syntax.length == 0) {
    return bad_value_error(quoted(t) + " is not a number: expected a decimal number like 1.5 or -3e-4, inf or nan");
  }
  if (syntax.length != body.size()) {
    return bad_value_error(quoted(t) + " has trailing characters after the number: " + quoted(body.substr(syntax.length)));
  }
  // The core's exact reader (core/base/decimal_to_binary.h) rounds once, to nearest even; the syntax is checked
  // above, so only plain decimals reach it.
  T value;
  if constexpr (std::is_same_v<T, double>) {
    value = detail::nearest_double(body);
  } else {
    value = detail::nearest_float(body);
  }
  if (std::isinf(value) || (value == 0 && syntax.nonzero)) {
    return bad_value_error(quoted(t) + " is out of the range of " + std::string(type_name) + " (its magnitude is above " +
                           (sizeof(T) == 8 ? "1.8e308 or below 4.9e-324)" : "3.4e38 or below 1.4e-45)"));
  }
  return static_cast<T>(sign) * value;
}

}  // namespace

Result<double> parse_number(std::string_view text) { return parse_decimal<double>(text, "float64"); }

Result<float> parse_number_float32(std::string_view text) { return parse_decimal<float>(text, "float32"); }

Result<double> parse_hex_bits(std::string_view text, int hex_width_bits) {
  if (hex_width_bits != 32 && hex_width_bits != 64) {
    return bad_value_error("a bit pattern is 32 (float32) or 64 (float64) bits wide, not " + std::to_string(hex_width_bits));
  }
  const std::string_view t = trim(text);
  const std::size_t digits_wanted = static_cast<std::size_t>(hex_width_bits / 4);
  const std::string what = hex_width_bits == 32 ? "a float32 bit pattern: 0x and exactly 8 hex digits"
                                                : "a float64 bit pattern: 0x and exactly 16 hex digits";
  if (!has_hex_prefix(t)) return bad_value_error(quoted(t) + " is not " + what);
  const std::string_view digits = t.substr(2);
  if (!std::all_of(digits.begin(), digits.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); })) {
    return bad_value_error(quoted(t) + " has characters that are not hex digits; expected " + what);
  }
  if (digits.size() != digits_wanted) {
    return bad_value_error(quoted(t) + " has " + std::to_string(digits.size()) + " hex digits; expected " + what);
  }
  const std::uint64_t bits = *digits_value(digits, 16);  // exactly 8 or 16 hex digits: no overflow
  if (hex_width_bits == 32) return static_cast<double>(minifloat_detail::bit_cast<float>(static_cast<std::uint32_t>(bits)));
  return minifloat_detail::bit_cast<double>(bits);
}

Result<std::uint32_t> parse_code_of_width(std::string_view text, int bits, std::string_view format) {
  const std::string_view t = trim(text);
  const std::uint64_t limit = (std::uint64_t{1} << bits) - 1u;
  const int width = (bits + 3) / 4;
  if (t.empty()) return bad_value_error("empty code: expected a code like 0x" + std::string(static_cast<std::size_t>(width), '0'));
  std::string_view digits = t;
  int base = 10;
  if (has_hex_prefix(t)) {
    digits.remove_prefix(2);
    base = 16;
  } else if (t.size() >= 2 && t[0] == '0' && (t[1] == 'b' || t[1] == 'B')) {
    digits.remove_prefix(2);
    base = 2;
  }
  const std::optional<std::uint64_t> code = digits_value(digits, static_cast<unsigned>(base));
  if (digits.empty() || !code) {
    return bad_value_error(quoted(t) + " is not a code: expected hex like 0x7e, binary like 0b01111110, or decimal");
  }
  if (*code > limit) {
    return bad_value_error("code " + displayed(t) + " is out of range for " + std::string(format) + " (" +
                           std::to_string(bits) + " bits: 0x0 to " + hex_text(limit) + ")");
  }
  return static_cast<std::uint32_t>(*code);
}

Result<std::uint32_t> parse_code(Format f, std::string_view text) {
  return parse_code_of_width(text, format_spec(f).total_bits(), format_name(f));
}

}  // namespace typelattice
