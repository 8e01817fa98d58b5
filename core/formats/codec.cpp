// The fast codec: decoding by fields, encoding by integer rounding of the input's significand. One
// implementation for every format; the format's data (bits, bias, specials) is all that varies.
#include <algorithm>
#include <cmath>
#include <limits>

#include "typelattice/minifloat.h"
#include "core/formats/geometry.h"

namespace typelattice {
namespace minifloat_detail {

Geometry geometry(Format f) {
  const FormatSpec spec = format_spec(f);
  Geometry g{};
  g.spec = spec;
  g.m = spec.mantissa_bits;
  g.min_normal_exponent = 1 - spec.bias;
  const int field_bits = spec.exponent_bits + spec.mantissa_bits;
  g.sign_bit = spec.has_sign ? (1u << field_bits) : 0u;
  g.magnitude_mask = (1u << field_bits) - 1u;
  g.exponent_mask = g.magnitude_mask & ~((1u << g.m) - 1u);
  switch (spec.specials) {
    case SpecialValues::ieee: g.max_magnitude = g.exponent_mask - 1u; break;  // below the all-ones exponent
    case SpecialValues::nan_all_ones:
    case SpecialValues::nan_all_ones_unsigned: g.max_magnitude = g.magnitude_mask - 1u; break;
    case SpecialValues::nan_negative_zero:
    case SpecialValues::none: g.max_magnitude = g.magnitude_mask; break;
    case SpecialValues::inf_top_nan_negative_zero: g.max_magnitude = g.magnitude_mask - 1u; break;
    case SpecialValues::inf_below_nan_all_ones: g.max_magnitude = g.magnitude_mask - 2u; break;
  }
  return g;
}

bool is_nan_code(const Geometry& g, std::uint32_t code) {
  const std::uint32_t magnitude = code & g.magnitude_mask;
  switch (g.spec.specials) {
    case SpecialValues::ieee: return (magnitude & g.exponent_mask) == g.exponent_mask && magnitude != g.exponent_mask;
    case SpecialValues::nan_all_ones:
    case SpecialValues::nan_all_ones_unsigned:
    case SpecialValues::inf_below_nan_all_ones: return magnitude == g.magnitude_mask;
    case SpecialValues::nan_negative_zero:
    case SpecialValues::inf_top_nan_negative_zero: return code == g.sign_bit;
    case SpecialValues::none: return false;
  }
  return false;
}

bool is_inf_code(const Geometry& g, std::uint32_t code) {
  const std::uint32_t magnitude = code & g.magnitude_mask;
  switch (g.spec.specials) {
    case SpecialValues::ieee: return magnitude == g.exponent_mask;
    case SpecialValues::inf_top_nan_negative_zero: return magnitude == g.magnitude_mask;
    case SpecialValues::inf_below_nan_all_ones: return magnitude == g.magnitude_mask - 1u;
    default: return false;
  }
}

std::uint32_t nan_result(const Geometry& g, bool negative) {
  const std::uint32_t sign = negative ? g.sign_bit : 0u;
  switch (g.spec.specials) {
    case SpecialValues::ieee: return sign | g.exponent_mask | (1u << (g.m - 1));  // quiet NaN, no payload
    case SpecialValues::nan_all_ones:
    case SpecialValues::nan_all_ones_unsigned:
    case SpecialValues::inf_below_nan_all_ones: return sign | g.magnitude_mask;
    case SpecialValues::nan_negative_zero:
    case SpecialValues::inf_top_nan_negative_zero: return g.sign_bit;
    case SpecialValues::none: return g.sign_bit ^ sign;  // ml_dtypes' quiet_NaN() is -0; -NaN negates it
  }
  return 0;
}

std::uint32_t overflow_result(const Geometry& g, bool negative) {
  const std::uint32_t sign = negative ? g.sign_bit : 0u;
  switch (g.spec.specials) {
    case SpecialValues::ieee: return sign | g.exponent_mask;
    case SpecialValues::inf_top_nan_negative_zero: return sign | g.magnitude_mask;
    case SpecialValues::inf_below_nan_all_ones: return g.magnitude_mask - 1u;
    case SpecialValues::none: return sign | g.max_magnitude;  // nothing else to go to: clip
    default: return nan_result(g, negative);
  }
}

}  // namespace minifloat_detail

using namespace minifloat_detail;

double decode_to_float64(Format f, std::uint32_t code) {
  const Geometry g = geometry(f);
  const bool negative = (code & g.sign_bit) != 0;
  if (is_nan_code(g, code)) {
    // The NaN's sign bit carries over (the FNUZ NaN, 0x80, decodes to -NaN, as ml_dtypes and ONNX do).
    const double nan = std::numeric_limits<double>::quiet_NaN();
    return negative ? -nan : nan;
  }
  if (is_inf_code(g, code)) return negative ? -std::numeric_limits<double>::infinity()
                                            : std::numeric_limits<double>::infinity();
  const std::uint32_t magnitude = code & g.magnitude_mask;
  const int biased = static_cast<int>(magnitude >> g.m);
  const std::uint32_t mantissa = magnitude & ((1u << g.m) - 1u);
  double value;
  if (g.spec.is_scale_format()) {
    value = std::ldexp(1.0, biased - g.spec.bias);  // a pure power of two, no subnormals
  } else if (biased == 0) {
    value = std::ldexp(static_cast<double>(mantissa), g.min_normal_exponent - g.m);
  } else {
    value = std::ldexp(static_cast<double>(mantissa | (1u << g.m)), biased - g.spec.bias - g.m);
  }
  return negative ? -value : value;
}

float decode_to_float32(Format f, std::uint32_t code) {
  return static_cast<float>(decode_to_float64(f, code));  // every value of every format is a float32
}

namespace {

struct Encoded {
  std::uint32_t code;
  bool saturated;
};

// E8M0 with ONNX's round modes, computed from the exact value: the input's sign is ignored (as ONNX's
// reference does), values below 2^-126 follow the reference's float32-subnormal rule, saturation clips to 2^127.
Encoded encode_e8m0(const Geometry& g, double value, const CastOptions& options) {
  const double magnitude = std::fabs(value);
  if (std::isnan(magnitude)) return {nan_result(g, false), false};
  if (std::isinf(magnitude)) {
    return options.saturate ? Encoded{g.max_magnitude, true} : Encoded{nan_result(g, false), false};
  }
  const std::uint64_t bits = minifloat_detail::bit_cast<std::uint64_t>(magnitude);
  const std::uint64_t fraction = bits & ((std::uint64_t{1} << 52) - 1);
  const int exponent = static_cast<int>(bits >> 52) - 1023;  // exact for every double >= 2^-1022
  const RoundMode mode = options.round;
  std::int64_t biased = 0;
  if (magnitude < 0x1p-126) {  // float32's subnormal range and below: biased exponent 0 in the reference
    switch (mode) {
      case RoundMode::up: biased = magnitude > 0 ? 1 : 0; break;
      case RoundMode::down: biased = 0; break;
      case RoundMode::nearest: biased = magnitude > 0x1p-127 ? 1 : 0; break;
      default:  // nearest_even (the IEEE modes are not E8M0's: ties to even stands for them)
        biased = magnitude > 0x1.8p-127 ? 1 : 0;  // between 2^-127 and 2^-126; the tie goes to even code 0
        break;
    }
  } else {
    biased = exponent + g.spec.bias;
    const std::uint64_t half = std::uint64_t{1} << 51;
    switch (mode) {
      case RoundMode::up: biased += fraction != 0 ? 1 : 0; break;
      case RoundMode::down: break;
      case RoundMode::nearest: biased += fraction >= half ? 1 : 0; break;
      default: biased += (fraction > half || (fraction == half && biased % 2 == 1)) ? 1 : 0; break;
    }
  }
  if (biased > static_cast<std::int64_t>(g.max_magnitude)) {
    if (mode == RoundMode::down) return {g.max_magnitude, false};  // toward zero never overflows
    return options.saturate ? Encoded{g.max_magnitude, true} : Encoded{nan_result(g, false), false};
  }
  return {static_cast<std::uint32_t>(biased), false};
}

Encoded encode_detail(Format f, double value, const CastOptions& options) {
  const Geometry g = geometry(f);
  if (g.spec.is_scale_format()) return encode_e8m0(g, value, options);
  const std::uint64_t bits = minifloat_detail::bit_cast<std::uint64_t>(value);
  const bool negative = (bits >> 63) != 0;
  const std::uint32_t sign = negative ? g.sign_bit : 0u;
  const std::uint64_t abs_bits = bits & ~(std::uint64_t{1} << 63);
  constexpr std::uint64_t kInfBits = 0x7ffULL << 52;
  if (abs_bits > kInfBits) return {nan_result(g, negative), false};
  const bool clip = options.saturate || g.spec.specials == SpecialValues::none;
  const RoundMode mode = options.round;
  // IEEE 754 §7.4: a mode that rounds this value toward zero gives ±max for it where another would overflow.
  const bool toward_zero = mode == RoundMode::toward_zero || (mode == RoundMode::toward_positive && negative) ||
                           (mode == RoundMode::toward_negative && !negative);
  // An unsigned format (not E8M0) has no negative values: a negative input that does not round to zero is out
  // of its range below, so it clips to 0 with saturation and is NaN without (after rounding, as IEEE 754 treats
  // conversion to unsigned integers; gfloat leaves it undefined).
  const bool below_range = negative && !g.spec.has_sign;
  const Encoded below_zero = clip ? Encoded{0u, true} : Encoded{nan_result(g, false), false};
  if (abs_bits == kInfBits) {
    if (below_range) return below_zero;
    return clip ? Encoded{sign | g.max_magnitude, true} : Encoded{overflow_result(g, negative), false};
  }
  // |value| = significand * 2^(exponent - 52), significand < 2^53.
  const int biased_in = static_cast<int>(abs_bits >> 52);
  std::uint64_t significand = abs_bits & ((std::uint64_t{1} << 52) - 1);
  int exponent = -1022;
  if (biased_in != 0) {
    significand |= std::uint64_t{1} << 52;
    exponent = biased_in - 1023;
  }
  // Quantum of the target at this magnitude: 2^(max(exponent, min normal) - m). Round to a multiple of it,
  // once, in the mode. The shift is at least 52 - m > 0, so rounding always happens on the input's bits; at 64
  // or more every bit is below half a quantum.
  const int target_exponent = exponent > g.min_normal_exponent ? exponent : g.min_normal_exponent;
  const int shift = (target_exponent - g.m) - (exponent - 52);
  // steps whole quanta and `rest` below one (at a shift of 64 or more, all of the significand).
  std::uint64_t steps = 0, rest = significand;
  bool above_half = false, at_half = false;
  if (shift < 64) {
    steps = significand >> shift;
    rest = significand & ((std::uint64_t{1} << shift) - 1);
    const std::uint64_t half = std::uint64_t{1} << (shift - 1);
    above_half = rest > half;
    at_half = rest == half;
  }
  const bool inexact = rest != 0;
  // Ties to even and to odd look at the code's parity; below the top binade's carry it is the parity of the
  // code of the value toward zero. (With m >= 1 that is steps' parity; with no mantissa bits, P3109's p1
  // formats, each binade adds one code.)
  const std::uint64_t base = static_cast<std::uint64_t>(target_exponent - g.min_normal_exponent) << g.m;
  const bool low_code_odd = ((base + steps) & 1) != 0;
  bool away = false;  // one more quantum: away from zero
  switch (mode) {
    case RoundMode::ties_to_away: away = above_half || at_half; break;
    case RoundMode::toward_zero: break;
    case RoundMode::toward_positive: away = inexact && !negative; break;
    case RoundMode::toward_negative: away = inexact && negative; break;
    case RoundMode::to_odd: away = inexact && !low_code_odd; break;
    case RoundMode::stochastic: {
      // q = round_half_even(delta * 2^n), delta = rest / 2^shift; then away iff q + srbits >= 2^n.
      const int n = std::clamp(options.stochastic.num_bits, 0, 32);
      const std::uint64_t one = std::uint64_t{1} << n, random = options.stochastic.bits & (one - 1);
      std::uint64_t q = 0;
      if (n >= shift) {
        q = rest << (n - shift);  // exact: rest < 2^shift, so q < 2^n
      } else if (shift - n < 64) {
        const int s = shift - n;
        q = rest >> s;
        const std::uint64_t low = rest & ((std::uint64_t{1} << s) - 1), half = std::uint64_t{1} << (s - 1);
        if (low > half || (low == half && (q & 1) != 0)) ++q;
      }  // else rest < 2^53 is below half of 2^(shift - n): q = 0
      away = q + random >= one;
      break;
    }
    default: away = above_half || (at_half && low_code_odd); break;  // ties to even (E8M0's modes stand for it)
  }
  if (away) ++steps;
  // steps counts quanta; binades above the minimum add 2^m codes each, so the carry into the next binade
  // (steps == 2^(m+1)) lands on the next exponent's first code by itself.
  const std::uint64_t magnitude = base + steps;
  if (below_range && magnitude != 0) return below_zero;
  if (magnitude > g.max_magnitude) {
    if (clip) return {sign | g.max_magnitude, true};
    return toward_zero ? Encoded{sign | g.max_magnitude, false} : Encoded{overflow_result(g, negative), false};
  }
  if (magnitude == 0 && !g.spec.has_negative_zero()) return {0u, false};
  return {sign | static_cast<std::uint32_t>(magnitude), false};
}

}  // namespace

std::uint32_t encode(Format f, double value, const CastOptions& options) {
  return encode_detail(f, value, options).code;
}

std::uint32_t encode(Format f, float value, const CastOptions& options) {
  return encode_detail(f, static_cast<double>(value), options).code;  // widening is exact: still one rounding
}

FormatRange format_range(Format f) {
  const Geometry g = geometry(f);
  if (g.spec.is_scale_format()) return {decode_to_float64(f, g.max_magnitude), decode_to_float64(f, 0), std::nullopt};
  // With no mantissa bits (P3109's p1 formats) there are no subnormals: code 1 is the least normal value.
  const std::optional<double> min_subnormal =
      g.m == 0 ? std::nullopt : std::optional<double>(decode_to_float64(f, 1));
  return {decode_to_float64(f, g.max_magnitude), decode_to_float64(f, 1u << g.m), min_subnormal};
}

int code_bytes(Format f) {
  const int bits = format_spec(f).total_bits();
  return bits <= 8 ? 1 : bits <= 16 ? 2 : 4;
}

CastOptions onnx_default_options(Format f) {
  return CastOptions{.saturate = code_bytes(f) == 1,
                     .round = format_spec(f).is_scale_format() ? RoundMode::up : RoundMode::nearest_even};
}

std::uint64_t stochastic_stream_key(std::uint64_t seed, std::uint64_t index) {
  std::uint64_t z = seed + ((index >> 32) + 1) * 0x9E3779B97F4A7C15u;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
  return z ^ (z >> 31);
}

namespace {
std::uint32_t fmix32(std::uint32_t h) {
  h ^= h >> 16;
  h *= 0x85EBCA6Bu;
  h ^= h >> 13;
  h *= 0xC2B2AE35u;
  return h ^ (h >> 16);
}
}  // namespace

std::uint32_t stochastic_bits(std::uint64_t seed, std::uint64_t index, int num_bits) {
  const std::uint64_t key = stochastic_stream_key(seed, index);
  const auto key_low = static_cast<std::uint32_t>(key), key_high = static_cast<std::uint32_t>(key >> 32);
  const std::uint32_t word = fmix32(static_cast<std::uint32_t>(index) ^ key_low ^ key_high);
  const int n = std::clamp(num_bits, 0, 32);
  return n == 0 ? 0u : word >> (32 - n);
}

CastOptions element_options(const CastOptions& options, std::uint64_t element) {
  if (options.round != RoundMode::stochastic || !options.stochastic.seed) return options;
  CastOptions out = options;
  out.stochastic.bits = stochastic_bits(*options.stochastic.seed, options.stochastic.index + element,
                                        options.stochastic.num_bits);
  return out;
}

bool saturates(Format f, double value, const CastOptions& options) {
  return encode_detail(f, value, options).saturated;
}

}  // namespace typelattice
