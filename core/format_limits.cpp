#include "core/format_limits.h"

#include <cmath>
#include <cstdint>

namespace typelattice {

FormatLimits format_limits(Format f) {
  const FormatSpec& spec = format_spec(f);
  const std::uint32_t code_count = std::uint32_t{1} << spec.total_bits();
  FormatLimits limits{0.0, 0.0, 0.0};
  for (std::uint32_t code = 0; code < code_count; ++code) {
    const double v = decode_to_float64(f, code);
    if (!std::isfinite(v) || v <= 0.0) continue;
    if (v > limits.max) limits.max = v;
    if (limits.min_subnormal == 0.0 || v < limits.min_subnormal) limits.min_subnormal = v;
  }
  // The smallest normal has the exponent field 1 and a zero mantissa, except in a scale format (E8M0), where
  // every code is normal and code 0 is the smallest.
  limits.min_normal = spec.is_scale_format() ? decode_to_float64(f, 0)
                                             : decode_to_float64(f, std::uint32_t{1} << spec.mantissa_bits);
  return limits;
}

}  // namespace typelattice
