// MLX's affine integer groups (intN_gG_mlx, typelattice/int_groups.h) against a slow reference written here from
// the other formulation in ml-explore/mlx at 846d176227a0ac13d2667e58d2bb68b322109ab0: mlx/ops.cpp,
// affine_quantize's fallback and pack_and_quantize (whole-group masks and `where`, where the core follows
// mlx/backend/cpu/quantized.cpp's loop). MLX cannot run here, so these are the two implementations that agree.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "typelattice/int_groups.h"
#include "typelattice/minifloat.h"

namespace typelattice {
namespace {

struct MlxReference {
  float scale, bias;
  std::vector<std::uint8_t> codes;
};

MlxReference mlx_reference(int bits, const std::vector<float>& w) {
  const float n_bins = static_cast<float>((1 << bits) - 1), eps = 1e-7f, zero = 0.0f;
  const auto [lo_it, hi_it] = std::minmax_element(w.begin(), w.end());
  const float w_min = *lo_it, w_max = *hi_it;
  const bool mask = std::fabs(w_min) > std::fabs(w_max);               // greater(abs(w_min), abs(w_max))
  float scales = std::max((w_max - w_min) / n_bins, eps);              // maximum(divide(subtract, n_bins), eps)
  scales = mask ? scales : -scales;                                    // where(mask, scales, negative(scales))
  const float edge = mask ? w_min : w_max;                             // where(mask, w_min, w_max)
  const float q0 = std::rint(edge / scales);                           // round(divide(edge, scales))
  scales = q0 != zero ? edge / q0 : scales;                            // where(not_equal(q0, 0), edge / q0, scales)
  const float biases = q0 == zero ? zero : edge;                       // where(equal(q0, 0), 0, edge)
  MlxReference r{scales, biases, {}};
  for (const float x : w) r.codes.push_back(static_cast<std::uint8_t>(std::clamp(std::rint((x - biases) / scales), zero, n_bins)));
  return r;
}

std::uint16_t f16(float v) {
  return static_cast<std::uint16_t>(encode(Format::float16, v, CastOptions{false, RoundMode::nearest_even, {}}));
}

std::vector<std::vector<float>> test_groups(int size, std::mt19937& random) {
  std::normal_distribution<float> normal(0.0f, 1.0f);
  std::vector<std::vector<float>> out;
  for (int kind = 0; kind < 9; ++kind) {
    std::vector<float> g(static_cast<std::size_t>(size));
    for (float& v : g) v = normal(random);
    if (kind == 1) g[3] = 40.0f;                                  // an outlier above
    if (kind == 2) g[5] = -40.0f;                                 // an outlier below
    if (kind == 3) for (float& v : g) v = std::fabs(v) + 0.5f;    // positive only
    if (kind == 4) for (float& v : g) v = -std::fabs(v) - 0.5f;   // negative only
    if (kind == 5) std::fill(g.begin(), g.end(), 0.0f);
    if (kind == 6) std::fill(g.begin(), g.end(), -0.75f);
    if (kind == 7) for (float& v : g) v *= 1e-8f;                 // below eps: the scale clamps
    if (kind == 8) for (float& v : g) v = std::round(v * 4) / 4;  // ties
    out.push_back(g);
  }
  return out;
}

TEST(IntGroupMlx, AgreesWithTheFallbackFormulationOnEveryGroup) {
  std::mt19937 random(29);
  int groups = 0;
  for (const IntGroupSpec& spec : int_group_specs()) {
    if (spec.rule != IntGroupRule::mlx) continue;
    for (int round = 0; round < 20; ++round) {
      for (const std::vector<float>& g : test_groups(spec.group, random)) {
        const MlxReference r = mlx_reference(spec.bits, g);
        std::vector<std::uint8_t> codes(g.size());
        const IntGroupScale got = quantize_int_group(spec, g, codes);
        ASSERT_EQ(codes, r.codes) << spec.name();
        ASSERT_EQ(got.scale, f16(r.scale)) << spec.name();
        ASSERT_TRUE(got.bias.has_value());
        ASSERT_EQ(*got.bias, f16(r.bias)) << spec.name();
        EXPECT_EQ(got.zero, 0);
        ++groups;
      }
    }
  }
  EXPECT_EQ(groups, 18 * 20 * 9);
}

// MLX's point: the edge of larger magnitude is exact. Code 0 is bias = edge, stored as float16; every other value
// is within half a step of the input clamped to the codes' range (edge / q0 may round the step down, so the far
// end can clip), give or take the float16 roundings.
TEST(IntGroupMlx, TheLargerEdgeIsCodeZeroAndTheRestWithinHalfAStep) {
  std::mt19937 random(7);
  std::normal_distribution<float> normal(0.0f, 1.0f);
  const IntGroupSpec spec = *parse_int_group("int4_g64_mlx");
  EXPECT_EQ(spec.bits_per_element(), 4 + 32.0 / 64);
  for (int round = 0; round < 200; ++round) {
    std::vector<float> g(64);
    for (float& v : g) v = normal(random) + (round % 3 == 0 ? 2.0f : 0.0f);
    std::vector<std::uint8_t> codes(g.size());
    const IntGroupScale s = quantize_int_group(spec, g, codes);
    const auto [lo, hi] = std::minmax_element(g.begin(), g.end());
    const float edge = std::fabs(*lo) > std::fabs(*hi) ? *lo : *hi;
    const float a = int_group_value(s, 0), b = int_group_value(s, 15);
    const float step = std::fabs(decode_to_float32(Format::float16, s.scale));
    for (std::size_t i = 0; i < g.size(); ++i) {
      if (g[i] == edge) {
        EXPECT_EQ(codes[i], 0);
        EXPECT_EQ(int_group_value(s, codes[i]), decode_to_float32(Format::float16, f16(edge)));
      }
      const float wanted = std::clamp(g[i], std::min(a, b), std::max(a, b));
      // The codes come from the float32 scale and bias, the values from their float16s (2^-11 relative each).
      EXPECT_LE(std::fabs(int_group_value(s, codes[i]) - wanted),
                0.5f * step * 1.001f + (std::fabs(edge) + 15 * step) / 2048 * 1.01f);
    }
  }
}

TEST(IntGroupMlx, NamesAndWidths) {
  EXPECT_TRUE(parse_int_group("INT8_G128_MLX").has_value());
  EXPECT_FALSE(parse_int_group("int7_g32_mlx").has_value());  // mx.quantize refuses 7 bits
  EXPECT_FALSE(parse_int_group("int4_g16_mlx").has_value());
}

// Equal values so large that edge / scale overflows float32 (MLX's minimum scale 1e-7): q0 is ±Inf, the scale ±0
// and (x − bias) / scale 0 / 0, where MLX's integer cast is undefined. Every code is 0, the edge, so every value
// comes back as the float16 bias (UBSan checks that no NaN reaches the cast).
TEST(IntGroupMlx, EqualValuesTooLargeForTheMinimumScaleAreTheEdge) {
  for (const float v : {1.29e36f, -4e33f, 3e38f}) {
    SCOPED_TRACE(v);
    const std::vector<float> values(5, v);
    std::vector<std::uint8_t> codes(values.size(), 7);
    const IntGroupScale g = quantize_int_group(*parse_int_group("int4_g32_mlx"), values, codes);
    for (const std::uint8_t c : codes) EXPECT_EQ(c, 0);
    EXPECT_EQ(int_group_value(g, 0), decode_to_float32(Format::float16, *g.bias));
  }
}

}  // namespace
}  // namespace typelattice
