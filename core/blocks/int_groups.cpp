// GPTQ's and AWQ's integer groups (typelattice/int_groups.h): their quantizers' arithmetic in float32, the scale
// stored as float16.
#include "typelattice/int_groups.h"

#include <algorithm>
#include <cmath>

#include "core/base/ascii_text.h"
#include "typelattice/minifloat.h"

namespace typelattice {

std::string IntGroupSpec::name() const {
  const char* suffix = rule == IntGroupRule::awq ? "_awq" : asymmetric ? "_asym" : "";
  return "int" + std::to_string(bits) + "_g" + std::to_string(group) + suffix;
}

std::span<const IntGroupSpec> int_group_specs() {
  static const std::vector<IntGroupSpec> specs = [] {  // constant once built
    std::vector<IntGroupSpec> out;
    for (const int group : kIntGroupSizes) {
      for (int bits = kIntGroupMinBits; bits <= kIntGroupMaxBits; ++bits) {
        out.push_back({bits, group, false, IntGroupRule::gptq});
        out.push_back({bits, group, true, IntGroupRule::gptq});
      }
    }
    for (const int group : kIntGroupSizes)
      for (int bits = kIntGroupMinBits; bits <= kIntGroupMaxBits; ++bits) out.push_back({bits, group, true, IntGroupRule::awq});
    return out;
  }();
  return specs;
}

std::optional<IntGroupSpec> parse_int_group(std::string_view name) {
  const std::string text = ascii::lower(name);
  for (const IntGroupSpec& spec : int_group_specs())
    if (spec.name() == text) return spec;
  return std::nullopt;
}

IntGroupScale quantize_int_group(const IntGroupSpec& spec, std::span<const float> values,
                                 std::span<std::uint8_t> codes) {
  const float max_code = static_cast<float>(spec.max_code());
  IntGroupScale out;
  out.zero = spec.asymmetric ? 0 : (spec.max_code() + 1) / 2;
  const bool awq = spec.rule == IntGroupRule::awq;
  float lo = 0.0f, hi = 0.0f;  // GPTQ: the range always holds 0; AWQ: the values' own range
  if (awq && !values.empty()) lo = hi = values.front();
  for (const float v : values) {
    if (!std::isfinite(v)) {  // torch's min/max carry the NaN (an Inf gives Inf / Inf and Inf × 0): all NaN
      out.scale = 0x7e00;
      std::fill(codes.begin(), codes.end(), static_cast<std::uint8_t>(out.zero));
      return out;
    }
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  if (!spec.asymmetric) {
    hi = std::max(std::fabs(lo), hi);
    if (lo < 0) lo = -hi;
  }
  if (!awq && lo == 0 && hi == 0) {
    lo = -1.0f;
    hi = 1.0f;
  }
  const float scale = awq ? std::max(hi - lo, 1e-5f) / max_code : (hi - lo) / max_code;
  // torch.round rounds half to even, as nearbyint in the default rounding mode.
  if (awq) out.zero = static_cast<int>(std::clamp(-std::nearbyint(lo / scale), 0.0f, max_code));
  else if (spec.asymmetric) out.zero = static_cast<int>(std::nearbyint(-lo / scale));
  const float zero = static_cast<float>(out.zero);
  for (std::size_t i = 0; i < values.size(); ++i) {
    const float q = std::clamp(std::nearbyint(values[i] / scale) + zero, 0.0f, max_code);
    codes[i] = static_cast<std::uint8_t>(q);
  }
  out.scale = static_cast<std::uint16_t>(encode(Format::float16, scale, CastOptions{false, RoundMode::nearest_even, {}}));
  return out;
}

float int_group_value(const IntGroupScale& group, std::uint8_t code) {
  return decode_to_float32(Format::float16, group.scale) * static_cast<float>(static_cast<int>(code) - group.zero);
}

}  // namespace typelattice
