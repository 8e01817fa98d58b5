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
#include <iterator>
#include <type_traits>

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

// float32 bits of 2^(shift - E) for an E8M0 code E + 127 and a shift <= 0: normal down to 2^-126, then
// subnormal (2^-127 is 0x00400000), 0 below 2^-149 (no format reaches it: see MxElementGrid).
inline std::uint32_t mx_inverse_scale_bits(std::uint32_t code, int shift = 0) {
  const int p = shift + 127 - static_cast<int>(code);
  if (p >= -126) return static_cast<std::uint32_t>(p + 127) << 23;
  return p >= -149 ? 1u << (p + 149) : 0u;
}

// An MX minifloat's elements rounded in a domain scaled by 2^shift, chosen so that the float adder's `big`
// (EncodeParams) has a biased exponent of 128 + d in the element's binade d: the sum's high 16 bits are then
// 0x4000 + (d << 7) and its low 16 the significand n in grid units, so one pmaddwd (weights 2^8 and 2^(1 + M))
// forms (n + (d << M)) << 8, the code in bits 8 .. 15, from the sum with bit 30 cleared and V's sign put in the
// element's sign bit.
// The shift is 128 - (exponent of 2^emin + 23 - M): -13 (E4M3), -6 (E5M2), -18 (E3M2), -19 (E2M3), -21
// (E2M1). Scaling is exact (powers of two, results normal: every scaled value at or above 2^-126 stays below
// 2^(emax + 2 + shift)); results below 2^-126 lie under a quarter of the smallest step, 2^(emin - M + shift) =
// 2^-22, so they round to zero as the exact quotient does. The scale factor 2^(shift - E) stays representable,
// since E <= 126 for every MX float format and mode (E = 127 needs amax >= 2^(127 + emax_elem)).
template <class Ops>
struct MxElementGrid {
  using V = typename Ops::V;
  MxElementGrid(const EncodeParams& e, const BlockQuantizeParams& p, bool int8)
      : shift(128 - static_cast<int>((e.emin_bits + e.grid_bits) >> 23)),
        clamp(Ops::splat(e.clamp_bits - (static_cast<std::uint32_t>(-shift) << 23))),
        emin(Ops::splat(e.emin_bits - (static_cast<std::uint32_t>(-shift) << 23))),
        bias_and_sign(Ops::splat(0x40000000u | e.sign_bit)),
        // pmaddwd weights: the low half (n and the sign) times 2^8, the high half (d << 7) times 2^(1 + M)
        // (MXINT8 and NVFP4, with no element parameters, use none of it).
        weights(Ops::splat(((2u << std::clamp(23 - e.mant_shift, 0, 7)) << 16) | 256u)),
        // The amaxes whose scales are taken lane-wise: normal floats; for MXINT8 from 2^-120 (its factor
        // 2^(6 - E) is normal for E >= -120).
        normal_offset(Ops::splat(0x80000000u - (int8 ? 0x03800000u : 0x00800000u))),
        normal_limit(Ops::splat((0x7F7FFFFFu - (int8 ? 0x03800000u : 0x00800000u)) ^ 0x80000000u)),
        // 2^23 - 1 - threshold carries into the exponent exactly when the fraction exceeds the threshold (floor's
        // threshold, all ones, adds 0), and offset << 23 comes off the exponent.
        scale_addend(Ops::splat(0x7FFFFFu - std::min(p.scale_threshold, 0x7FFFFFu) -
                                (static_cast<std::uint32_t>(p.scale_offset) << 23))),
        e8m0_twice_bias(Ops::splat(254)), int8_factor_base(Ops::splat(254 + 6)),
        two_to_shift(Ops::splat(mx_inverse_scale_bits(127, shift))) {}
  int shift;
  V clamp, emin, bias_and_sign, weights;
  V normal_offset, normal_limit, scale_addend, e8m0_twice_bias, int8_factor_base, two_to_shift;
};

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

// float8_e4m3fn's value of a positive finite code 1 .. 126: c · 2^-9 below 8, else (8 + c % 8) · 2^(c / 8 - 10).
inline double e4m3_scale_value(std::uint32_t code) {
  if (code < 8) return code * 0x1p-9;
  const std::uint64_t power_bits = static_cast<std::uint64_t>((code >> 3) - 10 + 1023) << 52;
  double power;
  std::memcpy(&power, &power_bits, sizeof power);
  return static_cast<double>(8 + (code & 7)) * power;
}

