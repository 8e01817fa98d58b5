// Internal to the minifloat implementation: quantities every codec needs, derived from a FormatSpec once.
#pragma once
#include <cstdint>
#include <cstring>

#include "typelattice/minifloat.h"

namespace typelattice::minifloat_detail {

// std::bit_cast, which the libc++ of Debian's Emscripten 3.1.6 lacks.
template <class To, class From>
To bit_cast(const From& from) {
  static_assert(sizeof(To) == sizeof(From));
  To to;
  std::memcpy(&to, &from, sizeof to);
  return to;
}

struct Geometry {
  FormatSpec spec;
  int m;                          // mantissa bits
  int min_normal_exponent;        // 1 - bias
  std::uint32_t sign_bit;         // 0 for unsigned formats
  std::uint32_t magnitude_mask;   // every bit but the sign
  std::uint32_t exponent_mask;    // the exponent field in place
  std::uint32_t max_magnitude;    // magnitude bits of the largest finite value
};

Geometry geometry(Format f);

// What a NaN code is, per the format's special-value scheme.
bool is_nan_code(const Geometry& g, std::uint32_t code);
bool is_inf_code(const Geometry& g, std::uint32_t code);

// The code a cast produces for NaN input (ONNX / ml_dtypes: quiet NaN with the input's sign where NaNs are
// signed; formats without NaN give the code of -0 with the sign bit flipped by the input's sign).
std::uint32_t nan_result(const Geometry& g, bool negative);
// The code for an out-of-range value when not saturating: ±Inf, else the format's NaN.
std::uint32_t overflow_result(const Geometry& g, bool negative);

}  // namespace typelattice::minifloat_detail
