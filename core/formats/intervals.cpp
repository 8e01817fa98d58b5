// Which inputs round to a given code, in each mode: between the midpoints to its neighbours (ties to even: a
// midpoint belongs to the even code; ties away: to the one farther from zero), from the code up to the next
// (toward zero), from the one before up to it (away from zero), or E8M0's interval under ONNX's round modes.
#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "typelattice/minifloat.h"
#include "core/formats/geometry.h"

namespace typelattice {
namespace {

using minifloat_detail::Geometry;
constexpr double kInf = std::numeric_limits<double>::infinity();

double magnitude_value(Format f, std::uint32_t magnitude) { return decode_to_float64(f, magnitude); }

// E8M0 under up / down / nearest, on |x| (numpy_helper.to_float8e8m0's rules, see encode_e8m0).
RoundingInterval e8m0_interval(const Geometry& g, std::uint32_t code, const CastOptions& options) {
  const double v = std::ldexp(1.0, static_cast<int>(code) - g.spec.bias);
  const bool top = code == g.max_magnitude;
  switch (options.round) {
    case RoundMode::up:
      if (code == 0) return {0, 0, true, true};
      if (top && options.saturate) return {v / 2, kInf, false, true};
      return {code == 1 ? 0 : v / 2, v, false, true};
    case RoundMode::down:
      if (code == 0) return {0, 2 * v, true, false};
      return {v, top ? kInf : 2 * v, true, top && options.saturate};
    case RoundMode::nearest:
      if (code == 0) return {0, v, true, true};
      if (top && options.saturate) return {0.75 * v, kInf, true, true};
      return {code == 1 ? v / 2 : 0.75 * v, 1.5 * v, code != 1, false};
    default: break;  // nearest_even (the IEEE modes are not E8M0's: ties to even stands for them)
  }
  const bool even = code % 2 == 0;
  if (top && options.saturate) return {0.75 * v, kInf, even, true};
  return {code == 0 ? 0 : 0.75 * v, 1.5 * v, code == 0 || even, even};
}

// How a mode rounds magnitudes on one side of zero: the directed modes become toward or away from zero.
enum class MagnitudeRounding { ties_to_even, ties_to_away, toward_zero, away_from_zero, to_odd, stochastic };

MagnitudeRounding on_side(RoundMode mode, bool negative) {
  switch (mode) {
    case RoundMode::ties_to_away: return MagnitudeRounding::ties_to_away;
    case RoundMode::toward_zero: return MagnitudeRounding::toward_zero;
    case RoundMode::toward_positive: return negative ? MagnitudeRounding::toward_zero : MagnitudeRounding::away_from_zero;
    case RoundMode::toward_negative: return negative ? MagnitudeRounding::away_from_zero : MagnitudeRounding::toward_zero;
    case RoundMode::to_odd: return MagnitudeRounding::to_odd;
    case RoundMode::stochastic: return MagnitudeRounding::stochastic;
    default: return MagnitudeRounding::ties_to_even;  // E8M0's modes stand for it on the other formats
  }
}

// Stochastic rounding with given bits: x goes away from zero iff round_half_even(delta * 2^n) >= t = 2^n - bits,
// that is iff delta passes (t - 1/2) / 2^n, or equals it with t even (the half rounds up to t). Returns that
// fraction of a quantum, and whether the threshold itself goes away.
std::pair<double, bool> stochastic_threshold(const StochasticBits& sr) {
  const int n = std::clamp(sr.num_bits, 0, 32);
  const std::uint64_t one = std::uint64_t{1} << n;
  const std::uint64_t t = one - (sr.bits & (one - 1));
  return {std::ldexp(static_cast<double>(t) - 0.5, -n), t % 2 == 0};
}

// The magnitudes that round to magnitude code `m` (finite), on one side of zero.
RoundingInterval magnitude_interval(Format f, const Geometry& g, std::uint32_t m, MagnitudeRounding r, bool clip,
                                    const StochasticBits& sr) {
  const double v = magnitude_value(f, m);
  const double max = magnitude_value(f, g.max_magnitude);
  const bool top = m == g.max_magnitude;
  const double next = top ? max + std::ldexp(1.0, std::ilogb(max) - g.m) : magnitude_value(f, m + 1);  // past max: one more
  const double previous = m == 0 ? 0 : magnitude_value(f, m - 1);
  const bool even = m % 2 == 0;
  RoundingInterval out{};
  switch (r) {
    case MagnitudeRounding::ties_to_even:
    case MagnitudeRounding::ties_to_away: {
      const bool away = r == MagnitudeRounding::ties_to_away;
      out = {m == 0 ? 0 : (previous + v) / 2, (v + next) / 2, m == 0 || (away ? true : even), away ? false : even};
      break;
    }
    case MagnitudeRounding::toward_zero:
      // Past max stays max in this direction, saturating or not (Inf itself stays Inf unless clipped).
      out = {v, top ? kInf : next, true, false};
      break;
    case MagnitudeRounding::away_from_zero:
      out = {previous, v, m == 0, true};
      break;
    case MagnitudeRounding::to_odd:
      out = even ? RoundingInterval{v, v, true, true} : RoundingInterval{previous, next, false, false};
      break;
    case MagnitudeRounding::stochastic: {
      const auto [fraction, threshold_away] = stochastic_threshold(sr);
      out = {m == 0 ? 0 : previous + fraction * (v - previous), v + fraction * (next - v), m == 0 || threshold_away,
             !threshold_away};
      break;
    }
  }
  if (top && clip) {  // saturation clips everything past max (and ±Inf) to max
    out.high = kInf;
    out.high_inclusive = true;
  }
  return out;
}

// The magnitudes that give ±Inf when not saturating.
RoundingInterval infinity_interval(Format f, const Geometry& g, MagnitudeRounding r, const StochasticBits& sr) {
  const double max = magnitude_value(f, g.max_magnitude);
  const double beyond = max + std::ldexp(1.0, std::ilogb(max) - g.m);
  const bool max_odd = g.max_magnitude % 2 != 0;
  switch (r) {
    case MagnitudeRounding::ties_to_even: return {(max + beyond) / 2, kInf, max_odd, true};
    case MagnitudeRounding::ties_to_away: return {(max + beyond) / 2, kInf, true, true};
    case MagnitudeRounding::toward_zero: return {kInf, kInf, true, true};  // only Inf itself
    case MagnitudeRounding::away_from_zero: return {max, kInf, false, true};
    case MagnitudeRounding::to_odd: return max_odd ? RoundingInterval{beyond, kInf, true, true} : RoundingInterval{max, kInf, false, true};
    case MagnitudeRounding::stochastic: {
      const auto [fraction, threshold_away] = stochastic_threshold(sr);
      return {max + fraction * (beyond - max), kInf, threshold_away, true};
    }
  }
  return {};
}

RoundingInterval negated(const RoundingInterval& r) { return {-r.high, -r.low, r.high_inclusive, r.low_inclusive}; }

}  // namespace

std::optional<RoundingInterval> rounding_interval(Format f, std::uint32_t code, const CastOptions& options) {
  const Geometry g = minifloat_detail::geometry(f);
  if (code > (g.sign_bit | g.magnitude_mask) || minifloat_detail::is_nan_code(g, code)) return std::nullopt;
  if (g.spec.is_scale_format()) return e8m0_interval(g, code, options);

  const bool clip = options.saturate || g.spec.specials == SpecialValues::none;
  const bool negative = (code & g.sign_bit) != 0;
  const std::uint32_t magnitude = code & g.magnitude_mask;
  if (minifloat_detail::is_inf_code(g, code)) {
    if (clip) return std::nullopt;  // saturation sends everything to max instead
    const RoundingInterval positive = infinity_interval(f, g, on_side(options.round, negative), options.stochastic);
    return negative ? negated(positive) : positive;
  }
  if (magnitude == 0 && !g.spec.has_negative_zero()) {  // the single zero takes both sides, each in its way
    const RoundingInterval up = magnitude_interval(f, g, 0, on_side(options.round, false), clip, options.stochastic);
    const RoundingInterval down = negated(magnitude_interval(f, g, 0, on_side(options.round, true), clip, options.stochastic));
    // Unsigned: saturation clips every negative input to 0 (without it, those not rounding to 0 are NaN).
    if (!g.spec.has_sign && options.saturate) return RoundingInterval{-kInf, up.high, true, up.high_inclusive};
    return RoundingInterval{down.low, up.high, down.low_inclusive, up.high_inclusive};
  }
  const RoundingInterval positive = magnitude_interval(f, g, magnitude, on_side(options.round, negative), clip,
                                                       options.stochastic);
  return negative ? negated(positive) : positive;
}

}  // namespace typelattice
