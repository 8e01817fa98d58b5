// Block-scaled formats (core/blocks, the block kernels of core/kernels/block_body.h):
// quantize/float32/<format>/<scale-mode>/<isa>/<elements> (quantize_blocks on that instruction set) and
// dequantize/<format>/float32/<isa>/<elements> (dequantize_blocks' float32 path, its check of the codes and the
// kernel, on that instruction set), items/s and bytes/s counting 4 bytes per float32 and one per code (scales are
// 1/32 or 1/16 of that and not counted), the yardstick of the casts; memcpy/<bytes> (cast_bench.cpp) at 5n and
// 5n/2 bytes is the bandwidth to compare with.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "core/blocks/kernel_params.h"
#include "tests/bench/sample_floats.h"
#include "typelattice/block_formats.h"
#include "typelattice/cast_kernels.h"

namespace typelattice {
namespace {

constexpr std::int64_t kBlockSizes[] = {4096, 262144};

void bench_quantize(benchmark::State& state, BlockFormat f, ScaleMode mode, Isa isa) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const std::vector<float> in = bench::sample_floats(n);
  std::vector<std::uint8_t> scales(block_count(f, n)), codes(n);
  const BlockOptions options{mode};
  for (auto _ : state) {
    const Result<std::size_t> done = quantize_blocks(f, options, in, scales, codes, isa);
    benchmark::DoNotOptimize(done.ok());
    benchmark::DoNotOptimize(codes.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
  state.SetBytesProcessed(state.iterations() * state.range(0) * 5);
}

void bench_dequantize(benchmark::State& state, BlockFormat f, Isa isa) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const std::vector<float> in = bench::sample_floats(n);
  std::vector<std::uint8_t> scales(block_count(f, n)), codes(n);
  (void)quantize_blocks(f, BlockOptions{block_format_spec(f).default_scale_mode}, in, scales, codes);
  std::vector<float> out(n);
  for (auto _ : state) {
    const Result<std::size_t> done = block_kernel_params::dequantize_blocks_on(isa, f, scales, codes, out, 1.0f);
    benchmark::DoNotOptimize(done.ok());
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
  state.SetBytesProcessed(state.iterations() * state.range(0) * 5);
}

bool register_block_benchmarks() {
  for (const BlockFormatSpec& spec : block_formats()) {
    const std::string name(spec.name);
    for (const ScaleMode mode : {ScaleMode::floor, ScaleMode::ceil, ScaleMode::even, ScaleMode::rceil,
                                 ScaleMode::nearest}) {
      if (!has_scale_mode(spec.id, mode)) continue;
      for (const Isa isa : available_isas()) {
        const std::string label = "quantize/float32/" + name + "/" + std::string(scale_mode_name(mode)) + "/" +
                                  std::string(isa_name(isa));
        auto* b = benchmark::RegisterBenchmark(label.c_str(), bench_quantize, spec.id, mode, isa);
        for (const std::int64_t n : kBlockSizes) b->Arg(n);
      }
    }
    for (const Isa isa : available_isas()) {
      const std::string label = "dequantize/" + name + "/float32/" + std::string(isa_name(isa));
      auto* d = benchmark::RegisterBenchmark(label.c_str(), bench_dequantize, spec.id, isa);
      for (const std::int64_t n : kBlockSizes) d->Arg(n);
    }
  }
  return true;
}

[[maybe_unused]] const bool block_benchmarks_registered = register_block_benchmarks();

}  // namespace
}  // namespace typelattice
