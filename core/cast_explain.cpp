#include "core/cast_explain.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/format_limits.h"

namespace typelattice {
namespace {

std::vector<double> distinct_finite_values(Format f) {
  const std::uint32_t code_count = std::uint32_t{1} << format_spec(f).total_bits();
  std::vector<double> values;
  for (std::uint32_t code = 0; code < code_count; ++code) {
    const double v = decode_to_float64(f, code);
    if (std::isfinite(v)) values.push_back(v == 0.0 ? 0.0 : v);  // +0 and -0 are one value
  }
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  return values;
}

std::string decimal(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  return exact_decimal(v);
}

// The boundary between two neighbouring values under the format's rounding rule.
double boundary(double below, double above, Format f, const CastOptions& options) {
  if (format_spec(f).is_scale_format()) {
    if (options.e8m0_round == RoundMode::up) return below;    // (below, above] -> above
    if (options.e8m0_round == RoundMode::down) return above;  // [below, above) -> below
  }
  return below + (above - below) / 2;
}

}  // namespace

CastExplanation explain_cast(Format f, double value, const CastOptions& options) {
  const FormatSpec& spec = format_spec(f);
  CastExplanation out{decimal(value), encode(f, value, options), false, "nan", "nan"};
  out.saturated = options.saturate && !std::isnan(value) && std::fabs(value) > format_limits(f).max;
  const double v = decode_to_float64(f, out.code);
  if (std::isnan(v)) return out;

  const std::vector<double> values = distinct_finite_values(f);
  const double top = values.back();
  const double top_step = values.size() > 1 ? top - values[values.size() - 2] : top;
  // Beyond the largest value a non-saturating cast overflows at the boundary to the next (unrepresented) value.
  const double virtual_next = spec.is_scale_format() ? top * 2 : top + top_step;
  const double overflow = boundary(top, virtual_next, f, options);
  if (std::isinf(v)) {
    out.interval_low = decimal(v > 0 ? overflow : -INFINITY);
    out.interval_high = decimal(v > 0 ? INFINITY : -overflow);
    return out;
  }

  const auto at = std::lower_bound(values.begin(), values.end(), v == 0.0 ? 0.0 : v);
  const bool lowest = at == values.begin();
  const bool highest = at + 1 == values.end();
  double low = 0.0;
  if (!lowest) low = boundary(*(at - 1), v, f, options);
  else if (spec.has_sign) low = options.saturate ? -INFINITY : -overflow;
  double high = 0.0;
  if (!highest) high = boundary(v, *(at + 1), f, options);
  else high = options.saturate ? INFINITY : overflow;

  // With a signed zero, +0 takes the inputs from 0 up and -0 those below.
  if (v == 0.0 && spec.has_negative_zero()) {
    if (std::signbit(v)) high = 0.0;
    else low = 0.0;
  }
  out.interval_low = decimal(low);
  out.interval_high = decimal(high);
  return out;
}

}  // namespace typelattice
