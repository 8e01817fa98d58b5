// The bulk kernels of the IEEE modes other than ties-to-even, and of stochastic rounding where its one-add body
// (stochastic_body.h) does not apply (n = 0, or n >= 23 - M), written once against the vector-ops structs like
// cast_body.h. Each lane splits |x| into the value toward zero (a magnitude code)
// and the exact rest below one quantum, as the scalar encoder (core/formats/codec.cpp) splits the significand;
// the mode then decides on one more quantum. Special inputs and overflow take the scalar encoder's codes.
#pragma once
#include <cstddef>
#include <cstdint>

#include "core/kernels/params.h"
#include "core/kernels/stochastic_body.h"

namespace typelattice::kernels {

template <class Ops>
struct RoundingConsts {
  using V = typename Ops::V;
  explicit RoundingConsts(const EncodeParams& p)
      : ones(Ops::splat(0xFFFFFFFFu)), lsb(Ops::splat(1)), mantissa_bits_exponent(Ops::splat(p.mantissa_bits_exponent)),
        rest_mask(Ops::splat((1u << p.mant_shift) - 1u)), half(Ops::splat(1u << (p.mant_shift - 1))),
        away_at_half(Ops::splat(p.away_at_half)), away_positive(Ops::splat(p.away_positive)),
        away_negative(Ops::splat(p.away_negative)), away_if_even(Ops::splat(p.away_if_even)),
        sr_one(Ops::splat(p.sr_one)), sr_bits(Ops::splat(p.sr_bits)), sr_enable(Ops::splat(p.sr_enable)),
        sr_scale_base(Ops::splat(p.sr_scale_base)), two23(Ops::splat(0x4B000000u)), two31(Ops::splat(0x4F000000u)),
        bit31(Ops::splat(0x80000000u)), sr_draw_shift(p.sr_draw_shift) {}
  V ones, lsb, mantissa_bits_exponent, rest_mask, half, away_at_half, away_positive, away_negative, away_if_even,
      sr_one, sr_bits, sr_enable, sr_scale_base, two23, two31, bit31;
  int sr_draw_shift;
};

template <class Ops>
inline typename Ops::V mask_vector(const RoundingConsts<Ops>& r, typename Ops::M m) {
  return Ops::select(m, r.ones, Ops::splat(0));
}

// |x| toward zero, as a magnitude code, and the rest below one quantum.
template <class Ops>
struct Split {
  typename Ops::V mag_down;
  typename Ops::V rest;      // float path: the rest as a float32 (exact); truncated: in units of 2^-mant_shift quanta
  typename Ops::V quantum;   // float path: the quantum as a float32
  typename Ops::V exponent;  // float path: the binade's float32 exponent bits
};

// Formats with their own exponent range. The float adder rounds c to the grid (ties to even, as in cast_body.h);
// the rounded value minus a quantum where it went up is the value toward zero, and c minus that is exact (both
// lie within one quantum of each other, multiples of c's ulp).
template <class Ops>
inline Split<Ops> split_on_grid(const EncodeConsts<Ops>& k, const RoundingConsts<Ops>& r, typename Ops::V x) {
  auto c = Ops::abs_min_keep_nan(k.clamp, x);
  auto e = Ops::max_u32(Ops::and_(c, k.exp_mask), k.emin);
  auto big = Ops::add(e, k.grid);
  auto sum = Ops::fadd(c, big);
  auto nearest = Ops::fsub(sum, big);
  auto went_up = mask_vector<Ops>(r, Ops::gt(nearest, c));  // non-negative floats order as their bits
  auto quantum = Ops::sub(e, r.mantissa_bits_exponent);
  auto down = Ops::fsub(nearest, Ops::and_(quantum, went_up));
  auto steps = Ops::add(Ops::sub(sum, big), went_up);  // went_up is -1 where it went up
  auto mag_down = Ops::add(steps, Ops::srl(Ops::sub(e, k.emin), k.mant_shift));
  return {mag_down, Ops::fsub(c, down), quantum, e};
}

// bfloat16: float32's exponent range, so the code toward zero is |x|'s top bits and the rest its low bits.
template <class Ops>
inline Split<Ops> split_truncated(const EncodeConsts<Ops>& k, const RoundingConsts<Ops>& r, typename Ops::V a) {
  auto c = Ops::min_u32(a, k.clamp);
  return {Ops::srl(c, k.mant_shift), Ops::and_(c, r.rest_mask), k.zero, k.zero};
}

// One more quantum or not, by the mode's masks: all ones where the step is taken.
template <class Ops, bool kTruncated>
inline typename Ops::V directed_away(const RoundingConsts<Ops>& r, const Split<Ops>& s, typename Ops::V x) {
  const auto zero = Ops::splat(0);
  auto inexact = Ops::select(Ops::eq(s.rest, zero), zero, r.ones);
  typename Ops::M below_half;
  if constexpr (kTruncated) {
    below_half = Ops::gt(r.half, s.rest);
  } else {
    below_half = Ops::gt(s.quantum, Ops::fadd(s.rest, s.rest));  // 2 * rest is exact
  }
  auto at_half = Ops::select(below_half, zero, r.away_at_half);
  auto even = Ops::select(Ops::eq(Ops::and_(s.mag_down, r.lsb), zero), r.away_if_even, zero);
  auto direction = Ops::select(Ops::gt(zero, x), r.away_negative, r.away_positive);
  return Ops::or_(at_half, Ops::and_(inexact, Ops::or_(direction, even)));
}

// round_half_even(rest / quantum * 2^n), as an integer below 2^32 (it is at most 2^32 - 256).
template <class Ops>
inline typename Ops::V stochastic_share(const RoundingConsts<Ops>& r, const Split<Ops>& s) {
  // rest * 2^(n + M - E) is exact and below 2^n; below 2^23 the adder rounds it to an integer, above it is one.
  auto scaled = Ops::fmul(s.rest, Ops::sub(r.sr_scale_base, s.exponent));
  auto whole = Ops::select(Ops::gt(r.two23, scaled), Ops::fsub(Ops::fadd(scaled, r.two23), r.two23), scaled);
  auto high = Ops::xor_(Ops::cvtt_i32(Ops::fsub(whole, r.two31)), r.bit31);
  return Ops::select(Ops::gt(r.two31, whole), Ops::cvtt_i32(whole), high);
}

// away iff share + bits >= 2^n, i.e. share >= 2^n - bits (unsigned; that difference is 0 only for n = 32 and
// bits 0, where nothing rounds away).
template <class Ops>
inline typename Ops::V stochastic_away(const RoundingConsts<Ops>& r, typename Ops::V share, typename Ops::V bits) {
  const auto zero = Ops::splat(0);
  auto threshold = Ops::sub(r.sr_one, bits);
  auto reached = mask_vector<Ops>(r, Ops::eq(Ops::max_u32(share, threshold), share));
  return Ops::and_(reached, Ops::select(Ops::eq(threshold, zero), zero, r.ones));
}

template <class Ops, EncodeVariant kVariant>
inline typename Ops::V encode_rounded(const EncodeConsts<Ops>& k, const RoundingConsts<Ops>& r, typename Ops::V x,
                                      typename Ops::V bits) {
  constexpr bool kTruncated = kVariant == EncodeVariant::directed_truncated;
  constexpr bool kStochastic = kVariant == EncodeVariant::stochastic;
  auto a = Ops::and_(x, k.abs_mask);
  Split<Ops> s;
  if constexpr (kTruncated) {
    s = split_truncated<Ops>(k, r, a);
  } else {
    s = split_on_grid<Ops>(k, r, x);
  }
  typename Ops::V away;
  if constexpr (kStochastic) {
    away = stochastic_away<Ops>(r, stochastic_share<Ops>(r, s), bits);
  } else {
    (void)bits;
    away = directed_away<Ops, kTruncated>(r, s, x);
  }
  return finish_general<Ops>(k, x, a, Ops::sub(s.mag_down, away));
}

// As encode_span; seeded stochastic rounding draws each lane's bits from its stream index (n from 0 to 32).
template <class Ops, class Code, EncodeVariant kVariant>
void encode_span_rounded(const EncodeParams& p, const float* in, Code* out, std::size_t n) {
  using V = typename Ops::V;
  constexpr std::size_t kL = Ops::kLanes;
  const EncodeConsts<Ops> k(p);
  const RoundingConsts<Ops> r(p);
  const StochasticConsts<Ops> sr(p);
  const V first = Ops::add(Ops::splat(p.sr_first_index), lane_numbers<Ops>());
  const bool seeded = p.sr_seeded;
  for_each_block<Ops>(in, out, n, [&](const float* src, std::size_t i, std::size_t j) {
    V bits = r.sr_bits;
    if (seeded) {
      const V index = Ops::add(first, Ops::splat(static_cast<std::uint32_t>(i + j * kL)));
      const V word = stochastic_word<Ops, true>(sr, first_xorshift<Ops>(sr, index));
      bits = Ops::and_(Ops::srl(word, r.sr_draw_shift), r.sr_enable);
    }
    return encode_rounded<Ops, kVariant>(k, r, Ops::load_f32(src), bits);
  });
}

}  // namespace typelattice::kernels
