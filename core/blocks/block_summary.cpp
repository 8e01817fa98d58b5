// quantize_summary (typelattice/block_summary.h): quantize_detail run over a bounded number of blocks at a
// time, keeping each block's facts, so that the statistics have one definition and memory does not grow with
// the elements. Blocks are independent given the options (the tensor scale is in them), so the pieces give
// what one call over every value gives.
#include "typelattice/block_summary.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace typelattice {

Result<std::vector<BlockSummary>> quantize_summary(BlockFormat f, const BlockOptions& options,
                                                   std::span<const float> values) {
  constexpr std::size_t kBlocksPerPiece = 64;
  const std::size_t piece = kBlocksPerPiece * static_cast<std::size_t>(block_format_spec(f).block_size);
  std::vector<BlockSummary> out;
  out.reserve(block_count(f, values.size()));
  std::size_t start = 0;
  do {
    const std::size_t length = std::min(piece, values.size() - start);
    const Result<std::vector<QuantizedBlock>> blocks = quantize_detail(f, options, values.subspan(start, length));
    if (!blocks) return blocks.error();
    for (const QuantizedBlock& b : *blocks) out.push_back({b.amax, b.scale_code, b.scale, b.elements.size(), b.error});
    start += length;
  } while (start < values.size());
  return out;
}

CombinedError combined_error(std::span<const BlockSummary> blocks) {
  BlockError out;
  std::size_t count = 0;
  for (const BlockSummary& b : blocks) {
    out.bits_per_element = b.error.bits_per_element;
    if (std::isnan(b.error.noise)) continue;
    count += b.count;
    out.signal += b.error.signal;
    out.noise += b.error.noise;
    out.max_abs_error = std::max(out.max_abs_error, b.error.max_abs_error);
    out.saturated += b.error.saturated;
    out.flushed += b.error.flushed;
  }
  if (count == 0) {
    out.mse = out.sqnr_db = out.max_abs_error = out.signal = out.noise = std::numeric_limits<double>::quiet_NaN();
    return {0, out};
  }
  out.mse = out.noise / static_cast<double>(count);
  out.sqnr_db = signal_to_noise_db(out.signal, out.noise);
  return {count, out};
}

}  // namespace typelattice
