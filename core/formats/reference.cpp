// The reference encoder: deliberately slow and plain. It lists the format's values (by decoding every code),
// finds the nearest one to the input by exact comparison with the midpoints (dyadic numbers of a few bits, so
// the doubles hold them exactly), and applies the special-value rules of ONNX's tables. No bit manipulation.
#include <algorithm>
#include <cmath>
#include <limits>

#include "typelattice/minifloat.h"
#include "core/formats/geometry.h"

namespace typelattice {

using minifloat_detail::Geometry;

namespace {
bool takes_high(RoundMode mode, bool negative, double magnitude, double low, double high, bool low_code_odd);

// gfloat's stochastic rounding on values: delta = (|x| - low) / (high - low) is exact (low is a positive multiple
// of the quantum high - low, or 0, so |x| - low is exact by Sterbenz's lemma, and the quotient divides by a power
// of two); delta * 2^n is exact too, and nearbyint rounds it half to even in the default rounding mode.
bool stochastic_takes_high(const StochasticBits& sr, double magnitude, double low, double high) {
  const int n = std::clamp(sr.num_bits, 0, 32);
  const double one = std::ldexp(1.0, n);
  const double bits = static_cast<double>(sr.bits & static_cast<std::uint32_t>(one - 1));
  const double delta = (magnitude - low) / (high - low);
  return std::nearbyint(std::ldexp(delta, n)) + bits >= one;
}

// IEEE 754 §7.4: the modes that send this sign's values toward zero keep an overflowing value at ±max.
bool rounds_toward_zero(RoundMode mode, bool negative) {
  return mode == RoundMode::toward_zero || (mode == RoundMode::toward_positive && negative) ||
         (mode == RoundMode::toward_negative && !negative);
}
}  // namespace

ReferenceEncoder::ReferenceEncoder(Format f) : format_(f) {
  const FormatSpec spec = format_spec(f);
  if (!is_minifloat(f)) return;  // float32: see encode_by_platform
  const std::uint32_t count = 1u << spec.total_bits();
  std::vector<std::pair<double, std::uint32_t>> pairs;
  for (std::uint32_t code = 0; code < count; ++code) {
    const double v = decode_to_float64(f, code);
    if (std::isfinite(v) && !std::signbit(v)) pairs.emplace_back(v, code);
    if (std::isinf(v)) (v > 0 ? inf_code_ : negative_inf_code_) = code;
  }
  std::sort(pairs.begin(), pairs.end());
  for (const auto& [v, code] : pairs) {
    values_.push_back(v);
    codes_.push_back(code);
  }
  const double max = values_.back();
  beyond_max_ = max + std::ldexp(1.0, std::ilogb(max) - spec.mantissa_bits);
}

std::uint32_t ReferenceEncoder::overflow_code(bool negative, const CastOptions& options, bool rounded) const {
  const Geometry g = minifloat_detail::geometry(format_);
  if (options.saturate || g.spec.specials == SpecialValues::none) {
    return (negative ? g.sign_bit : 0u) | codes_.back();
  }
  // Where the mode rounds toward zero, a value rounded past max is max (Inf itself stays Inf).
  if (rounded && rounds_toward_zero(options.round, negative)) return (negative ? g.sign_bit : 0u) | codes_.back();
  // Not saturating: Inf where the format has it (found by decoding), else the format's NaN.
  const std::optional<std::uint32_t> inf = negative ? negative_inf_code_ : inf_code_;
  return inf ? *inf : minifloat_detail::nan_result(g, negative);
}

// ONNX's up / down / nearest for E8M0 (numpy_helper.to_float8e8m0), stated on values: inputs below 2^-126
// (float32 subnormals) go to 2^-127 or 2^-126 by the reference's rule, and "nearest" compares with 1.5 * 2^k.
std::uint32_t ReferenceEncoder::e8m0_onnx(double magnitude, const CastOptions& options) const {
  const double smallest_normal_input = 0x1p-126;
  const auto first_at_least = std::lower_bound(values_.begin(), values_.end(), magnitude);
  const auto last_at_most = std::upper_bound(values_.begin(), values_.end(), magnitude) - 1;
  switch (options.round) {
    case RoundMode::up:
      if (magnitude == 0) return codes_.front();
      if (magnitude < smallest_normal_input) return codes_[1];
      if (first_at_least == values_.end()) return overflow_code(false, options);
      return codes_[static_cast<std::size_t>(first_at_least - values_.begin())];
    case RoundMode::down:
      if (magnitude < smallest_normal_input) return codes_.front();
      return codes_[static_cast<std::size_t>(last_at_most - values_.begin())];
    default: {
      if (magnitude <= values_.front()) return codes_.front();
      if (magnitude < smallest_normal_input) return codes_[1];
      const std::size_t below = static_cast<std::size_t>(last_at_most - values_.begin());
      if (magnitude < 1.5 * values_[below]) return codes_[below];
      if (below + 1 == values_.size()) return overflow_code(false, options);
      return codes_[below + 1];
    }
  }
}

namespace {
// E8M0's ONNX modes stand for ties to even on every other format (minifloat.h's RoundMode).
bool is_ties_to_even_elsewhere(RoundMode mode) {
  return mode == RoundMode::nearest_even || mode == RoundMode::up || mode == RoundMode::down ||
         mode == RoundMode::nearest;
}

// Which of the two values around |x| (low < |x| < high) a mode picks: the one farther from zero, or not.
// `low_code_odd`: the code of the nearer-to-zero one is odd.
bool takes_high(RoundMode mode, bool negative, double magnitude, double low, double high, bool low_code_odd) {
  const double midpoint = (low + high) / 2;  // exact: two neighbours of a format with fewer bits than a double
  switch (mode) {
    case RoundMode::ties_to_away: return magnitude >= midpoint;
    case RoundMode::toward_zero: return false;
    case RoundMode::toward_positive: return !negative;
    case RoundMode::toward_negative: return negative;
    case RoundMode::to_odd: return !low_code_odd;
    case RoundMode::stochastic: return false;  // decided by stochastic_takes_high, which needs the bits
    default: return magnitude > midpoint || (magnitude == midpoint && low_code_odd);  // ties to even
  }
}
}  // namespace

// float32 has too many values to list; the platform's double -> float conversion (IEEE 754, round to nearest
// even, overflow to Inf) is an implementation independent of ours. Saturation then clips Inf to max. For the
// other modes, the two floats around the value come from that conversion and nextafter, and the mode picks.
std::uint32_t ReferenceEncoder::encode_by_platform(double value, const CastOptions& options) const {
  float rounded = static_cast<float>(value);
  const RoundMode mode = options.round;
  if (std::isfinite(value) && !is_ties_to_even_elsewhere(mode)) {
    const double magnitude = std::fabs(value);
    const float nearest = std::fabs(rounded);
    const float inf = std::numeric_limits<float>::infinity();
    const bool nearest_above = static_cast<double>(nearest) > magnitude;
    const float low = nearest_above ? std::nextafter(nearest, 0.0f) : nearest;
    const float high = nearest_above ? nearest : std::nextafter(nearest, inf);
    float picked = low;
    if (static_cast<double>(low) != magnitude) {
      const double high_value = std::isinf(high) ? 0x1p128 : static_cast<double>(high);  // past max: 2^128
      const bool low_odd = (minifloat_detail::bit_cast<std::uint32_t>(low) & 1u) != 0;
      const bool negative = std::signbit(value);
      const bool up = std::isinf(high) && magnitude >= high_value ? !rounds_toward_zero(mode, negative)
                      : mode == RoundMode::stochastic ? stochastic_takes_high(options.stochastic, magnitude, low, high_value)
                                                      : takes_high(mode, negative, magnitude, low, high_value, low_odd);
      if (up) picked = high;
    }
    rounded = std::copysign(picked, static_cast<float>(value));
  }
  if (std::isinf(rounded) && options.saturate) {
    return minifloat_detail::bit_cast<std::uint32_t>(std::copysign(std::numeric_limits<float>::max(), rounded));
  }
  if (std::isnan(rounded)) return minifloat_detail::nan_result(minifloat_detail::geometry(format_), std::signbit(value));
  return minifloat_detail::bit_cast<std::uint32_t>(rounded);
}

std::uint32_t ReferenceEncoder::encode(double value, const CastOptions& options) const {
  if (!is_minifloat(format_)) return encode_by_platform(value, options);
  const Geometry g = minifloat_detail::geometry(format_);
  const bool negative = std::signbit(value);
  const bool scale_format = g.spec.is_scale_format();
  if (std::isnan(value)) return minifloat_detail::nan_result(g, negative && !scale_format);
  if (std::isinf(value) && scale_format) return options.saturate ? codes_.back() : minifloat_detail::nan_result(g, false);
  // An unsigned format other than E8M0 has nothing below zero: a negative input rounds as its magnitude would
  // toward the same side, and unless that gives zero it is out of range (0 with saturation, else NaN).
  const bool below_range = negative && !g.spec.has_sign && !scale_format;
  const std::uint32_t below_zero = options.saturate ? 0u : minifloat_detail::nan_result(g, false);
  if (std::isinf(value)) return below_range ? below_zero : overflow_code(negative, options, /*rounded=*/false);
  const double magnitude = std::fabs(value);
  const RoundMode mode = options.round;
  if (scale_format && (mode == RoundMode::up || mode == RoundMode::down || mode == RoundMode::nearest)) {
    return e8m0_onnx(magnitude, options);
  }

  // The values just below and above |x| (equal when x is one), as if the format went on past max with one more
  // value, beyond_max_, whose code would be the next after max's. Then the mode picks one, by exact comparisons.
  const auto above = std::lower_bound(values_.begin(), values_.end(), magnitude);
  std::uint32_t code;
  if (above != values_.end() && *above == magnitude) {
    code = codes_[static_cast<std::size_t>(above - values_.begin())];
  } else {
    const bool has_below = above != values_.begin(), overflows = above == values_.end();
    const std::size_t hi = static_cast<std::size_t>(above - values_.begin());
    const double low = has_below ? values_[hi - 1] : 0, high = overflows ? beyond_max_ : values_[hi];
    const std::uint32_t low_code = has_below ? codes_[hi - 1] : codes_.front(), high_code = overflows ? codes_.back() + 1 : codes_[hi];
    // The IEEE modes are not E8M0's: ties to even stands for them there. At or past beyond_max_, the unbounded
    // format's value is too, so it overflows unless the mode rounds toward zero.
    const RoundMode used = scale_format ? RoundMode::nearest_even : mode;
    const bool take_high = overflows && magnitude >= high ? !rounds_toward_zero(used, negative)
                           : used == RoundMode::stochastic ? stochastic_takes_high(options.stochastic, magnitude, low, high)
                                                           : takes_high(used, negative, magnitude, low, high, low_code % 2 != 0);
    if (!has_below && !take_high) {
      code = codes_.front();  // below the least value: zero (E8M0 has no zero: its least value)
    } else if (take_high && overflows) {
      return below_range ? below_zero : overflow_code(negative && !scale_format, options);
    } else {
      code = take_high ? high_code : low_code;
    }
  }
  if (scale_format) return code;
  if (below_range && code != 0) return below_zero;
  if (code == 0 && !g.spec.has_negative_zero()) return 0;
  return (negative ? g.sign_bit : 0u) | code;
}

std::uint32_t encode_reference(Format f, double value, const CastOptions& options) {
  return ReferenceEncoder(f).encode(value, options);
}

}  // namespace typelattice
