// Entry points for tests/bench/wasm_bench.mjs: time the bulk casts inside one wasm build (SIMD128 or not).
#include <emscripten.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "typelattice/cast_kernels.h"
#include "tests/bench/sample_floats.h"

extern "C" {

// Elements per second of `reps` casts of n elements: op 0 = float32 -> float8_e4m3fn (saturating),
// op 1 = float8_e4m3fn -> float32; use_best 1 = the build's best instruction set, 0 = the scalar kernels.
EMSCRIPTEN_KEEPALIVE double bench_cast(int op, int use_best, int n, int reps) {
  using namespace typelattice;
  const auto count = static_cast<std::size_t>(n);
  const Isa isa = use_best != 0 ? best_isa() : Isa::scalar;
  std::vector<float> floats = bench::sample_floats(count);
  std::vector<std::uint8_t> codes(count);
  cast_from_float32(Format::float8_e4m3fn, floats, codes, CastOptions{}, isa);  // warm up, and codes for op 1
  const double start = emscripten_get_now();
  for (int r = 0; r < reps; ++r) {
    if (op == 0) {
      cast_from_float32(Format::float8_e4m3fn, floats, codes, CastOptions{}, isa);
    } else {
      cast_to_float32(Format::float8_e4m3fn, codes, floats, isa);
    }
  }
  const double seconds = (emscripten_get_now() - start) / 1000.0;
  return static_cast<double>(count) * reps / seconds;
}

// 1 when this build runs SIMD128 kernels.
EMSCRIPTEN_KEEPALIVE int bench_has_simd128() {
  return typelattice::best_isa() == typelattice::Isa::wasm_simd128 ? 1 : 0;
}
}
