// The one name table: every dtype with its canonical name, the JAX docs' short code, its ONNX name and its
// aliases. Dtype parsing reads it (base/dtype.cpp) and so does format parsing (formats/format_table.cpp), whose
// formats take their names from the row of their dtype.
#pragma once
#include <array>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "core/base/unknown_name.h"
#include "typelattice/dtype.h"

namespace typelattice::names {

using K = DtypeKind;

// Order follows enum class Dtype (checked by a static_assert in dtype.cpp and by the tests).
// Aliases: Python's int/float/complex are the weak types, as in jnp.promote_types(x, int). Bit-width names (f16,
// i32) are accepted only where they do not clash with NumPy typestr codes: NumPy's `u8`/`i8` (8 bytes) win, so
// `i8` is int64 here, as in np.dtype('i8'). ml_dtypes spells float8_e4m3b11fnuz also float8_e4m3b11.
inline constexpr std::array<DtypeInfo, kDtypeCount> kDtypes{{
    {Dtype::bool_, "bool", K::boolean, 8, false, "b1", "BOOL", "bool_ b ?"},
    {Dtype::uint8, "uint8", K::unsigned_int, 8, false, "u1", "UINT8", ""},
    {Dtype::uint16, "uint16", K::unsigned_int, 16, false, "u2", "UINT16", "u16"},
    {Dtype::uint32, "uint32", K::unsigned_int, 32, false, "u4", "UINT32", "u32"},
    {Dtype::uint64, "uint64", K::unsigned_int, 64, false, "u8", "UINT64", "u64"},
    {Dtype::int8, "int8", K::signed_int, 8, false, "i1", "INT8", ""},
    {Dtype::int16, "int16", K::signed_int, 16, false, "i2", "INT16", "i16"},
    {Dtype::int32, "int32", K::signed_int, 32, false, "i4", "INT32", "i32"},
    {Dtype::int64, "int64", K::signed_int, 64, false, "i8", "INT64", "i64"},
    {Dtype::bfloat16, "bfloat16", K::floating, 16, false, "bf", "BFLOAT16", "bf16"},
    {Dtype::float16, "float16", K::floating, 16, false, "f2", "FLOAT16", "f16 half"},
    {Dtype::float32, "float32", K::floating, 32, false, "f4", "FLOAT", "f32 single"},
    {Dtype::float64, "float64", K::floating, 64, false, "f8", "DOUBLE", "f64 double"},
    {Dtype::complex64, "complex64", K::complex_floating, 64, false, "c8", "COMPLEX64", "c64"},
    {Dtype::complex128, "complex128", K::complex_floating, 128, false, "c16", "COMPLEX128", "c128"},
    {Dtype::weak_int, "i*", K::signed_int, 64, true, "i*", "", "int"},
    {Dtype::weak_float, "f*", K::floating, 64, true, "f*", "", "float"},
    {Dtype::weak_complex, "c*", K::complex_floating, 128, true, "c*", "", "complex"},
    {Dtype::uint1, "uint1", K::unsigned_int, 1, false, "", "", ""},
    {Dtype::uint2, "uint2", K::unsigned_int, 2, false, "", "UINT2", ""},
    {Dtype::uint4, "uint4", K::unsigned_int, 4, false, "", "UINT4", ""},
    {Dtype::int1, "int1", K::signed_int, 1, false, "", "", ""},
    {Dtype::int2, "int2", K::signed_int, 2, false, "", "INT2", ""},
    {Dtype::int4, "int4", K::signed_int, 4, false, "", "INT4", ""},
    {Dtype::float8_e4m3fn, "float8_e4m3fn", K::floating, 8, false, "", "FLOAT8E4M3FN", ""},
    {Dtype::float8_e4m3fnuz, "float8_e4m3fnuz", K::floating, 8, false, "", "FLOAT8E4M3FNUZ", ""},
    {Dtype::float8_e5m2, "float8_e5m2", K::floating, 8, false, "", "FLOAT8E5M2", ""},
    {Dtype::float8_e5m2fnuz, "float8_e5m2fnuz", K::floating, 8, false, "", "FLOAT8E5M2FNUZ", ""},
    {Dtype::float8_e4m3b11fnuz, "float8_e4m3b11fnuz", K::floating, 8, false, "", "", "float8_e4m3b11"},
    {Dtype::float8_e3m4, "float8_e3m4", K::floating, 8, false, "", "", ""},
    {Dtype::float8_e4m3, "float8_e4m3", K::floating, 8, false, "", "", ""},
    {Dtype::float8_e8m0fnu, "float8_e8m0fnu", K::floating, 8, false, "", "FLOAT8E8M0", "float8_e8m0"},
    {Dtype::float6_e2m3fn, "float6_e2m3fn", K::floating, 6, false, "", "", ""},
    {Dtype::float6_e3m2fn, "float6_e3m2fn", K::floating, 6, false, "", "", ""},
    {Dtype::float4_e2m1fn, "float4_e2m1fn", K::floating, 4, false, "", "FLOAT4E2M1", ""},
    {Dtype::complex32, "complex32", K::complex_floating, 32, false, "", "", "chalf"},
}};

// Where ONNX names rank against aliases: ONNX's FLOAT lower-cases to Python's `float`. As a dtype, `float` is
// the weak float (aliases first); as a format, FLOAT is float32 (ONNX names first: formats are cast targets).
enum class OnnxNames : bool { after_aliases, before_aliases };

// The dtype a spelling names (case-insensitive), if any.
std::optional<Dtype> find_dtype(std::string_view text, OnnxNames onnx);

// Every spelling of the given dtypes, each suggesting the canonical name: canonical names first (they win ties),
// then ONNX names and aliases. Short codes are left out (two letters are close to everything).
std::vector<NameCandidate> name_candidates(std::span<const Dtype> dtypes);

}  // namespace typelattice::names
