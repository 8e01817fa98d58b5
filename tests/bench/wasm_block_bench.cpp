// Entry points for tests/bench/wasm_block_bench.mjs: time the block kernels inside one wasm build (SIMD128 or
// not).
#include <emscripten.h>

#include <cstdint>
#include <vector>

#include "tests/bench/sample_floats.h"
#include "typelattice/block_formats.h"

extern "C" {

// Elements per second of `reps` calls on n elements of block format `format` (BlockFormat's order) in its
// default scale mode: op 0 = quantize_blocks, op 1 = dequantize_blocks to float32.
EMSCRIPTEN_KEEPALIVE double bench_block(int op, int format, int n, int reps) {
  using namespace typelattice;
  const auto f = static_cast<BlockFormat>(format);
  const auto count = static_cast<std::size_t>(n);
  const BlockOptions options{block_format_spec(f).default_scale_mode};
  std::vector<float> floats = bench::sample_floats(count);
  std::vector<std::uint8_t> scales(block_count(f, count)), codes(count);
  (void)quantize_blocks(f, options, floats, scales, codes);  // warm up, and codes for op 1
  const double start = emscripten_get_now();
  for (int r = 0; r < reps; ++r) {
    if (op == 0) {
      (void)quantize_blocks(f, options, floats, scales, codes);
    } else {
      (void)dequantize_blocks(f, scales, codes, std::span<float>(floats));
    }
  }
  const double seconds = (emscripten_get_now() - start) / 1000.0;
  return static_cast<double>(count) * reps / seconds;
}
}
