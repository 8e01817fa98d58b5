// The block loops of tensor analysis (core/tensors/error_sums.h): many blocks at once give each block the figures
// it gets alone, and a block is marked above a bound exactly when one of its elements' relative errors exceeds it;
// both against the textbook sums in long double.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "core/tensors/error_sums.h"

namespace typelattice::analysis_sums {
namespace {

struct Blocks {
  std::size_t size = 0, count = 0;
  std::vector<float> values, results;  // results: each element's value before its block's total
  std::vector<double> totals, limits;
};

// `count` blocks of `size` normal values, each element's result its value rounded to 3 fraction bits in units of a
// power-of-two total (as MX elements are), with zeros, flushed elements and clipped ones among them.
Blocks make_blocks(std::size_t size, std::size_t count, unsigned seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> normal;
  Blocks b{size, count, {}, {}, {}, {}};
  for (std::size_t k = 0; k < count; ++k) {
    const int exponent = static_cast<int>(rng() % 9) - 4;
    const double total = std::ldexp(1.0, exponent), limit = 6 * total;
    b.totals.push_back(total);
    b.limits.push_back(limit);
    for (std::size_t i = 0; i < size; ++i) {
      float x = normal(rng) * static_cast<float>(std::ldexp(1.0, exponent + 1));
      if (rng() % 11 == 0) x = 0;
      if (rng() % 13 == 0) x *= 0x1p-12f;  // flushed to 0 below
      double q = std::nearbyint(std::ldexp(x / total, 3)) / 8;
      q = std::fmax(-6.0, std::fmin(6.0, q));
      if (std::fabs(q) < 0.25) q = 0;
      b.values.push_back(x);
      b.results.push_back(static_cast<float>(q));
    }
  }
  return b;
}

TEST(ErrorSums, ManyBlocksGiveEachBlockItsOwnFigures) {
  for (const std::size_t size : {16u, 32u, 7u, 1u}) {
    const Blocks b = make_blocks(size, 65, 7);
    std::vector<BlockSums> many(b.count);
    blocks_sums(b.values.data(), b.results.data(), size, b.count, b.totals.data(), b.limits.data(), 0.0, many.data());
    for (std::size_t k = 0; k < b.count; ++k) {
      const std::size_t at = k * size;
      const BlockSums one = block_sums(b.values.data() + at, b.results.data() + at, size, b.totals[k], b.limits[k]);
      long double signal = 0, noise = 0, max_abs = 0;
      std::uint64_t flushed = 0, saturated = 0;
      for (std::size_t i = at; i < at + size; ++i) {
        const long double x = b.values[i], d = static_cast<long double>(b.results[i]) * b.totals[k];
        signal += x * x;
        noise += (d - x) * (d - x);
        max_abs = std::fmax(max_abs, std::fabs(d - x));
        flushed += x != 0 && d == 0;
        saturated += std::fabs(x) > b.limits[k];
      }
      SCOPED_TRACE(testing::Message() << "size " << size << ", block " << k);
      EXPECT_EQ(many[k].signal, one.signal);
      EXPECT_EQ(many[k].noise, one.noise);
      EXPECT_EQ(many[k].max_abs, one.max_abs);
      EXPECT_EQ(many[k].flushed, one.flushed);
      EXPECT_EQ(many[k].saturated, one.saturated);
      if (one.noise != 0) {
        EXPECT_EQ(many[k].ratio, one.ratio);
      }
      EXPECT_NEAR(static_cast<double>(signal), one.signal, 1e-12 * one.signal);
      EXPECT_NEAR(static_cast<double>(noise), one.noise, 1e-12 * one.noise);
      EXPECT_EQ(static_cast<double>(max_abs), one.max_abs);
      EXPECT_EQ(flushed, one.flushed);
      EXPECT_EQ(saturated, one.saturated);
    }
  }
}

TEST(ErrorSums, ABlockIsAboveTheBoundWhenAnElementsRelativeErrorIs) {
  const std::size_t size = 32;
  const Blocks b = make_blocks(size, 200, 11);
  for (const double bound : {0.0, 0.01, 0.05, 0.1, 0.5, 0.99, 1.0}) {
    std::vector<BlockSums> many(b.count);
    blocks_sums(b.values.data(), b.results.data(), size, b.count, b.totals.data(), b.limits.data(), bound,
                many.data());
    std::size_t above = 0;
    for (std::size_t k = 0; k < b.count; ++k) {
      bool any = false;
      double largest = 0;  // the block's largest relative error, element by element
      for (std::size_t i = k * size; i < (k + 1) * size; ++i) {
        const double x = b.values[i], e = std::fabs(b.results[i] * b.totals[k] - x);
        any = any || e > bound * std::fabs(x);
        if (x != 0) largest = std::fmax(largest, e / std::fabs(x));
      }
      SCOPED_TRACE(testing::Message() << "bound " << bound << ", block " << k);
      EXPECT_EQ(many[k].above_bound, any);
      above += any;
      // The element block_sums finds is the block's largest relative error.
      const BlockSums one = block_sums(b.values.data() + k * size, b.results.data() + k * size, size, b.totals[k],
                                       b.limits[k]);
      EXPECT_EQ(one.relative_error / one.relative_magnitude, largest);
    }
    if (bound < 1) {
      EXPECT_GT(above, 0u) << "bound " << bound;  // the data reach every bound below 1
    }
  }
}


// The statistics' loops over every length up to 41 (each way a slice can end within or after the eight-element
// step), with NaN, Inf and the largest finite magnitude in every position.
TEST(ErrorSums, StatisticsSumsMatchTheTextbookOnEveryLength) {
  std::mt19937 rng(3);
  std::normal_distribution<float> normal;
  for (std::size_t size = 0; size <= 41; ++size) {
    for (std::size_t special = 0; special <= size; ++special) {
      std::vector<float> v(size);
      for (float& x : v) x = normal(rng);
      if (special < size) v[special] = special % 3 == 0 ? NAN : special % 3 == 1 ? -INFINITY : -1e30f;
      std::array<double, kLanes> sums;
      std::array<std::uint32_t, kLanes> tops;
      finite_sums(v.data(), size, sums, tops);
      long double sum = 0, magnitudes = 0;
      float top = 0;
      std::size_t finite = 0;
      for (const float x : v) {
        if (!std::isfinite(x)) continue;
        sum += x;
        magnitudes += std::fabs(x);
        top = std::fmax(top, std::fabs(x));
        ++finite;
      }
      const double mean = finite ? static_cast<double>(sum / finite) : 0.0;
      long double squares = 0;
      for (const float x : v)
        if (std::isfinite(x)) squares += (x - mean) * static_cast<long double>(x - mean);
      const std::array<double, kLanes> got = finite_squares(v.data(), size, mean);
      SCOPED_TRACE(testing::Message() << "size " << size << ", special at " << special);
      EXPECT_NEAR((sums[0] + sums[1]) + (sums[2] + sums[3]), static_cast<double>(sum), 1e-12 * static_cast<double>(1 + magnitudes));
      std::uint32_t largest = 0;
      for (const std::uint32_t t : tops) largest = std::max(largest, t);
      float largest_float;
      std::memcpy(&largest_float, &largest, sizeof largest_float);
      EXPECT_EQ(largest_float, top);
      EXPECT_NEAR((got[0] + got[1]) + (got[2] + got[3]), static_cast<double>(squares),
                  1e-12 * (1 + static_cast<double>(squares)));
    }
  }
}

}  // namespace
}  // namespace typelattice::analysis_sums
