// ggml's Q8_0 and Q4_0 blocks to float32 (gguf_blocks.h): dequantize/<type>/float32/<isa>/<blocks>
// (dequantize_gguf_blocks on that instruction set's kernel, core/kernels/gguf_body.h) and
// dequantize/<type>/float32/element_by_element/<blocks> (read_gguf_block and gguf_element_value per value, the
// one-element path the kernels are tested against). items/s counts values; bytes/s the blocks' bytes read plus 4
// per float32 written. Sizes: 4096 blocks (in cache) and 64 MiB of blocks (memory-bound: compare memcpy/<bytes>).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "typelattice/cast_kernels.h"
#include "typelattice/gguf_blocks.h"

namespace typelattice {
namespace {

// Blocks of random codes whose d are float16 scales of weights (about 2^-14 .. 2^-4, either sign).
std::vector<std::uint8_t> sample_blocks(GgufBlockType t, std::size_t blocks) {
  const auto size = static_cast<std::size_t>(gguf_block_spec(t).block_bytes);
  std::vector<std::uint8_t> bytes(blocks * size);
  std::mt19937 random(28);
  for (std::size_t b = 0; b < blocks; ++b) {
    const auto d = static_cast<std::uint32_t>((0x0400u + random() % 0x2800u) | (random() & 0x8000u));
    bytes[b * size] = static_cast<std::uint8_t>(d & 0xff);
    bytes[b * size + 1] = static_cast<std::uint8_t>(d >> 8);
    for (std::size_t i = 2; i < size; ++i) bytes[b * size + i] = static_cast<std::uint8_t>(random());
  }
  return bytes;
}

void set_counters(benchmark::State& state, GgufBlockType t) {
  const std::int64_t blocks = state.range(0), values = blocks * kGgufBlockSize;
  state.SetItemsProcessed(state.iterations() * values);
  state.SetBytesProcessed(state.iterations() * (blocks * gguf_block_spec(t).block_bytes + values * 4));
}

void bench_kernel(benchmark::State& state, GgufBlockType t, Isa isa) {
  const auto blocks = static_cast<std::size_t>(state.range(0));
  const std::vector<std::uint8_t> bytes = sample_blocks(t, blocks);
  std::vector<float> out(blocks * kGgufBlockSize);
  for (auto _ : state) {
    const Result<std::size_t> done = dequantize_gguf_blocks(t, bytes, out, isa);
    benchmark::DoNotOptimize(done.ok());
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  set_counters(state, t);
}

void bench_element_by_element(benchmark::State& state, GgufBlockType t) {
  const auto blocks = static_cast<std::size_t>(state.range(0));
  const auto size = static_cast<std::size_t>(gguf_block_spec(t).block_bytes);
  const std::vector<std::uint8_t> bytes = sample_blocks(t, blocks);
  std::vector<float> out(blocks * kGgufBlockSize);
  for (auto _ : state) {
    for (std::size_t b = 0; b < blocks; ++b) {
      const GgufBlock block = *read_gguf_block(t, std::span(bytes).subspan(b * size, size));
      for (int j = 0; j < kGgufBlockSize; ++j)
        out[b * kGgufBlockSize + static_cast<std::size_t>(j)] = gguf_element_value(t, block, j);
    }
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  set_counters(state, t);
}

bool register_gguf_benchmarks() {
  for (const GgufBlockType t : {GgufBlockType::q8_0, GgufBlockType::q4_0}) {
    const GgufBlockSpec& spec = gguf_block_spec(t);
    const std::int64_t sizes[] = {4096, (std::int64_t{64} << 20) / spec.block_bytes};
    const std::string prefix = "dequantize/" + std::string(spec.name) + "/float32/";
    auto* reference = benchmark::RegisterBenchmark((prefix + "element_by_element").c_str(), bench_element_by_element, t);
    for (const std::int64_t n : sizes) reference->Arg(n);
    for (const Isa isa : available_isas()) {
      auto* b = benchmark::RegisterBenchmark((prefix + std::string(isa_name(isa))).c_str(), bench_kernel, t, isa);
      for (const std::int64_t n : sizes) b->Arg(n);
    }
  }
  return true;
}

[[maybe_unused]] const bool registered = register_gguf_benchmarks();

}  // namespace
}  // namespace typelattice
