// The NF4 and bitsandbytes FP4 tables: against bitsandbytes' published constants, copied by hand into this file, and
// NF4 against its construction from normal quantiles, computed here with std::erfc.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <vector>

#include "typelattice/bnb_blocks.h"

namespace typelattice {
namespace {

TEST(BnbTables, Nf4IsBitsandbytesPublishedList) {
  // bitsandbytes/functional.py, get_4bit_type("nf4") (commit 95f9af309d4d5793847169c39288dcd3fcbdf564), the
  // NormalFloat of QLoRA (arXiv 2305.14314).
  const std::array<double, 16> published{-1.0,
                                         -0.6961928009986877,
                                         -0.5250730514526367,
                                         -0.39491748809814453,
                                         -0.28444138169288635,
                                         -0.18477343022823334,
                                         -0.09105003625154495,
                                         0.0,
                                         0.07958029955625534,
                                         0.16093020141124725,
                                         0.24611230194568634,
                                         0.33791524171829224,
                                         0.44070982933044434,
                                         0.5626170039176941,
                                         0.7229568362236023,
                                         1.0};
  for (std::size_t i = 0; i < 16; ++i) {
    // Each is a float32 printed as the shortest double: it reads back exactly.
    EXPECT_EQ(static_cast<double>(static_cast<float>(published[i])), published[i]) << i;
    EXPECT_EQ(kNf4Values[i], static_cast<float>(published[i])) << i;
  }
  EXPECT_TRUE(std::is_sorted(kNf4Values.begin(), kNf4Values.end()));
}

TEST(BnbTables, Fp4IsBitsandbytesListOverTwelve) {
  // get_4bit_type("fp4"): [0, 0.0625, 8, 12, 4, 6, 2, 3, -0, -0.0625, -8, -12, -4, -6, -2, -3], divided by its
  // largest magnitude, 12, in float32. A sign bit (bit 3), 2 exponent bits and 1 mantissa bit, but not E2M1:
  // OCP's E2M1 codes 0..7 are 0, 0.5, 1, 1.5, 2, 3, 4, 6.
  const std::array<float, 16> listed{0, 0.0625f, 8, 12, 4, 6, 2, 3, -0.0f, -0.0625f, -8, -12, -4, -6, -2, -3};
  for (std::size_t i = 0; i < 16; ++i) {
    const float expected = listed[i] / 12.0f;
    EXPECT_EQ(std::bit_cast<std::uint32_t>(kBnbFp4Values[i]), std::bit_cast<std::uint32_t>(expected)) << i;
  }
  EXPECT_TRUE(std::signbit(kBnbFp4Values[8]));
  EXPECT_EQ(kBnbFp4Values[3], 1.0f);
  EXPECT_EQ(kBnbFp4Values[5], 0.5f);
}

// The standard normal quantile: bisection on Φ(x) = erfc(-x/√2)/2 in long double.
long double normal_quantile(long double p) {
  long double lo = -10, hi = 10;
  for (int i = 0; i < 200; ++i) {
    const long double mid = (lo + hi) / 2;
    (0.5L * std::erfc(-mid / std::sqrt(2.0L)) < p ? lo : hi) = mid;
  }
  return (lo + hi) / 2;
}

// torch.linspace(start, end, steps) in float32: start + step·i for the first half, end - step·(steps-1-i) after.
std::vector<float> linspace_float32(float start, float end, int steps) {
  const float step = (end - start) / static_cast<float>(steps - 1);
  std::vector<float> out;
  for (int i = 0; i < steps; ++i)
    out.push_back(i < steps / 2 ? start + step * static_cast<float>(i) : end - step * static_cast<float>(steps - 1 - i));
  return out;
}

TEST(BnbTables, Nf4IsNormalQuantilesScaledToOne) {
  // QLoRA's construction (bitsandbytes' create_normal_map(offset=0.9677083, use_extra_value=True)): the quantiles at 8
  // evenly spaced probabilities from the offset down to 0.5 (excluded) on the positive side, 7 on the negative
  // side, and 0; each as float32, sorted, divided by the largest.
  const float offset = 0.9677083f;
  std::vector<float> v;
  const std::vector<float> positive = linspace_float32(offset, 0.5f, 9), negative = linspace_float32(offset, 0.5f, 8);
  for (int i = 0; i < 8; ++i) v.push_back(static_cast<float>(normal_quantile(positive[static_cast<std::size_t>(i)])));
  for (int i = 0; i < 7; ++i) v.push_back(static_cast<float>(-normal_quantile(negative[static_cast<std::size_t>(i)])));
  v.push_back(0.0f);
  std::sort(v.begin(), v.end());
  const float top = v.back();
  for (std::size_t i = 0; i < 16; ++i) {
    const float derived = v[i] / top;
    // Bit for bit: scipy's ppf and this bisection may differ in a double's last bits, which here move no float32.
    EXPECT_EQ(std::bit_cast<std::uint32_t>(kNf4Values[i]), std::bit_cast<std::uint32_t>(derived)) << i;
  }
  EXPECT_NEAR(static_cast<double>(normal_quantile(offset)), 1.848, 0.001);  // the largest edge: about 1.85 standard deviations
}

}  // namespace
}  // namespace typelattice
