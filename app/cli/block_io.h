// The text forms of quantized blocks that `quantize` writes and `dequantize` reads back (docs/formats.md,
// "Block-scaled formats"): the JSON document and the packed form.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "typelattice/block_formats.h"
#include "typelattice/result.h"

namespace typelattice::cli {

// A value as this CLI prints values: the exact decimal, "nan", "inf", "-inf"; `json` prints null for NaN.
std::string value_text(double v, bool json = false);

// {"format", "block_size", "scale_mode", ["tensor_scale",] "blocks": [{"scale": {"code", "value"}, "elements":
// [{"code", "value", "dequantized"}, …]}, …]}
std::string blocks_json(BlockFormat f, const BlockOptions& options, bool tensor_scale,
                        std::span<const QuantizedBlock> blocks);
// "format F", "count N", ["tensor_scale T",] "scales HEX", "codes HEX": the codes packed (block_packing.h).
std::string blocks_packed(BlockFormat f, const BlockOptions& options, bool tensor_scale,
                          std::span<const QuantizedBlock> blocks);

// What dequantize needs: the scale codes, the element codes (one per byte) and the tensor scale (1: none).
struct BlockCodes {
  std::vector<std::uint8_t> scales, codes;
  float tensor_scale = 1.0f;
};
// Either form, told apart by its first character ('{': JSON). Errors name what is wrong and where; a NaN scale
// code is refused (its block holds no values to give back).
Result<BlockCodes> read_block_codes(BlockFormat f, std::string_view text);

}  // namespace typelattice::cli
