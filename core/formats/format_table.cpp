// The format table (parameters as ml_dtypes and ONNX define them), keyed by dtype, and name lookup.
#include <array>

#include "core/base/ascii_text.h"
#include "core/base/name_table.h"
#include "core/base/unknown_name.h"
#include "core/formats/format_names.h"
#include "typelattice/defined_formats.h"
#include "typelattice/minifloat.h"

namespace typelattice {
namespace {

using enum SpecialValues;

// Indexed by Format: dtype, exponent bits, mantissa bits, sign, bias, specials; names from the dtype's row.
constexpr FormatSpec row(Dtype d, int exponent_bits, int mantissa_bits, bool has_sign, int bias, SpecialValues s) {
  const DtypeInfo& info = names::kDtypes[static_cast<std::size_t>(d)];
  return {d, info.name, info.onnx_name, exponent_bits, mantissa_bits, has_sign, bias, s};
}

constexpr std::array<FormatSpec, kFormatCount> kFormats{{
    row(Dtype::float8_e4m3fn, 4, 3, true, 7, nan_all_ones),
    row(Dtype::float8_e4m3fnuz, 4, 3, true, 8, nan_negative_zero),
    row(Dtype::float8_e5m2, 5, 2, true, 15, ieee),
    row(Dtype::float8_e5m2fnuz, 5, 2, true, 16, nan_negative_zero),
    row(Dtype::float8_e4m3b11fnuz, 4, 3, true, 11, nan_negative_zero),
    row(Dtype::float8_e3m4, 3, 4, true, 3, ieee),
    row(Dtype::float8_e4m3, 4, 3, true, 7, ieee),
    row(Dtype::float8_e8m0fnu, 8, 0, false, 127, nan_all_ones_unsigned),
    row(Dtype::float6_e2m3fn, 2, 3, true, 1, none),
    row(Dtype::float6_e3m2fn, 3, 2, true, 3, none),
    row(Dtype::float4_e2m1fn, 2, 1, true, 1, none),
    row(Dtype::bfloat16, 8, 7, true, 127, ieee),
    row(Dtype::float16, 5, 10, true, 15, ieee),
    row(Dtype::float32, 8, 23, true, 127, ieee),
}};

}  // namespace

std::span<const FormatSpec> all_formats() { return kFormats; }

std::span<const FormatSpec> minifloat_formats() {
  return std::span<const FormatSpec>(kFormats).first(kMinifloatFormatCount);
}

std::vector<Format> builtin_formats() {
  std::vector<Format> out;
  for (std::size_t i = 0; i < kFormats.size(); ++i) out.push_back(static_cast<Format>(i));
  return out;
}

std::optional<Format> format_of(Dtype d) {
  for (std::size_t i = 0; i < kFormats.size(); ++i)
    if (kFormats[i].dtype == d) return static_cast<Format>(i);
  return std::nullopt;
}

namespace {
// "e4m3:..." (an e, a digit, and a part after a colon): a definition. A bare "e4m3" stays an unknown name
// that suggests float8_e4m3fn and its kin, as before definitions existed.
bool looks_defined(std::string_view text) {
  return text.size() >= 2 && (text[0] == 'e' || text[0] == 'E') && text[1] >= '0' && text[1] <= '9' &&
         text.find(':') != std::string_view::npos;
}
}  // namespace

std::vector<NameCandidate> format_name_candidates() {
  std::array<Dtype, kFormatCount> dtypes{};
  for (std::size_t i = 0; i < dtypes.size(); ++i) dtypes[i] = *kFormats[i].dtype;
  return names::name_candidates(dtypes);
}

Result<Format> parse_format(std::string_view text) {
  if (const std::optional<Dtype> d = names::find_dtype(text, names::OnnxNames::before_aliases)) {
    if (const std::optional<Format> f = format_of(*d)) return *f;
  }
  if (looks_defined(text)) return parse_defined_format(text);
  if (ascii::starts_ignoring_case(text, "p3109_")) return parse_p3109_format(text);
  return unknown_name_error("format", text, format_name_candidates());
}

std::string_view specials_description(SpecialValues s) {
  switch (s) {
    case SpecialValues::ieee: return "IEEE-like: inf and NaN at the all-ones exponent";
    case SpecialValues::nan_all_ones: return "no infinities; NaN only with every exponent and mantissa bit set";
    case SpecialValues::nan_negative_zero: return "no infinities, no -0; the code of -0 is the single NaN";
    case SpecialValues::none: return "every code is finite: no infinities, no NaN";
    case SpecialValues::nan_all_ones_unsigned: return "unsigned powers of two; 0xFF is NaN, no zero";
    case SpecialValues::inf_top_nan_negative_zero: return "P3109 extended: ±inf at the top codes; no -0, its code is the NaN";
    case SpecialValues::inf_below_nan_all_ones: return "P3109 extended, unsigned: +inf below the all-ones NaN";
  }
  return "";
}

std::string_view category_name(Category c) {
  switch (c) {
    case Category::zero: return "zero";
    case Category::subnormal: return "subnormal";
    case Category::normal: return "normal";
    case Category::infinity: return "infinity";
    case Category::nan: return "nan";
  }
  return "unknown";
}

}  // namespace typelattice
