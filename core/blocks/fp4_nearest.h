// ggml's best_index_mxfp4 (ggml-quants.c), shared by its MXFP4 and NVFP4 quantizers: the first entry of
// kMxfp4Values with the smallest float32 |level × d - x| (strict <: a tie keeps the earlier entry, the smaller
// magnitude; NaN keeps entry 0). Built in files compiled without fused multiply-adds (CMakeLists.txt).
#pragma once
#include <cmath>
#include <cstdint>

#include "typelattice/gguf_blocks.h"

namespace typelattice {

inline std::uint8_t nearest_fp4_level(float x, float d) {
  std::uint8_t best = 0;
  float best_error = std::fabs(static_cast<float>(kMxfp4Values[0]) * d - x);
  for (std::uint8_t i = 1; i < 16; ++i) {
    const float error = std::fabs(static_cast<float>(kMxfp4Values[i]) * d - x);
    if (error < best_error) {
      best = i;
      best_error = error;
    }
  }
  return best;
}

}  // namespace typelattice
