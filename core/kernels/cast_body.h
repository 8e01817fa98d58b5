// The bulk cast kernels, written once against a vector-ops struct (vec_scalar.h, vec_sse41.h, vec_avx2.h,
// vec_avx512.h, vec_wasm.h) and instantiated per instruction set by make_kernel_table<Ops>(). Every lane is
// computed the same way with no data-dependent branch; special inputs are merged in with selects.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include "core/kernels/params.h"

namespace typelattice::kernels {

template <class Ops>
struct EncodeConsts {
  using V = typename Ops::V;
  explicit EncodeConsts(const EncodeParams& p)
      : zero(Ops::splat(0)), one(Ops::splat(1)), abs_mask(Ops::splat(0x7FFFFFFFu)),
        exp_mask(Ops::splat(0x7F800000u)), inf_bits(Ops::splat(0x7F800000u)),
        negative_zero(Ops::splat(0x80000000u)), f32_min_normal(Ops::splat(0x00800000u)),
        clamp(Ops::splat(p.clamp_bits)), emin(Ops::splat(p.emin_bits)), grid(Ops::splat(p.grid_bits)),
        round_add(Ops::splat(p.round_add)), lsb_mask(Ops::splat(p.lsb_mask)),
        overflow(Ops::splat(p.overflow_bits)), max_mag(Ops::splat(p.max_mag)), cap(Ops::splat(p.cap)),
        nan_mag(Ops::splat(p.nan_mag)),
        sign_bit(Ops::splat(p.sign_bit)), low_cut(Ops::splat(p.low_cut)), high_cut(Ops::splat(p.high_cut)),
        tiny_code(Ops::splat(p.tiny_code)), negative_code(Ops::splat(p.negative_code)),
        negative_enable(Ops::splat(p.negative_as_magnitude ? 0u : 0xFFFFFFFFu)),
        mant_shift(p.mant_shift), sign_shift(p.sign_shift) {
    for (int s = 0; s < 2; ++s) {
      over[s] = Ops::splat(p.over_code[s]);
      inf[s] = Ops::splat(p.inf_code[s]);
      nan[s] = Ops::splat(p.nan_code[s]);
      zeros[s] = Ops::splat(p.zero_code[s]);
    }
  }
  V zero, one, abs_mask, exp_mask, inf_bits, negative_zero, f32_min_normal, clamp, emin, grid, round_add,
      lsb_mask, overflow, max_mag, cap, nan_mag, sign_bit, low_cut, high_cut, tiny_code, negative_code,
      negative_enable;
  V over[2], inf[2], nan[2], zeros[2];
  int mant_shift, sign_shift;
};

// A right shift by one of the format's counts: by a compile-time constant where the variant fixes the format
// (kFixed != 0; wasm engines then emit an immediate shift instead of masking and moving the count).
template <class Ops, int kFixed>
inline typename Ops::V shift_right(typename Ops::V v, int count) {
  if constexpr (kFixed != 0) {
    return Ops::template srl_const<kFixed>(v);
  } else {
    return Ops::srl(v, count);
  }
}

// Magnitude code of min(|x|, clamp), rounded to nearest even by the float adder (see EncodeParams).
template <class Ops, int kMantShift = 0>
inline typename Ops::V round_magnitude(const EncodeConsts<Ops>& k, typename Ops::V x) {
  auto c = Ops::abs_min_keep_nan(k.clamp, x);
  auto e = Ops::max_u32(Ops::and_(c, k.exp_mask), k.emin);
  auto big = Ops::add(e, k.grid);
  auto on_grid = Ops::sub(Ops::fadd(c, big), big);  // significand in units of the grid, hidden bit included
  return Ops::add(on_grid, shift_right<Ops, kMantShift>(Ops::sub(e, k.emin), k.mant_shift));
}

// Picks the positive or negative variant of a special code.
template <class Ops>
inline typename Ops::V by_sign(typename Ops::M negative, const typename Ops::V (&codes)[2]) {
  return Ops::select(negative, codes[1], codes[0]);
}

// Zero, overflow, Inf and NaN take the scalar encoder's codes; other values get magnitude | sign.
template <class Ops>
inline typename Ops::V finish_general(const EncodeConsts<Ops>& k, typename Ops::V x, typename Ops::V a,
                                      typename Ops::V mag) {
  auto negative = Ops::gt(k.zero, x);
  auto signed_code = Ops::or_(mag, Ops::and_(Ops::srl(x, k.sign_shift), k.sign_bit));
  auto r = Ops::select(Ops::eq(mag, k.zero), by_sign<Ops>(negative, k.zeros), signed_code);
  r = Ops::select(Ops::gt(mag, k.max_mag), by_sign<Ops>(negative, k.over), r);
  r = Ops::select(Ops::eq(a, k.inf_bits), by_sign<Ops>(negative, k.inf), r);
  return Ops::select(Ops::gt(a, k.inf_bits), by_sign<Ops>(negative, k.nan), r);
}

// Overflow (and Inf) lands on `cap` by one unsigned min, NaN takes nan_mag; the input's sign is kept.
template <class Ops>
inline typename Ops::V finish_capped_nan(const EncodeConsts<Ops>& k, typename Ops::V x, typename Ops::V a,
                                         typename Ops::V mag) {
  mag = Ops::select(Ops::gt(a, k.inf_bits), k.nan_mag, Ops::min_u32(mag, k.cap));
  return Ops::or_(mag, Ops::and_(Ops::srl(x, k.sign_shift), k.sign_bit));
}

template <class Ops, EncodeVariant kVariant>
inline typename Ops::V encode_vector(const EncodeConsts<Ops>& k, typename Ops::V x) {
  if constexpr (kVariant == EncodeVariant::capped || kVariant == EncodeVariant::capped_m3 ||
                kVariant == EncodeVariant::capped_fnuz) {
    constexpr bool kM3 = kVariant == EncodeVariant::capped_m3;  // 8-bit codes, 3 mantissa bits
    auto mag = Ops::min_u32(round_magnitude<Ops, kM3 ? 23 - 3 : 0>(k, x), k.cap);
    auto sign = Ops::and_(shift_right<Ops, kM3 ? 32 - 8 : 0>(x, k.sign_shift), k.sign_bit);
    if constexpr (kVariant == EncodeVariant::capped_fnuz) {
      // No -0: keep the sign only where mag != 0. For 0 < mag <= cap = sign_bit, -mag has the sign bit set.
      sign = Ops::and_(sign, Ops::sub(k.zero, mag));
    }
    return Ops::or_(mag, sign);
  }
  auto a = Ops::and_(x, k.abs_mask);
  if constexpr (kVariant == EncodeVariant::capped_nan) {
    return finish_capped_nan<Ops>(k, x, a, round_magnitude<Ops>(k, x));
  } else if constexpr (kVariant == EncodeVariant::general) {
    return finish_general<Ops>(k, x, a, round_magnitude<Ops>(k, x));
  } else if constexpr (kVariant == EncodeVariant::truncated || kVariant == EncodeVariant::truncated_general) {
    auto c = Ops::min_u32(a, k.clamp);
    auto lsb = Ops::and_(Ops::srl(c, k.mant_shift), k.lsb_mask);
    auto mag = Ops::srl(Ops::add(Ops::add(c, k.round_add), lsb), k.mant_shift);
    if constexpr (kVariant == EncodeVariant::truncated) return finish_capped_nan<Ops>(k, x, a, mag);
    return finish_general<Ops>(k, x, a, mag);
  } else {  // scale (E8M0): the rounded float32 exponent is the code
    auto lsb = Ops::and_(Ops::srl(a, k.mant_shift), k.lsb_mask);
    auto mag = Ops::srl(Ops::add(Ops::add(a, k.round_add), lsb), k.mant_shift);
    auto below_normal = Ops::select(Ops::gt(a, k.high_cut), k.one,
                                    Ops::select(Ops::gt(k.low_cut, a), k.tiny_code, k.zero));
    mag = Ops::select(Ops::gt(k.f32_min_normal, a), below_normal, mag);
    auto negative = Ops::gt(k.zero, x);
    auto r = Ops::select(Ops::eq(a, k.zero), by_sign<Ops>(negative, k.zeros), mag);
    r = Ops::select(Ops::gt(a, k.overflow), by_sign<Ops>(negative, k.over), r);
    r = Ops::select(Ops::eq(a, k.inf_bits), by_sign<Ops>(negative, k.inf), r);
    auto x_if_signed = Ops::and_(x, k.negative_enable);  // 0 when negatives encode as their magnitude
    r = Ops::select(Ops::gt(k.zero, x_if_signed), k.negative_code, r);
    r = Ops::select(Ops::eq(x_if_signed, k.negative_zero), k.zeros[1], r);
    return Ops::select(Ops::gt(a, k.inf_bits), by_sign<Ops>(negative, k.nan), r);
  }
}

template <class Ops, class Code>
inline void store_codes(Code* p, typename Ops::V a, typename Ops::V b, typename Ops::V c, typename Ops::V d) {
  if constexpr (sizeof(Code) == 1) {
    Ops::store_u8x4(p, a, b, c, d);
  } else {
    Ops::store_u16x4(p, a, b, c, d);
  }
}

template <class Ops, class Code>
inline typename Ops::V load_codes(const Code* p) {
  if constexpr (sizeof(Code) == 1) {
    return Ops::load_u8(p);
  } else {
    return Ops::load_u16(p);
  }
}

// Four vectors per step; the tail runs the same step on a zero-padded copy, so no lane is treated apart.
// encode_one(src, i, j) gives the codes of the block's j-th vector, read from src; the block starts at element i.
// Natively flattened (GCC otherwise leaves a large encode_one out of line, called per vector with vectors on the
// stack) and given encode_one by value, with its constants captured by value (copies the stores of codes cannot
// alias, so they stay in registers). Wasm builds (clang, -Oz) keep their own inlining and references, for the
// module's size budget.
#if defined(__wasm__)
#define TYPELATTICE_KERNEL_LOOP inline
#define TYPELATTICE_KERNEL_FUNCTION const EncodeOne&
#define TYPELATTICE_KERNEL_CAPTURE &
#else
#define TYPELATTICE_KERNEL_LOOP [[gnu::flatten]] inline
#define TYPELATTICE_KERNEL_FUNCTION EncodeOne
#define TYPELATTICE_KERNEL_CAPTURE =
#endif
template <class Ops, class Code, class EncodeOne>
TYPELATTICE_KERNEL_LOOP void for_each_block(const float* in, Code* out, std::size_t n,
                                            TYPELATTICE_KERNEL_FUNCTION encode_one) {
  constexpr std::size_t kL = Ops::kLanes, kBlock = 4 * kL;
  auto step = [&encode_one](const float* src, Code* dst, std::size_t i) {
    store_codes<Ops, Code>(dst, encode_one(src, i, 0), encode_one(src + kL, i, 1), encode_one(src + 2 * kL, i, 2),
                           encode_one(src + 3 * kL, i, 3));
  };
  std::size_t i = 0;
  for (; i + kBlock <= n; i += kBlock) step(in + i, out + i, i);
  if (i < n) {
    float src[kBlock] = {};
    Code dst[kBlock];
    std::memcpy(src, in + i, (n - i) * sizeof(float));
    step(src, dst, i);
    std::memcpy(out + i, dst, (n - i) * sizeof(Code));
  }
}

template <class Ops, class Code, EncodeVariant kVariant>
void encode_span(const EncodeParams& p, const float* in, Code* out, std::size_t n) {
  const EncodeConsts<Ops> k(p);
  for_each_block<Ops>(in, out, n, [&k](const float* src, std::size_t, std::size_t) {
    return encode_vector<Ops, kVariant>(k, Ops::load_f32(src));
  });
}

// 0, 1, ..., kLanes - 1: each lane's offset in a vector.
template <class Ops>
inline typename Ops::V lane_numbers() {
  std::uint32_t offsets[Ops::kLanes];
  for (std::uint32_t j = 0; j < static_cast<std::uint32_t>(Ops::kLanes); ++j) offsets[j] = j;
  float as_floats[Ops::kLanes];
  std::memcpy(as_floats, offsets, sizeof offsets);
  return Ops::load_f32(as_floats);
}

}  // namespace typelattice::kernels

