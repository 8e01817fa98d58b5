// quantize_summary: for every block format and scale mode, lengths that end inside a block, on a piece's
// boundary (64 blocks) and past it, and blocks holding NaN, Inf or only zeros, each block's summary is the
// block quantize_detail gives for all the values at once; combined_error is every kept value's error taken
// together, summed here in long double from quantize_detail's elements.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "typelattice/block_formats.h"
#include "typelattice/block_summary.h"

namespace {

using namespace typelattice;

// NaN statistics compare equal to NaN ones.
void expect_same(double a, double b, const char* what, std::size_t block) {
  if (std::isnan(a) || std::isnan(b)) EXPECT_TRUE(std::isnan(a) && std::isnan(b)) << what << " of block " << block;
  else EXPECT_EQ(a, b) << what << " of block " << block;
}

TEST(BlockSummary, EachBlockIsQuantizeDetailsBlockWithoutItsElements) {
  std::mt19937 random(7);
  std::normal_distribution<float> normal(0.0f, 3.0f);
  for (const BlockFormatSpec& spec : block_formats()) {
    const auto size = static_cast<std::size_t>(spec.block_size);
    for (const std::size_t count : {std::size_t{1}, size - 1, 64 * size, 64 * size + 1, 130 * size + 5}) {
      std::vector<float> values(count);
      for (float& v : values) v = normal(random);
      if (count > 3 * size) {
        values[size + 2] = std::numeric_limits<float>::quiet_NaN();
        values[2 * size] = std::numeric_limits<float>::infinity();
        for (std::size_t i = 3 * size; i < 4 * size && i < count; ++i) values[i] = 0.0f;
        values.back() = 1e30f;
      }
      for (const ScaleMode mode : {ScaleMode::floor, ScaleMode::ceil, ScaleMode::even, ScaleMode::rceil,
                                   ScaleMode::nearest}) {
        if (!has_scale_mode(spec.id, mode)) continue;
        const BlockOptions options = *block_options(spec.id, mode, false, values);
        const auto detail = quantize_detail(spec.id, options, values);
        const auto summary = quantize_summary(spec.id, options, values);
        ASSERT_TRUE(detail.ok() && summary.ok());
        ASSERT_EQ(summary->size(), detail->size()) << spec.name << " " << count;
        for (std::size_t b = 0; b < summary->size(); ++b) {
          const BlockSummary& s = (*summary)[b];
          const QuantizedBlock& d = (*detail)[b];
          EXPECT_EQ(s.scale_code, d.scale_code) << spec.name << " block " << b;
          EXPECT_EQ(s.count, d.elements.size());
          expect_same(s.amax, d.amax, "amax", b);
          expect_same(s.scale, d.scale, "scale", b);
          expect_same(s.error.mse, d.error.mse, "mse", b);
          expect_same(s.error.sqnr_db, d.error.sqnr_db, "sqnr", b);
          expect_same(s.error.max_abs_error, d.error.max_abs_error, "max abs error", b);
          EXPECT_EQ(s.error.saturated, d.error.saturated);
          EXPECT_EQ(s.error.flushed, d.error.flushed);
        }
      }
    }
  }
}

TEST(BlockSummary, CombinedErrorIsEveryValueOfTheBlocksWithANumberTakenTogether) {
  std::mt19937 random(11);
  std::normal_distribution<float> normal(0.0f, 2.0f);
  for (const BlockFormatSpec& spec : block_formats()) {
    const auto size = static_cast<std::size_t>(spec.block_size);
    for (const std::size_t count : {std::size_t{1}, size + 3, 70 * size}) {
      std::vector<float> values(count);
      for (float& v : values) v = normal(random);
      values[0] = 100.0f;  // an outlier: its block flushes small values
      if (count > 2 * size) values[size + 1] = std::numeric_limits<float>::quiet_NaN();  // left out
      for (const bool tensor_scale : {false, true}) {
        if (tensor_scale && !spec.takes_tensor_scale()) continue;
        const BlockOptions options = *block_options(spec.id, std::nullopt, tensor_scale, values);
        const auto detail = quantize_detail(spec.id, options, values);
        const auto summary = quantize_summary(spec.id, options, values);
        ASSERT_TRUE(detail.ok() && summary.ok());
        long double signal = 0, noise = 0, worst = 0;
        std::size_t kept = 0;
        int saturated = 0, flushed = 0;
        for (const QuantizedBlock& b : *detail) {
          if (std::isnan(b.scale)) continue;
          for (const QuantizedElement& e : b.elements) {
            const long double v = e.input, d = e.dequantized;
            signal += v * v;
            noise += (d - v) * (d - v);
            worst = std::max(worst, static_cast<long double>(std::fabs(e.error)));
            saturated += e.saturated ? 1 : 0;
            flushed += e.flushed ? 1 : 0;
            ++kept;
          }
        }
        const CombinedError combined = combined_error(*summary);
        const BlockError& all = combined.error;
        EXPECT_EQ(combined.count, kept);
        if (noise == 0) {
          EXPECT_EQ(all.sqnr_db, std::numeric_limits<double>::infinity()) << spec.name << " " << count;
        } else {
          const double expected = 10.0 * std::log10(static_cast<double>(signal / noise));
          EXPECT_NEAR(all.sqnr_db, expected, 1e-9) << spec.name << " " << count << " tensor scale " << tensor_scale;
        }
        EXPECT_NEAR(all.mse, static_cast<double>(noise / kept), 1e-12 * static_cast<double>(noise / kept));
        EXPECT_EQ(all.max_abs_error, static_cast<double>(worst));
        EXPECT_EQ(all.saturated, saturated);
        EXPECT_EQ(all.flushed, flushed);
        EXPECT_EQ(all.bits_per_element, spec.bits_per_element());
      }
    }
  }
}

TEST(BlockSummary, OneBlocksCombinedErrorIsItsOwnAndNoBlockWithANumberGivesNaN) {
  const std::vector<float> block{7.5f, 1.0f, 0.3f, -2.0f, 0.01f};
  const BlockOptions options = *block_options(BlockFormat::mxfp4_e2m1, std::nullopt, false, block);
  const auto summary = quantize_summary(BlockFormat::mxfp4_e2m1, options, block);
  const BlockError all = combined_error(*summary).error;
  EXPECT_EQ(all.sqnr_db, (*summary)[0].error.sqnr_db);
  EXPECT_EQ(all.mse, (*summary)[0].error.mse);
  EXPECT_EQ(all.flushed, (*summary)[0].error.flushed);

  const std::vector<float> exact{1.0f, 2.0f, 4.0f};
  EXPECT_EQ(combined_error(*quantize_summary(BlockFormat::mxfp4_e2m1, options, exact)).error.sqnr_db,
            std::numeric_limits<double>::infinity());

  const std::vector<float> nan{std::numeric_limits<float>::quiet_NaN(), 1.0f};
  const CombinedError none = combined_error(*quantize_summary(BlockFormat::mxfp4_e2m1, options, nan));
  EXPECT_TRUE(std::isnan(none.error.sqnr_db) && std::isnan(none.error.mse));
  EXPECT_EQ(none.count, 0u);
}

TEST(BlockSummary, NoValuesAreNoBlocksAndAModeTheFormatLacksIsAnError) {
  const std::vector<float> none;
  EXPECT_TRUE(quantize_summary(BlockFormat::mxfp4_e2m1, *block_options(BlockFormat::mxfp4_e2m1, std::nullopt, false, none),
                               none)->empty());
  BlockOptions wrong = *block_options(BlockFormat::mxfp4_e2m1, std::nullopt, false, none);
  wrong.scale_mode = ScaleMode::nearest;
  const std::vector<float> one{1.0f};
  EXPECT_FALSE(quantize_summary(BlockFormat::mxfp4_e2m1, wrong, one).ok());
}

}  // namespace
