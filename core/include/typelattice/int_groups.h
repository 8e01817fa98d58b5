// Integer groups as GPTQ's quantizer defines them (IST-DASLab/gptq, quant.py, Quantizer.find_params and quantize):
// N-bit codes q in 0 .. 2^N - 1 per element, a scale per group of G consecutive elements along the last axis, and a
// zero point z: value = scale × (q − z). Symmetric (`intN_gG`, GPTQ's sym=True): z = 2^(N-1), the midpoint.
// Asymmetric (`intN_gG_asym`, sym=False): z = round(−min / scale), stored as an N-bit integer. AutoAWQ's rule
// (`intN_gG_awq`, AwqQuantizer.pseudo_quantize_tensor with zero_point=True) is asymmetric over the group's own
// min and max, 0 not forced in. MLX's affine mode (`intN_gG_mlx`, mx.quantize) has no zero point but a bias:
// value = scale × q + bias. The scale (and bias) are computed in float32 and stored as float16. docs/formats.md, "Integer
// groups (GPTQ)", has the rules and the commits.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <vector>
#include <string>
#include <string_view>

namespace typelattice {

// Whose quantizer picks a group's scale and zero point (or bias).
enum class IntGroupRule { gptq, awq, mlx };

struct IntGroupSpec {
  int bits = 4;            // 2 .. 8
  int group = 128;         // 32, 64 or 128
  bool asymmetric = false;  // a zero point stored per group (always for AWQ)
  IntGroupRule rule = IntGroupRule::gptq;
  std::string name() const;  // "int4_g128", "int4_g128_asym", "int4_g128_awq", "int4_g64_mlx"
  int max_code() const { return (1 << bits) - 1; }
  bool has_bias() const { return rule == IntGroupRule::mlx; }
  // The zero point of a group that stores none: GPTQ's symmetric midpoint 2^(N-1); MLX's 0.
  int fixed_zero() const { return has_bias() ? 0 : (max_code() + 1) / 2; }
  // Storage per element: the code, and per group the float16 scale (asymmetric: and the N-bit zero point; MLX:
  // and the float16 bias).
  double bits_per_element() const { return bits + (16.0 + (asymmetric ? bits : 0) + (has_bias() ? 16 : 0)) / group; }
};

inline constexpr int kIntGroupMinBits = 2, kIntGroupMaxBits = 8;
inline constexpr int kIntGroupSizes[] = {32, 64, 128};

// Every integer group, in the order the CLI and analysis list them.
std::span<const IntGroupSpec> int_group_specs();
// "int4_g128", "int8_g32_asym", "int4_g64_awq", … (ASCII case-insensitive); nullopt for any other text.
std::optional<IntGroupSpec> parse_int_group(std::string_view name);

// One group quantized: the float16 code of its scale, its zero point and each element's code (codes.size() must be
// values.size(), at most spec.group). GPTQ's rule, in float32: lo = min(min x, 0), hi = max(max x, 0); symmetric:
// hi = max(|lo|, hi) and lo = −hi when lo < 0 (a group with no negative value keeps lo = 0); lo = hi = 0 becomes
// −1, 1, as does a range so small that the scale underflows float32 to 0 (GPTQ would divide by 0 there);
// scale = (hi − lo) / (2^N − 1); q = clamp(round_half_even(x / scale) + z, 0, 2^N − 1). AWQ's: scale =
// max(max x − min x, 1e-5) / (2^N − 1), z = clamp(−round(min x / scale), 0, 2^N − 1), q as GPTQ's. A NaN or ±Inf
// in the group makes the scale NaN: every element dequantizes to NaN. MLX's (mlx/backend/cpu/quantized.cpp,
// quantize): lo = min x, hi = max x; the edge is the one of larger magnitude (lo if |lo| > |hi|, else hi), scale =
// ±max((hi − lo) / (2^N − 1), 1e-7), negative unless the edge is lo; q0 = rint(edge / scale); if q0 ≠ 0, scale =
// edge / q0 and bias = edge, else bias = 0; q = clamp(rint((x − bias) / scale), 0, 2^N − 1): code 0 is the edge
// (also where that is 0 / 0, for equal values so large that edge / scale overflows and MLX's cast is undefined).
struct IntGroupScale {
  std::uint16_t scale = 0;  // float16 code
  int zero = 0;
  std::optional<std::uint16_t> bias;  // float16 code: MLX's groups only
};
IntGroupScale quantize_int_group(const IntGroupSpec& spec, std::span<const float> values,
                                 std::span<std::uint8_t> codes);
// float16(scale) × (q − z), rounded to float32; MLX's: float16(scale) × q + float16(bias), each step in float32.
float int_group_value(const IntGroupScale& group, std::uint8_t code);

}  // namespace typelattice
