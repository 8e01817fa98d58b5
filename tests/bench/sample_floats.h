// The benchmarks' input: values over a format's range, with a few zeros, subnormals and out-of-range ones. The
// kernels have no data-dependent branches, so only the per-element scalar encoder cares what the data is.
// Shared by the native (Google Benchmark) and the wasm (node) benchmarks so their figures compare.
#pragma once
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace typelattice::bench {

inline std::vector<float> sample_floats(std::size_t n) {
  std::vector<float> v(n);
  std::uint32_t state = 2463534242u;  // xorshift32
  for (std::size_t i = 0; i < n; ++i) {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    const float unit = static_cast<float>(state >> 8) * 0x1p-24f * 2.0f - 1.0f;
    v[i] = std::ldexp(unit, static_cast<int>(state % 24) - 14);
  }
  return v;
}

}  // namespace typelattice::bench