// NVFP4's per-call tables for a tensor scale t. The block scale s = float8_e4m3fn(RNE(clamp(amax / 6t, 2^-9,
// 448))) is code 1 + the number of codes c = 2 .. 126 that it reaches, and it reaches c iff amax / 6t passes the
// midpoint m_c of c - 1 and c, or equals it with c even (a tie goes to the even significand, whose code is even).
// So, as for the elements, each code is one comparison of amax's bits with G_c = nvfp4_threshold_bits(m_c · 6t,
// c even) (m_c · 6t exact in double: 5 + 26 bits), the comparison core/blocks/reference.cpp makes with m_c · 6t;
// the G_c ascend with c. A normal amax's bits >> 20 (its exponent and 3 fraction bits) name a bucket [b, 9b / 8)
// holding at most two G_c, since G_(c+2) / G_c > 1.14 (m_(c+2) / m_c >= 31 / 27, E4M3's closest; a G_c is m_c · 6t
// less at most one float32 ulp; the G_c past float32's range are the largest finite, which no amax exceeds): the
// code is the bucket's start's code c0 plus amax > G_(c0+1) plus amax > G_(c0+2). Float32 subnormal amaxes take a
// binary search. A bucket's start code (8 buckets, one exponent, at once) and a code's seven element thresholds
// (midpoints · s · t) are computed on the first block that needs them.
struct Nvfp4Tables {
  explicit Nvfp4Tables(float tensor_scale) : t(static_cast<double>(tensor_scale)) {
    const double six_t = 6.0 * t;
    for (std::uint32_t c = 2; c <= 126; ++c) {
      const double midpoint = (e4m3_scale_value(c - 1) + e4m3_scale_value(c)) / 2;
      boundary[c] = nvfp4_threshold_bits(midpoint * six_t, c % 2 == 0);
    }
    boundary[0] = boundary[1] = 0;  // unread: the search starts at G_2
    std::fill(std::begin(boundary) + 127, std::end(boundary), 0xFFFFFFFFu);  // above every finite amax
    std::fill(std::begin(row_ready), std::end(row_ready), false);
    std::fill(std::begin(exponent_ready), std::end(exponent_ready), false);
  }
  // 1 + how many G_c a finite amax's bits exceed, by steps of 64 .. 1 over G_2 .. G_129.
  std::uint32_t searched_scale_code(std::uint32_t amax) const {
    std::uint32_t passed = 0;
    for (std::uint32_t step = 64; step != 0; step >>= 1) {  // a mask, not a branch: the outcome is data
      passed += step & (0u - static_cast<std::uint32_t>(amax > boundary[passed + step + 1]));
    }
    return passed + 1;
  }
  std::uint32_t scale_code(std::uint32_t amax) {
    if (amax < 0x00800000u) return searched_scale_code(amax);
    const std::uint32_t exponent = amax >> 23;
    if (!exponent_ready[exponent]) {
      for (std::uint32_t b = exponent << 3; b < (exponent + 1) << 3; ++b) bucket_code[b] = static_cast<std::uint8_t>(searched_scale_code(b << 20));
      exponent_ready[exponent] = true;
    }
    const std::uint32_t c0 = bucket_code[amax >> 20];
    return c0 + (amax > boundary[c0 + 1] ? 1u : 0u) + (amax > boundary[c0 + 2] ? 1u : 0u);
  }
  const std::uint32_t* element_thresholds(std::uint32_t code) {
    if (!row_ready[code]) {
      const double scale = e4m3_scale_value(code) * t;
      for (int i = 0; i < 7; ++i) rows[code][i] = nvfp4_threshold_bits(kE2m1Midpoints[i] * scale, i % 2 == 1);
      row_ready[code] = true;
    }
    return rows[code];
  }
  double t;
  std::uint32_t boundary[130];  // [c]: G_c for c = 2 .. 126, then all ones
  std::uint8_t bucket_code[2048];
  std::uint32_t rows[127][7];
  bool exponent_ready[256], row_ready[127];
};
struct NoNvfp4Tables {
  explicit NoNvfp4Tables(float) {}
};

template <class Ops, BlockElements kElements>
struct BlockQuantizer {
  using V = typename Ops::V;
  explicit BlockQuantizer(const BlockQuantizeParams& p)
      : params(p), k(p.element != nullptr ? *p.element : EncodeParams{}), zero(Ops::splat(0)),
        abs_mask(Ops::splat(0x7FFFFFFFu)), byte_mask(Ops::splat(0xFFu)), int8_max(Ops::splat(127)),
        sixty_four(Ops::splat(0x42800000u)), two23(Ops::splat(0x4B000000u)), e2m1_sign(Ops::splat(8)),
        nvfp4(p.tensor_scale),
        grid(p.element != nullptr ? *p.element : EncodeParams{}, p, kElements == BlockElements::mx_int8) {}

