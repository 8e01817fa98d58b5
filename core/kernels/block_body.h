// The block-scaled formats' bulk kernels, written once against the vector-ops structs like cast_body.h and
// instantiated per instruction set by with_block_kernels<Ops>(). Each block is one pass: its values are loaded
// into registers, their largest magnitude reduced across lanes, the scale computed from it in scalar code, and
// the same registers scaled and rounded to element codes. The rules are docs/formats.md's "Block-scaled
// formats"; core/blocks/reference.cpp computes them by the definitions, and the tests compare the two.
#pragma once
#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "core/kernels/block_params.h"
#include "core/kernels/cast_body.h"

namespace typelattice::kernels {

inline constexpr std::uint32_t kFloat32Inf = 0x7F800000u;

// An MX block's E8M0 code from amax's float32 bits a (finite). With amax = (1 + f / 2^23) · 2^k (subnormals
// normalized), every mode is E = k - offset + (f > threshold): floor, offset emax_elem and no threshold reached
// (2^32 - 1); ceil, emax_elem and 0 (amax not a power of two); even, emax_elem and 2^23 - 2^(22 - m) - 1 (amax
// rounded to 1 + m bits, ties away, reaches 2^(k+1)); rceil, ilogb(max) and max's own fraction bits (max · 2^E,
// E = k - ilogb(max), is below amax iff amax's fraction is the larger). amax = 0 gives k = -150: clamped to
// -127. Returns E + 127.
inline std::uint32_t mx_scale_code(const BlockQuantizeParams& p, std::uint32_t a) {
  int k = static_cast<int>(a >> 23) - 127;
  std::uint32_t fraction = a & 0x7FFFFFu;
  if (a < 0x00800000u) {
    const int shift = std::countl_zero(a) - 8;
    fraction = (a << shift) & 0x7FFFFFu;
    k = -126 - shift;
  }
  const int e = k - p.scale_offset + (fraction > p.scale_threshold ? 1 : 0);
  return static_cast<std::uint32_t>(std::clamp(e, -127, 127) + 127);
}

// float32 bits of 2^-E for an E8M0 code E + 127: normal but for E = 127 (2^-127, a subnormal).
inline std::uint32_t mx_inverse_scale_bits(std::uint32_t code) {
  return code == 254 ? 0x00400000u : (254u - code) << 23;
}

// NVFP4's block scale s = float8_e4m3fn(RNE(clamp(amax / 6t, 2^-9, 448))), as its code and value. The double
// quotient is one rounding of the exact one, and 53 >= 2 · 4 + 2 bits makes rounding it again to E4M3's 4 bits
// correct (Figueroa, "When is double rounding innocuous?", SIGNUM Newsletter 30(3), 1995), as block_scale_code
// argues. With e = max(floor(log2 q), -6), q · 2^(3 - e) is exact and its rounding to an integer n (the add and
// subtract of 2^52, ties to even) is E4M3's significand in units of 2^(e - 3), subnormals (e = -6, n < 8) too:
// the code is 8 (e + 7) + n - 8, which also carries n = 16 into the next binade.
struct Nvfp4Scale {
  std::uint32_t code;
  double value;
};
inline double power_of_two(int e) {  // 2^e for a double exponent e in [-1022, 1023]
  const std::uint64_t bits = static_cast<std::uint64_t>(e + 1023) << 52;
  double x;
  std::memcpy(&x, &bits, sizeof x);
  return x;
}
inline Nvfp4Scale nvfp4_scale(float amax, double six_t) {
  const double q = std::clamp(static_cast<double>(amax) / six_t, 0x1p-9, 448.0);
  std::uint64_t bits;
  std::memcpy(&bits, &q, sizeof bits);
  const int e = std::max(static_cast<int>(bits >> 52) - 1023, -6);
  const double n = (q * power_of_two(3 - e) + 0x1p52) - 0x1p52;
  return {static_cast<std::uint32_t>(8 * e + 48) + static_cast<std::uint32_t>(n), n * power_of_two(e - 3)};
}

// NVFP4's elements without dividing. RNE(|V| / S) saturated to 6, S = s · t, is the number of E2M1 midpoints
// (0.25, 0.75, 1.25, 1.75, 2.5, 3.5, 5: below codes 1 .. 7) that |V| passes, a tie passing the midpoint into an
// even code (those after codes 1, 3, 5). P = midpoint · s · t is exact in double (3 + 4 + 24 bits). For the
// float32 |V|: where P is a float32 G, |V| > P is |V| > G and a tie is |V| = G; where it is not, let G be the
// float32 below P: no float32 lies in (G, P], so |V| > P iff |V| > G, and |V| = P never. So each midpoint is one
// integer comparison of |V|'s bits (non-negative floats order as their bits) with G's, or G's minus one (|V| >=
// G) for an exact midpoint whose tie goes up. G is 0 below float32's range and the largest finite above it.
inline std::uint32_t nvfp4_threshold_bits(double p, bool tie_goes_up) {
  const float g = static_cast<float>(p);
  std::uint32_t bits;
  std::memcpy(&bits, &g, sizeof bits);
  const double back = static_cast<double>(g);
  if (back > p || (tie_goes_up && back == p)) --bits;
  return bits;
}
inline constexpr double kE2m1Midpoints[7] = {0.25, 0.75, 1.25, 1.75, 2.5, 3.5, 5.0};

template <class Ops, BlockElements kElements, int kMantShift>
struct BlockQuantizer {
  using V = typename Ops::V;
  explicit BlockQuantizer(const BlockQuantizeParams& p)
      : params(p), k(p.element != nullptr ? *p.element : EncodeParams{}), zero(Ops::splat(0)), one(Ops::splat(1)),
        abs_mask(Ops::splat(0x7FFFFFFFu)), byte_mask(Ops::splat(0xFFu)), int8_max(Ops::splat(127)),
        sixty_four(Ops::splat(0x42800000u)), two23(Ops::splat(0x4B000000u)), e2m1_sign(Ops::splat(8)),
        six_t(6.0 * static_cast<double>(p.tensor_scale)) {}

