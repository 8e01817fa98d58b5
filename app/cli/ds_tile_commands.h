// quantize and dequantize for DeepSeek's FP8 tiles (ds_tile_commands.cpp), run by block_commands.cpp when --to /
// --from names one of them.
#pragma once
#include <istream>
#include <optional>
#include <string>

#include "app/cli/value_blocks.h"
#include "typelattice/deepseek_tiles.h"

namespace typelattice::cli {

enum class DsForm { text, json, packed, layout };

// "R,C": two positive integers whose product fits a size_t. Errors name what is wrong.
Result<DsTileShape> parse_ds_shape(const std::string& text);
// The values are a matrix of `shape` in row-major order; without one, a 1×128 type takes them as one row, and a
// 128×128 type refuses to run.
int run_quantize_ds(DsTileType t, std::optional<DsTileShape> shape, DsForm form, const ValueSource& next);
int run_dequantize_ds(DsTileType t, std::istream& in);

}  // namespace typelattice::cli
