// The block kernels on every instruction set this machine runs (tests/kernels/block_sweep.h): every float32
// pattern in blocks (thinned by TYPELATTICE_STRIDE) against a second scalar implementation, and every scale with
// every element value and midpoint against the reference. One test per block format.
#include <gtest/gtest.h>

#include <string>

#include "tests/kernels/block_sweep.h"

namespace typelattice {
namespace {

class BlockKernelSweep : public ::testing::TestWithParam<int> {};

TEST_P(BlockKernelSweep, EveryFloat32AndEveryScaleMatch) {
  const auto f = static_cast<BlockFormat>(GetParam());
  const std::uint64_t stride = test::sweep_stride_from_env();
  const test::SweepReport report = test::sweep_block_format(f, stride);
  std::printf("%s: stride %llu, %llu comparisons\n", std::string(block_format_name(f)).c_str(),
              static_cast<unsigned long long>(stride), static_cast<unsigned long long>(report.checked));
  for (const std::string& line : report.first) ADD_FAILURE() << line;
  EXPECT_EQ(report.mismatches, 0u);
  EXPECT_GT(report.checked, 0u);
}

INSTANTIATE_TEST_SUITE_P(AllBlockFormats, BlockKernelSweep, ::testing::Range(0, kBlockFormatCount),
                         [](const ::testing::TestParamInfo<int>& param_info) {
                           return std::string(block_format_name(static_cast<BlockFormat>(param_info.param)));
                         });

}  // namespace
}  // namespace typelattice