  // One block of kPerBlock vectors: its scale code, and its element codes into `codes`.
  template <std::size_t kPerBlock>
  std::uint32_t block(const float* src, V* codes) const {
    V x[kPerBlock];
    V m = zero;
    for (std::size_t j = 0; j < kPerBlock; ++j) {
      x[j] = Ops::load_f32(src + j * Ops::kLanes);
      m = Ops::max_u32(m, Ops::and_(x[j], abs_mask));
    }
    const std::uint32_t amax = Ops::reduce_max_u32(m);
    if (amax >= kFloat32Inf) {  // NaN or ±Inf: the scale's NaN code, element codes 0
      for (std::size_t j = 0; j < kPerBlock; ++j) codes[j] = zero;
      return kElements == BlockElements::nvfp4 ? 0x7Fu : 0xFFu;
    }
    if constexpr (kElements == BlockElements::nvfp4) {
      float amax_value;
      std::memcpy(&amax_value, &amax, sizeof amax_value);
      const Nvfp4Scale s = nvfp4_scale(amax_value, six_t);
      const double scale = s.value * static_cast<double>(params.tensor_scale);
      V thresholds[7];
      for (int i = 0; i < 7; ++i) {
        thresholds[i] = Ops::splat(nvfp4_threshold_bits(kE2m1Midpoints[i] * scale, i % 2 == 1));
      }
      for (std::size_t j = 0; j < kPerBlock; ++j) {
        const V a = Ops::and_(x[j], abs_mask);
        V count = zero;
        for (const V& t : thresholds) count = Ops::add(count, Ops::select(Ops::gt(a, t), one, zero));
        codes[j] = Ops::or_(count, Ops::and_(Ops::template srl_const<28>(x[j]), e2m1_sign));
      }
      return s.code;
    } else {
      // V · 2^-E is exact where it is 2^-126 or more in magnitude (a float32 times a power of two, and below
      // 2^(emax_elem + 1) as every mode has E >= floor(log2 amax) - emax_elem, or E = -127 with amax < 2^-126);
      // below, it and the exact quotient both lie under a quarter of every element's smallest step (2^-16 at
      // least; MXINT8's is 2^-6 before the · 64), so both round to the zero of their common sign.
      const std::uint32_t code = mx_scale_code(params, amax);
      const V factor = Ops::splat(mx_inverse_scale_bits(code));
      for (std::size_t j = 0; j < kPerBlock; ++j) {
        // |V| · 2^-E, the magnitude taken again rather than kept from the amax pass (a second array of vectors
        // spills in wasm); the sign is V's, -0 included.
        const V scaled = Ops::fmul(Ops::and_(x[j], abs_mask), factor);
        const typename Ops::M negative = Ops::gt(zero, x[j]);
        if constexpr (kElements == BlockElements::mx_float) {
          // round_magnitude (cast_body.h) on a magnitude already taken and finite: clamped to the largest
          // finite element first (saturating), so no code passes it.
          const V c = Ops::min_u32(scaled, k.clamp);
          const V e = Ops::max_u32(Ops::and_(c, k.exp_mask), k.emin);
          const V big = Ops::add(e, k.grid);
          const V mag = Ops::add(Ops::sub(Ops::fadd(c, big), big),
                                 shift_right<Ops, kMantShift>(Ops::sub(e, k.emin), k.mant_shift));
          codes[j] = Ops::or_(mag, Ops::select(negative, k.sign_bit, zero));
        } else {
          // q = RNE(|V| · 2^-E · 64), below 128: 2^23 + that, rounded by the adder, has q as its low bits.
          const V q = Ops::min_u32(Ops::sub(Ops::fadd(Ops::fmul(scaled, sixty_four), two23), two23), int8_max);
          codes[j] = Ops::select(negative, Ops::and_(Ops::sub(zero, q), byte_mask), q);
        }
      }
      return code;
    }
  }

