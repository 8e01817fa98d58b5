// Which inputs round to a given code: the interval between the midpoints to its neighbours (round to nearest
// even: a midpoint belongs to the even code), or E8M0's interval under ONNX's round modes.
#include <cmath>
#include <limits>

#include "typelattice/minifloat.h"
#include "core/formats/geometry.h"

namespace typelattice {
namespace {

using minifloat_detail::Geometry;
constexpr double kInf = std::numeric_limits<double>::infinity();

double magnitude_value(Format f, std::uint32_t magnitude) { return decode_to_float64(f, magnitude); }

// E8M0 under up / down / nearest, on |x| (numpy_helper.to_float8e8m0's rules, see encode_e8m0).
RoundingInterval e8m0_interval(const Geometry& g, std::uint32_t code, const CastOptions& options) {
  const double v = std::ldexp(1.0, static_cast<int>(code) - g.spec->bias);
  const bool top = code == g.max_magnitude;
  switch (options.e8m0_round) {
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
    case RoundMode::nearest_even: break;
  }
  const bool even = code % 2 == 0;
  if (top && options.saturate) return {0.75 * v, kInf, even, true};
  return {code == 0 ? 0 : 0.75 * v, 1.5 * v, code == 0 || even, even};
}

}  // namespace

std::optional<RoundingInterval> rounding_interval(Format f, std::uint32_t code, const CastOptions& options) {
  const Geometry g = minifloat_detail::geometry(f);
  if (code > (g.sign_bit | g.magnitude_mask) || minifloat_detail::is_nan_code(g, code)) return std::nullopt;
  if (g.spec->is_scale_format()) return e8m0_interval(g, code, options);

  const bool clip = options.saturate || g.spec->specials == SpecialValues::none;
  const bool negative = (code & g.sign_bit) != 0;
  const std::uint32_t magnitude = code & g.magnitude_mask;
  const double max = magnitude_value(f, g.max_magnitude);
  const double beyond_max = max + std::ldexp(1.0, std::ilogb(max) - g.m);
  RoundingInterval positive{};  // for the code's magnitude, on the positive side
  if (minifloat_detail::is_inf_code(g, code)) {
    if (clip) return std::nullopt;  // saturation sends everything to max instead
    positive = {(max + beyond_max) / 2, kInf, g.max_magnitude % 2 != 0, true};
  } else {
    const double v = magnitude_value(f, magnitude);
    const bool even = magnitude % 2 == 0;
    if (magnitude == g.max_magnitude) {
      positive.high = clip ? kInf : (max + beyond_max) / 2;
      positive.high_inclusive = clip || even;
    } else {
      positive.high = (v + magnitude_value(f, magnitude + 1)) / 2;
      positive.high_inclusive = even;
    }
    if (magnitude == 0) {
      positive.low = 0;
      positive.low_inclusive = true;
    } else {
      positive.low = (magnitude_value(f, magnitude - 1) + v) / 2;
      positive.low_inclusive = even;
    }
  }
  if (magnitude == 0 && !g.spec->has_negative_zero()) {  // the single zero takes both sides
    return RoundingInterval{-positive.high, positive.high, positive.high_inclusive, positive.high_inclusive};
  }
  if (!negative) return positive;
  return RoundingInterval{-positive.high, -positive.low, positive.high_inclusive, positive.low_inclusive};
}

}  // namespace typelattice
