// Derives the kernels' constants. Rounding structure comes from FormatSpec (exponent and mantissa widths,
// bias); the codes of the special inputs (zero, overflow, Inf, NaN, E8M0's negatives and tiny values) are
// asked of the scalar encoder, so the kernels follow its rules by construction.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>

#include "core/kernels/setup.h"

namespace typelattice::kernels {
namespace {

constexpr std::uint32_t kNever = 0x7FFFFFFFu;  // compares equal to no code and greater than every magnitude

// The kernels the decode setup runs to test its formula: scalar, unless the build leaves them out (the wasm
// SIMD module, TYPELATTICE_KERNEL_SCALAR_UNUSED in web/CMakeLists.txt), where SIMD128 always is.
const KernelTable* formula_kernels() {
  const KernelTable* scalar = scalar_kernels();
  return scalar != nullptr ? scalar : wasm_simd128_kernels();
}

// (std::bit_cast is missing from the libc++ of Debian's Emscripten 3.1.6.)
std::uint32_t bits_of(float x) {
  std::uint32_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  return bits;
}
float float_of(std::uint32_t bits) {
  float x;
  std::memcpy(&x, &bits, sizeof x);
  return x;
}

std::uint32_t magnitude_count(const FormatSpec& s) { return 1u << (s.exponent_bits + s.mantissa_bits); }

// Largest magnitude code that decodes to a finite number (decoding is monotonic in the magnitude).
std::uint32_t max_finite_magnitude(Format f) {
  std::uint32_t m = magnitude_count(format_spec(f)) - 1;
  while (m > 0 && !std::isfinite(decode_to_float32(f, m))) --m;
  return m;
}

struct SignedCodes {
  std::uint32_t pos, neg;
};
SignedCodes codes_of(Format f, float positive, const CastOptions& o) {
  return {encode(f, positive, o), encode(f, -positive, o)};
}
void put(std::uint32_t (&dst)[2], SignedCodes c) { dst[0] = c.pos; dst[1] = c.neg; }

// The magnitude the scale (E8M0) kernel computes for |x| = a in float32's normal range.
std::uint32_t scale_magnitude(const EncodeParams& p, std::uint32_t a) {
  return (a + p.round_add + ((a >> 23) & p.lsb_mask)) >> 23;
}

// Rounding of float32 normals to a power of two: the offset added below the exponent field, per mode.
void set_scale_rounding(EncodeParams& p, RoundMode mode) {
  constexpr std::uint32_t kHalf = 0x400000u, kUlp = 0x800000u;  // in float32 bit units, at one exponent
  switch (mode) {
    case RoundMode::up: p.round_add = kUlp - 1; p.lsb_mask = 0; break;
    case RoundMode::down: p.round_add = 0; p.lsb_mask = 0; break;
    case RoundMode::nearest: p.round_add = kHalf; p.lsb_mask = 0; break;
    default:  // nearest_even, and the IEEE modes, which are not E8M0's (the codec reads them as ties to even)
      p.round_add = kHalf - 1;
      p.lsb_mask = 1;
      break;
  }
}

// Smallest a in [lo, hi] with pred(a), or hi + 1; pred must be monotonic (false, then true).
template <class Pred>
std::uint32_t first_true(std::uint32_t lo, std::uint32_t hi, Pred pred) {
  std::uint32_t end = hi + 1;
  while (lo < end) {
    const std::uint32_t mid = lo + (end - lo) / 2;
    if (pred(mid)) {
      end = mid;
    } else {
      lo = mid + 1;
    }
  }
  return lo;
}

// Below float32's normal range the scalar encoder gives E8M0 codes tiny_code, then 0, then 1 as the input
// grows (each region possibly empty); find where each starts.
void set_scale_subnormal_cuts(EncodeParams& p, Format f, const CastOptions& o) {
  auto code_at = [&](std::uint32_t a) { return encode(f, float_of(a), o); };
  constexpr std::uint32_t kLast = 0x7FFFFFu;
  p.high_cut = first_true(1, kLast, [&](std::uint32_t a) { return code_at(a) == 1; }) - 1;
  p.tiny_code = code_at(1);
  p.low_cut = p.tiny_code <= 1 ? 1 : first_true(1, p.high_cut, [&](std::uint32_t a) { return code_at(a) == 0; });
}

bool is_other_ieee_mode(RoundMode mode) {
  switch (mode) {
    case RoundMode::ties_to_away:
    case RoundMode::toward_zero:
    case RoundMode::toward_positive:
    case RoundMode::toward_negative:
    case RoundMode::to_odd:
    case RoundMode::stochastic: return true;
    default: return false;
  }
}

// The one-add stochastic body whose finish handles the specials as the ties-to-even variant `v` does.
EncodeVariant stochastic_variant_like(EncodeVariant v) {
  switch (v) {
    case EncodeVariant::capped:
    case EncodeVariant::capped_m3: return EncodeVariant::stochastic_capped;
    case EncodeVariant::capped_fnuz: return EncodeVariant::stochastic_capped_fnuz;
    case EncodeVariant::capped_nan: return EncodeVariant::stochastic_capped_nan;
    case EncodeVariant::truncated: return EncodeVariant::stochastic_truncated;
    case EncodeVariant::truncated_general: return EncodeVariant::stochastic_truncated_general;
    default: return EncodeVariant::stochastic_general;
  }
}

// The directed and stochastic variants (rounding_body.h, stochastic_body.h), on top of the ties-to-even
// parameters: the mode's masks; stochastic's per-call fields stay those of no bits until stochastic_params
// fills them.
void set_other_mode(EncodeParams& p, const FormatSpec& s, const CastOptions& o, float max_value) {
  const bool truncated = s.exponent_bits == 8;  // bfloat16, as in derive_encode
  if (truncated) p.clamp_bits = o.saturate ? bits_of(max_value) : 0x7F800000u;
  p.sr_fast_variant = stochastic_variant_like(p.variant);
  p.variant = truncated ? EncodeVariant::directed_truncated : EncodeVariant::directed;
  p.mantissa_bits_exponent = static_cast<std::uint32_t>(s.mantissa_bits) << 23;
  const auto when = [&](RoundMode m) { return o.round == m ? 0xFFFFFFFFu : 0u; };
  p.away_at_half = when(RoundMode::ties_to_away);
  p.away_positive = when(RoundMode::toward_positive);
  p.away_negative = when(RoundMode::toward_negative);
  p.away_if_even = when(RoundMode::to_odd);
}

// The ties-to-even parameters `p`, or those of another IEEE mode built on them.
EncodeParams other_mode(EncodeParams p, const FormatSpec& s, const CastOptions& o, float max_value) {
  if (!is_other_ieee_mode(o.round)) return p;
  set_other_mode(p, s, o, max_value);
  return o.round == RoundMode::stochastic ? stochastic_params(p, StochasticBits{0, 0}, 0) : p;
}

EncodeParams derive_encode(Format f, const CastOptions& o) {
  const FormatSpec& s = format_spec(f);
  EncodeParams p{};
  const int total = s.total_bits();
  const std::uint32_t max_mag = max_finite_magnitude(f);
  const float max_value = decode_to_float32(f, max_mag);
  p.max_mag = max_mag;
  p.mant_shift = 23 - s.mantissa_bits;
  p.sign_bit = s.has_sign ? 1u << (total - 1) : 0u;
  p.sign_shift = 32 - total;
  p.emin_bits = static_cast<std::uint32_t>(128 - s.bias) << 23;
  p.grid_bits = static_cast<std::uint32_t>(p.mant_shift) << 23;
  // Above 4x the largest binade every value overflows, and exponent + grid stays below float32's Inf.
  p.clamp_bits = o.saturate ? bits_of(max_value) : (bits_of(max_value) & 0x7F800000u) + (2u << 23);
  put(p.over_code, codes_of(f, std::numeric_limits<float>::max(), o));
  put(p.inf_code, codes_of(f, std::numeric_limits<float>::infinity(), o));
  put(p.nan_code, codes_of(f, std::numeric_limits<float>::quiet_NaN(), o));
  put(p.zero_code, codes_of(f, 0.0f, o));
  p.cap = p.nan_code[0];
  p.overflow_bits = kNever;

  if (s.is_scale_format()) {
    p.variant = EncodeVariant::scale;
    set_scale_rounding(p, o.round);
    set_scale_subnormal_cuts(p, f, o);
    p.negative_code = encode(f, -1.0f, o);
    p.negative_as_magnitude = p.negative_code == encode(f, 1.0f, o) && encode(f, -4.0f, o) == encode(f, 4.0f, o);
    // Overflow starts where the rounded exponent passes the largest code.
    std::uint32_t lo = bits_of(max_value), hi = 0x7F7FFFFFu;
    if (scale_magnitude(p, hi) <= max_mag) {
      p.overflow_bits = hi;
    } else {
      while (hi - lo > 1) {
        std::uint32_t mid = lo + (hi - lo) / 2;
        (scale_magnitude(p, mid) <= max_mag ? lo : hi) = mid;
      }
      p.overflow_bits = lo;
    }
    return p;
  }
  const std::uint32_t sign = p.sign_bit;
  // Overflow and Inf share one code, NaN keeps the input's sign, zero too: one min and one select suffice.
  const bool ieee_like = p.over_code[0] > max_mag && p.over_code[1] == (p.over_code[0] | sign) &&
                         p.inf_code[0] == p.over_code[0] && p.inf_code[1] == p.over_code[1] &&
                         p.nan_code[1] == (p.nan_code[0] | sign) && p.zero_code[0] == 0 && p.zero_code[1] == sign;
  if (s.exponent_bits == 8) {  // bfloat16: float32's exponent, so no rebiasing and no subnormal grid
    p.round_add = (1u << (p.mant_shift - 1)) - 1;
    p.lsb_mask = 1;
    p.clamp_bits = o.saturate ? bits_of(max_value) : 0x7F800000u;
    const bool saturating_like = o.saturate && p.over_code[0] == max_mag && p.over_code[1] == (max_mag | sign) &&
                                 p.inf_code[0] == p.over_code[0] && p.inf_code[1] == p.over_code[1] &&
                                 p.nan_code[1] == (p.nan_code[0] | sign) && p.zero_code[0] == 0 &&
                                 p.zero_code[1] == sign;
    p.variant = ieee_like || saturating_like ? EncodeVariant::truncated : EncodeVariant::truncated_general;
    p.cap = o.saturate ? max_mag : p.over_code[0];
    p.nan_mag = p.nan_code[0];
    return other_mode(p, s, o, max_value);
  }
  const std::uint32_t overflow_mag = o.saturate ? max_mag : p.cap;
  const bool specials_capped =
      p.cap > max_mag && p.nan_code[1] == (p.cap | sign) && p.over_code[0] == overflow_mag &&
      p.over_code[1] == (overflow_mag | sign) && p.inf_code[0] == p.over_code[0] && p.inf_code[1] == p.over_code[1];
  if (specials_capped && p.zero_code[0] == 0 && p.zero_code[1] == sign) {
    p.variant = s.mantissa_bits == 3 && total == 8 ? EncodeVariant::capped_m3 : EncodeVariant::capped;
  } else if (specials_capped && p.zero_code[0] == 0 && p.zero_code[1] == 0 && p.cap <= sign) {
    p.variant = EncodeVariant::capped_fnuz;
  } else if (!o.saturate && ieee_like) {
    p.variant = EncodeVariant::capped_nan;
    p.cap = p.over_code[0];
    p.nan_mag = p.nan_code[0];
  } else {
    p.variant = EncodeVariant::general;
  }
  return other_mode(p, s, o, max_value);
}

DecodeParams derive_decode(Format f) {
  const FormatSpec& s = format_spec(f);
  DecodeParams p{};
  const int field_bits = s.exponent_bits + s.mantissa_bits;
  p.mag_mask = magnitude_count(s) - 1;
  p.sign_bit = s.has_sign ? 1u << field_bits : 0u;
  p.sign_shift = 31 - field_bits;
  p.mant_shift = 23 - s.mantissa_bits;
  p.exp_adjust = static_cast<std::uint32_t>(127 - s.bias) << 23;
  p.min_normal = 1u << s.mantissa_bits;
  p.magic_bits = static_cast<std::uint32_t>(127 + 24 - s.bias - s.mantissa_bits) << 23;
  p.special_from = magnitude_count(s);
  p.inf_mag = kNever;
  p.exact_code = kNever;
  for (std::uint32_t m = magnitude_count(s); m-- > 0;) {
    const float v = decode_to_float32(f, m);
    if (std::isfinite(v)) break;
    p.special_from = m;
    if (std::isinf(v)) p.inf_mag = m;
    if (std::isnan(v)) p.nan_bits = bits_of(v) & 0x7FFFFFFFu;
  }
  p.variant = (s.bias != 127 ? decode_subnormals : 0u) | (p.special_from < magnitude_count(s) ? decode_specials : 0u) |
              (p.inf_mag != kNever ? decode_inf : 0u);
  // The formula covers every other code but at most one (fnuz's NaN at the -0 code, E8M0's 2^-127 at 0):
  // find it by running an instantiation of the formula (the scalar one, or SIMD128 where the build leaves the
  // scalar one out: they agree bit for bit) over all codes.
  const std::uint32_t codes = 1u << s.total_bits();
  for (std::uint32_t c = 0; c < codes; ++c) {
    float got = 0.0f;
    if (code_bytes(f) == 1) {
      const auto code = static_cast<std::uint8_t>(c);
      formula_kernels()->decode8[p.variant](p, &code, &got, 1);
    } else {
      const auto code = static_cast<std::uint16_t>(c);
      formula_kernels()->decode16[p.variant](p, &code, &got, 1);
    }
    const std::uint32_t want = bits_of(decode_to_float32(f, c));
    if (bits_of(got) != want) {
      p.exact_code = c;
      p.exact_bits = want;
      p.variant |= decode_exact;
      break;
    }
  }
  if (code_bytes(f) == 1) {  // codes with bits above the format's width decode as the kernels do: ignored
    for (std::uint32_t c = 0; c < 256; ++c) {
      const std::uint32_t value = bits_of(decode_to_float32(f, c & (codes - 1)));
      p.byte3[c] = static_cast<std::uint8_t>(value >> 24);
      p.byte2[c] = static_cast<std::uint8_t>(value >> 16);
    }
  }
  return p;
}

constexpr int kRoundModes = static_cast<int>(RoundMode::stochastic) + 1;
struct ParamTables {
  std::array<EncodeParams, kMinifloatFormatCount * 2 * kRoundModes> encode;
  std::array<DecodeParams, kMinifloatFormatCount> decode;
};

int encode_index(Format f, const CastOptions& o) {
  return (static_cast<int>(f) * 2 + (o.saturate ? 1 : 0)) * kRoundModes + static_cast<int>(o.round);
}

const ParamTables& tables() {
  static const ParamTables t = [] {
    ParamTables built{};
    for (int fi = 0; fi < kMinifloatFormatCount; ++fi) {
      const auto f = static_cast<Format>(fi);
      built.decode[fi] = derive_decode(f);
      for (bool saturate : {false, true}) {
        for (int r = 0; r < kRoundModes; ++r) {
          const CastOptions o{saturate, static_cast<RoundMode>(r)};
          built.encode[encode_index(f, o)] = derive_encode(f, o);
        }
      }
    }
    return built;
  }();
  return t;
}

}  // namespace

const EncodeParams& encode_params(Format f, const CastOptions& options) {
  return tables().encode[encode_index(f, options)];
}
const DecodeParams& decode_params(Format f) { return tables().decode[static_cast<int>(f)]; }

EncodeParams stochastic_params(const EncodeParams& table, const StochasticBits& bits, std::uint64_t first_index) {
  EncodeParams p = table;
  const int n = std::clamp(bits.num_bits, 0, 32);
  const int s = p.mant_shift, m = 23 - s;
  p.sr_one = n == 32 ? 0u : 1u << n;
  p.sr_bits = bits.bits & (p.sr_one - 1u);  // n = 32: all 32 bits
  p.sr_enable = n > 0 ? 0xFFFFFFFFu : 0u;
  p.sr_draw_shift = n > 0 ? 32 - n : 0;
  p.sr_scale_base = static_cast<std::uint32_t>(254 + m + n) << 23;
  if (p.sr_fast_variant == EncodeVariant::stochastic_truncated ||
      p.sr_fast_variant == EncodeVariant::stochastic_truncated_general) {
    // Every n: (bits << d) and the bias stay below 2^s, bits >> (n - s) too; the sum carries at most once.
    const int d = std::max(s - n, 0);
    p.variant = p.sr_fast_variant;
    p.sr_shift = s;
    p.sr_word_shift = 32 - s;
    p.sr_word_mask = n == 0 ? 0u : ~((1u << d) - 1u);
    p.sr_half_bias = n < s ? (1u << (d - 1)) - 1u : 0u;
    p.sr_parity_shift = d;
    p.sr_parity_mask = n >= 1 && n < s ? 1u : 0u;  // n = 0: the parity of no whole 2^-n quanta, even
    p.sr_given = p.sr_half_bias + (n <= s ? p.sr_bits << d : p.sr_bits >> (n - s));
    p.sr_full_word = false;
  } else if (n >= 1 && n < s && !kCompactStochastic) {
    // The grid n bits finer: c stays below the adder's `big` (it needs n < s), and the rounding's parity is
    // that of round_half_even(delta * 2^n) (it needs n >= 1).
    p.variant = p.sr_fast_variant;
    p.sr_grid_bits = static_cast<std::uint32_t>(s - n) << 23;
    p.sr_shift = n;
    p.sr_word_shift = 32 - n;
    p.sr_given = p.sr_bits;
    p.sr_full_word = n > 16;
  } else {
    p.variant = EncodeVariant::stochastic;
  }
  p.sr_seeded = bits.seed.has_value();
  if (bits.seed) {
    const std::uint64_t key = stochastic_stream_key(*bits.seed, first_index);
    p.sr_key_low = static_cast<std::uint32_t>(key);
    p.sr_key_high = static_cast<std::uint32_t>(key >> 32);
    p.sr_first_index = static_cast<std::uint32_t>(first_index);
  }
  return p;
}

}  // namespace typelattice::kernels
