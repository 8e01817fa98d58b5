// The block text that `typelattice quantize` and the app's headless Blocks view print (block_text.h).
#include <gtest/gtest.h>

#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "typelattice/block_text.h"

namespace typelattice {
namespace {

std::string printf_fixed(double v, int digits) {
  char buffer[512];
  std::snprintf(buffer, sizeof buffer, "%.*f", digits, v);
  return buffer;
}

TEST(BlockText, FixedDecimalIsPrintfsFixedNotation) {
  std::vector<double> values = {0, -0.0, 0.125, 0.375, 2.5, -2.5, 0.005, 0.015, 1.005, -0.001, 99.995, 14.125,
                                1e20, 123456.785, 0.994999, 0.995, 9.995, -9.995, 5e-324, 1.7976931348623157e308};
  std::mt19937_64 random(7);
  std::uniform_real_distribution<double> spread(-200.0, 200.0);
  for (int i = 0; i < 20000; ++i) values.push_back(spread(random));
  for (int i = 0; i < 2000; ++i) values.push_back(static_cast<double>(static_cast<int>(spread(random) * 1000)) / 8.0);
  for (const double v : values)
    for (const int digits : {0, 1, 2, 3}) EXPECT_EQ(fixed_decimal(v, digits), printf_fixed(v, digits)) << v << " " << digits;
  EXPECT_EQ(fixed_decimal(std::numeric_limits<double>::infinity(), 2), "inf");
  EXPECT_EQ(fixed_decimal(-std::numeric_limits<double>::infinity(), 2), "-inf");
  EXPECT_EQ(fixed_decimal(std::numeric_limits<double>::quiet_NaN(), 2), "nan");
}

// The issue's example: an MXFP4 block holding 7.5 and 1s; floor's scale is 2^0 and 7.5 saturates to 6.
TEST(BlockText, IssueExampleLines) {
  const auto blocks = quantize_detail(BlockFormat::mxfp4_e2m1, BlockOptions{}, std::vector<float>{7.5f, 1, 1});
  ASSERT_TRUE(blocks);
  EXPECT_EQ(blocks_text(BlockFormat::mxfp4_e2m1, BlockOptions{}, false, *blocks),
            "block 1: scale 0x7f 1; mse 0.75, sqnr 14.13 dB, max abs error 1.5, saturated 1, flushed 0\n"
            "  7.5 -> 0x7 6 -> 6 saturated\n"
            "  1 -> 0x2 1 -> 1\n"
            "  1 -> 0x2 1 -> 1\n");
  const QuantizedElement& first = (*blocks)[0].elements[0];
  EXPECT_EQ(first.direction, RoundDirection::down);
  EXPECT_EQ(first.scaled, 7.5);
  EXPECT_EQ(first.error, -1.5);
  EXPECT_EQ((*blocks)[0].amax, 7.5f);
  const auto rceil = quantize_detail(BlockFormat::mxfp4_e2m1, BlockOptions{ScaleMode::rceil}, std::vector<float>{7.5f, 1, 1});
  ASSERT_TRUE(rceil);
  EXPECT_EQ((*rceil)[0].elements[0].direction, RoundDirection::up);
  EXPECT_EQ((*rceil)[0].elements[1].scaled, 0.5);
  EXPECT_EQ((*rceil)[0].elements[1].direction, RoundDirection::exact);
  EXPECT_EQ(block_element_hex(BlockFormat::mxfp6_e2m3, 0x3f), "0x3f");
  EXPECT_EQ(block_scale_hex(BlockFormat::nvfp4, 0x38), "0x38");
}

}  // namespace
}  // namespace typelattice
