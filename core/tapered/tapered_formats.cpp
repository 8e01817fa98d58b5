// Names, codes, layouts and neighbours of the tapered formats; the families live in posit.cpp and hif8.cpp.
#include "typelattice/tapered_formats.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>

#include "core/base/ascii_text.h"
#include "core/formats/code_text.h"
#include "core/formats/format_names.h"
#include "core/tapered/tapered_detail.h"
#include "typelattice/display_text.h"
#include "typelattice/hex_text.h"
#include "typelattice/minifloat.h"

namespace typelattice {
namespace {

constexpr std::array<TaperedFormat, 3> kTapered{TaperedFormat::posit8, TaperedFormat::posit16, TaperedFormat::hif8};

// Codes in ascending order of value (finite ones only): posits in two's complement order from the most negative
// (the code after NaR), HiF8 by sorting its 256 values.
std::vector<std::uint32_t> hif8_finite_codes_ascending() {
  std::vector<std::uint32_t> codes;
  for (std::uint32_t c = 0; c < 256; ++c) {
    if (std::isfinite(tapered_decode(TaperedFormat::hif8, c))) codes.push_back(c);
  }
  std::sort(codes.begin(), codes.end(), [](std::uint32_t a, std::uint32_t b) {
    return tapered_decode(TaperedFormat::hif8, a) < tapered_decode(TaperedFormat::hif8, b);
  });
  return codes;
}

}  // namespace

std::span<const TaperedFormat> tapered_formats() { return kTapered; }

std::string_view tapered_format_name(TaperedFormat f) {
  switch (f) {
    case TaperedFormat::posit8: return "posit8";
    case TaperedFormat::posit16: return "posit16";
    case TaperedFormat::hif8: return "hif8";
  }
  return "";
}

int tapered_format_bits(TaperedFormat f) { return f == TaperedFormat::posit16 ? 16 : 8; }

std::optional<TaperedFormat> find_tapered_format(std::string_view name) {
  for (const TaperedFormat f : kTapered) {
    if (ascii::equal_ignoring_case(name, tapered_format_name(f))) return f;
  }
  if (ascii::equal_ignoring_case(name, "hifloat8")) return TaperedFormat::hif8;
  return std::nullopt;
}

Result<TaperedFormat> parse_tapered_format(std::string_view text) {
  if (const std::optional<TaperedFormat> t = find_tapered_format(text)) return *t;
  if (parse_format(text)) {
    return Error{ErrorKind::bad_value,
                 "'" + displayed(text) + "' is a minifloat format, not a tapered one (posit8, posit16 or hif8)", {}};
  }
  std::vector<NameCandidate> candidates;
  for (const TaperedFormat t : kTapered) candidates.push_back({tapered_format_name(t), tapered_format_name(t)});
  candidates.push_back({"hifloat8", "hif8"});
  return unknown_name_error("tapered format", text, candidates);
}

Result<std::optional<TaperedFormat>> classify_format_name(std::string_view text) {
  if (const std::optional<TaperedFormat> t = find_tapered_format(text)) return t;
  const Result<Format> f = parse_format(text);
  if (f) return std::optional<TaperedFormat>();
  if (f.error().kind != ErrorKind::unknown_name) return f.error();
  std::vector<NameCandidate> candidates = format_name_candidates();
  for (const TaperedFormat t : kTapered) candidates.push_back({tapered_format_name(t), tapered_format_name(t)});
  Error combined = unknown_name_error("format", text, candidates);
  // parse_format's own suggestions know the name families (p3109_k8p8se suggests p3109_k8p3se), which the module
  // gives too: a tapered name takes their place only when it is the closest of all.
  if (!combined.suggestions.empty() && find_tapered_format(combined.suggestions.front())) return combined;
  return f.error();
}

double tapered_decode(TaperedFormat f, std::uint32_t code) {
  return tapered_detail::is_posit(f) ? tapered_detail::posit_decode(tapered_format_bits(f), code) : tapered_detail::hif8_decode(code);
}

std::uint32_t tapered_encode(TaperedFormat f, double value, bool saturate) {
  return tapered_detail::is_posit(f) ? tapered_detail::posit_encode(tapered_format_bits(f), value)
                     : tapered_detail::hif8_encode(value, saturate);
}

double tapered_max(TaperedFormat f) {
  return tapered_detail::is_posit(f) ? std::ldexp(1.0, 4 * (tapered_format_bits(f) - 2)) : 32768.0;
}

double tapered_min_positive(TaperedFormat f) {
  return tapered_detail::is_posit(f) ? std::ldexp(1.0, -4 * (tapered_format_bits(f) - 2)) : std::ldexp(1.0, -22);
}

RoundMode tapered_round_mode(TaperedFormat f) {
  return tapered_detail::is_posit(f) ? RoundMode::nearest_even : RoundMode::ties_to_away;
}

double tapered_min_normal(TaperedFormat f) {
  return tapered_detail::is_posit(f) ? tapered_min_positive(f) : std::ldexp(1.0, -15);
}

std::string_view tapered_category_name(TaperedCategory c) {
  switch (c) {
    case TaperedCategory::zero: return "zero";
    case TaperedCategory::normal: return "normal";
    case TaperedCategory::denormal: return "denormal";
    case TaperedCategory::infinity: return "infinity";
    case TaperedCategory::nan: return "nan";
  }
  return "";
}

TaperedLayout tapered_layout(TaperedFormat f, std::uint32_t code) {
  const int n = tapered_format_bits(f);
  code &= (std::uint32_t{1} << n) - 1u;
  TaperedLayout out{f, code, {}, 0, std::nullopt, "", TaperedCategory::zero, "", tapered_decode(f, code), {}, {}};
  if (tapered_detail::is_posit(f)) {
    tapered_detail::posit_describe(n, code, out);
  } else {
    tapered_detail::hif8_describe(code, out);
  }
  out.exact_value = std::isnan(out.value) ? "nan" : std::isinf(out.value) ? (out.value > 0 ? "inf" : "-inf")
                                                                         : exact_decimal(out.value);
  if (std::isfinite(out.value)) {
    if (tapered_detail::is_posit(f)) {
      // Two's complement order is value order; NaR sits between max and the most negative code.
      const std::uint32_t nar = std::uint32_t{1} << (n - 1), mask = (std::uint32_t{1} << n) - 1u;
      if (code != nar - 1u) out.next_up = (code + 1u) & mask;
      if (code != nar + 1u) out.next_down = (code - 1u) & mask;
    } else {
      const std::vector<std::uint32_t> order = hif8_finite_codes_ascending();
      const auto at = std::find(order.begin(), order.end(), code);
      if (at + 1 != order.end()) out.next_up = *(at + 1);
      if (at != order.begin()) out.next_down = *(at - 1);
    }
  }
  return out;
}

Result<std::uint32_t> parse_tapered_code(TaperedFormat f, std::string_view text) {
  return parse_code_of_width(text, tapered_format_bits(f), tapered_format_name(f));
}

std::string tapered_hex_code(TaperedFormat f, std::uint32_t code) { return hex_text(code, tapered_format_bits(f) / 4); }

std::string tapered_cast_line(TaperedFormat f, std::uint32_t code) {
  const double v = tapered_decode(f, code);
  const std::string value = std::isnan(v) ? "nan" : std::isinf(v) ? (v > 0 ? "inf" : "-inf") : exact_decimal(v);
  return tapered_hex_code(f, code) + " " + value;
}

std::string_view tapered_format_summary(TaperedFormat f) {
  switch (f) {
    case TaperedFormat::posit8:
    case TaperedFormat::posit16:
      return "posit, es = 2 (2022 Posit Standard): sign, regime, up to 2 exponent bits, fraction; one zero, NaR at "
             "the sign bit alone; rounds to nearest even on the bit string, never to 0 or NaR";
    case TaperedFormat::hif8:
      return "HiFloat8 (arXiv 2409.16626): sign, prefix-coded dot, 0-4 exponent bits, 1-3 mantissa bits, denormals "
             "to 2^-22; one zero, NaN 0x80, inf 0x6f/0xef; rounds to nearest, ties away (TA)";
  }
  return "";
}

namespace tapered_detail {

std::string fraction_text(std::uint32_t raw, int bits) {
  if (raw == 0 || bits == 0) return "0";
  std::uint64_t denominator = std::uint64_t{1} << bits;
  std::uint64_t numerator = raw;
  const std::uint64_t g = std::gcd(numerator, denominator);
  return std::to_string(numerator / g) + "/" + std::to_string(denominator / g);
}

}  // namespace tapered_detail
}  // namespace typelattice