  // The lane-wise largest magnitude of one block of kPerBlock vectors (reduced across lanes four blocks at a
  // time by the caller), and the magnitudes themselves into `kept` unless it is null.
  template <std::size_t kPerBlock>
  V magnitude_max(const float* src, V* kept) const {
    V m = zero;
    for (std::size_t j = 0; j < kPerBlock; ++j) {
      const V magnitude = Ops::and_(Ops::load_f32(src + j * Ops::kLanes), abs_mask);
      if (kept != nullptr) kept[j] = magnitude;
      m = j == 0 ? magnitude : Ops::max_u32(m, magnitude);
    }
    return m;
  }

  // One MX block of kPerBlock vectors whose largest magnitude's bits are amax: its scale code, and its element
  // codes into `codes` (MX floats: each code << 8).
  template <std::size_t kPerBlock>
  std::uint32_t block(const float* src, std::uint32_t amax, V* codes) const {
    if (amax >= kFloat32Inf) {  // NaN or ±Inf: the scale's NaN code, element codes 0
      for (std::size_t j = 0; j < kPerBlock; ++j) codes[j] = zero;
      return 0xFFu;
    }
    // MXINT8's V · 2^-E is exact where it is 2^-126 or more in magnitude (a float32 times a power of two, and
    // below 2 as E >= floor(log2 amax), or E = -127 with amax < 2^-126); below, it and the exact quotient both
    // lie under a quarter of the smallest step (2^-6 before the · 64), so both round to the zero of their sign.
    const std::uint32_t code = mx_scale_code(params, amax);
    if constexpr (kElements == BlockElements::mx_float) {
      mx_elements<kPerBlock>(src, nullptr, Ops::splat(mx_inverse_scale_bits(code, grid.shift)), codes);
      return code;
    }
    // MXINT8: 2^-E, then · 64 apart (2^(6 - E) overflows for E < -121).
    const V factor = Ops::splat(mx_inverse_scale_bits(code));
    for (std::size_t j = 0; j < kPerBlock; ++j) {
      const V x = Ops::load_f32(src + j * Ops::kLanes);
      codes[j] = int8_element(x, Ops::fmul(Ops::fmul(Ops::and_(x, abs_mask), factor), sixty_four));
    }
    return code;
  }

  // An NVFP4 block's scale code, and its element thresholds into `row` (null for a NaN or ±Inf amax: the
  // scale's NaN code, element codes 0).
  std::uint32_t nvfp4_scale(std::uint32_t amax, const std::uint32_t*& row) const {
    if (amax >= kFloat32Inf) {
      row = nullptr;
      return 0x7Fu;
    }
    const std::uint32_t code = nvfp4.scale_code(amax);
    row = nvfp4.element_thresholds(code);
    return code;
  }
  // Its element codes: how many of the thresholds |V| passes, and V's sign in bit 3.
  template <std::size_t kPerBlock>
  void nvfp4_elements(const float* src, const std::uint32_t* row, V* codes) const {
    if (row == nullptr) {
      for (std::size_t j = 0; j < kPerBlock; ++j) codes[j] = zero;
      return;
    }
    V thresholds[7];
    for (int i = 0; i < 7; ++i) thresholds[i] = Ops::splat(row[i]);
    for (std::size_t j = 0; j < kPerBlock; ++j) {
      const V x = Ops::load_f32(src + j * Ops::kLanes);
      const V a = Ops::and_(x, abs_mask);
      V count = zero;
      for (const V& t : thresholds) count = Ops::add_one_where(count, Ops::gt(a, t));
      codes[j] = Ops::or_(count, Ops::and_(Ops::template srl_const<28>(x), e2m1_sign));
    }
  }

  // MXINT8's code of V from |V| · 2^-E · 64: q = RNE of it, below 128 (2^23 + that, rounded by the adder, has q
  // as its low bits), two's complement where V is negative.
  V int8_element(V x, V scaled) const {
    const V q = Ops::min_u32(Ops::sub(Ops::fadd(scaled, two23), two23), int8_max);
    return Ops::select(Ops::gt(zero, x), Ops::and_(Ops::sub(zero, q), byte_mask), q);
  }

