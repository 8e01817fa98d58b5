// Tensor statistics and per-target errors (tensor_analysis.h), each checked against a second computation: the
// textbook formulas in long double, the scalar codec one value at a time, and quantize_detail's blocks.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "typelattice/block_formats.h"
#include "typelattice/minifloat.h"
#include "typelattice/tapered_formats.h"
#include "typelattice/tensor_analysis.h"
#include "typelattice/tensor_report.h"

namespace typelattice {
namespace {

std::vector<float> normal_samples(std::size_t n, float sigma, unsigned seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> dist(0.0f, sigma);
  std::vector<float> v(n);
  for (float& x : v) x = dist(rng);
  return v;
}

TensorStats stats_in_slices(const std::vector<float>& values, std::size_t slice) {
  TensorStatsAccumulator a;
  for (std::size_t i = 0; i < values.size(); i += slice) {
    a.add(std::span<const float>(values).subspan(i, std::min(slice, values.size() - i)));
  }
  return a.stats();
}

TEST(TensorStats, CountsMeanAndStdMatchTheTextbookFormulasInAnySlicing) {
  std::vector<float> values = normal_samples(10007, 3.0f, 1);
  for (float& v : values) v += 1000.0f;  // a large mean: summing raw squares would lose the variance
  values[5] = std::numeric_limits<float>::quiet_NaN();
  values[6] = -std::numeric_limits<float>::infinity();
  values[7] = 0.0f;
  values[8] = -0.0f;
  values[9] = 0x1p-140f;  // subnormal
  long double sum = 0, n = 0, amax = 0;
  for (const float v : values)
    if (std::isfinite(v)) sum += v, n += 1, amax = std::max<long double>(amax, std::fabs(v));
  const long double mean = sum / n;
  long double m2 = 0;
  for (const float v : values)
    if (std::isfinite(v)) m2 += (v - mean) * (v - mean);
  for (const std::size_t slice : {std::size_t{1}, std::size_t{7}, std::size_t{4096}, values.size()}) {
    const TensorStats s = stats_in_slices(values, slice);
    EXPECT_EQ(s.count, values.size());
    EXPECT_EQ(s.finite, values.size() - 2);
    EXPECT_EQ(s.nans, 1u);
    EXPECT_EQ(s.infinities, 1u);
    EXPECT_EQ(s.zeros, 2u);
    EXPECT_EQ(s.subnormals, 1u);
    EXPECT_EQ(s.amax, static_cast<double>(amax));
    EXPECT_NEAR(s.mean, static_cast<double>(mean), 1e-9 * 1000);
    EXPECT_NEAR(s.std, static_cast<double>(std::sqrt(m2 / n)), 1e-9 * 3) << "slice " << slice;
  }
}

TEST(TensorStats, BinadesAreFloorLog2OfTheMagnitude) {
  const std::vector<float> values = {1.0f, 1.99f, -2.0f, 0.75f, 3.0f, 0x1p-149f, 0x1.fffffep127f, 0.0f};
  const TensorStats s = stats_in_slices(values, values.size());
  auto bin = [&](int k) { return s.binades[static_cast<std::size_t>(k - kLowestBinade)]; };
  EXPECT_EQ(bin(0), 2u);     // 1, 1.99
  EXPECT_EQ(bin(1), 2u);     // -2, 3
  EXPECT_EQ(bin(-1), 1u);    // 0.75
  EXPECT_EQ(bin(-149), 1u);  // the smallest subnormal
  EXPECT_EQ(bin(127), 1u);   // the largest float32
  std::uint64_t total = 0;
  for (const std::uint64_t c : s.binades) total += c;
  EXPECT_EQ(total, 7u);  // zero has no binade
}

// The element error computed one value at a time with the scalar codec.
TargetError scalar_element_error(Format f, const CastOptions& options, const std::vector<float>& values) {
  TargetError e;
  for (const float v : values) {
    if (!std::isfinite(v)) continue;
    const double d = decode_to_float64(f, encode(f, v, options));
    if (!std::isfinite(d)) {
      ++e.non_finite;
      continue;
    }
    ++e.measured;
    e.sum_squared_input += static_cast<double>(v) * v;
    e.sum_squared_error += (d - v) * (d - v);
    e.max_abs_error = std::max(e.max_abs_error, std::fabs(d - v));
    if (v != 0 && d == 0) ++e.flushed;
    if (saturates(f, v, options)) ++e.saturated;
  }
  return e;
}

TEST(TargetAccumulator, ElementFormatsAgreeWithTheScalarCodec) {
  std::vector<float> values = normal_samples(5000, 100.0f, 2);
  values.push_back(1e6f);     // past every float8 max: clipped, or NaN/Inf without saturation
  values.push_back(-7e5f);
  values.push_back(1e-30f);   // flushed to zero
  values.push_back(std::numeric_limits<float>::quiet_NaN());  // not measured
  for (const char* name : {"float8_e4m3fn", "float8_e5m2", "float6_e2m3fn", "float4_e2m1fn", "bfloat16", "float16"}) {
    for (const bool saturate : {true, false}) {
      const Result<AnalysisTarget> target = analysis_target(name, std::nullopt, saturate, std::nullopt, false);
      ASSERT_TRUE(target.ok()) << name;
      TargetAccumulator a(*target, 0.0);
      for (std::size_t i = 0; i < values.size(); i += 999) {
        a.add_row_slice(std::span<const float>(values).subspan(i, std::min<std::size_t>(999, values.size() - i)));
      }
      const TargetError got = a.error();
      const TargetError want = scalar_element_error(*target->element, target->cast, values);
      SCOPED_TRACE(std::string(name) + (saturate ? " saturating" : " not saturating"));
      EXPECT_EQ(got.measured, want.measured);
      EXPECT_EQ(got.non_finite, want.non_finite);
      EXPECT_EQ(got.saturated, want.saturated);
      EXPECT_EQ(got.flushed, want.flushed);
      EXPECT_DOUBLE_EQ(got.sum_squared_error, want.sum_squared_error);
      EXPECT_EQ(got.max_abs_error, want.max_abs_error);
      EXPECT_DOUBLE_EQ(got.mse, want.sum_squared_error / static_cast<double>(want.measured));
      EXPECT_DOUBLE_EQ(got.sqnr_db, 10 * std::log10(want.sum_squared_input / want.sum_squared_error));
    }
  }
}

TEST(TargetAccumulator, FormatsWithoutSaturationCountOverflowAsNonFinite) {
  const std::vector<float> values = {1.0f, 1e6f, -1e6f};
  const Result<AnalysisTarget> t = analysis_target("float8_e4m3fn", std::nullopt, false, std::nullopt, false);
  ASSERT_TRUE(t.ok());
  TargetAccumulator a(*t, 1e6);
  a.add_row_slice(values);
  EXPECT_EQ(a.error().non_finite, 2u);  // e4m3fn has no Inf: both overflow to NaN
  EXPECT_EQ(a.error().measured, 1u);
  EXPECT_EQ(a.error().saturated, 0u);
}

// Rows whose length is not a multiple of the block size: each row's last block is short, as quantize_detail
// takes a row; the worst block is the one with the lowest SQNR among quantize_detail's.
TEST(TargetAccumulator, BlockFormatsAgreeWithQuantizeDetailRowByRow) {
  const std::size_t row = 40, rows = 25;
  std::vector<float> values = normal_samples(row * rows, 1.0f, 3);
  values[77] = 300.0f;   // an outlier: its block's other elements flush
  values[401] = 0.0f;
  for (const char* name : {"mxfp8_e4m3", "mxfp4_e2m1", "mxint8", "nvfp4"}) {
    for (const bool tensor_scale : {false, true}) {
      const Result<AnalysisTarget> t = analysis_target(name, std::nullopt, std::nullopt, std::nullopt, tensor_scale);
      ASSERT_TRUE(t.ok());
      const TensorStats stats = stats_in_slices(values, values.size());
      TargetAccumulator a(*t, stats.amax);
      BlockOptions options;
      options.scale_mode = t->scale_mode;
      options.tensor_scale = t->tensor_scale ? nvfp4_tensor_scale(values) : 1.0f;
      EXPECT_EQ(a.tensor_scale(), options.tensor_scale);
      double sum_squared_error = 0, worst = std::numeric_limits<double>::infinity();
      std::uint64_t saturated = 0, flushed = 0, block = 0, worst_block = 0;
      std::vector<double> block_sqnrs;
      for (std::size_t r = 0; r < rows; ++r) {
        const std::span<const float> slice = std::span<const float>(values).subspan(r * row, row);
        a.add_row_slice(slice);
        const Result<std::vector<QuantizedBlock>> detail = quantize_detail(*t->block, options, slice);
        ASSERT_TRUE(detail.ok());
        for (const QuantizedBlock& b : *detail) {
          for (const QuantizedElement& e : b.elements) sum_squared_error += e.error * e.error;
          saturated += static_cast<std::uint64_t>(b.error.saturated);
          flushed += static_cast<std::uint64_t>(b.error.flushed);
          if (b.error.sqnr_db < worst) worst = b.error.sqnr_db, worst_block = block;
          block_sqnrs.push_back(b.error.sqnr_db);
          ++block;
        }
      }
      const TargetError got = a.error();
      SCOPED_TRACE(std::string(name) + (tensor_scale ? " with tensor scale" : ""));
      EXPECT_EQ(got.blocks, block);
      EXPECT_EQ(got.measured, values.size());
      const std::size_t size = static_cast<std::size_t>(block_format_spec(*t->block).block_size);
      EXPECT_EQ(block, rows * (size == 32 ? 2 : 3));  // 32 + a short 8 (MX), 16 + 16 + 8 (NVFP4) per row
      EXPECT_NEAR(got.sum_squared_error, sum_squared_error, 1e-12 * sum_squared_error);  // summed block by block
      EXPECT_EQ(got.saturated, saturated);
      EXPECT_EQ(got.flushed, flushed);
      ASSERT_EQ(got.worst_blocks.size(), 1u);
      EXPECT_EQ(got.worst_blocks[0].index, worst_block);
      EXPECT_DOUBLE_EQ(got.worst_blocks[0].sqnr_db, worst);
      // The distribution: quantize_detail's block SQNRs sorted, the nearest ranks to a bin (0.0085 dB) below.
      std::sort(block_sqnrs.begin(), block_sqnrs.end());
      const BlockSqnrDistribution& d = got.block_sqnr;
      EXPECT_EQ(d.blocks, block);
      EXPECT_EQ(d.exact, 0u);
      EXPECT_DOUBLE_EQ(d.min_db, block_sqnrs.front());
      const double p1 = block_sqnrs[(block + 99) / 100 - 1], median = block_sqnrs[(block + 1) / 2 - 1];
      EXPECT_LE(d.p1_db, p1 + 1e-9);
      EXPECT_GE(d.p1_db, p1 - 0.0085);
      EXPECT_LE(d.median_db, median + 1e-9);
      EXPECT_GE(d.median_db, median - 0.0085);
    }
  }
}

// A row's blocks go through the sums two (or one) at a time, in chunks of blocks, whatever a slice holds: a row
// taken whole, a block at a time and three blocks at a time must give the same figures to the last bit (the report
// is the same whatever the slicing and the threads). The row: 133 blocks of 32 and a short one of 13 (an odd length),
// with a NaN, an Inf, an all-zero block, an exact block and outliers among them.
TEST(TargetAccumulator, BlockFiguresAreTheSameWhateverTheSlicing) {
  std::vector<float> values = normal_samples(32 * 133 + 13, 1.0f, 5);
  values[32 * 70 + 5] = std::numeric_limits<float>::quiet_NaN();
  values[32 * 71 + 9] = std::numeric_limits<float>::infinity();
  std::fill(values.begin() + 32 * 90, values.begin() + 32 * 91, 0.0f);
  std::fill(values.begin() + 32 * 91, values.begin() + 32 * 92, 0.5f);
  for (std::size_t b = 4; b < 133; b += 11) values[b * 32 + 7] = 60.0f * static_cast<float>(b);
  const auto same = [](const TargetError& x, const TargetError& y) {
    EXPECT_EQ(x.measured, y.measured);
    EXPECT_EQ(x.non_finite, y.non_finite);
    EXPECT_EQ(x.saturated, y.saturated);
    EXPECT_EQ(x.flushed, y.flushed);
    EXPECT_EQ(x.sum_squared_input, y.sum_squared_input);
    EXPECT_EQ(x.sum_squared_error, y.sum_squared_error);
    EXPECT_EQ(x.max_abs_error, y.max_abs_error);
    EXPECT_EQ(x.max_relative_error, y.max_relative_error);
    EXPECT_EQ(x.blocks, y.blocks);
    ASSERT_EQ(x.worst_blocks.size(), y.worst_blocks.size());
    for (std::size_t i = 0; i < x.worst_blocks.size(); ++i) {
      EXPECT_EQ(x.worst_blocks[i].index, y.worst_blocks[i].index);
      EXPECT_EQ(x.worst_blocks[i].sqnr_db, y.worst_blocks[i].sqnr_db);
    }
    EXPECT_EQ(x.block_sqnr.blocks, y.block_sqnr.blocks);
    EXPECT_EQ(x.block_sqnr.exact, y.block_sqnr.exact);
    EXPECT_EQ(x.block_sqnr.min_db, y.block_sqnr.min_db);
    EXPECT_EQ(x.block_sqnr.p1_db, y.block_sqnr.p1_db);
    EXPECT_EQ(x.block_sqnr.median_db, y.block_sqnr.median_db);
  };
  for (const char* name : {"mxfp8_e4m3", "mxfp4_e2m1", "nvfp4"}) {
    for (const bool tensor_scale : {false, true}) {
      const Result<AnalysisTarget> t = analysis_target(name, std::nullopt, std::nullopt, std::nullopt, tensor_scale);
      ASSERT_TRUE(t.ok());
      SCOPED_TRACE(std::string(name) + (tensor_scale ? " with tensor scale" : ""));
      const double amax = stats_in_slices(values, values.size()).amax;
      const std::size_t size = static_cast<std::size_t>(block_format_spec(*t->block).block_size);
      TargetAccumulator whole(*t, amax, 5);
      whole.add_row_slice(values);
      for (const std::size_t blocks : {std::size_t{1}, std::size_t{3}}) {
        TargetAccumulator sliced(*t, amax, 5);
        for (std::size_t i = 0; i < values.size(); i += blocks * size)
          sliced.add_row_slice(std::span<const float>(values).subspan(i, std::min(blocks * size, values.size() - i)));
        same(whole.error(), sliced.error());
      }
      EXPECT_EQ(whole.error().non_finite, 2 * (size - 1));  // the finite inputs of the NaN's and the Inf's blocks
      if (size == 32) {
        EXPECT_EQ(whole.error().block_sqnr.exact, 1u);  // 0.5 in every element: an MX block keeps it
      }
    }
  }
}

// The K worst blocks: quantize_detail's block SQNRs sorted (lowest first, the earlier block first on a tie), each
// with its own inputs.
TEST(TargetAccumulator, KeepsTheKWorstBlocksWithTheirValues) {
  std::vector<float> values = normal_samples(32 * 50, 1.0f, 4);
  for (std::size_t b = 0; b < 50; b += 7) values[b * 32 + 3] = 40.0f * static_cast<float>(b + 1);  // outliers
  const Result<AnalysisTarget> t = analysis_target("mxfp4_e2m1", std::nullopt, std::nullopt, std::nullopt, false);
  ASSERT_TRUE(t.ok());
  for (const std::size_t k : {std::size_t{0}, std::size_t{3}, std::size_t{60}}) {
    TargetAccumulator a(*t, 0.0, k);
    a.add_row_slice(values);
    const Result<std::vector<QuantizedBlock>> detail = quantize_detail(*t->block, BlockOptions{}, values);
    ASSERT_TRUE(detail.ok());
    std::vector<std::pair<double, std::size_t>> order;
    for (std::size_t b = 0; b < detail->size(); ++b) order.emplace_back((*detail)[b].error.sqnr_db, b);
    std::stable_sort(order.begin(), order.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    const TargetError e = a.error();
    ASSERT_EQ(e.worst_blocks.size(), std::min<std::size_t>(k, 50));
    for (std::size_t i = 0; i < e.worst_blocks.size(); ++i) {
      EXPECT_EQ(e.worst_blocks[i].index, order[i].second) << i;
      EXPECT_DOUBLE_EQ(e.worst_blocks[i].sqnr_db, order[i].first);
      const std::vector<float> block(values.begin() + static_cast<std::ptrdiff_t>(order[i].second * 32),
                                     values.begin() + static_cast<std::ptrdiff_t>(order[i].second * 32 + 32));
      EXPECT_EQ(e.worst_blocks[i].values, block);
    }
  }
}

// The tapered formats: each element rounds to the nearest of the format's values, found by searching every code
// (inputs where two codes are equally near are left out: the formats break ties their own ways), and the
// accumulator's sums are those of the elements; values past max are clipped (posits always, HiF8 when saturating).
TEST(TargetAccumulator, TaperedFormatsRoundEachValueToTheNearestCode) {
  std::vector<float> values = normal_samples(3000, 4.0f, 5);
  for (const char* name : {"posit8", "posit16", "hif8"}) {
    for (const bool saturate : {false, true}) {
      const Result<AnalysisTarget> target = analysis_target(name, std::nullopt, saturate, std::nullopt, false);
      ASSERT_TRUE(target.ok()) << name;
      ASSERT_TRUE(target->tapered.has_value());
      const TaperedFormat f = *target->tapered;
      std::vector<double> codes;
      for (std::uint32_t c = 0; c < (1u << tapered_format_bits(f)); ++c)
        if (std::isfinite(tapered_decode(f, c))) codes.push_back(tapered_decode(f, c));
      std::vector<float> kept;
      double sum_squared_error = 0;
      for (const float x : values) {
        double best = codes[0], second = INFINITY;
        for (const double v : codes) {
          const double d = std::fabs(v - x);
          if (d < std::fabs(best - x)) { second = std::fabs(best - x); best = v; }
          else if (v != best && d < second) second = d;
        }
        if (second == std::fabs(best - x) || std::fabs(x) < tapered_min_positive(f)) continue;  // a tie, or below minpos
        kept.push_back(x);
        sum_squared_error += (best - x) * (best - x);
      }
      kept.push_back(1e30f);   // past every max (posit16's is 2^56)
      const double clip = tapered_max(f);
      const bool clips = saturate || f != TaperedFormat::hif8;
      const double big = kept.back();
      if (clips) sum_squared_error += (clip - big) * (clip - big);
      TargetAccumulator a(*target, 0.0);
      a.add_row_slice(kept);
      const TargetError got = a.error();
      SCOPED_TRACE(std::string(name) + (saturate ? " saturating" : ""));
      EXPECT_GT(kept.size(), 2500u);
      EXPECT_EQ(got.saturated, clips ? 1u : 0u);
      EXPECT_EQ(got.non_finite, clips ? 0u : 1u);   // HiF8 without saturation: +Inf
      EXPECT_EQ(got.measured, clips ? kept.size() : kept.size() - 1);
      EXPECT_NEAR(got.sum_squared_error, sum_squared_error, 1e-9 * sum_squared_error);
    }
  }
  // Their ranges: max, the smallest normal and the smallest positive value, from the format's facts.
  const Result<AnalysisTarget> hif8 = analysis_target("HiFloat8", std::nullopt, std::nullopt, std::nullopt, false);
  ASSERT_TRUE(hif8.ok());
  EXPECT_EQ(hif8->name, "hif8");
  EXPECT_EQ(hif8->cast.round, RoundMode::ties_to_away);
  const TargetRange range = target_range(*hif8, 1.0, 1.0f);
  EXPECT_EQ(range.saturation, 32768.0);
  EXPECT_EQ(range.smallest_normal, std::ldexp(1.0, -15));
  EXPECT_EQ(range.smallest_subnormal, std::ldexp(1.0, -22));
}

TEST(AnalysisTarget, NamesOptionsAndRefusals) {
  const Result<AnalysisTarget> mx = analysis_target("MXFP4_E2M1", std::nullopt, std::nullopt, ScaleMode::rceil, true);
  ASSERT_TRUE(mx.ok());
  EXPECT_EQ(mx->name, "mxfp4_e2m1");                 // the tensor scale is NVFP4's only
  EXPECT_EQ(mx->scale_mode, ScaleMode::rceil);
  EXPECT_DOUBLE_EQ(mx->bits_per_element, 4.25);
  const Result<AnalysisTarget> nv = analysis_target("nvfp4", std::nullopt, std::nullopt, ScaleMode::rceil, true);
  ASSERT_TRUE(nv.ok());
  EXPECT_EQ(nv->name, "nvfp4+tensor_scale");
  EXPECT_EQ(nv->scale_mode, ScaleMode::nearest);     // rceil is not one of NVFP4's: its own mode
  const Result<AnalysisTarget> typo = analysis_target("mxfp4", std::nullopt, std::nullopt, std::nullopt, false);
  ASSERT_FALSE(typo.ok());
  EXPECT_NE(typo.error().message.find("mxfp4_e2m1"), std::string::npos) << typo.error().message;
  const Result<AnalysisTarget> f32 = analysis_target("float32", std::nullopt, std::nullopt, std::nullopt, false);
  ASSERT_FALSE(f32.ok());
  EXPECT_NE(f32.error().message.find("float32"), std::string::npos);
  EXPECT_FALSE(analysis_target("float8_e4m3fn", RoundMode::stochastic, std::nullopt, std::nullopt, false).ok());
  EXPECT_FALSE(analysis_target("float8_e4m3fn", RoundMode::up, std::nullopt, std::nullopt, false).ok());  // E8M0's
}

}  // namespace
}  // namespace typelattice
