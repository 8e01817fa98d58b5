// ggml's Q8_0, Q4_0 and Q4_K blocks to float32 (gguf_blocks.h, gguf_kquants.h):
// dequantize/<type>/float32/<isa>/<blocks>
// (dequantize_gguf_blocks or dequantize_gguf_kquant_blocks on that instruction set's kernel, core/kernels/gguf_body.h)
// and dequantize/<type>/float32/element_by_element/<blocks> (the one-element path the kernels are tested against).
// items/s counts values; bytes/s the blocks' bytes read plus 4 per float32 written. Sizes: 4096 blocks of 32 (512
// super-blocks of 256: in cache) and 64 MiB of blocks (memory-bound: compare memcpy/<bytes>).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "typelattice/cast_kernels.h"
#include "typelattice/gguf_blocks.h"
#include "typelattice/gguf_kquants.h"

namespace typelattice {
namespace {

// Q8_0, Q4_0 or Q4_K: its sizes, bulk path and one-element path.
struct Kind {
  std::string name;
  std::size_t block_bytes, block_values, float16_scales;  // d (and Q4_K's dmin) at the block's start
  bool (*dequantize)(std::span<const std::uint8_t> bytes, std::span<float> values, Isa isa);
  void (*element_by_element)(std::span<const std::uint8_t> block, std::span<float> values);
};

template <GgufBlockType t>
Kind block_kind() {
  return {std::string(gguf_block_spec(t).name), static_cast<std::size_t>(gguf_block_spec(t).block_bytes),
          kGgufBlockSize, 1,
          [](std::span<const std::uint8_t> bytes, std::span<float> values, Isa isa) {
            return dequantize_gguf_blocks(t, bytes, values, isa).ok();
          },
          [](std::span<const std::uint8_t> block, std::span<float> values) {
            const GgufBlock b = *read_gguf_block(t, block);
            for (int j = 0; j < kGgufBlockSize; ++j) values[static_cast<std::size_t>(j)] = gguf_element_value(t, b, j);
          }};
}

Kind q4_k_kind() {
  constexpr GgufKQuantType t = GgufKQuantType::q4_k;
  return {std::string(gguf_kquant_spec(t).name), static_cast<std::size_t>(gguf_kquant_spec(t).block_bytes),
          kGgufSuperBlockSize, 2,
          [](std::span<const std::uint8_t> bytes, std::span<float> values, Isa isa) {
            return dequantize_gguf_kquant_blocks(t, bytes, values, isa).ok();
          },
          [](std::span<const std::uint8_t> block, std::span<float> values) {
            const GgufKQuantBlock b = *read_gguf_kquant_block(t, block);
            for (int j = 0; j < kGgufSuperBlockSize; ++j)
              values[static_cast<std::size_t>(j)] = gguf_kquant_element_value(t, b, j);
          }};
}

// Blocks of random codes whose float16 scales are those of weights (about 2^-14 .. 2^-4, either sign).
std::vector<std::uint8_t> sample_blocks(const Kind& kind, std::size_t blocks) {
  std::vector<std::uint8_t> bytes(blocks * kind.block_bytes);
  std::mt19937 random(28);
  for (std::size_t b = 0; b < blocks; ++b) {
    std::uint8_t* block = bytes.data() + b * kind.block_bytes;
    for (std::size_t i = 0; i < kind.block_bytes; ++i) block[i] = static_cast<std::uint8_t>(random());
    for (std::size_t s = 0; s < kind.float16_scales; ++s) {
      const auto d = static_cast<std::uint32_t>((0x0400u + random() % 0x2800u) | (random() & 0x8000u));
      block[2 * s] = static_cast<std::uint8_t>(d & 0xff);
      block[2 * s + 1] = static_cast<std::uint8_t>(d >> 8);
    }
  }
  return bytes;
}

void set_counters(benchmark::State& state, const Kind& kind) {
  const std::int64_t blocks = state.range(0), values = blocks * static_cast<std::int64_t>(kind.block_values);
  state.SetItemsProcessed(state.iterations() * values);
  state.SetBytesProcessed(state.iterations() * (blocks * static_cast<std::int64_t>(kind.block_bytes) + values * 4));
}

void bench_kernel(benchmark::State& state, const Kind& kind, Isa isa) {
  const auto blocks = static_cast<std::size_t>(state.range(0));
  const std::vector<std::uint8_t> bytes = sample_blocks(kind, blocks);
  std::vector<float> out(blocks * kind.block_values);
  for (auto _ : state) {
    benchmark::DoNotOptimize(kind.dequantize(bytes, out, isa));
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  set_counters(state, kind);
}

void bench_element_by_element(benchmark::State& state, const Kind& kind) {
  const auto blocks = static_cast<std::size_t>(state.range(0));
  const std::vector<std::uint8_t> bytes = sample_blocks(kind, blocks);
  std::vector<float> out(blocks * kind.block_values);
  for (auto _ : state) {
    for (std::size_t b = 0; b < blocks; ++b)
      kind.element_by_element(std::span(bytes).subspan(b * kind.block_bytes, kind.block_bytes),
                              std::span(out).subspan(b * kind.block_values, kind.block_values));
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  set_counters(state, kind);
}

bool register_gguf_benchmarks() {
  for (const Kind& kind : {block_kind<GgufBlockType::q8_0>(), block_kind<GgufBlockType::q4_0>(), q4_k_kind()}) {
    const auto block_bytes = static_cast<std::int64_t>(kind.block_bytes);
    const std::int64_t sizes[] = {4096 * kGgufBlockSize / static_cast<std::int64_t>(kind.block_values),
                                  (std::int64_t{64} << 20) / block_bytes};
    const std::string prefix = "dequantize/" + kind.name + "/float32/";
    auto* reference =
        benchmark::RegisterBenchmark((prefix + "element_by_element").c_str(), bench_element_by_element, kind);
    for (const std::int64_t n : sizes) reference->Arg(n);
    for (const Isa isa : available_isas()) {
      auto* b = benchmark::RegisterBenchmark((prefix + std::string(isa_name(isa))).c_str(), bench_kernel, kind, isa);
      for (const std::int64_t n : sizes) b->Arg(n);
    }
  }
  return true;
}

[[maybe_unused]] const bool gguf_benchmarks_registered = register_gguf_benchmarks();

}  // namespace
}  // namespace typelattice
