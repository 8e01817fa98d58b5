// The format table (parameters as ml_dtypes and ONNX define them) and name lookup.
#include <algorithm>
#include <array>
#include <cctype>
#include <string>

#include "typelattice/dtype.h"
#include "typelattice/minifloat.h"

namespace typelattice {
namespace {

using enum SpecialValues;

// Indexed by Format. name, onnx_name, exponent bits, mantissa bits, sign, bias, specials.
constexpr std::array<FormatSpec, kFormatCount> kFormats{{
    {"float8_e4m3fn", "FLOAT8E4M3FN", 4, 3, true, 7, nan_all_ones},
    {"float8_e4m3fnuz", "FLOAT8E4M3FNUZ", 4, 3, true, 8, nan_negative_zero},
    {"float8_e5m2", "FLOAT8E5M2", 5, 2, true, 15, ieee},
    {"float8_e5m2fnuz", "FLOAT8E5M2FNUZ", 5, 2, true, 16, nan_negative_zero},
    {"float8_e4m3b11fnuz", "", 4, 3, true, 11, nan_negative_zero},
    {"float8_e3m4", "", 3, 4, true, 3, ieee},
    {"float8_e4m3", "", 4, 3, true, 7, ieee},
    {"float8_e8m0fnu", "FLOAT8E8M0", 8, 0, false, 127, nan_all_ones_unsigned},
    {"float6_e2m3fn", "", 2, 3, true, 1, none},
    {"float6_e3m2fn", "", 3, 2, true, 3, none},
    {"float4_e2m1fn", "FLOAT4E2M1", 2, 1, true, 1, none},
    {"bfloat16", "BFLOAT16", 8, 7, true, 127, ieee},
    {"float16", "FLOAT16", 5, 10, true, 15, ieee},
    {"float32", "FLOAT", 8, 23, true, 127, ieee},
}};

// Other spellings people use for the same formats (ml_dtypes' short alias, NumPy's "half").
struct Alias {
  std::string_view alias;
  Format format;
};
constexpr std::array<Alias, 4> kAliases{{
    {"float8_e4m3b11", Format::float8_e4m3b11fnuz},
    {"half", Format::float16},
    {"single", Format::float32},
    {"float8_e8m0", Format::float8_e8m0fnu},
}};

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

// The canonical names closest to `text`; an ONNX name counts for its canonical name.
std::vector<std::string> closest_format_names(std::string_view text) {
  std::vector<std::string_view> candidates;
  for (const FormatSpec& spec : kFormats) {
    candidates.push_back(spec.name);
    if (!spec.onnx_name.empty()) candidates.push_back(spec.onnx_name);
  }
  std::vector<std::string> out;
  for (const std::string& name : closest_names(text, candidates, candidates.size())) {
    std::string canonical = name;
    for (const FormatSpec& spec : kFormats) {
      if (name == spec.onnx_name) canonical = spec.name;
    }
    if (std::find(out.begin(), out.end(), canonical) == out.end()) out.push_back(canonical);
    if (out.size() == 3) break;
  }
  return out;
}

}  // namespace

std::span<const FormatSpec> all_formats() { return kFormats; }

std::span<const FormatSpec> minifloat_formats() {
  return std::span<const FormatSpec>(kFormats).first(kMinifloatFormatCount);
}

const FormatSpec& format_spec(Format f) { return kFormats[static_cast<std::size_t>(f)]; }

Result<Format> parse_format(std::string_view text) {
  const std::string wanted = lower(text);
  for (std::size_t i = 0; i < kFormats.size(); ++i) {
    if (wanted == kFormats[i].name || (!kFormats[i].onnx_name.empty() && wanted == lower(kFormats[i].onnx_name))) {
      return static_cast<Format>(i);
    }
  }
  for (const Alias& alias : kAliases) {
    if (wanted == alias.alias) return alias.format;
  }
  std::vector<std::string> suggestions = closest_format_names(text);
  std::string message = "unknown format '" + std::string(text) + "'";
  if (!suggestions.empty()) {
    message += "; did you mean ";
    for (std::size_t i = 0; i < suggestions.size(); ++i) {
      message += (i == 0 ? "" : i + 1 == suggestions.size() ? " or " : ", ") + suggestions[i];
    }
    message += "?";
  }
  return Error{ErrorKind::unknown_name, message, std::move(suggestions)};
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
