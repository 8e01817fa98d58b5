// bitsandbytes' NF4 and FP4 blocks of 64 (bnb_blocks.h) from float32, written once against the vector-ops structs
// like gguf_body.h and instantiated per instruction set by with_bnb_kernels<Ops>(). A whole block's absmax, its
// reciprocal and each product x × (1 / absmax) are the float32 operations of quantize_bnb_block; the code is the
// bucket torch.bucketize gives the product among the table's 15 midpoints, counted by 15 integer comparisons.
#pragma once
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "core/kernels/block_params.h"

namespace typelattice::kernels {

// The float32 bits of x as an int32 ordered as the floats are (negative values' magnitude bits flipped): for a
// non-NaN x and a midpoint b other than -0, x <= b exactly when ordered(x) <= ordered(b). -0 becomes -1, below
// +0's 0, which no midpoint can tell apart (bnb_blocks.cpp writes a zero midpoint as +0).
template <class Ops>
typename Ops::V ordered_float_bits(typename Ops::V x) {
  return Ops::xor_(x, Ops::template srl_const<1>(Ops::template sra_const<31>(x)));
}

// `blocks` whole blocks of kBnbKernelBlock values: absmax[b] and one code per value in codes (unpacked).
template <class Ops>
void quantize_bnb_blocks_span(const BnbQuantizeParams& p, const float* in, std::size_t blocks, float* absmax,
                              std::uint8_t* codes) {
  using V = typename Ops::V;
  constexpr std::size_t kL = Ops::kLanes, kVectors = kBnbKernelBlock / kL;
  static_assert(kBnbKernelBlock % (4 * kL) == 0, "a block is stored four vectors at a time");
  const V magnitude = Ops::splat(0x7FFFFFFFu), infinity = Ops::splat(0x7F800000u);
  const V first_code = Ops::splat(p.first_code), nan_code = Ops::splat(p.nan_code), zero = Ops::splat(0);
  for (std::size_t b = 0; b < blocks; ++b, in += kBnbKernelBlock, codes += kBnbKernelBlock) {
    V x[kVectors];
    V largest = zero;
    for (std::size_t v = 0; v < kVectors; ++v) {
      x[v] = Ops::load_f32(in + v * kL);
      largest = Ops::max_u32(largest, Ops::and_(x[v], magnitude));  // |x| bits: a NaN's are above Inf's
    }
    std::uint32_t lanes[kL];
    std::memcpy(lanes, &largest, sizeof lanes);
    std::uint32_t top = 0;
    for (const std::uint32_t lane : lanes) top = lane > top ? lane : top;
    float amax;
    std::memcpy(&amax, &top, 4);
    // torch's max is the first NaN of the block, sign and payload kept, as abs_max in bnb_blocks.cpp returns it.
    if (top > 0x7F800000u) {
      for (std::size_t j = 0; j < kBnbKernelBlock; ++j) {
        if (std::isnan(in[j])) {
          amax = in[j];
          break;
        }
      }
    }
    absmax[b] = amax;
    const float inverse = 1.0f / (std::isnan(amax) ? amax : (amax > 1e-38f ? amax : 1e-38f));
    std::uint32_t inverse_bits;
    std::memcpy(&inverse_bits, &inverse, 4);
    const V scale = Ops::splat(inverse_bits);
    V code[kVectors];
    for (std::size_t v = 0; v < kVectors; ++v) {
      const V scaled = Ops::fmul(x[v], scale);
      const V key = ordered_float_bits<Ops>(scaled);
      // The midpoints below the product, each adding the step from its lower code to its upper one; torch.clamp to
      // [-1, 1] first would change no count, all midpoints lying inside (-1, 1).
      V c = first_code;
      for (int k = 0; k < 15; ++k) {
        c = Ops::add_where(c, Ops::gt(key, Ops::splat(static_cast<std::uint32_t>(p.bound_keys[k]))),
                           Ops::splat(p.code_steps[k]));
      }
      // NaN compares false with every midpoint: the last bucket whatever its sign.
      code[v] = Ops::select(Ops::gt(Ops::and_(scaled, magnitude), infinity), nan_code, c);
    }
    for (std::size_t v = 0; v < kVectors; v += 4) {
      Ops::store_u8x4(codes + v * kL, code[v], code[v + 1], code[v + 2], code[v + 3]);
    }
  }
}

// The table's entry. Wasm builds leave it out (nullptr: bnb_blocks.cpp runs its loop) for the module's size
// budget, as gguf_body.h does.
template <class Ops>
constexpr KernelTable with_bnb_kernels(KernelTable table) {
#if !defined(__wasm__)
  table.blocks.quantize_bnb = &quantize_bnb_blocks_span<Ops>;
#endif
  return table;
}

}  // namespace typelattice::kernels
