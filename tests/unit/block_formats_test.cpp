// Block-scaled formats: the table, names, scale modes, hand-worked blocks, error statistics and dequantizing.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "typelattice/block_formats.h"

namespace typelattice {
namespace {

std::vector<std::uint8_t> scales_of(BlockFormat f, const BlockOptions& options, const std::vector<float>& values,
                                    std::vector<std::uint8_t>& codes) {
  std::vector<std::uint8_t> scales(block_count(f, values.size()));
  codes.assign(values.size(), 0xee);
  EXPECT_TRUE(quantize_blocks(f, options, values, scales, codes).ok());
  return scales;
}

TEST(BlockFormats, TableNamesItsElementsScalesAndSizes) {
  struct Row {
    BlockFormat f;
    const char* name;
    std::optional<Format> element;
    Format scale;
    int block, emax;
    double bits;
  };
  const Row rows[] = {
      {BlockFormat::mxfp8_e4m3, "mxfp8_e4m3", Format::float8_e4m3fn, Format::float8_e8m0fnu, 32, 8, 8.25},
      {BlockFormat::mxfp8_e5m2, "mxfp8_e5m2", Format::float8_e5m2, Format::float8_e8m0fnu, 32, 15, 8.25},
      {BlockFormat::mxfp6_e3m2, "mxfp6_e3m2", Format::float6_e3m2fn, Format::float8_e8m0fnu, 32, 4, 6.25},
      {BlockFormat::mxfp6_e2m3, "mxfp6_e2m3", Format::float6_e2m3fn, Format::float8_e8m0fnu, 32, 2, 6.25},
      {BlockFormat::mxfp4_e2m1, "mxfp4_e2m1", Format::float4_e2m1fn, Format::float8_e8m0fnu, 32, 2, 4.25},
      {BlockFormat::mxint8, "mxint8", std::nullopt, Format::float8_e8m0fnu, 32, 0, 8.25},
      {BlockFormat::nvfp4, "nvfp4", Format::float4_e2m1fn, Format::float8_e4m3fn, 16, 2, 4.5},
  };
  ASSERT_EQ(block_formats().size(), std::size(rows));
  for (const Row& r : rows) {
    const BlockFormatSpec& spec = block_format_spec(r.f);
    EXPECT_EQ(spec.id, r.f);
    EXPECT_EQ(spec.name, r.name);
    EXPECT_EQ(spec.element, r.element) << r.name;
    EXPECT_EQ(spec.scale, r.scale) << r.name;
    EXPECT_EQ(spec.block_size, r.block) << r.name;
    EXPECT_EQ(spec.emax_elem, r.emax) << r.name;
    EXPECT_EQ(spec.bits_per_element(), r.bits) << r.name;
    EXPECT_EQ(std::ilogb(spec.element_max), spec.emax_elem) << r.name;
    if (spec.element) {
      EXPECT_EQ(spec.element_max, format_range(*spec.element).max) << r.name;
      EXPECT_EQ(spec.element_bits, format_spec(*spec.element).total_bits()) << r.name;
      EXPECT_EQ(spec.element_mantissa_bits, format_spec(*spec.element).mantissa_bits) << r.name;
    }
    EXPECT_EQ(parse_block_format(r.name).value(), r.f);
  }
  EXPECT_EQ(block_format_spec(BlockFormat::mxint8).element_max, 127.0 / 64.0);
}

TEST(BlockFormats, NamesAreCaseInsensitiveAndTyposGetSuggestions) {
  EXPECT_EQ(parse_block_format("MXFP4_E2M1").value(), BlockFormat::mxfp4_e2m1);
  EXPECT_EQ(parse_block_format(" NvFp4 ").value(), BlockFormat::nvfp4);
  const Result<BlockFormat> typo = parse_block_format("mxfp8_e4m4");
  ASSERT_FALSE(typo.ok());
  EXPECT_EQ(typo.error().kind, ErrorKind::unknown_name);
  ASSERT_FALSE(typo.error().suggestions.empty());
  EXPECT_EQ(typo.error().suggestions.front(), "mxfp8_e4m3");
  EXPECT_NE(typo.error().message.find("did you mean"), std::string::npos) << typo.error().message;
  EXPECT_EQ(parse_scale_mode("RCEIL").value(), ScaleMode::rceil);
  const Result<ScaleMode> mode = parse_scale_mode("flor");
  ASSERT_FALSE(mode.ok());
  EXPECT_EQ(mode.error().suggestions.front(), "floor");
}

TEST(BlockFormats, OptionsRefuseModesAndTensorScalesAFormatHasNot) {
  const std::vector<float> values{1.0f, 2.0f};
  EXPECT_EQ(block_options(BlockFormat::mxfp4_e2m1, std::nullopt, false, values)->scale_mode, ScaleMode::floor);
  EXPECT_EQ(block_options(BlockFormat::nvfp4, std::nullopt, false, values)->scale_mode, ScaleMode::nearest);
  EXPECT_FALSE(block_options(BlockFormat::nvfp4, ScaleMode::floor, false, values).ok());
  EXPECT_FALSE(block_options(BlockFormat::mxfp8_e4m3, ScaleMode::nearest, false, values).ok());
  const Result<BlockOptions> mx_tensor = block_options(BlockFormat::mxint8, std::nullopt, true, values);
  ASSERT_FALSE(mx_tensor.ok());
  EXPECT_NE(mx_tensor.error().message.find("nvfp4 only"), std::string::npos);
  std::vector<std::uint8_t> scales(1), codes(2);
  BlockOptions wrong;
  wrong.scale_mode = ScaleMode::nearest;
  EXPECT_FALSE(quantize_blocks(BlockFormat::mxfp4_e2m1, wrong, values, scales, codes).ok());
  wrong = BlockOptions{};
  wrong.tensor_scale = 2.0f;
  EXPECT_FALSE(quantize_blocks(BlockFormat::mxfp4_e2m1, wrong, values, scales, codes).ok());
  std::vector<std::uint8_t> short_codes(1);
  EXPECT_FALSE(quantize_blocks(BlockFormat::mxfp4_e2m1, BlockOptions{}, values, scales, short_codes).ok());
}

// An MXFP4 block holding 7.5 and 31 ones: floor (OCP) picks 2^(floor(log2 7.5) - 2) = 2^0, and 7.5 saturates to 6;
// rceil picks the smallest 2^E >= 7.5 / 6, 2^1, and 7.5 / 2 = 3.75 rounds to 4: 8.
TEST(BlockFormats, Mxfp4SevenAndAHalfUnderFloorAndRceil) {
  std::vector<float> values(32, 1.0f);
  values[0] = 7.5f;
  std::vector<std::uint8_t> codes;
  BlockOptions options;
  EXPECT_EQ(scales_of(BlockFormat::mxfp4_e2m1, options, values, codes), std::vector<std::uint8_t>{127});
  EXPECT_EQ(codes[0], 0x7);  // 6
  EXPECT_EQ(codes[1], 0x2);  // 1
  options.scale_mode = ScaleMode::rceil;
  EXPECT_EQ(scales_of(BlockFormat::mxfp4_e2m1, options, values, codes), std::vector<std::uint8_t>{128});
  EXPECT_EQ(codes[0], 0x6);  // 4, × 2 = 8
  EXPECT_EQ(codes[1], 0x1);  // 0.5, × 2 = 1
  // ceil: 2^(ceil(log2 7.5) - 2) = 2^1; even: 7.5 = 1.111b · 2^2 rounds to 2 bits as 10.0b · 2^2 = 2^3: 2^1.
  options.scale_mode = ScaleMode::ceil;
  EXPECT_EQ(scales_of(BlockFormat::mxfp4_e2m1, options, values, codes), std::vector<std::uint8_t>{128});
  options.scale_mode = ScaleMode::even;
  EXPECT_EQ(scales_of(BlockFormat::mxfp4_e2m1, options, values, codes), std::vector<std::uint8_t>{128});
  values[0] = 6.5f;  // 1.1010b · 2^2 rounds to 1.1b · 2^2 = 6 under even: still 2^0
  EXPECT_EQ(scales_of(BlockFormat::mxfp4_e2m1, options, values, codes), std::vector<std::uint8_t>{127});
  values[0] = 7.0f;  // 1.11b · 2^2: the tie rounds away, to 2^3: 2^1
  EXPECT_EQ(scales_of(BlockFormat::mxfp4_e2m1, options, values, codes), std::vector<std::uint8_t>{128});

  const auto blocks = quantize_detail(BlockFormat::mxfp4_e2m1, BlockOptions{}, std::vector<float>{7.5f, 1, 1, 1});
  ASSERT_TRUE(blocks.ok());
  const QuantizedBlock& b = blocks->front();
  EXPECT_EQ(b.scale, 1.0);
  EXPECT_EQ(b.elements[0].dequantized, 6.0);
  EXPECT_TRUE(b.elements[0].saturated);
  EXPECT_FALSE(b.elements[1].saturated);
  EXPECT_EQ(b.error.saturated, 1);
  EXPECT_EQ(b.error.flushed, 0);
  EXPECT_EQ(b.error.max_abs_error, 1.5);
  EXPECT_EQ(b.error.mse, 2.25 / 4);
  EXPECT_DOUBLE_EQ(b.error.sqnr_db, 10 * std::log10((56.25 + 3) / 2.25));
  EXPECT_EQ(b.error.bits_per_element, 4.25);
}

// NVFP4 by hand: amax 10 gives 10 / 6 = 1.666..., between float8_e4m3fn's 1.625 (0x3d) and 1.75, nearer 1.625.
// Elements over 1.625: 10 -> 6.15 saturates to 6 (9.75); -3 -> -1.846 rounds to -2 (-3.25); 0.1 -> 0.0615 flushes
// to 0; 0.8125 -> 0.5 exactly (0x1); 1.21875 -> 0.75, the tie between 0.5 and 1, goes to the even code 1 (0x2).
TEST(BlockFormats, Nvfp4ByHand) {
  const std::vector<float> values{10.0f, -3.0f, 0.1f, 0.0f, 0.8125f, 1.21875f};
  const auto blocks = quantize_detail(BlockFormat::nvfp4, BlockOptions{ScaleMode::nearest}, values);
  ASSERT_TRUE(blocks.ok());
  const QuantizedBlock& b = blocks->front();
  EXPECT_EQ(b.scale_code, 0x3du);
  EXPECT_EQ(b.scale, 1.625);
  const std::uint32_t codes[] = {0x7, 0xc, 0x0, 0x0, 0x1, 0x2};
  const double dequantized[] = {9.75, -3.25, 0, 0, 0.8125, 1.625};
  for (std::size_t i = 0; i < values.size(); ++i) {
    EXPECT_EQ(b.elements[i].code, codes[i]) << i;
    EXPECT_EQ(b.elements[i].dequantized, dequantized[i]) << i;
  }
  EXPECT_TRUE(b.elements[0].saturated);
  EXPECT_TRUE(b.elements[2].flushed);
  EXPECT_FALSE(b.elements[3].flushed);  // zero stays zero: not flushed
  EXPECT_EQ(b.error.bits_per_element, 4.5);
  // A block of tiny values gets the clamp's 2^-9 (code 0x01), not a zero scale.
  const auto tiny = quantize_detail(BlockFormat::nvfp4, BlockOptions{ScaleMode::nearest}, std::vector<float>{1e-6f});
  EXPECT_EQ(tiny->front().scale_code, 0x01u);
  // amax / 6 beyond 448 clamps to 448 (0x7e).
  const auto huge = quantize_detail(BlockFormat::nvfp4, BlockOptions{ScaleMode::nearest}, std::vector<float>{1e6f});
  EXPECT_EQ(huge->front().scale_code, 0x7eu);
  EXPECT_EQ(huge->front().elements[0].dequantized, 2688.0);
}

// With the per-tensor scale t = amax / 2688 (float32), amax 2688 gives t = 1 and the block scale 448.
TEST(BlockFormats, Nvfp4TensorScale) {
  std::vector<float> values(32, 0.0f);
  values[0] = 2688.0f;
  values[16] = 3.0f;
  EXPECT_EQ(nvfp4_tensor_scale(values), 1.0f);
  values[5] = std::numeric_limits<float>::infinity();  // non-finite values do not count
  EXPECT_EQ(nvfp4_tensor_scale(values), 1.0f);
  values[5] = 0;
  EXPECT_EQ(nvfp4_tensor_scale(std::vector<float>{0.0f}), 0x1p-149f);
  values[0] = 1.0f;  // t = 1 / 2688, rounded to float32
  values[16] = 0.5f;
  const float t = nvfp4_tensor_scale(values);
  EXPECT_EQ(t, static_cast<float>(1.0 / 2688.0));
  const auto options = block_options(BlockFormat::nvfp4, std::nullopt, true, values);
  ASSERT_TRUE(options.ok());
  EXPECT_EQ(options->tensor_scale, t);
  const auto blocks = quantize_detail(BlockFormat::nvfp4, *options, values);
  ASSERT_TRUE(blocks.ok());
  // Block 0: amax 1 / (6 t) ≈ 448.0000x -> 448; element 1 / (448 t) ≈ 6 -> 6: dequantized 6 · 448 · t.
  EXPECT_EQ((*blocks)[0].scale_code, 0x7eu);
  EXPECT_EQ((*blocks)[0].elements[0].code, 0x7u);
  EXPECT_EQ((*blocks)[0].elements[0].dequantized, 6.0 * 448.0 * static_cast<double>(t));
}

TEST(BlockFormats, ZeroBlocksGetTheSmallestScaleAndSpecialsTheNaNScale) {
  std::vector<std::uint8_t> codes;
  for (const BlockFormatSpec& spec : block_formats()) {
    if (!spec.power_of_two_scale()) continue;
    for (const ScaleMode mode : {ScaleMode::floor, ScaleMode::ceil, ScaleMode::even, ScaleMode::rceil}) {
      BlockOptions options{mode};
      EXPECT_EQ(scales_of(spec.id, options, std::vector<float>(40, 0.0f), codes),
                (std::vector<std::uint8_t>{0, 0})) << spec.name;
      std::vector<float> special(40, 1.0f);
      special[3] = std::numeric_limits<float>::quiet_NaN();
      special[35] = -std::numeric_limits<float>::infinity();
      EXPECT_EQ(scales_of(spec.id, options, special, codes), (std::vector<std::uint8_t>{0xff, 0xff})) << spec.name;
      EXPECT_EQ(codes, std::vector<std::uint8_t>(40, 0));
    }
  }
  std::vector<float> special(16, 1.0f);
  special[15] = std::numeric_limits<float>::infinity();
  EXPECT_EQ(scales_of(BlockFormat::nvfp4, BlockOptions{ScaleMode::nearest}, special, codes),
            std::vector<std::uint8_t>{0x7f});
  const auto detail = quantize_detail(BlockFormat::nvfp4, BlockOptions{ScaleMode::nearest}, special);
  EXPECT_TRUE(std::isnan(detail->front().elements[0].dequantized));
  EXPECT_TRUE(std::isnan(detail->front().error.sqnr_db));
}

TEST(BlockFormats, ExponentsClampToE8M0sRange) {
  std::vector<std::uint8_t> codes;
  // float32's largest value: floor(log2) = 127, minus emax 0 (MXINT8): 127; rceil: 2^128 would be needed: 127.
  for (const ScaleMode mode : {ScaleMode::floor, ScaleMode::ceil, ScaleMode::even, ScaleMode::rceil}) {
    EXPECT_EQ(scales_of(BlockFormat::mxint8, BlockOptions{mode}, {std::numeric_limits<float>::max()}, codes),
              std::vector<std::uint8_t>{254});
    EXPECT_EQ(codes[0], 127);  // 1.99999988 · 2^127 / 2^127 · 64 = 127.99999 -> clipped to 127
    // The smallest subnormal: floor(log2) = -149 -> -127.
    EXPECT_EQ(scales_of(BlockFormat::mxfp8_e4m3, BlockOptions{mode}, {0x1p-149f}, codes),
              std::vector<std::uint8_t>{0});
    EXPECT_EQ(codes[0], 0);  // 2^-149 / 2^-127 = 2^-22: below E4M3's 2^-10 half-subnormal: flushed
  }
}

TEST(BlockFormats, MxInt8ElementsAreTwosComplementSixtyFourths) {
  EXPECT_EQ(block_element_value(BlockFormat::mxint8, 0x7f), 127.0 / 64);
  EXPECT_EQ(block_element_value(BlockFormat::mxint8, 0x81), -127.0 / 64);
  EXPECT_EQ(block_element_value(BlockFormat::mxint8, 0x80), -2.0);  // never produced: clipped to ±127
  std::vector<std::uint8_t> codes;
  // amax 1 -> E = 0; 1.5/64 · 64 = 1.5 -> 2 (ties to even), 2.5/64 -> 2, -0.5/64 -> -0 = 0, -1.99 -> -127.
  EXPECT_EQ(scales_of(BlockFormat::mxint8, BlockOptions{}, {1.0f, 1.5f / 64, 2.5f / 64, -0.5f / 64, -1.99f}, codes),
            std::vector<std::uint8_t>{127});
  EXPECT_EQ(codes, (std::vector<std::uint8_t>{64, 2, 2, 0, 0x81}));
}

TEST(BlockFormats, DequantizeIsExactAndRoundsOnceToFloat32) {
  const std::vector<std::uint8_t> scales{254, 0xff};
  std::vector<std::uint8_t> codes(40, 0x7e);  // E4M3 448
  std::vector<double> exact(40);
  std::vector<float> rounded(40);
  ASSERT_TRUE(dequantize_blocks(BlockFormat::mxfp8_e4m3, scales, codes, std::span<double>(exact)).ok());
  ASSERT_TRUE(dequantize_blocks(BlockFormat::mxfp8_e4m3, scales, codes, std::span<float>(rounded)).ok());
  EXPECT_EQ(exact[0], std::ldexp(448.0, 127));
  EXPECT_TRUE(std::isinf(rounded[0]));
  EXPECT_TRUE(std::isnan(exact[32]));  // a NaN scale: the whole block is NaN
  EXPECT_TRUE(std::isnan(rounded[39]));
  // Errors: too few scales, a code wider than the element, a tensor scale on MX.
  EXPECT_FALSE(dequantize_blocks(BlockFormat::mxfp8_e4m3, std::vector<std::uint8_t>{1}, codes,
                                 std::span<double>(exact)).ok());
  const Result<std::size_t> wide = dequantize_blocks(BlockFormat::mxfp4_e2m1, scales, codes, std::span<double>(exact));
  ASSERT_FALSE(wide.ok());
  EXPECT_NE(wide.error().message.find("does not fit"), std::string::npos);
  EXPECT_FALSE(dequantize_blocks(BlockFormat::mxfp8_e4m3, scales, codes, std::span<double>(exact), 0.5f).ok());
  EXPECT_FALSE(dequantize_blocks(BlockFormat::nvfp4, std::vector<std::uint8_t>{0x38, 0x38, 0x38},
                                 std::vector<std::uint8_t>(40, 1), std::span<double>(exact), 0.0f).ok());
}

TEST(BlockFormats, QuantizeThenDequantizeGivesTheDetailsValues) {
  std::vector<float> values;
  for (int i = 0; i < 77; ++i) values.push_back(static_cast<float>(std::sin(i * 0.7) * std::exp(i % 9)));
  for (const BlockFormatSpec& spec : block_formats()) {
    BlockOptions options{spec.default_scale_mode};
    std::vector<std::uint8_t> codes;
    const std::vector<std::uint8_t> scales = scales_of(spec.id, options, values, codes);
    std::vector<double> back(values.size());
    ASSERT_TRUE(dequantize_blocks(spec.id, scales, codes, std::span<double>(back)).ok());
    const auto blocks = quantize_detail(spec.id, options, values);
    ASSERT_TRUE(blocks.ok());
    ASSERT_EQ(blocks->size(), scales.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
      const QuantizedElement& e = (*blocks)[i / spec.block_size].elements[i % spec.block_size];
      EXPECT_EQ(e.code, codes[i]);
      EXPECT_EQ(e.dequantized, back[i]) << spec.name << " " << i;
    }
  }
}

}  // namespace
}  // namespace typelattice