#include "core/kernels/rounding_body.h"

namespace typelattice::kernels {

template <class Ops>
struct DecodeConsts {
  using V = typename Ops::V;
  explicit DecodeConsts(const DecodeParams& p)
      : mag_mask(Ops::splat(p.mag_mask)), sign_bit(Ops::splat(p.sign_bit)), exp_adjust(Ops::splat(p.exp_adjust)),
        min_normal(Ops::splat(p.min_normal)), magic(Ops::splat(p.magic_bits)),
        last_finite(Ops::splat(p.special_from - 1)), inf_mag(Ops::splat(p.inf_mag)),
        inf_bits(Ops::splat(0x7F800000u)), nan_bits(Ops::splat(p.nan_bits)), exact_code(Ops::splat(p.exact_code)),
        exact_bits(Ops::splat(p.exact_bits)), sign_shift(p.sign_shift), mant_shift(p.mant_shift) {}
  V mag_mask, sign_bit, exp_adjust, min_normal, magic, last_finite, inf_mag, inf_bits, nan_bits, exact_code,
      exact_bits;
  int sign_shift, mant_shift;
};

// Normal codes: the fields moved to float32's places and the exponent rebiased, in integer arithmetic.
// Subnormal codes: magic + magnitude * ulp, minus magic (exact, and no float32 subnormal operand, which would
// cost a microcode assist). Inf and NaN are merged in before the sign; the one exceptional code after it.
template <class Ops, unsigned kFeatures>
inline typename Ops::V decode_vector(const DecodeConsts<Ops>& k, typename Ops::V code) {
  auto mag = Ops::and_(code, k.mag_mask);
  auto value = Ops::add(Ops::sll(mag, k.mant_shift), k.exp_adjust);
  if constexpr ((kFeatures & decode_subnormals) != 0) {
    auto subnormal = Ops::fsub(Ops::or_(mag, k.magic), k.magic);
    value = Ops::select(Ops::gt(k.min_normal, mag), subnormal, value);
  }
  if constexpr ((kFeatures & decode_specials) != 0) {
    auto special = k.nan_bits;
    if constexpr ((kFeatures & decode_inf) != 0) special = Ops::select(Ops::eq(mag, k.inf_mag), k.inf_bits, special);
    value = Ops::select(Ops::gt(mag, k.last_finite), special, value);
  }
  value = Ops::or_(value, Ops::sll(Ops::and_(code, k.sign_bit), k.sign_shift));
  if constexpr ((kFeatures & decode_exact) != 0) value = Ops::select(Ops::eq(code, k.exact_code), k.exact_bits, value);
  return value;
}

template <class Ops, class Code, unsigned kFeatures>
void decode_span(const DecodeParams& p, const Code* in, float* out, std::size_t n) {
  constexpr std::size_t kL = Ops::kLanes, kBlock = 4 * kL;
  const DecodeConsts<Ops> k(p);
  auto step = [&k](const Code* src, float* dst) {
    for (std::size_t j = 0; j < 4; ++j) {
      Ops::store_f32(dst + j * kL, decode_vector<Ops, kFeatures>(k, load_codes<Ops, Code>(src + j * kL)));
    }
  };
  std::size_t i = 0;
  for (; i + kBlock <= n; i += kBlock) step(in + i, out + i);
  if (i < n) {
    Code src[kBlock] = {};
    float dst[kBlock];
    std::memcpy(src, in + i, (n - i) * sizeof(Code));
    step(src, dst);
    std::memcpy(out + i, dst, (n - i) * sizeof(float));
  }
}

template <class Ops, class Code, unsigned... kFeatures>
constexpr auto decode_entries(std::integer_sequence<unsigned, kFeatures...>) {
  using Fn = void (*)(const DecodeParams&, const Code*, float*, std::size_t);
  return std::array<Fn, sizeof...(kFeatures)>{&decode_span<Ops, Code, kFeatures>...};
}

template <class Ops, class Code, EncodeVariant kVariant>
constexpr auto stochastic_entry() -> void (*)(const EncodeParams&, const float*, Code*, std::size_t) {
  if constexpr (has_stochastic_kernel(kVariant)) {
    return &encode_span_stochastic<Ops, Code, stochastic_instance(kVariant)>;
  } else {
    return nullptr;
  }
}

template <class Ops>
constexpr KernelTable make_kernel_table() {
  constexpr auto decode8 = decode_entries<Ops, std::uint8_t>(std::make_integer_sequence<unsigned, kDecodeVariants>());
  constexpr auto decode16 =
      decode_entries<Ops, std::uint16_t>(std::make_integer_sequence<unsigned, kDecodeVariants>());
  // Only the variants a format of that code width can select (params.cpp): bfloat16's integer rounding is
  // 16-bit only; E8M0, fnuz's cap and the 3-bit-mantissa shortcut are 8-bit only (no 16-bit format is fnuz).
  // The rest stay null, which keeps the wasm module small; a unit test checks every format and mode finds its
  // entry.
  KernelTable table{
      {&encode_span<Ops, std::uint8_t, EncodeVariant::capped>,
       &encode_span<Ops, std::uint8_t, EncodeVariant::capped_m3>,
       &encode_span<Ops, std::uint8_t, EncodeVariant::capped_fnuz>,
       &encode_span<Ops, std::uint8_t, EncodeVariant::capped_nan>,
       &encode_span<Ops, std::uint8_t, EncodeVariant::general>,
       nullptr,
       nullptr,
       &encode_span<Ops, std::uint8_t, EncodeVariant::scale>,
       &encode_span_rounded<Ops, std::uint8_t, EncodeVariant::directed>,
       nullptr,
       &encode_span_rounded<Ops, std::uint8_t, EncodeVariant::stochastic>,
       stochastic_entry<Ops, std::uint8_t, EncodeVariant::stochastic_capped>(),
       stochastic_entry<Ops, std::uint8_t, EncodeVariant::stochastic_capped_fnuz>(),
       stochastic_entry<Ops, std::uint8_t, EncodeVariant::stochastic_capped_nan>(),
       stochastic_entry<Ops, std::uint8_t, EncodeVariant::stochastic_general>(),
       nullptr,
       nullptr},
      {&encode_span<Ops, std::uint16_t, EncodeVariant::capped>,
       nullptr,
       nullptr,
       &encode_span<Ops, std::uint16_t, EncodeVariant::capped_nan>,
       &encode_span<Ops, std::uint16_t, EncodeVariant::general>,
       &encode_span<Ops, std::uint16_t, EncodeVariant::truncated>,
       &encode_span<Ops, std::uint16_t, EncodeVariant::truncated_general>,
       nullptr,
       &encode_span_rounded<Ops, std::uint16_t, EncodeVariant::directed>,
       &encode_span_rounded<Ops, std::uint16_t, EncodeVariant::directed_truncated>,
       &encode_span_rounded<Ops, std::uint16_t, EncodeVariant::stochastic>,
       stochastic_entry<Ops, std::uint16_t, EncodeVariant::stochastic_capped>(),
       nullptr,
       stochastic_entry<Ops, std::uint16_t, EncodeVariant::stochastic_capped_nan>(),
       stochastic_entry<Ops, std::uint16_t, EncodeVariant::stochastic_general>(),
       stochastic_entry<Ops, std::uint16_t, EncodeVariant::stochastic_truncated>(),
       stochastic_entry<Ops, std::uint16_t, EncodeVariant::stochastic_truncated_general>()},
      {},
      {},
  };
  for (unsigned v = 0; v < kDecodeVariants; ++v) {
    table.decode8[v] = decode8[v];
    table.decode16[v] = decode16[v];
  }
  return table;
}

}  // namespace typelattice::kernels