  const BlockQuantizeParams& params;
  EncodeConsts<Ops> k;
  V zero, one, abs_mask, byte_mask, int8_max, sixty_four, two23, e2m1_sign;
  double six_t;
};

// Blocks in chunks of max(4 vectors, one block), so that codes are stored four vectors at a time; the last,
// partial chunk runs on a zero-padded copy (zeros change no block's amax, so a short last block is quantized as
// it is).
template <class Ops, BlockElements kElements, int kMantShift>
void quantize_blocks_span(const BlockQuantizeParams& p, const float* in, std::size_t n, std::uint8_t* scales,
                          std::uint8_t* codes) {
  using V = typename Ops::V;
  constexpr std::size_t kL = Ops::kLanes;
  constexpr std::size_t kBlock = kElements == BlockElements::nvfp4 ? 16 : 32;
  constexpr std::size_t kPerBlock = kBlock / kL;
  constexpr std::size_t kChunk = std::max(4 * kL, kBlock);
  constexpr std::size_t kBlocks = kChunk / kBlock;
  const BlockQuantizer<Ops, kElements, kMantShift> q(p);
  auto chunk = [&](const float* src, std::uint8_t* scale_out, std::uint8_t* dst) {
    V out[kChunk / kL];
    for (std::size_t b = 0; b < kBlocks; ++b) {
      scale_out[b] = static_cast<std::uint8_t>(q.template block<kPerBlock>(src + b * kBlock, out + b * kPerBlock));
    }
    for (std::size_t g = 0; g < kChunk / kL; g += 4) {
      Ops::store_u8x4(dst + g * kL, out[g], out[g + 1], out[g + 2], out[g + 3]);
    }
  };
  std::size_t i = 0;
  for (; i + kChunk <= n; i += kChunk) chunk(in + i, scales + i / kBlock, codes + i);
  if (i < n) {
    float src[kChunk] = {};
    std::uint8_t scale_out[kBlocks], dst[kChunk];
    std::memcpy(src, in + i, (n - i) * sizeof(float));
    chunk(src, scale_out, dst);
    std::memcpy(scales + i / kBlock, scale_out, (n - i + kBlock - 1) / kBlock);
    std::memcpy(codes + i, dst, n - i);
  }
}

// code × scale, rounded once to float32: the element's value (decoded exactly, at most 8 significant bits) times
// 2^E, or MXINT8's q times 2^(E - 6), is one float32 multiplication of exact operands; NVFP4's code × s is exact
// (3 + 4 bits) and × t rounds once. A NaN scale makes the block its NaN (the dequantize_blocks contract).
template <class Ops, BlockElements kElements>
void dequantize_blocks_span(const BlockDequantizeParams& p, const std::uint8_t* scales, const std::uint8_t* codes,
                            std::size_t n, float* out) {
  using V = typename Ops::V;
  constexpr std::size_t kL = Ops::kLanes;
  constexpr std::size_t kBlock = kElements == BlockElements::nvfp4 ? 16 : 32;
  static_assert(kBlock % kL == 0);
  const DecodeConsts<Ops> k(p.element != nullptr ? *p.element : DecodeParams{});
  std::uint32_t tensor_scale_bits;
  std::memcpy(&tensor_scale_bits, &p.tensor_scale, sizeof tensor_scale_bits);
  const V tensor_scale = Ops::splat(tensor_scale_bits);
  const V sign_flip = Ops::splat(0x80u), int8_magic = Ops::splat(0x4B000000u), int8_zero = Ops::splat(0x4B000080u);
  auto block = [&](std::uint32_t scale_bits, const std::uint8_t* src, float* dst) {
    const V scale = Ops::splat(scale_bits);
    for (std::size_t j = 0; j < kBlock; j += kL) {
      V value;
      if ((scale_bits & 0x7FFFFFFFu) > kFloat32Inf) {
        value = scale;
      } else if constexpr (kElements == BlockElements::mx_int8) {
        // 2^23 + (code ^ 0x80) minus 2^23 + 128 is the two's complement code's value, exactly.
        const V q = Ops::fsub(Ops::or_(Ops::xor_(Ops::load_u8(src + j), sign_flip), int8_magic), int8_zero);
        value = Ops::fmul(q, scale);
      } else {
        value = Ops::fmul(decode_vector<Ops, decode_subnormals | decode_specials | decode_inf | decode_exact>(
                              k, Ops::load_u8(src + j)),
                          scale);
        if constexpr (kElements == BlockElements::nvfp4) value = Ops::fmul(value, tensor_scale);
      }
      Ops::store_f32(dst + j, value);
    }
  };
  std::size_t i = 0, b = 0;
  for (; i + kBlock <= n; i += kBlock, ++b) block(p.scale_bits[scales[b]], codes + i, out + i);
  if (i < n) {
    std::uint8_t src[kBlock] = {};
    float dst[kBlock];
    std::memcpy(src, codes + i, n - i);
    block(p.scale_bits[scales[b]], src, dst);
    std::memcpy(out + i, dst, (n - i) * sizeof(float));
  }
}

// The table's entries. Natively the MX float kernels are instantiated per mantissa shift (a constant shift);
// wasm builds, for the module's size budget, share one with the shift read from the parameters.
template <class Ops>
constexpr KernelTable with_block_kernels(KernelTable table) {
#if defined(__wasm__)
  constexpr int kShifts[3] = {0, 0, 0};
#else
  constexpr int kShifts[3] = {20, 21, 22};
#endif
  table.blocks = BlockKernels{
      {&quantize_blocks_span<Ops, BlockElements::mx_float, kShifts[0]>,
       &quantize_blocks_span<Ops, BlockElements::mx_float, kShifts[1]>,
       &quantize_blocks_span<Ops, BlockElements::mx_float, kShifts[2]>,
       &quantize_blocks_span<Ops, BlockElements::mx_int8, 0>, &quantize_blocks_span<Ops, BlockElements::nvfp4, 0>},
      {&dequantize_blocks_span<Ops, BlockElements::mx_float>, &dequantize_blocks_span<Ops, BlockElements::mx_int8>,
       &dequantize_blocks_span<Ops, BlockElements::nvfp4>}};
  return table;
}

}  // namespace typelattice::kernels
