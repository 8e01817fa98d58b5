// The text form of quantized blocks, one line per block then one per element: what `typelattice quantize`
// prints and the app's headless Blocks view prints, so both come from here (docs/formats.md, "Block-scaled
// formats").
#pragma once
#include <cstdint>
#include <span>
#include <string>

#include "typelattice/block_formats.h"

namespace typelattice {

// A value as the block texts print it: the exact decimal, "nan", "inf" or "-inf".
std::string block_value_text(double v);
// `v` with `digits` digits after the point, rounded from its exact decimal (ties to even), as printf's "%.*f";
// "nan", "inf", "-inf".
std::string fixed_decimal(double v, int digits);
// An input as the block texts print it: the shortest decimal that reads back as the float32, or "nan", "inf".
std::string block_input_text(float v);
// A scale code as hex of the scale format's width ("0x7f"); an element code as hex of the element's ("0x7", "0x3f").
std::string block_scale_hex(BlockFormat f, std::uint32_t code);
std::string block_element_hex(BlockFormat f, std::uint32_t code);

// "block N: scale 0x7f 1; mse M, sqnr S dB, max abs error A, saturated K, flushed K": the line of block N (from 1).
std::string block_line(BlockFormat f, std::size_t number, const QuantizedBlock& block);
// "  1.5 -> 0x3 1.5 -> 1.5[ saturated][ flushed]": an element's line (input as its shortest float32 decimal).
std::string element_line(BlockFormat f, const QuantizedElement& element);
// Every block's line and its elements' lines, each ending in "\n"; with `tensor_scale`, a first line
// "tensor scale T".
std::string blocks_text(BlockFormat f, const BlockOptions& options, bool tensor_scale,
                        std::span<const QuantizedBlock> blocks);

}  // namespace typelattice
