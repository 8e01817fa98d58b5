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

ReferenceEncoder::ReferenceEncoder(Format f) : format_(f) {
  const FormatSpec& spec = format_spec(f);
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

std::uint32_t ReferenceEncoder::overflow_code(bool negative, const CastOptions& options) const {
  const Geometry g = minifloat_detail::geometry(format_);
  if (options.saturate || g.spec->specials == SpecialValues::none) {
    return (negative ? g.sign_bit : 0u) | codes_.back();
  }
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
  switch (options.e8m0_round) {
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

// float32 has too many values to list; the platform's double -> float conversion (IEEE 754, round to nearest
// even, overflow to Inf) is an implementation independent of ours. Saturation then clips Inf to max.
std::uint32_t ReferenceEncoder::encode_by_platform(double value, const CastOptions& options) const {
  const float rounded = static_cast<float>(value);
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
  const bool scale_format = g.spec->is_scale_format();
  if (std::isnan(value)) return minifloat_detail::nan_result(g, negative && !scale_format);
  if (std::isinf(value) && scale_format) return options.saturate ? codes_.back() : minifloat_detail::nan_result(g, false);
  if (std::isinf(value)) return overflow_code(negative, options);
  const double magnitude = std::fabs(value);
  if (scale_format && options.e8m0_round != RoundMode::nearest_even) return e8m0_onnx(magnitude, options);

  // Round to nearest, ties to the even code, as if the format went on past max (one more value, beyond_max_).
  std::uint32_t code;
  const auto above = std::lower_bound(values_.begin(), values_.end(), magnitude);
  if (above == values_.begin()) {
    code = codes_.front();
  } else if (above == values_.end()) {
    const double midpoint = (values_.back() + beyond_max_) / 2;
    const bool max_is_even = codes_.back() % 2 == 0;
    if (magnitude < midpoint || (magnitude == midpoint && max_is_even)) {
      code = codes_.back();
    } else {
      return overflow_code(negative && !scale_format, options);
    }
  } else if (*above == magnitude) {
    code = codes_[static_cast<std::size_t>(above - values_.begin())];
  } else {
    const std::size_t hi = static_cast<std::size_t>(above - values_.begin());
    const double midpoint = (values_[hi - 1] + values_[hi]) / 2;
    if (magnitude < midpoint) {
      code = codes_[hi - 1];
    } else if (magnitude > midpoint) {
      code = codes_[hi];
    } else {
      code = codes_[hi - 1] % 2 == 0 ? codes_[hi - 1] : codes_[hi];
    }
  }
  if (scale_format) return code;
  if (code == 0 && !g.spec->has_negative_zero()) return 0;
  return (negative ? g.sign_bit : 0u) | code;
}

std::uint32_t encode_reference(Format f, double value, const CastOptions& options) {
  return ReferenceEncoder(f).encode(value, options);
}

}  // namespace typelattice
