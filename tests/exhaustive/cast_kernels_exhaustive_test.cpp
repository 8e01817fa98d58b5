// Every float32 bit pattern (thinned by TYPELATTICE_STRIDE), every format and mode, every instruction set
// this machine runs: the kernels equal the scalar encoder bit for bit. One test per format.
#include <gtest/gtest.h>

#include <string>

#include "tests/kernels/cast_sweep.h"

namespace typelattice {
namespace {

class CastKernelSweep : public ::testing::TestWithParam<int> {};

TEST_P(CastKernelSweep, EveryFloat32MatchesScalarEncode) {
  const auto f = static_cast<Format>(GetParam());
  const std::uint64_t stride = test::sweep_stride_from_env();
  const test::SweepReport report = test::sweep_format(f, stride);
  std::string isas;
  for (Isa isa : available_isas()) isas += std::string(isa_name(isa)) + " ";
  RecordProperty("checked", std::to_string(report.checked));
  std::printf("%s: stride %llu, %llu comparisons over [%s]\n", std::string(format_spec(f).name).c_str(),
              static_cast<unsigned long long>(stride), static_cast<unsigned long long>(report.checked),
              isas.c_str());
  for (const std::string& line : report.first) ADD_FAILURE() << line;
  EXPECT_EQ(report.mismatches, 0u);
  EXPECT_GT(report.checked, 0u);
}

INSTANTIATE_TEST_SUITE_P(AllFormats, CastKernelSweep, ::testing::Range(0, kMinifloatFormatCount),
                         [](const ::testing::TestParamInfo<int>& param_info) {
                           return std::string(format_spec(static_cast<Format>(param_info.param)).name);
                         });

}  // namespace
}  // namespace typelattice