  // An MX block's element codes (MX floats: each << 8) from its values (and their
  // magnitudes, where the caller kept them from the amax pass) and the factor from mx_factors. MX floats:
  // |V| · factor, clamped to the largest finite element (saturating) and rounded by the float adder as
  // round_magnitude (cast_body.h) does, in MxElementGrid's domain; the sign is V's, -0 included.
  template <std::size_t kPerBlock>
  void mx_elements(const float* src, const V* magnitudes, V factor, V* codes) const {
    for (std::size_t j = 0; j < kPerBlock; ++j) {
      const V x = Ops::load_f32(src + j * Ops::kLanes);
      const V magnitude = magnitudes != nullptr ? magnitudes[j] : Ops::and_(x, abs_mask);
      if constexpr (kElements == BlockElements::mx_int8) {
        codes[j] = int8_element(x, Ops::fmul(magnitude, factor));
        continue;
      }
      const V c = Ops::min_u32(Ops::fmul(magnitude, factor), grid.clamp);
      const V sum = Ops::fadd(c, Ops::add(Ops::max_u32(Ops::and_(c, k.exp_mask), grid.emin), k.grid));
      // The sum with bit 30 (always set) cleared and the sign bit (always clear) set where V is negative.
      const V merged = Ops::xor_and_or(sum, Ops::template sra_const<31>(x), grid.bias_and_sign);
      codes[j] = Ops::madd_i16(merged, grid.weights);
    }
  }

  // Whether any lane of a is not a normal finite float's bits: a - 2^-126's bits, compared unsigned (bit 31
  // flipped, so signed) with the normal range's width.
  bool any_not_normal(V a) const { return Ops::any(Ops::gt(Ops::add(a, grid.normal_offset), grid.normal_limit)); }
  // mx_scale_code lane-wise, for amax bits a that pass any_not_normal: E + 127 = (a >> 23) - offset + (fraction >
  // threshold), as one add and an arithmetic shift (the sum stays below 2^31; below 0 where E < -127), at least 0
  // and, for MXINT8, at most 254 (MX floats have E <= 126).
  V mx_scale_codes(V a) const {
    const V code = Ops::max_s32(Ops::template sra_const<23>(Ops::add(a, grid.scale_addend)), zero);
    if constexpr (kElements == BlockElements::mx_int8) return Ops::min_s32(code, grid.e8m0_twice_bias);
    return code;
  }
  // Each lane's factor: MX floats 2^(shift - E), where 2^-E is normal and one multiplication by 2^shift exact;
  // MXINT8 2^(6 - E) (the · 64 of its elements), normal for the amaxes any_not_normal lets through.
  V mx_factors(V codes) const {
    if constexpr (kElements == BlockElements::mx_int8) return Ops::sll(Ops::sub(grid.int8_factor_base, codes), 23);
    return Ops::fmul(Ops::sll(Ops::sub(grid.e8m0_twice_bias, codes), 23), grid.two_to_shift);
  }

  const BlockQuantizeParams& params;
  EncodeConsts<Ops> k;
  V zero, abs_mask, byte_mask, int8_max, sixty_four, two23, e2m1_sign;
  // Filled as blocks need it (element_thresholds), under a quantizer the span's loop holds const.
  mutable std::conditional_t<kElements == BlockElements::nvfp4, Nvfp4Tables, NoNvfp4Tables> nvfp4;
  MxElementGrid<Ops> grid;
};

