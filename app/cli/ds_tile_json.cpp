// The JSON form of DeepSeek's FP8 tiles: written band by band by quantize; read back whole by dequantize (the
// document is parsed into memory, keys checked for repeats as they are read).
#include "app/cli/ds_tile_json.h"

#include <bit>
#include <nlohmann/json.hpp>
#include <optional>

#include "app/cli/block_io.h"
#include "app/cli/json_document.h"
#include "typelattice/display_text.h"
#include "typelattice/minifloat.h"

namespace typelattice::cli {

std::string ds_tiles_json_head(const DsTileSpec& spec) {
  return "{\"format\": \"" + std::string(spec.name) + "\", \"tile\": [" + std::to_string(spec.tile_rows) + ", " +
         std::to_string(kDsTileCols) + "], \"tiles\": [";
}

void append_ds_band_json(std::string& out, std::size_t tile_row, std::size_t first_tile_col, std::size_t cols,
                         std::span<const float> scales, std::span<const std::uint8_t> codes, bool first) {
  const std::size_t rows = codes.size() / cols;
  for (std::size_t j = 0; j < scales.size(); ++j) {
    out += first && j == 0 ? "{" : ", {";
    out += "\"row\": " + std::to_string(tile_row) + ", \"col\": " + std::to_string(first_tile_col + j) +
           ", \"scale\": {\"code\": " + std::to_string(std::bit_cast<std::uint32_t>(scales[j])) +
           ", \"value\": " + value_text(static_cast<double>(scales[j]), true) + "}, \"elements\": [";
    bool first_element = true;
    for (std::size_t r = 0; r < rows; ++r) {
      for (std::size_t c = j * kDsTileCols; c < std::min(cols, (j + 1) * kDsTileCols); ++c) {
        const std::uint8_t code = codes[r * cols + c];
        out += first_element ? "" : ", ";
        first_element = false;
        out += "{\"code\": " + std::to_string(code) +
               ", \"value\": " + value_text(decode_to_float64(Format::float8_e4m3fn, code), true) +
               ", \"dequantized\": " + value_text(static_cast<double>(ds_element_value(code, scales[j])), true) + "}";
      }
    }
    out += "]}";
  }
}

std::string ds_tiles_json_tail(DsTileShape shape) {
  return "], \"shape\": [" + std::to_string(shape.rows) + ", " + std::to_string(shape.cols) + "]}\n";
}

Result<DsTiles> read_ds_tiles_json(DsTileType t, std::istream& in) {
  const DsTileSpec& spec = ds_tile_spec(t);
  Result<json> read = read_json_object(in, spec.name);
  if (!read) return read.error();
  const json& doc = *read;
  const auto shape = doc.find("shape");
  constexpr std::uint64_t kMaxSide = std::uint64_t{1} << 31;
  if (shape == doc.end() || !shape->is_array() || shape->size() != 2 || !(*shape)[0].is_number_unsigned() ||
      !(*shape)[1].is_number_unsigned() || (*shape)[0].get<std::uint64_t>() - 1 >= kMaxSide ||
      (*shape)[1].get<std::uint64_t>() - 1 >= kMaxSide)
    return bad_value_error("\"shape\" must be [ROWS, COLS], two integers from 1 to 2147483648");
  DsTiles out;
  out.shape = {(*shape)[0].get<std::size_t>(), (*shape)[1].get<std::size_t>()};
  const std::size_t tile_rows = ds_tile_row_count(t, out.shape), tile_cols = ds_tile_col_count(out.shape);
  const auto tiles = doc.find("tiles");
  if (tiles == doc.end() || !tiles->is_array() || tiles->size() != tile_rows * tile_cols)
    return bad_value_error("\"tiles\" must be an array of the shape's " + std::to_string(tile_rows * tile_cols) + " tiles");
  // The elements must fill the shape before it is allocated.
  std::size_t given = 0;
  for (const json& tile : *tiles) {
    const auto elements = tile.is_object() ? tile.find("elements") : tile.end();
    given += tile.is_object() && elements != tile.end() && elements->is_array() ? elements->size() : 0;
  }
  if (given != out.shape.rows * out.shape.cols)
    return bad_value_error("the tiles hold " + std::to_string(given) + " elements, the shape " + std::to_string(out.shape.rows) +
                           "×" + std::to_string(out.shape.cols));
  out.scales.assign(tile_rows * tile_cols, 0.0f);
  out.codes.assign(out.shape.rows * out.shape.cols, 0);
  std::vector<bool> seen(out.scales.size());
  const auto band = static_cast<std::size_t>(spec.tile_rows);
  for (std::size_t i = 0; i < tiles->size(); ++i) {
    const json& tile = (*tiles)[i];
    const std::string where = "tile " + std::to_string(i + 1) + ": ";
    const std::optional<std::uint64_t> row = unsigned_member(tile, "row", tile_rows - 1);
    const std::optional<std::uint64_t> col = unsigned_member(tile, "col", tile_cols - 1);
    if (!row || !col)
      return bad_value_error(where + "\"row\" and \"col\" must be tile indices below " + std::to_string(tile_rows) + " and " +
                             std::to_string(tile_cols));
    const std::size_t index = *row * tile_cols + *col;
    if (seen[index]) return bad_value_error(where + "tile " + std::to_string(*row) + "," + std::to_string(*col) + " is given twice");
    seen[index] = true;
    const auto scale = tile.find("scale");
    const std::optional<std::uint64_t> bits = scale == tile.end() ? std::nullopt : unsigned_member(*scale, "code", 0xffffffffu);
    if (!bits) return bad_value_error(where + "no \"scale\" code from 0 to 4294967295 (its float32 bits)");
    out.scales[index] = std::bit_cast<float>(static_cast<std::uint32_t>(*bits));
    const std::size_t r0 = *row * band, r1 = std::min(out.shape.rows, r0 + band);
    const std::size_t c0 = *col * kDsTileCols, c1 = std::min(out.shape.cols, c0 + kDsTileCols);
    const auto elements = tile.find("elements");
    if (elements == tile.end() || !elements->is_array() || elements->size() != (r1 - r0) * (c1 - c0))
      return bad_value_error(where + "\"elements\" must hold the tile's " + std::to_string((r1 - r0) * (c1 - c0)) + " elements");
    for (std::size_t e = 0; e < elements->size(); ++e) {
      const std::optional<std::uint64_t> code = unsigned_member((*elements)[e], "code", 255);
      if (!code) return bad_value_error(where + "element " + std::to_string(e + 1) + " has no \"code\" from 0 to 255");
      out.codes[(r0 + e / (c1 - c0)) * out.shape.cols + c0 + e % (c1 - c0)] = static_cast<std::uint8_t>(*code);
    }
  }
  return out;
}

}  // namespace typelattice::cli
