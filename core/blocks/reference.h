// Internal to the core and its tests: block quantization by the definitions, slow and plain, to check the fast
// path (and the kernels) against. Scales are found by searching every exponent or every scale code, elements by
// exact comparison of the input with every midpoint between neighbouring element values, times the scale.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "typelattice/block_formats.h"

namespace typelattice::block_reference {

// The E8M0 scale exponent of an MX block with finite amax >= 0, by the definitions over every E in [-127, 127]:
// floor: the largest E with 2^(E + emax) <= amax; ceil: the smallest with 2^(E + emax) >= amax; even: the largest
// with 2^(E + emax) · (1 - 2^-(mantissa bits + 2)) <= amax (amax rounded, ties away, to 1 + mantissa bits
// significant bits reaches 2^(E + emax)); rceil: the smallest with element max · 2^E >= amax. None: the end of the
// range nearest to it.
int mx_scale_exponent(const BlockFormatSpec& spec, ScaleMode mode, double amax);

// NVFP4's scale code for a finite amax: the float8_e4m3fn value in [2^-9, 448] nearest to amax / (6 t), ties to
// the even code, by comparing amax with each midpoint times 6 t (exact).
std::uint32_t nvfp4_scale_code(double amax, float tensor_scale);

// The element code nearest to value / scale, by exact comparison of |value| with each midpoint of neighbouring
// non-negative element values times `scale` (ties: the even code; beyond the largest midpoint: max), then the
// sign of `value`. `scale` times a midpoint must be exact in double (a power of two, or s · t).
std::uint32_t nearest_element_code(const BlockFormatSpec& spec, double value, double scale);

struct Quantized {
  std::vector<std::uint8_t> scales, codes;
};
Quantized quantize(BlockFormat f, const BlockOptions& options, std::span<const float> values);

}  // namespace typelattice::block_reference