// Four blocks, whose largest magnitudes are reduced across lanes together: their scale codes into scale_out and
// their element codes into dst.
template <class Ops, BlockElements kElements>
void quantize_four_blocks(const BlockQuantizer<Ops, kElements>& q, const float* src,
                          std::uint8_t* scale_out, std::uint8_t* dst) {
  using V = typename Ops::V;
  constexpr std::size_t kL = Ops::kLanes;
  constexpr std::size_t kBlock = kElements == BlockElements::nvfp4 ? 16 : 32;
  constexpr std::size_t kPerBlock = kBlock / kL;
  constexpr std::size_t kVectors = 4 * kPerBlock;
  // Where the four blocks' magnitudes fit in registers beside everything else (AVX-512's 32), the amax pass keeps
  // them for the elements; elsewhere they are taken again from the values.
  constexpr bool kKeep = kElements != BlockElements::nvfp4 && kVectors <= 8;
  V magnitudes[kKeep ? kVectors : 1];
  V partial[4];
  for (std::size_t b = 0; b < 4; ++b) {
    partial[b] = q.template magnitude_max<kPerBlock>(src + b * kBlock, kKeep ? magnitudes + b * kPerBlock : nullptr);
  }
  V out[kVectors];
  bool done = false;
  std::uint32_t amax[4];
  if constexpr (kL == 1) {
    for (std::size_t b = 0; b < 4; ++b) amax[b] = partial[b];
  } else {
    const V maxima = Ops::reduce_max_u32x4(partial);
    if constexpr (kElements != BlockElements::nvfp4) {
      // The four scales at once in vectors, unless a block's amax is not normal (NaN, Inf, zero or subnormal;
      // for MXINT8 also below 2^-120: then block by block below).
      if (!q.any_not_normal(maxima)) {
        const V scale_codes = q.mx_scale_codes(maxima);
        Ops::store_block_bytes(scale_out, scale_codes);
        const V factors = q.mx_factors(scale_codes);
        const V block_factors[4] = {
            Ops::template broadcast_block<0>(factors), Ops::template broadcast_block<1>(factors),
            Ops::template broadcast_block<2>(factors), Ops::template broadcast_block<3>(factors)};
        for (std::size_t b = 0; b < 4; ++b) {
          q.template mx_elements<kPerBlock>(src + b * kBlock, kKeep ? magnitudes + b * kPerBlock : nullptr,
                                            block_factors[b], out + b * kPerBlock);
        }
        done = true;
      }
    }
    if (!done) {
      alignas(64) std::uint32_t lanes[kL];
      std::memcpy(lanes, &maxima, sizeof lanes);
      for (std::size_t b = 0; b < 4; ++b) amax[b] = lanes[Ops::kBlockLane[b]];
    }
  }
  if constexpr (kElements == BlockElements::nvfp4) {
    // The four scales before the elements, so that the blocks' table look-ups overlap.
    const std::uint32_t* rows[4];
    for (std::size_t b = 0; b < 4; ++b) scale_out[b] = static_cast<std::uint8_t>(q.nvfp4_scale(amax[b], rows[b]));
    for (std::size_t b = 0; b < 4; ++b) {
      q.template nvfp4_elements<kPerBlock>(src + b * kBlock, rows[b], out + b * kPerBlock);
    }
  } else if (!done) {
    for (std::size_t b = 0; b < 4; ++b) {
      scale_out[b] =
          static_cast<std::uint8_t>(q.template block<kPerBlock>(src + b * kBlock, amax[b], out + b * kPerBlock));
    }
  }
  // MX floats' codes come in bits 8 .. 15 of their lanes.
  for (std::size_t g = 0; g < kVectors; g += 4) {
    if constexpr (kElements == BlockElements::mx_float) {
      Ops::store_u8x4_byte1(dst + g * kL, out[g], out[g + 1], out[g + 2], out[g + 3]);
    } else {
      Ops::store_u8x4(dst + g * kL, out[g], out[g + 1], out[g + 2], out[g + 3]);
    }
  }
}

// Blocks four at a time; the last, partial chunk runs on a zero-padded copy (zeros change no block's amax, so a
// short last block is quantized as it is). Flattened natively, as cast_body.h's loops are.
template <class Ops, BlockElements kElements>
TYPELATTICE_KERNEL_LOOP void quantize_blocks_span(const BlockQuantizeParams& p, const float* in, std::size_t n,
                                                  std::uint8_t* scales, std::uint8_t* codes) {
  constexpr std::size_t kBlock = kElements == BlockElements::nvfp4 ? 16 : 32;
  constexpr std::size_t kChunk = 4 * kBlock;
  const BlockQuantizer<Ops, kElements> q(p);
  std::size_t i = 0;
  for (; i + kChunk <= n; i += kChunk) quantize_four_blocks(q, in + i, scales + i / kBlock, codes + i);
  if (i < n) {
    float src[kChunk] = {};
    std::uint8_t scale_out[4], dst[kChunk];
    std::memcpy(src, in + i, (n - i) * sizeof(float));
    quantize_four_blocks(q, src, scale_out, dst);
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

// The table's entries: one quantize and one dequantize body per kind of element.
template <class Ops>
constexpr KernelTable with_block_kernels(KernelTable table) {
  table.blocks = BlockKernels{
      {&quantize_blocks_span<Ops, BlockElements::mx_float>, &quantize_blocks_span<Ops, BlockElements::mx_int8>,
       &quantize_blocks_span<Ops, BlockElements::nvfp4>},
      {&dequantize_blocks_span<Ops, BlockElements::mx_float>, &dequantize_blocks_span<Ops, BlockElements::mx_int8>,
       &dequantize_blocks_span<Ops, BlockElements::nvfp4>},
      {},         // gguf_body.h's
      nullptr};   // bnb_body.h's
  return table;
}

}  // namespace typelattice::kernels
