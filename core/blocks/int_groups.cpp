// GPTQ's and AWQ's integer groups (typelattice/int_groups.h): their quantizers' arithmetic in float32, the scale
// stored as float16.
#include "typelattice/int_groups.h"

#include <algorithm>
#include <cmath>

#include "core/base/ascii_text.h"
#include "typelattice/minifloat.h"

namespace typelattice {

std::string IntGroupSpec::name() const {
  const char* suffix = rule == IntGroupRule::awq   ? "_awq"
                       : rule == IntGroupRule::mlx ? "_mlx"
                       : asymmetric                ? "_asym"
                                                   : "";
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
      for (int bits = kIntGroupMinBits; bits <= kIntGroupMaxBits; ++bits)
        out.push_back({bits, group, true, IntGroupRule::awq});
    // mx.quantize's affine mode takes 2, 3, 4, 5, 6 and 8 bits (mlx/ops.cpp, affine_quantize).
    for (const int group : kIntGroupSizes)
      for (const int bits : {2, 3, 4, 5, 6, 8}) out.push_back({bits, group, false, IntGroupRule::mlx});
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

namespace {

std::uint16_t stored_float16_code(float v) {
  return static_cast<std::uint16_t>(encode(Format::float16, v, CastOptions{false, RoundMode::nearest_even, {}}));
}

// MLX's affine rule (int_groups.h), float32 operation by operation as its CPU quantize does them.
IntGroupScale quantize_mlx_group(const IntGroupSpec& spec, std::span<const float> values,
                                 std::span<std::uint8_t> codes) {
  const float n_bins = static_cast<float>(spec.max_code());
  IntGroupScale out;
  out.bias = 0;
  if (values.empty()) return out;
  float lo = values.front(), hi = values.front();
  for (const float v : values) {
    if (!std::isfinite(v)) {  // as GPTQ's and AWQ's groups: the whole group NaN
      out.scale = 0x7e00;
      std::fill(codes.begin(), codes.end(), std::uint8_t{0});
      return out;
    }
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  const bool edge_is_lo = std::fabs(lo) > std::fabs(hi);
  float scale = std::max((hi - lo) / n_bins, 1e-7f);
  if (!edge_is_lo) scale = -scale;
  const float edge = edge_is_lo ? lo : hi;
  const float q0 = std::nearbyint(edge / scale);  // rint: ties to even in the default rounding mode
  float bias = 0;
  if (q0 != 0) {
    scale = edge / q0;
    bias = edge;
  }
  for (std::size_t i = 0; i < values.size(); ++i) {
    // 0 / 0 when edge / scale overflowed (equal values beyond about 3.4e31: q0 = ±Inf, scale = ±0), where MLX's
    // cast to an integer is undefined: code 0, the edge, which those values are.
    const float q = std::nearbyint((values[i] - bias) / scale);
    codes[i] = std::isnan(q) ? std::uint8_t{0} : static_cast<std::uint8_t>(std::clamp(q, 0.0f, n_bins));
  }
  out.scale = stored_float16_code(scale);
  out.bias = stored_float16_code(bias);
  return out;
}

}  // namespace

IntGroupScale quantize_int_group(const IntGroupSpec& spec, std::span<const float> values,
                                 std::span<std::uint8_t> codes) {
  if (spec.rule == IntGroupRule::mlx) return quantize_mlx_group(spec, values, codes);
  const float max_code = static_cast<float>(spec.max_code());
  IntGroupScale out;
  out.zero = spec.asymmetric ? 0 : spec.fixed_zero();
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
  float scale = awq ? std::max(hi - lo, 1e-5f) / max_code : (hi - lo) / max_code;
  if (scale == 0.0f) {  // a range of subnormals whose scale underflows float32: GPTQ divides by 0, and we take its
    lo = -1.0f;         // all-zero group's range instead (int_groups.h)
    hi = 1.0f;
    scale = (hi - lo) / max_code;
  }
  // torch.round rounds half to even, as nearbyint in the default rounding mode.
  if (awq) out.zero = static_cast<int>(std::clamp(-std::nearbyint(lo / scale), 0.0f, max_code));
  else if (spec.asymmetric) out.zero = static_cast<int>(std::nearbyint(-lo / scale));
  const float zero = static_cast<float>(out.zero);
  for (std::size_t i = 0; i < values.size(); ++i) {
    const float q = std::clamp(std::nearbyint(values[i] / scale) + zero, 0.0f, max_code);
    codes[i] = static_cast<std::uint8_t>(q);
  }
  out.scale = stored_float16_code(scale);
  return out;
}

float int_group_value(const IntGroupScale& group, std::uint8_t code) {
  const float scaled =
      decode_to_float32(Format::float16, group.scale) * static_cast<float>(static_cast<int>(code) - group.zero);
  return group.bias ? scaled + decode_to_float32(Format::float16, *group.bias) : scaled;
}

}  // namespace typelattice
