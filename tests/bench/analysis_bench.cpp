// Tensor analysis in memory, without the file read (core/tensors/analysis.cpp): analysis/<what>/<elements> feeds
// one tensor of standard normal float32 values, slice by slice as `typelattice analyze` cuts it (2^18 elements per
// slice), to the statistics (`stats`), to one target's accumulator (`mxfp8_e4m3`, `mxfp4_e2m1`, `nvfp4`), or to
// all of them (`stats+mxfp8_e4m3+mxfp4_e2m1+nvfp4`, what one thread of analyze does per slice with those targets).
// items/s are input elements, so the last figure is analyze's rate on one core for its benchmark's targets.
#include <benchmark/benchmark.h>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "typelattice/tensor_analysis.h"

namespace typelattice {
namespace {

constexpr std::size_t kSlice = std::size_t{1} << 18;

// Standard normal values (Box-Muller over xorshift32): weights look like this, and the relative errors and the
// worst blocks take their usual paths.
std::vector<float> normal_floats(std::size_t n) {
  std::vector<float> v(n);
  std::uint32_t state = 2463534242u;
  const auto unit = [&] {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    return (static_cast<double>(state >> 8) + 0.5) * 0x1p-24;
  };
  for (std::size_t i = 0; i < n; ++i)
    v[i] = static_cast<float>(std::sqrt(-2 * std::log(unit())) * std::cos(6.283185307179586 * unit()));
  return v;
}

void bench_analysis(benchmark::State& state, bool stats, std::vector<std::string> names) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const std::vector<float> in = normal_floats(n);
  const Result<std::vector<AnalysisTarget>> targets = analysis_targets(names, {}, {}, {}, false);
  if (!targets) {
    state.SkipWithError(targets.error().message.c_str());
    return;
  }
  for (auto _ : state) {
    TensorStatsAccumulator statistics;
    std::vector<std::unique_ptr<TargetAccumulator>> accumulators;
    for (const AnalysisTarget& t : *targets) accumulators.push_back(std::make_unique<TargetAccumulator>(t, 4.0));
    for (std::size_t first = 0; first < n; first += kSlice) {
      const std::span<const float> slice(in.data() + first, std::min(kSlice, n - first));
      if (stats) statistics.add(slice);
      for (auto& a : accumulators) a->add_row_slice(slice);
    }
    for (auto& a : accumulators) benchmark::DoNotOptimize(a->error().sqnr_db);
    benchmark::DoNotOptimize(statistics.stats().std);
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

constexpr std::int64_t kElements = std::int64_t{1} << 24;

BENCHMARK_CAPTURE(bench_analysis, stats, true, std::vector<std::string>{})
    ->Name("analysis/stats")->Arg(kElements)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(bench_analysis, mxfp8, false, std::vector<std::string>{"mxfp8_e4m3"})
    ->Name("analysis/mxfp8_e4m3")->Arg(kElements)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(bench_analysis, mxfp4, false, std::vector<std::string>{"mxfp4_e2m1"})
    ->Name("analysis/mxfp4_e2m1")->Arg(kElements)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(bench_analysis, nvfp4, false, std::vector<std::string>{"nvfp4"})
    ->Name("analysis/nvfp4")->Arg(kElements)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(bench_analysis, all, true, std::vector<std::string>{"mxfp8_e4m3", "mxfp4_e2m1", "nvfp4"})
    ->Name("analysis/stats+mxfp8_e4m3+mxfp4_e2m1+nvfp4")->Arg(kElements)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace typelattice
