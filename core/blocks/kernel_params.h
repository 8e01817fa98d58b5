// Internal to the core: the block kernels' per-call parameters (core/kernels/block_params.h) for a block format.
#pragma once
#include "core/kernels/block_params.h"
#include "typelattice/block_formats.h"

namespace typelattice::block_kernel_params {

struct Quantize {
  kernels::BlockQuantizeParams params;
  kernels::BlockElements entry;
};
// For options the format takes (quantize_blocks checks them first).
Quantize quantize(BlockFormat f, const BlockOptions& options);

struct Dequantize {
  kernels::BlockDequantizeParams params;
  kernels::BlockElements entry;
};
Dequantize dequantize(BlockFormat f, float tensor_scale);

// dequantize_blocks to float32 on instruction set `isa` (the public entry point runs best_isa()'s), for the tests
// and benchmarks of every kernel.
Result<std::size_t> dequantize_blocks_on(Isa isa, BlockFormat f, std::span<const std::uint8_t> scales,
                                         std::span<const std::uint8_t> codes, std::span<float> values,
                                         float tensor_scale);

}  // namespace typelattice::block_kernel_params
