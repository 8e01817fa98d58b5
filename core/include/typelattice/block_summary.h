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

}  // namespace typelattice
