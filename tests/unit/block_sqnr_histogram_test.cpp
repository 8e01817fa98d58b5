// The per-block SQNR distribution (block_sqnr_histogram.h) against the blocks' SQNRs sorted: the minimum exactly,
// the 1st percentile and median as the nearest rank within one bin (0.0085 dB) below, exact blocks as +Inf, and
// the same figures whatever the order the blocks come in.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <utility>
#include <vector>

#include "typelattice/block_sqnr_histogram.h"
#include "tests/unit/cast_test_inputs.h"

namespace typelattice {
namespace {

using test::kInf;
constexpr double kBinDb = 0.0085;  // 10 log10(1 + 2^-9), the widest bin

using Block = std::pair<double, double>;  // signal, noise

BlockSqnrDistribution distribution_of(const std::vector<Block>& blocks) {
  BlockSqnrHistogram h;
  for (const auto& [signal, noise] : blocks) h.add(signal, noise);
  return h.distribution();
}

// The k-th lowest SQNR in dB (k from 1), from the blocks sorted.
double nearest_rank(const std::vector<Block>& blocks, std::size_t k) {
  std::vector<double> db;
  for (const auto& [signal, noise] : blocks) db.push_back(noise == 0 ? kInf : 10 * std::log10(signal / noise));
  std::sort(db.begin(), db.end());
  return db[k - 1];
}

void expect_within_a_bin_below(double got, double want, const char* what) {
  if (std::isinf(want)) {
    EXPECT_EQ(got, want) << what;
    return;
  }
  EXPECT_LE(got, want) << what;
  EXPECT_GE(got, want - kBinDb) << what;
}

std::vector<Block> random_blocks(std::size_t n, std::size_t exact, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> decibels(-5.0, 60.0), signal(1e-6, 1e6);
  std::vector<Block> blocks;
  for (std::size_t i = 0; i < n; ++i) {
    const double s = signal(rng);
    blocks.emplace_back(s, i < exact ? 0.0 : s / std::pow(10.0, decibels(rng) / 10));
  }
  std::shuffle(blocks.begin(), blocks.end(), rng);
  return blocks;
}

TEST(BlockSqnrHistogram, MinExactlyPercentilesByNearestRankWithinABin) {
  for (const std::size_t n : {1u, 2u, 99u, 100u, 101u, 1000u, 54321u}) {
    const std::vector<Block> blocks = random_blocks(n, n / 10, static_cast<unsigned>(n));
    const BlockSqnrDistribution d = distribution_of(blocks);
    SCOPED_TRACE(n);
    EXPECT_EQ(d.blocks, n);
    EXPECT_EQ(d.exact, n / 10);
    EXPECT_EQ(d.min_db, nearest_rank(blocks, 1));
    expect_within_a_bin_below(d.p1_db, nearest_rank(blocks, (n + 99) / 100), "p1");
    expect_within_a_bin_below(d.median_db, nearest_rank(blocks, (n + 1) / 2), "median");
    EXPECT_GE(d.p1_db, d.min_db);
  }
}

TEST(BlockSqnrHistogram, TheOrderOfTheBlocksDoesNotMatter) {
  std::vector<Block> blocks = random_blocks(5000, 40, 9);
  const BlockSqnrDistribution first = distribution_of(blocks);
  std::reverse(blocks.begin(), blocks.end());
  const BlockSqnrDistribution reversed = distribution_of(blocks);
  EXPECT_EQ(reversed.min_db, first.min_db);
  EXPECT_EQ(reversed.p1_db, first.p1_db);
  EXPECT_EQ(reversed.median_db, first.median_db);
}

TEST(BlockSqnrHistogram, ExactBlocksAreInfinite) {
  // 3 of 5 exact: the median (the 3rd lowest) is exact, the 1st percentile (the lowest) is not.
  const std::vector<Block> mostly_exact = {{1, 0}, {4, 1}, {2, 0}, {100, 1}, {3, 0}};
  const BlockSqnrDistribution d = distribution_of(mostly_exact);
  EXPECT_EQ(d.blocks, 5u);
  EXPECT_EQ(d.exact, 3u);
  EXPECT_DOUBLE_EQ(d.min_db, 10 * std::log10(4.0));
  EXPECT_DOUBLE_EQ(d.p1_db, 10 * std::log10(4.0));  // 4 is a bin's edge: read back exactly
  EXPECT_EQ(d.median_db, kInf);
  const BlockSqnrDistribution all = distribution_of({{1, 0}, {7, 0}});
  EXPECT_EQ(all.exact, 2u);
  EXPECT_EQ(all.min_db, kInf);
  EXPECT_EQ(all.median_db, kInf);
}

TEST(BlockSqnrHistogram, NoBlocksNoFigures) {
  const BlockSqnrDistribution d = distribution_of({});
  EXPECT_EQ(d.blocks, 0u);
  EXPECT_TRUE(std::isnan(d.min_db) && std::isnan(d.p1_db) && std::isnan(d.median_db));
}

// Ratios far apart (below 1, and past 10^300) each get a bin of their own octave.
TEST(BlockSqnrHistogram, WholeRangeOfRatios) {
  const std::vector<Block> blocks = {{1e-3, 1}, {1e300, 1e-5}, {1, 1e-2}};
  const BlockSqnrDistribution d = distribution_of(blocks);
  EXPECT_DOUBLE_EQ(d.min_db, -30.0);
  expect_within_a_bin_below(d.median_db, 20.0, "median");
}

}  // namespace
}  // namespace typelattice
