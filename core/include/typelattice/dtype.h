// The type universe: every dtype typelattice knows, its kind and width, and the names it answers to.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "typelattice/closest_names.h"
#include "typelattice/result.h"

namespace typelattice {

enum class DtypeKind : std::uint8_t { boolean, unsigned_int, signed_int, floating, complex_floating };

// Order is the display order of tables (JAX docs order first, then the newer JAX types, then PyTorch's complex32).
enum class Dtype : std::uint8_t {
  bool_,
  uint8, uint16, uint32, uint64,
  int8, int16, int32, int64,
  bfloat16, float16, float32, float64,
  complex64, complex128,
  weak_int, weak_float, weak_complex,   // i*, f*, c*
  uint1, uint2, uint4, int1, int2, int4,
  float8_e4m3fn, float8_e4m3fnuz, float8_e5m2, float8_e5m2fnuz, float8_e4m3b11fnuz,
  float8_e3m4, float8_e4m3, float8_e8m0fnu, float6_e2m3fn, float6_e3m2fn, float4_e2m1fn,
  complex32,                            // PyTorch's complex of two float16 (in no JAX lattice)
};
inline constexpr int kDtypeCount = static_cast<int>(Dtype::complex32) + 1;

struct DtypeInfo {
  Dtype id;
  std::string_view name;        // canonical: NumPy / JAX / ml_dtypes spelling, or i* f* c*
  DtypeKind kind;
  int bits;                     // storage width; weak types report 64 (how JAX represents them)
  bool weak;
  std::string_view short_code;  // the JAX docs table's code: b1 u1 ... bf f2 c8 i* (empty if none)
  std::string_view onnx_name;   // e.g. FLOAT8E4M3FN (empty if ONNX has no such type)
  std::string_view aliases;     // other accepted spellings, lower case, separated by spaces (e.g. "f16 half")
};

std::span<const DtypeInfo> all_dtypes();
const DtypeInfo& dtype_info(Dtype d);
inline std::string_view dtype_name(Dtype d) { return dtype_info(d).name; }

// Accepts canonical names, i*/f*/c* and int/float/complex, NumPy typestr codes (b1 u1 i2 f2 c8 bf; u8 = uint64
// as in NumPy), bit-width names (f16, i32, ...) where they do not clash, the aliases of DtypeInfo and ONNX names;
// case-insensitive. An unknown name gives ErrorKind::unknown_name listing the closest valid names.
Result<Dtype> parse_dtype(std::string_view text);

}  // namespace typelattice
