// The dtype table and the names each dtype answers to. All of it is data: one row per dtype, one row per alias.
#include "typelattice/dtype.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

namespace typelattice {
namespace {

using K = DtypeKind;

// Order must follow enum class Dtype (checked by dtype_info's assert and by the tests).
constexpr std::array<DtypeInfo, kDtypeCount> kDtypes{{
    {Dtype::bool_, "bool", K::boolean, 8, false, "b1", "BOOL"},
    {Dtype::uint8, "uint8", K::unsigned_int, 8, false, "u1", "UINT8"},
    {Dtype::uint16, "uint16", K::unsigned_int, 16, false, "u2", "UINT16"},
    {Dtype::uint32, "uint32", K::unsigned_int, 32, false, "u4", "UINT32"},
    {Dtype::uint64, "uint64", K::unsigned_int, 64, false, "u8", "UINT64"},
    {Dtype::int8, "int8", K::signed_int, 8, false, "i1", "INT8"},
    {Dtype::int16, "int16", K::signed_int, 16, false, "i2", "INT16"},
    {Dtype::int32, "int32", K::signed_int, 32, false, "i4", "INT32"},
    {Dtype::int64, "int64", K::signed_int, 64, false, "i8", "INT64"},
    {Dtype::bfloat16, "bfloat16", K::floating, 16, false, "bf", "BFLOAT16"},
    {Dtype::float16, "float16", K::floating, 16, false, "f2", "FLOAT16"},
    {Dtype::float32, "float32", K::floating, 32, false, "f4", "FLOAT"},
    {Dtype::float64, "float64", K::floating, 64, false, "f8", "DOUBLE"},
    {Dtype::complex64, "complex64", K::complex_floating, 64, false, "c8", "COMPLEX64"},
    {Dtype::complex128, "complex128", K::complex_floating, 128, false, "c16", "COMPLEX128"},
    {Dtype::weak_int, "i*", K::signed_int, 64, true, "i*", ""},
    {Dtype::weak_float, "f*", K::floating, 64, true, "f*", ""},
    {Dtype::weak_complex, "c*", K::complex_floating, 128, true, "c*", ""},
    {Dtype::uint1, "uint1", K::unsigned_int, 1, false, "", ""},
    {Dtype::uint2, "uint2", K::unsigned_int, 2, false, "", "UINT2"},
    {Dtype::uint4, "uint4", K::unsigned_int, 4, false, "", "UINT4"},
    {Dtype::int1, "int1", K::signed_int, 1, false, "", ""},
    {Dtype::int2, "int2", K::signed_int, 2, false, "", "INT2"},
    {Dtype::int4, "int4", K::signed_int, 4, false, "", "INT4"},
    {Dtype::float8_e4m3fn, "float8_e4m3fn", K::floating, 8, false, "", "FLOAT8E4M3FN"},
    {Dtype::float8_e4m3fnuz, "float8_e4m3fnuz", K::floating, 8, false, "", "FLOAT8E4M3FNUZ"},
    {Dtype::float8_e5m2, "float8_e5m2", K::floating, 8, false, "", "FLOAT8E5M2"},
    {Dtype::float8_e5m2fnuz, "float8_e5m2fnuz", K::floating, 8, false, "", "FLOAT8E5M2FNUZ"},
    {Dtype::float8_e4m3b11fnuz, "float8_e4m3b11fnuz", K::floating, 8, false, "", ""},
    {Dtype::float8_e3m4, "float8_e3m4", K::floating, 8, false, "", ""},
    {Dtype::float8_e4m3, "float8_e4m3", K::floating, 8, false, "", ""},
    {Dtype::float8_e8m0fnu, "float8_e8m0fnu", K::floating, 8, false, "", "FLOAT8E8M0"},
    {Dtype::float6_e2m3fn, "float6_e2m3fn", K::floating, 6, false, "", ""},
    {Dtype::float6_e3m2fn, "float6_e3m2fn", K::floating, 6, false, "", ""},
    {Dtype::float4_e2m1fn, "float4_e2m1fn", K::floating, 4, false, "", "FLOAT4E2M1"},
}};

struct Alias {
  std::string_view text;  // lower case; matched case-insensitively
  Dtype dtype;
};

// Names accepted besides the canonical names, the docs' short codes and the ONNX names (all in kDtypes).
// Python's int/float/complex are the weak types, as in jnp.promote_types(x, int). The design document's bit
// names are accepted only where they do not clash with NumPy typestr codes: NumPy's `u8`/`i8` (8 bytes) win
// over the document's `u8`/`i8` (8 bits), so `i8` is int64 here, as in np.dtype('i8').
// ONNX's FLOAT lower-cases to `float`, Python's float, which wins: FLOAT is therefore not an alias of float32.
constexpr std::array<Alias, 22> kAliases{{
    {"int", Dtype::weak_int},       {"float", Dtype::weak_float},  {"complex", Dtype::weak_complex},
    {"bool_", Dtype::bool_},        {"b", Dtype::bool_},           {"?", Dtype::bool_},
    {"u16", Dtype::uint16},         {"u32", Dtype::uint32},        {"u64", Dtype::uint64},
    {"i16", Dtype::int16},          {"i32", Dtype::int32},         {"i64", Dtype::int64},
    {"bf16", Dtype::bfloat16},      {"f16", Dtype::float16},       {"f32", Dtype::float32},
    {"f64", Dtype::float64},        {"c64", Dtype::complex64},     {"c128", Dtype::complex128},
    {"half", Dtype::float16},       {"single", Dtype::float32},    {"double", Dtype::float64},
    {"float8_e8m0", Dtype::float8_e8m0fnu},
}};

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool equal_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && lower(a) == lower(b);
}

// Optimal string alignment distance (Levenshtein plus adjacent transpositions, so "flaot" is 1 from "float").
std::size_t edit_distance(std::string_view a, std::string_view b) {
  const std::size_t n = a.size(), m = b.size();
  std::vector<std::vector<std::size_t>> d(n + 1, std::vector<std::size_t>(m + 1));
  for (std::size_t i = 0; i <= n; ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= m; ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= n; ++i) {
    for (std::size_t j = 1; j <= m; ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[n][m];
}

}  // namespace

std::span<const DtypeInfo> all_dtypes() { return kDtypes; }

const DtypeInfo& dtype_info(Dtype d) {
  const DtypeInfo& info = kDtypes[static_cast<std::size_t>(d)];
  assert(info.id == d);
  return info;
}

Result<Dtype> parse_dtype(std::string_view text) {
  for (const DtypeInfo& info : kDtypes) {
    if (equal_ignoring_case(text, info.name) || (!info.short_code.empty() && equal_ignoring_case(text, info.short_code)))
      return info.id;
  }
  for (const Alias& alias : kAliases)
    if (equal_ignoring_case(text, alias.text)) return alias.dtype;
  for (const DtypeInfo& info : kDtypes)
    if (!info.onnx_name.empty() && equal_ignoring_case(text, info.onnx_name)) return info.id;

  std::vector<std::string_view> names;
  for (const DtypeInfo& info : kDtypes) names.push_back(info.name);
  std::vector<std::string> suggestions = closest_names(text, names);
  std::string message = "unknown dtype '" + std::string(text) + "'";
  if (!suggestions.empty()) {
    message += "; did you mean ";
    for (std::size_t i = 0; i < suggestions.size(); ++i) message += (i ? ", " : "") + suggestions[i];
    message += "?";
  }
  return Error{ErrorKind::unknown_name, std::move(message), std::move(suggestions)};
}

std::vector<std::string> closest_names(std::string_view text, std::span<const std::string_view> candidates,
                                       std::size_t max_results) {
  const std::string needle = lower(text);
  std::vector<std::pair<std::size_t, std::size_t>> scored;  // (distance, candidate index)
  for (std::size_t i = 0; i < candidates.size(); ++i) scored.emplace_back(edit_distance(needle, lower(candidates[i])), i);
  std::stable_sort(scored.begin(), scored.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  std::vector<std::string> out;
  for (std::size_t i = 0; i < scored.size() && out.size() < max_results; ++i) out.emplace_back(candidates[scored[i].second]);
  return out;
}

}  // namespace typelattice
