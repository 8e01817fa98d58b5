// bitsandbytes' and ggml's block types as analysis targets (codec_block_targets.h): the accumulator's errors against
// the families' bulk paths (quantize_*_blocks then dequantize_*_blocks over a whole row), bits per element against
// the formats' published storage, saturated counts against the blocks' extreme codes, and the range lanes.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "typelattice/bnb_blocks.h"
#include "typelattice/deepseek_tiles.h"
#include "typelattice/gguf_blocks.h"
#include "typelattice/int_groups.h"
#include "typelattice/tensor_analysis.h"
#include "typelattice/tensor_report.h"

namespace typelattice {
namespace {

AnalysisTarget target(const std::string& name) {
  Result<AnalysisTarget> t = analysis_target(name, std::nullopt, std::nullopt, ScaleMode::ceil, true);
  EXPECT_TRUE(t.ok()) << name;
  return *t;
}

std::vector<float> laplace_values(std::size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::exponential_distribution<float> magnitude(4.0f);
  std::bernoulli_distribution sign(0.5);
  std::vector<float> v(n);
  for (float& x : v) x = sign(rng) ? magnitude(rng) : -magnitude(rng);
  return v;
}

struct Sums {
  std::uint64_t flushed = 0;
  double squared_input = 0, squared_error = 0, max_abs = 0;
};
Sums sums(const std::vector<float>& x, const std::vector<float>& d) {
  Sums s;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double e = std::fabs(static_cast<double>(d[i]) - x[i]);
    s.squared_input += static_cast<double>(x[i]) * x[i];
    s.squared_error += e * e;
    s.max_abs = std::max(s.max_abs, e);
    s.flushed += x[i] != 0 && d[i] == 0;
  }
  return s;
}

TEST(CodecBlockTargets, BitsPerElementAreTheStoragesBitsOverTheBlock) {
  // ggml-common.h: block_q4_0 {half d; uint8 qs[16]}, block_q4_1 {half d, m; qs[16]}, block_q5_0 {d; qh[4]; qs[16]},
  // block_q5_1 {d, m; qh[4]; qs[16]}, block_q8_0 {d; int8 qs[32]}, block_iq4_nl {d; qs[16]}; bitsandbytes: 64
  // nibbles and a float32 absmax; block_mxfp4 {uint8 e; qs[16]}.
  const std::pair<const char*, double> storage[] = {
      {"nf4", (32 + 4) * 8 / 64.0},     {"bnb_fp4", (32 + 4) * 8 / 64.0},   {"gguf_q4_0", 18 * 8 / 32.0},
      {"gguf_q4_1", 20 * 8 / 32.0},     {"gguf_q5_0", 22 * 8 / 32.0},       {"gguf_q5_1", 24 * 8 / 32.0},
      {"gguf_q8_0", 34 * 8 / 32.0},     {"IQ4_NL", 18 * 8 / 32.0},         {"gguf_mxfp4", 17 * 8 / 32.0}};
  for (const auto& [name, bits] : storage) {
    const AnalysisTarget t = target(name);
    EXPECT_EQ(t.bits_per_element, bits) << name;
    EXPECT_TRUE(t.has_blocks());
    EXPECT_FALSE(t.tensor_scale) << name;  // --tensor-scale is NVFP4's
  }
  EXPECT_EQ(target("iq4_nl").name, "iq4_nl");
  const Result<AnalysisTarget> typo = analysis_target("gguf_q4_o", std::nullopt, std::nullopt, std::nullopt, false);
  ASSERT_FALSE(typo.ok());
  EXPECT_NE(typo.error().message.find("gguf_q4_0"), std::string::npos) << typo.error().message;
}

TEST(CodecBlockTargets, GgufErrorsAgreeWithTheBulkPathRowByRow) {
  const std::vector<float> x = laplace_values(96 * 3, 5);  // rows of 96: three whole blocks each
  for (const GgufBlockSpec& spec : gguf_block_types()) {
    TargetAccumulator a(target(std::string(spec.name)), 0.0, 2);
    std::vector<std::uint8_t> bytes(gguf_bytes_size(spec.id, 96));
    std::vector<float> d(x.size());
    for (std::size_t row = 0; row < 3; ++row) {
      const std::span<const float> values(x.data() + row * 96, 96);
      a.add_row_slice(values);
      ASSERT_TRUE(quantize_gguf_blocks(spec.id, values, bytes).ok());
      ASSERT_TRUE(dequantize_gguf_blocks(spec.id, bytes, std::span<float>(d.data() + row * 96, 96)).ok());
    }
    const TargetError e = a.error();
    const Sums want = sums(x, d);
    EXPECT_EQ(e.blocks, 9u) << spec.name;
    EXPECT_EQ(e.measured, x.size());
    EXPECT_EQ(e.flushed, want.flushed) << spec.name;
    EXPECT_DOUBLE_EQ(e.sum_squared_input, want.squared_input);
    EXPECT_DOUBLE_EQ(e.sum_squared_error, want.squared_error) << spec.name;
    EXPECT_EQ(e.max_abs_error, want.max_abs) << spec.name;
    EXPECT_EQ(e.worst_blocks.size(), 2u);
  }
}

TEST(CodecBlockTargets, ShortGgufBlocksArePaddedWithoutMovingTheScaleOrTheMinimum) {
  // Ten positive values: Q4_1's minimum is theirs (0.5), not a padding zero's; Q4_0's scale is their largest.
  std::vector<float> x(10);
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = 0.5f + 0.37f * static_cast<float>(i);
  for (const GgufBlockType t : {GgufBlockType::q4_1, GgufBlockType::q4_0}) {
    const AnalysisTarget target_t = target(std::string(gguf_block_spec(t).name));
    TargetAccumulator a(target_t, 0.0, 1);
    a.add_row_slice(x);
    std::array<float, kGgufBlockSize> padded{};
    std::fill(padded.begin(), padded.end(), codec_block_padding(*target_t.codec, x));
    std::copy(x.begin(), x.end(), padded.begin());
    const GgufBlock b = quantize_gguf_block(t, padded);
    std::vector<float> d;
    for (int j = 0; j < 10; ++j) d.push_back(gguf_element_value(t, b, j));
    EXPECT_EQ(a.error().sum_squared_error, sums(x, d).squared_error);
    EXPECT_EQ(a.error().blocks, 1u);
    if (t == GgufBlockType::q4_1) {
      EXPECT_EQ(gguf_float16_value(b.m), 0.5f);  // the values' minimum
    }
  }
}

TEST(CodecBlockTargets, Nf4AgreesWithTheBulkPathAndCountsNaNBlocksAsNonFinite) {
  std::vector<float> x = laplace_values(128, 9);  // one row, two blocks of 64
  TargetAccumulator clean(target("nf4"), 0.0, 1);
  clean.add_row_slice(x);
  std::vector<float> absmax(2), d(128);
  std::vector<std::uint8_t> packed(64);
  ASSERT_TRUE(quantize_bnb_blocks(BnbBlockType::nf4, x, absmax, packed).ok());
  ASSERT_TRUE(dequantize_bnb_blocks(BnbBlockType::nf4, packed, absmax, d).ok());
  EXPECT_EQ(clean.error().sum_squared_error, sums(x, d).squared_error);
  EXPECT_EQ(clean.error().saturated, 0u);  // absmax scaling: every value within ±absmax
  // A NaN makes its block's absmax NaN: that block's 63 finite values are non-finite results, the other block's
  // are measured, and the NaN block has no SQNR, so the worst block is the other one.
  x[5] = std::nanf("");
  TargetAccumulator with_nan(target("nf4"), 0.0, 2);
  with_nan.add_row_slice(x);
  const TargetError e = with_nan.error();
  EXPECT_EQ(e.non_finite, 63u);
  EXPECT_EQ(e.measured, 64u);
  ASSERT_EQ(e.worst_blocks.size(), 1u);
  EXPECT_EQ(e.worst_blocks[0].index, 1u);
}

// DeepSeek's 1×128 groups along a row of 300 (two whole groups and a short one): the errors are those of the
// bulk path on the row as a one-row matrix, nothing saturates, and a NaN makes its group's values non-finite.
TEST(CodecBlockTargets, DeepseekGroupsAgreeWithTheBulkPath) {
  std::vector<float> x = laplace_values(300, 13);
  x[7] = 40.0f;  // an outlier in the first group
  for (const DsTileType t : {DsTileType::fp8_1x128, DsTileType::fp8_1x128_ue8m0}) {
    const std::string name(ds_tile_spec(t).name);
    TargetAccumulator a(target(name), 0.0, 1);
    a.add_row_slice(x);
    std::vector<float> scales(3), d(300);
    std::vector<std::uint8_t> codes(300);
    ASSERT_TRUE(quantize_ds_tiles(t, {1, 300}, x, scales, codes).ok());
    ASSERT_TRUE(dequantize_ds_tiles(t, {1, 300}, scales, codes, d).ok());
    const Sums want = sums(x, d);
    const TargetError e = a.error();
    EXPECT_EQ(e.blocks, 3u) << name;
    EXPECT_EQ(e.saturated, 0u) << name;
    EXPECT_EQ(e.flushed, want.flushed) << name;
    EXPECT_EQ(e.sum_squared_error, want.squared_error) << name;
    EXPECT_EQ(e.max_abs_error, want.max_abs) << name;
    EXPECT_EQ(target(name).bits_per_element, 8 + 32 / 128.0);
    std::vector<float> with_nan = x;
    with_nan[299] = std::nanf("");
    TargetAccumulator n(target(name), 0.0, 1);
    n.add_row_slice(with_nan);
    EXPECT_EQ(n.error().non_finite, 300u - 256u - 1u) << name;  // the short group's other 43 values
  }
}

TEST(CodecBlockTargets, Q4_0SaturatesTheOtherSignBeyondSevenEighths) {
  // d = max / -8 with max = -8: the codes give -8 .. 7 (× 1). 7.6 is beyond 7: saturated (as an MX block's value
  // beyond its largest element), 0.6 off; 6.6 rounds to 7 from inside the range.
  std::vector<float> x(32, 0.0f);
  x[0] = -8.0f;
  x[1] = 7.6f;
  x[2] = 6.6f;
  TargetAccumulator a(target("gguf_q4_0"), 0.0, 1);
  a.add_row_slice(x);
  EXPECT_EQ(a.error().saturated, 1u);
  EXPECT_FLOAT_EQ(static_cast<float>(a.error().max_abs_error), 0.6f);
}

TEST(IntGroups, NamesBitsAndGptqsRuleOnAHandWorkedGroup) {
  const std::optional<IntGroupSpec> asym = parse_int_group("INT4_G128_asym");
  ASSERT_TRUE(asym.has_value());
  EXPECT_EQ(asym->name(), "int4_g128_asym");
  EXPECT_FALSE(parse_int_group("int9_g128").has_value());
  EXPECT_FALSE(parse_int_group("int4_g16").has_value());
  EXPECT_EQ(target("int4_g128").bits_per_element, 4 + 16.0 / 128);
  EXPECT_EQ(target("int4_g128_asym").bits_per_element, 4 + 20.0 / 128);
  // Asymmetric, {0, 1.5, 3}: lo 0, hi 3, scale 3/15 = 0.2 (float16 0.199951171875), z = 0; 1.5 / 0.2 is 7.5 in
  // float32, a tie rounded to even: code 8.
  const std::vector<float> x{0.0f, 1.5f, 3.0f};
  std::vector<std::uint8_t> codes(3);
  const IntGroupScale a = quantize_int_group(*asym, x, codes);
  EXPECT_EQ(a.zero, 0);
  EXPECT_EQ(codes, (std::vector<std::uint8_t>{0, 8, 15}));
  EXPECT_EQ(int_group_value(a, 8), 8 * 0.199951171875f);
  // Symmetric, the same values: no negative value, so lo stays 0 and the scale 0.2 while z = 8: 1.5 and 3 clip to
  // code 15, (15 - 8) × 0.19995.
  const IntGroupScale s = quantize_int_group(IntGroupSpec{4, 128, false}, x, codes);
  EXPECT_EQ(s.zero, 8);
  EXPECT_EQ(codes, (std::vector<std::uint8_t>{8, 15, 15}));
  TargetAccumulator acc(target("int4_g128"), 0.0, 1);
  acc.add_row_slice(x);
  EXPECT_EQ(acc.error().saturated, 2u);
}

TEST(CodecBlockTargets, RangesRunFromTheBlocksAmaxToItsFinestLevel) {
  const TargetRange nf4 = target_range(target("nf4"), 2.0, 1.0f);
  EXPECT_TRUE(nf4.per_block);
  EXPECT_EQ(nf4.saturation, 2.0);
  EXPECT_EQ(nf4.smallest_normal, 2.0 * static_cast<double>(0.07958029955625534f));  // NF4's smallest nonzero level
  EXPECT_EQ(nf4.smallest_subnormal, nf4.smallest_normal);
  EXPECT_EQ(nf4.flush, nf4.smallest_normal / 2);
  EXPECT_EQ(target_range(target("gguf_q4_0"), 8.0, 1.0f).smallest_normal, 1.0);  // d = 8 / 8
  EXPECT_DOUBLE_EQ(target_range(target("gguf_q8_0"), 127.0, 1.0f).smallest_normal, 1.0);
  EXPECT_DOUBLE_EQ(target_range(target("iq4_nl"), 127.0, 1.0f).smallest_normal, 1.0);  // kvalues_iq4nl's 1
  EXPECT_DOUBLE_EQ(target_range(target("gguf_q4_1"), 15.0, 1.0f).smallest_normal, 1.0);  // steps of 2: ±1, ±3, …
}

}  // namespace
}  // namespace typelattice
