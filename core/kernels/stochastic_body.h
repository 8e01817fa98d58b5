// Stochastic rounding's bulk kernels as one rounding and one add, and the seeded generator they share with the
// split body (rounding_body.h). gfloat's rule, away iff round_half_even(delta * 2^n) + bits >= 2^n (delta: the
// input's fraction of one quantum), is the same as: round |x| to multiples of 2^-n quanta, ties to even (for
// n >= 1 that rounding's parity is round_half_even(delta * 2^n)'s, as the whole quanta count 2^n each), add the
// bits, and keep the whole quanta. Every lane takes the same path: normal and subnormal targets alike.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "core/kernels/params.h"

namespace typelattice::kernels {

template <class Ops>
struct StochasticConsts {
  using V = typename Ops::V;
  explicit StochasticConsts(const EncodeParams& p)
      : grid(Ops::splat(p.sr_grid_bits)), given(Ops::splat(p.sr_given)), word_mask(Ops::splat(p.sr_word_mask)),
        half_bias(Ops::splat(p.sr_half_bias)), parity_mask(Ops::splat(p.sr_parity_mask)),
        key(Ops::splat(p.sr_key_low ^ p.sr_key_high)),
        fmix_a(Ops::splat(0x85EBCA6Bu)), fmix_b(Ops::splat(0xC2B2AE35u)), shift(p.sr_shift),
        word_shift(p.sr_word_shift), parity_shift(p.sr_parity_shift) {}
  V grid, given, word_mask, half_bias, parity_mask, key, fmix_a, fmix_b;
  int shift, word_shift, parity_shift;
};

// stochastic_bits' word (minifloat.h), fmix32(i ^ K) with K = K_low ^ K_high, for the lanes' indices i (mod
// 2^32), in two steps. The first: h ^ (h >> 16) for h = i ^ K, which is i ^ K ^ H with H = (i >> 16) ^ (K >> 16):
// one xor with a constant where the indices share their top 16 bits (chunk_key).
template <class Ops>
inline typename Ops::V first_xorshift(const StochasticConsts<Ops>& r, typename Ops::V index) {
  auto h = Ops::xor_(index, r.key);
  return Ops::xor_(h, Ops::template srl_const<16>(h));
}
inline std::uint32_t chunk_key(std::uint32_t key, std::uint32_t index) {
  return key ^ ((index >> 16) ^ (key >> 16));
}

// The rest from first_xorshift's result. fmix32's last xorshift changes only the word's low 16 bits: kFullWord
// leaves it out where no more than the top 16 bits are used.
template <class Ops, bool kFullWord>
inline typename Ops::V stochastic_word(const StochasticConsts<Ops>& r, typename Ops::V h) {
  h = Ops::mul_lo(h, r.fmix_a);
  h = Ops::xor_(h, Ops::template srl_const<13>(h));
  h = Ops::mul_lo(h, r.fmix_b);
  if constexpr (kFullWord) h = Ops::xor_(h, Ops::template srl_const<16>(h));
  return h;
}

inline constexpr bool is_truncated_stochastic(EncodeVariant v) {
  return v == EncodeVariant::stochastic_truncated || v == EncodeVariant::stochastic_truncated_general;
}

// Whether a stochastic variant's table entry has a kernel, and which variant's it runs: in the compact build
// (params.h) only bfloat16's, with the general finish (its selects suit every format).
inline constexpr bool has_stochastic_kernel(EncodeVariant v) {
  return !kCompactStochastic || is_truncated_stochastic(v);
}
inline constexpr EncodeVariant stochastic_instance(EncodeVariant v) {
  return kCompactStochastic ? EncodeVariant::stochastic_truncated_general : v;
}

// What the body adds for drawn bits: grid, the word's top n bits; truncated, the half-even bias and the top s
// bits with those below bit d cleared (rest + bias + (bits << d) for n <= s, rest + (bits >> (n - s)) above).
template <class Ops, EncodeVariant kVariant>
inline typename Ops::V drawn_term(const StochasticConsts<Ops>& r, typename Ops::V word) {
  auto top = Ops::srl(word, r.word_shift);
  if constexpr (is_truncated_stochastic(kVariant)) return Ops::add(Ops::and_(top, r.word_mask), r.half_bias);
  return top;
}

// Overflow, Inf and NaN by the format's finish, as the ties-to-even variant of the same specials (cast_body.h).
// In the capped ones a NaN lane's magnitude is far above cap: its exponent part alone is (127 + bias) << M.
template <class Ops, EncodeVariant kVariant>
inline typename Ops::V finish_stochastic(const EncodeConsts<Ops>& k, typename Ops::V x, typename Ops::V mag) {
  if constexpr (kVariant == EncodeVariant::stochastic_capped || kVariant == EncodeVariant::stochastic_capped_fnuz) {
    mag = Ops::min_u32(mag, k.cap);
    auto sign = Ops::and_(Ops::srl(x, k.sign_shift), k.sign_bit);
    if constexpr (kVariant == EncodeVariant::stochastic_capped_fnuz) sign = Ops::and_(sign, Ops::sub(k.zero, mag));
    return Ops::or_(mag, sign);
  }
  auto a = Ops::and_(x, k.abs_mask);
  if constexpr (kVariant == EncodeVariant::stochastic_capped_nan || kVariant == EncodeVariant::stochastic_truncated) {
    return finish_capped_nan<Ops>(k, x, a, mag);
  } else {
    return finish_general<Ops>(k, x, a, mag);
  }
}

// `term`: the given or drawn bits as drawn_term makes them.
template <class Ops, EncodeVariant kVariant>
inline typename Ops::V encode_stochastic(const EncodeConsts<Ops>& k, const StochasticConsts<Ops>& r,
                                         typename Ops::V x, typename Ops::V term) {
  typename Ops::V mag;
  if constexpr (is_truncated_stochastic(kVariant)) {
    // bfloat16: float32's exponent range, so the quantum is bit s of |x| at every magnitude.
    auto c = Ops::min_u32(Ops::and_(x, k.abs_mask), k.clamp);
    auto parity = Ops::and_(Ops::srl(c, r.parity_shift), r.parity_mask);
    mag = Ops::srl(Ops::add(Ops::add(c, parity), term), r.shift);
  } else {
    // As round_magnitude (cast_body.h) with a grid n bits finer: sum - big counts 2^-n quanta (the hidden bit
    // included); it is below 2^23 for n < 23 - M, so the float adder rounds c once, exactly as it should.
    auto c = Ops::abs_min_keep_nan(k.clamp, x);
    auto e = Ops::max_u32(Ops::and_(c, k.exp_mask), k.emin);
    auto big = Ops::add(e, r.grid);
    auto fine = Ops::sub(Ops::fadd(c, big), big);
    auto quanta = Ops::srl(Ops::add(fine, term), r.shift);
    mag = Ops::add(quanta, Ops::srl(Ops::sub(e, k.emin), k.mant_shift));
  }
  return finish_stochastic<Ops, kVariant>(k, x, mag);
}

// Given bits are one constant; seeded ones are drawn per lane from the lanes' stream indices.
template <class Ops, class Code, EncodeVariant kVariant>
void encode_span_stochastic(const EncodeParams& p, const float* in, Code* out, std::size_t n) {
  using V = typename Ops::V;
  constexpr std::size_t kL = Ops::kLanes;
  const EncodeConsts<Ops> k(p);
  const StochasticConsts<Ops> r(p);
  // One stretch per 2^16 stream indices, where first_xorshift is one xor with the stretch's chunk_key. Each
  // vector's indices are the block's first index plus `offsets[j]`. `draw` and `full_word`: bool constants,
  // except `draw` in the compact build.
  V offsets[4];
  for (std::size_t j = 0; j < 4; ++j) {
    offsets[j] = Ops::add(lane_numbers<Ops>(), Ops::splat(static_cast<std::uint32_t>(j * kL)));
  }
  auto run = [&](auto full_word, auto draw) {
    for (std::size_t done = 0; done < n;) {
      const auto first = static_cast<std::uint32_t>(p.sr_first_index + done);
      const std::size_t len = std::min<std::size_t>(n - done, 0x10000u - (first & 0xFFFFu));
      const V key = Ops::splat(chunk_key(p.sr_key_low ^ p.sr_key_high, first));
      // Natively captured by value (cast_body.h): the loop's own copy of the constants.
      auto encode_one = [TYPELATTICE_KERNEL_CAPTURE](const float* src, std::size_t i, std::size_t j) {
        V term = r.given;
        if (draw) {
          const V index = Ops::add(Ops::splat(first + static_cast<std::uint32_t>(i)), offsets[j]);
          const V word = stochastic_word<Ops, decltype(full_word)::value>(r, Ops::xor_(index, key));
          term = drawn_term<Ops, kVariant>(r, word);
        }
        return encode_stochastic<Ops, kVariant>(k, r, Ops::load_f32(src), term);
      };
      for_each_block<Ops>(in + done, out + done, len, encode_one);
      done += len;
    }
  };
  if constexpr (kCompactStochastic) {
    run(std::false_type{}, p.sr_seeded);
  } else if (!p.sr_seeded) {
    run(std::false_type{}, std::false_type{});
  } else if (p.sr_full_word) {
    run(std::true_type{}, std::true_type{});
  } else {
    run(std::false_type{}, std::true_type{});
  }
}

}  // namespace typelattice::kernels
