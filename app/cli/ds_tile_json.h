// The JSON form of DeepSeek's FP8 tiles (docs/formats.md, "DeepSeek FP8 tiles"): {"format", "tile": [rows, 128],
// "tiles": [{"row", "col", "scale": {"code", "value"}, "elements": [{"code", "value", "dequantized"}, …]}, …],
// "shape": [R, C]}, where a scale's code is its float32 bit pattern as an integer, a tile's elements are in
// row-major order within it, and the shape comes last because a 1×128 run without --shape knows it only then.
#pragma once
#include <cstdint>
#include <istream>
#include <span>
#include <string>
#include <vector>

#include "typelattice/deepseek_tiles.h"
#include "typelattice/result.h"

namespace typelattice::cli {

std::string ds_tiles_json_head(const DsTileSpec& spec);
// The tiles of one chunk of whole tiles side by side (codes: its rows of `cols` values; one scale per tile), the
// first at tile row `tile_row`, tile column `first_tile_col` (from 0); `first`: no ", " before.
void append_ds_band_json(std::string& out, std::size_t tile_row, std::size_t first_tile_col, std::size_t cols,
                         std::span<const float> scales, std::span<const std::uint8_t> codes, bool first);
std::string ds_tiles_json_tail(DsTileShape shape);

// The matrix's scales (tile row-major) and codes (row-major), as the JSON document holds them.
struct DsTiles {
  DsTileShape shape;
  std::vector<float> scales;
  std::vector<std::uint8_t> codes;
};
// Reads the whole document: what is wrong and where (not JSON, a key given twice, another format, a shape or tile
// that does not fit, a tile missing or given twice, a code out of range).
Result<DsTiles> read_ds_tiles_json(DsTileType t, std::istream& in);

}  // namespace typelattice::cli
