// The report's pieces the app draws from (tensor_report.h): each target's range, from the formats' definitions
// (OCP FP8 and MX v1.0, NVIDIA's NVFP4), and the order of the targets by SQNR with the best first.
#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "typelattice/tensor_report.h"

namespace typelattice {
namespace {

AnalysisTarget report_target(const std::string& name) {
  Result<AnalysisTarget> t = analysis_target(name, std::nullopt, std::nullopt, std::nullopt, false);
  EXPECT_TRUE(static_cast<bool>(t)) << name;
  return *t;
}

TEST(TargetRange, ElementFormatsAreTheirFiniteRange) {
  // float8_e4m3fn: max 448, smallest normal 2^-6, smallest subnormal 2^-9; below half of that, RNE gives 0.
  const TargetRange e4m3 = target_range(report_target("float8_e4m3fn"), 1000.0, 1.0f);
  EXPECT_EQ(e4m3.saturation, 448.0);
  EXPECT_EQ(e4m3.smallest_normal, std::ldexp(1.0, -6));
  EXPECT_EQ(e4m3.smallest_subnormal, std::ldexp(1.0, -9));
  EXPECT_EQ(e4m3.flush, std::ldexp(1.0, -10));
  EXPECT_FALSE(e4m3.per_block);
  // float8_e5m2: max 57344, smallest normal 2^-14, smallest subnormal 2^-16; the tensor's amax does not matter.
  const TargetRange e5m2 = target_range(report_target("float8_e5m2"), 1e-3, 1.0f);
  EXPECT_EQ(e5m2.saturation, 57344.0);
  EXPECT_EQ(e5m2.smallest_normal, std::ldexp(1.0, -14));
  EXPECT_EQ(e5m2.smallest_subnormal, std::ldexp(1.0, -16));
}

TEST(TargetRange, BlockFormatsFollowTheScaleOfABlockAtAmax) {
  // MXFP4, floor: amax 10000 has floor(log2) 13, E2M1's emax is 2, so the scale is 2^11; E2M1 holds 0.5 to 6.
  const TargetRange mxfp4 = target_range(report_target("mxfp4_e2m1"), 10000.0, 1.0f);
  EXPECT_TRUE(mxfp4.per_block);
  EXPECT_EQ(mxfp4.saturation, 6.0 * 2048);
  EXPECT_EQ(mxfp4.smallest_normal, 2048.0);
  EXPECT_EQ(mxfp4.smallest_subnormal, 1024.0);
  EXPECT_EQ(mxfp4.flush, 512.0);
  // NVFP4: amax 6 gives the E4M3 scale 6 / 6 = 1; with a tensor scale t every bound is t times larger.
  const TargetRange nvfp4 = target_range(report_target("nvfp4"), 6.0, 1.0f);
  EXPECT_EQ(nvfp4.saturation, 6.0);
  EXPECT_EQ(nvfp4.smallest_subnormal, 0.5);
  const TargetRange scaled = target_range(report_target("nvfp4"), 6.0, 0.25f);
  EXPECT_EQ(scaled.saturation, 6.0);  // the block scale becomes 4: 4 x 0.25 x 6
  EXPECT_EQ(scaled.smallest_subnormal, 0.5);
  const TargetRange small = target_range(report_target("nvfp4"), 6.0, 0.5f);
  EXPECT_EQ(small.saturation, 6.0);
  // MXINT8: elements q / 64 (no subnormals), at amax 1 the scale is 2^0: up to 127/64, steps of 1/64.
  const TargetRange mxint8 = target_range(report_target("mxint8"), 1.0, 1.0f);
  EXPECT_EQ(mxint8.saturation, 127.0 / 64);
  EXPECT_EQ(mxint8.smallest_normal, 1.0 / 64);
  EXPECT_EQ(mxint8.smallest_subnormal, 1.0 / 64);
}

TEST(TargetsBySqnr, HighestFirstFewerBitsOnATieNothingMeasuredLast) {
  const std::vector<AnalysisTarget> targets = {report_target("float8_e4m3fn"), report_target("mxfp8_e4m3"), report_target("float8_e5m2"),
                                               report_target("nvfp4")};
  std::vector<TargetError> errors(4);
  errors[0].sqnr_db = 20.0;
  errors[1].sqnr_db = 31.0;
  errors[2].sqnr_db = 31.0;  // as good as mxfp8_e4m3 with 8 bits instead of 8.25: best
  errors[3].sqnr_db = std::nan("");
  const std::vector<std::size_t> order = targets_by_sqnr(targets, errors);
  EXPECT_EQ(order, (std::vector<std::size_t>{2, 1, 0, 3}));
  EXPECT_EQ(order.front(), best_target(targets, errors));
}

TEST(BestTarget, SqnrsWithinTheirSumsRoundingAreATie) {
  // float8_e4m3fn and mxfp8_e4m3 give the same values on a tensor whose MX scales are all 1, but add up their
  // squares in different orders: the last digits differ (found on a trained network's 3x3 filter scales).
  const std::vector<AnalysisTarget> targets = {report_target("mxfp8_e4m3"), report_target("float8_e4m3fn")};
  std::vector<TargetError> errors(2);
  errors[0].sqnr_db = 32.93639008993869;
  errors[1].sqnr_db = 32.93639008993868;
  EXPECT_EQ(best_target(targets, errors), 1u);  // fewer bits
  errors[1].sqnr_db = errors[0].sqnr_db - 2 * kSqnrTieDb;
  EXPECT_EQ(best_target(targets, errors), 0u);  // really lower
  // Nothing measured is never best over a measured target, whichever comes first.
  errors[0].sqnr_db = std::nan("");
  EXPECT_EQ(best_target(targets, errors), 1u);
  errors[0].sqnr_db = 10.0;
  errors[1].sqnr_db = std::nan("");
  EXPECT_EQ(best_target(targets, errors), 0u);
  // Two exact targets (+Inf) tie: the fewer bits win.
  errors[0].sqnr_db = errors[1].sqnr_db = INFINITY;
  EXPECT_EQ(best_target(targets, errors), 1u);
}

}  // namespace
}  // namespace typelattice
