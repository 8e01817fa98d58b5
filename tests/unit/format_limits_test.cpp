// Extreme values of every format, as ml_dtypes' finfo and the OCP MX spec list them.
#include <gtest/gtest.h>

#include <cmath>

#include "core/format_limits.h"

using namespace typelattice;

TEST(FormatLimits, MatchThePublishedValues) {
  struct Known { Format f; double max, min_normal, min_subnormal; };
  const Known known[] = {
      {Format::float8_e4m3fn, 448, std::ldexp(1, -6), std::ldexp(1, -9)},
      {Format::float8_e4m3fnuz, 240, std::ldexp(1, -7), std::ldexp(1, -10)},
      {Format::float8_e5m2, 57344, std::ldexp(1, -14), std::ldexp(1, -16)},
      {Format::float8_e5m2fnuz, 57344, std::ldexp(1, -15), std::ldexp(1, -17)},
      {Format::float8_e4m3b11fnuz, 30, std::ldexp(1, -10), std::ldexp(1, -13)},
      {Format::float8_e3m4, 15.5, std::ldexp(1, -2), std::ldexp(1, -6)},
      {Format::float8_e4m3, 240, std::ldexp(1, -6), std::ldexp(1, -9)},
      {Format::float8_e8m0fnu, std::ldexp(1, 127), std::ldexp(1, -127), std::ldexp(1, -127)},
      {Format::float6_e2m3fn, 7.5, 1, 0.125},
      {Format::float6_e3m2fn, 28, 0.25, 0.0625},
      {Format::float4_e2m1fn, 6, 1, 0.5},
      {Format::bfloat16, 3.3895313892515355e38, std::ldexp(1, -126), std::ldexp(1, -133)},
      {Format::float16, 65504, std::ldexp(1, -14), std::ldexp(1, -24)},
  };
  for (const Known& k : known) {
    const FormatLimits l = format_limits(k.f);
    const auto name = format_spec(k.f).name;
    EXPECT_EQ(l.max, k.max) << name;
    EXPECT_EQ(l.min_normal, k.min_normal) << name;
    EXPECT_EQ(l.min_subnormal, k.min_subnormal) << name;
  }
}
