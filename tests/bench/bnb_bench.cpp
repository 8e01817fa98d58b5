// bitsandbytes' NF4 and FP4 blocks from float32 (bnb_blocks.h): quantize/<nf4|bnb_fp4>/float32/<isa>/<values>,
// quantize_bnb_blocks on that instruction set's kernel (core/kernels/bnb_body.h), absmax floats and packed codes
// out. items/s counts values; bytes/s the float32 read plus the absmax and code bytes written. Sizes: 64 Ki values
// (in cache) and 16 Mi values (64 MiB of float32: memory-bound, compare memcpy/<bytes>).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "typelattice/bnb_blocks.h"
#include "typelattice/cast_kernels.h"

namespace typelattice {
namespace {

// Weights as a layer holds them: normal, with an outlier now and then.
std::vector<float> sample_weights(std::size_t n) {
  std::vector<float> x(n);
  std::mt19937 random(29);
  std::normal_distribution<float> normal(0.0f, 0.02f);
  for (std::size_t i = 0; i < n; ++i) x[i] = normal(random) * (i % 997 == 0 ? 40.0f : 1.0f);
  return x;
}

void bench_bnb_quantize(benchmark::State& state, BnbBlockType t, Isa isa) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const std::vector<float> x = sample_weights(n);
  std::vector<float> absmax(bnb_absmax_count(n));
  std::vector<std::uint8_t> packed(bnb_packed_size(n));
  for (auto _ : state) {
    benchmark::DoNotOptimize(quantize_bnb_blocks(t, x, absmax, packed, isa).ok());
    benchmark::DoNotOptimize(packed.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
  state.SetBytesProcessed(state.iterations() *
                          static_cast<std::int64_t>(n * 4 + absmax.size() * 4 + packed.size()));
}

bool register_bnb_benchmarks() {
  for (const BnbBlockSpec& spec : bnb_block_types()) {
    for (const Isa isa : available_isas()) {
      const std::string name = "quantize/" + std::string(spec.name) + "/float32/" + std::string(isa_name(isa));
      benchmark::RegisterBenchmark(name.c_str(), bench_bnb_quantize, spec.id, isa)->Arg(64 << 10)->Arg(16 << 20);
    }
  }
  return true;
}

[[maybe_unused]] const bool bnb_benchmarks_registered = register_bnb_benchmarks();

}  // namespace
}  // namespace typelattice
