// Each block's scale and error without its elements: what a view of many blocks (a table of every format and
// scale mode) needs, with memory per block rather than per value. The numbers are quantize_detail's.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "typelattice/block_formats.h"
#include "typelattice/result.h"

namespace typelattice {

struct BlockSummary {
  float amax;               // as QuantizedBlock::amax
  std::uint32_t scale_code;
  double scale;             // block_scale_value(scale_code): without the tensor scale
  std::size_t count;        // the block's values (the last block may be short)
  BlockError error;
};

// quantize_detail's blocks, each without its elements. Errors: quantize_detail's.
Result<std::vector<BlockSummary>> quantize_summary(BlockFormat f, const BlockOptions& options,
                                                   std::span<const float> values);

// The blocks' values taken together, as one block's error is defined: SQNR = 10 log10(ΣV² / Σ(V-D)²) over every
// value, which per-block figures cannot show (a format whose blocks score lower one by one can lose less of the
// whole). Blocks holding NaN or ±Inf are left out, as analyze leaves out their values; mse counts the values
// kept; NaN figures when no block is left. bits_per_element is the blocks'.
struct CombinedError {
  std::size_t count;  // the values kept
  BlockError error;
};
CombinedError combined_error(std::span<const BlockSummary> blocks);

}  // namespace typelattice
