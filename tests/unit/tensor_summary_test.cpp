// A file's summary (tensor_summary.h): the tensors' results added up give what the same values give as one tensor,
// and each target's worst tensor is the one with the lowest SQNR.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "typelattice/tensor_summary.h"

namespace typelattice {
namespace {

// One tensor of `values` (rows of 64: whole MX and NVFP4 blocks, so that one tensor of them all has the same
// blocks) through the statistics and every target, as analyze runs it.
TensorResult analyze_values(const TensorEntry& entry, const std::vector<float>& values,
                            const std::vector<AnalysisTarget>& targets) {
  TensorResult r;
  r.tensor = &entry;
  r.count = values.size();
  r.row_length = 64;
  TensorStatsAccumulator stats;
  stats.add(values);
  r.stats = stats.stats();
  for (const AnalysisTarget& t : targets) {
    TargetAccumulator a(t, 0.0);
    for (std::size_t row = 0; row < values.size(); row += 64)
      a.add_row_slice(std::span<const float>(values).subspan(row, 64));
    r.errors.push_back(a.error());
    r.tensor_scales.push_back(a.tensor_scale());
  }
  return r;
}

TEST(FileSummary, TensorsAddUpToTheirValuesAsOneTensor) {
  Result<std::vector<AnalysisTarget>> targets = analysis_targets(
      std::vector<std::string>{"float8_e4m3fn", "bfloat16", "mxfp8_e4m3", "mxfp4_e2m1", "nvfp4"}, {}, {}, {}, false);
  ASSERT_TRUE(static_cast<bool>(targets));
  std::mt19937 rng(5);
  std::vector<std::vector<float>> tensors;
  for (const float sigma : {0.02f, 1.0f, 300.0f}) {  // very different scales: the merge of means and deviations
    std::normal_distribution<float> normal(sigma / 10, sigma);
    std::vector<float> v(64 * 40);
    for (float& x : v) x = normal(rng);
    v[7] = 0;
    v[100] = 0x1p-140f;  // a subnormal
    tensors.push_back(v);
  }
  std::vector<TensorEntry> entries(3);
  FileSummaryAccumulator summary(targets->size());
  std::vector<float> all;
  std::vector<TensorResult> results;
  for (std::size_t t = 0; t < tensors.size(); ++t) {
    entries[t].name = "t" + std::to_string(t);
    results.push_back(analyze_values(entries[t], tensors[t], *targets));
    summary.add(results.back());
    all.insert(all.end(), tensors[t].begin(), tensors[t].end());
  }
  TensorEntry whole;
  const TensorResult one = analyze_values(whole, all, *targets);
  const FileSummary s = summary.summary();
  EXPECT_EQ(s.tensors, 3u);
  EXPECT_EQ(s.stats.count, one.stats.count);
  EXPECT_EQ(s.stats.finite, one.stats.finite);
  EXPECT_EQ(s.stats.zeros, one.stats.zeros);
  EXPECT_EQ(s.stats.subnormals, one.stats.subnormals);
  EXPECT_EQ(s.stats.amax, one.stats.amax);
  EXPECT_EQ(s.stats.binades, one.stats.binades);
  EXPECT_NEAR(s.stats.mean, one.stats.mean, 1e-12 * one.stats.amax);
  EXPECT_NEAR(s.stats.std, one.stats.std, 1e-12 * one.stats.std);
  for (std::size_t i = 0; i < targets->size(); ++i) {
    SCOPED_TRACE((*targets)[i].name);
    const TargetError &got = s.errors[i], &want = one.errors[i];
    EXPECT_EQ(got.measured, want.measured);
    EXPECT_EQ(got.saturated, want.saturated);
    EXPECT_EQ(got.flushed, want.flushed);
    EXPECT_EQ(got.non_finite, want.non_finite);
    EXPECT_EQ(got.max_abs_error, want.max_abs_error);
    EXPECT_EQ(got.max_relative_error, want.max_relative_error);
    EXPECT_NEAR(got.mse, want.mse, 1e-12 * want.mse);
    EXPECT_NEAR(got.sqnr_db, want.sqnr_db, 1e-9);
    EXPECT_EQ(got.blocks, want.blocks);
    EXPECT_EQ(got.block_sqnr.blocks, want.block_sqnr.blocks);
    EXPECT_EQ(got.block_sqnr.exact, want.block_sqnr.exact);
    if (want.block_sqnr.blocks != 0) {
      EXPECT_EQ(got.block_sqnr.min_db, want.block_sqnr.min_db);
    }
    EXPECT_TRUE(std::isnan(got.block_sqnr.median_db));  // per tensor only
    // The worst tensor: the lowest of the three SQNRs, by name.
    std::size_t worst = 0;
    for (std::size_t t = 1; t < results.size(); ++t)
      if (results[t].errors[i].sqnr_db < results[worst].errors[i].sqnr_db) worst = t;
    EXPECT_EQ(s.worst_tensors[i], entries[worst].name);
    EXPECT_EQ(s.worst_tensor_sqnr_db[i], results[worst].errors[i].sqnr_db);
  }
}

TEST(FileSummary, NoTensorOrNothingMeasuredHasNoWorstTensor) {
  Result<std::vector<AnalysisTarget>> targets =
      analysis_targets(std::vector<std::string>{"mxfp4_e2m1"}, {}, {}, {}, false);
  ASSERT_TRUE(static_cast<bool>(targets));
  FileSummaryAccumulator summary(1);
  FileSummary empty = summary.summary();
  EXPECT_EQ(empty.tensors, 0u);
  EXPECT_TRUE(std::isnan(empty.worst_tensor_sqnr_db[0]));
  EXPECT_TRUE(std::isnan(empty.errors[0].block_sqnr.min_db));
  EXPECT_EQ(empty.errors[0].sqnr_db, INFINITY);  // as a tensor with nothing measured
  EXPECT_EQ(empty.errors[0].mse, 0.0);
  // A tensor of NaNs only: nothing measured, still no worst tensor; its NaNs are counted.
  TensorEntry entry;
  entry.name = "nan";
  summary.add(analyze_values(entry, std::vector<float>(64, NAN), *targets));
  const FileSummary s = summary.summary();
  EXPECT_EQ(s.stats.nans, 64u);
  EXPECT_EQ(s.errors[0].measured, 0u);
  EXPECT_EQ(s.errors[0].sqnr_db, INFINITY);
  EXPECT_TRUE(std::isnan(s.worst_tensor_sqnr_db[0]));
  EXPECT_EQ(s.worst_tensors[0], "");
}

}  // namespace
}  // namespace typelattice
