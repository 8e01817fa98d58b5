// quantize --to / dequantize --from ds_fp8_1x128, ds_fp8_128x128 and their _ue8m0 forms
// (core/include/typelattice/deepseek_tiles.h; docs/formats.md, "DeepSeek FP8 tiles"). The values stream in chunks
// that hold whole tiles: a band of tile rows of the matrix, or with no --shape one 1×128 group. The text form shows
// each tile's scale and elements; the packed form is the two tensors, the scales (float32, little-endian, tile
// row-major) and the codes (one byte each, row-major); the layout form names each tile's bytes in them; JSON:
// ds_tile_json.h.
#include "app/cli/ds_tile_commands.h"

#include <bit>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <iostream>
#include <vector>

#include "app/cli/block_io.h"
#include "app/cli/ds_tile_json.h"
#include "app/cli/output.h"
#include "app/cli/spool.h"
#include "app/cli/system_options.h"
#include "typelattice/block_text.h"
#include "typelattice/display_text.h"
#include "typelattice/hex_text.h"
#include "typelattice/minifloat.h"

namespace typelattice::cli {
namespace {

std::string scale_text(float s) {
  return hex_text(std::bit_cast<std::uint32_t>(s), 8) + " " + block_value_text(static_cast<double>(s));
}

// Where a chunk of values sits in the matrix: its first row and column, its size, and the matrix's width.
struct Chunk {
  std::size_t row0 = 0, col0 = 0, rows = 0, cols = 0, matrix_cols = 0, tile_row = 0;
};

// "tile I,J: rows a-b, cols c-d; amax A, scale 0x… S; mse M, sqnr Q dB, max abs error E" (from 1), then
// "  input -> 0x7e 448 -> dequantized" for each element, row-major within the tile.
void append_tile_text(std::string& out, const Chunk& k, std::size_t j, std::span<const float> x, float scale,
                      std::span<const std::uint8_t> codes) {
  const std::size_t c0 = j * kDsTileCols, c1 = std::min(k.cols, c0 + kDsTileCols);
  double squares = 0, errors = 0, max_error = 0;
  float amax = 0;
  std::string elements;
  for (std::size_t r = 0; r < k.rows; ++r) {
    for (std::size_t c = c0; c < c1; ++c) {
      const float v = x[r * k.cols + c];
      const std::uint8_t code = codes[r * k.cols + c];
      const float value = ds_element_value(code, scale);
      const double error = static_cast<double>(value) - static_cast<double>(v);
      amax = std::isnan(v) || std::isnan(amax) ? NAN : std::max(amax, std::fabs(v));
      squares += static_cast<double>(v) * static_cast<double>(v);
      errors += error * error;
      max_error = std::isnan(error) || std::isnan(max_error) ? std::nan("") : std::max(max_error, std::fabs(error));
      elements += "  " + block_input_text(v) + " -> " + hex_text(code, 2) + " " +
                  block_value_text(decode_to_float64(Format::float8_e4m3fn, code)) + " -> " +
                  block_value_text(static_cast<double>(value)) + "\n";
    }
  }
  const double count = static_cast<double>(k.rows * (c1 - c0));
  const double sqnr = errors == 0 ? INFINITY : 10 * std::log10(squares / errors);
  const std::size_t first_col = k.col0 + c0;
  out += "tile " + std::to_string(k.tile_row + 1) + "," + std::to_string(first_col / kDsTileCols + 1) + ": rows " +
         std::to_string(k.row0 + 1) + "-" + std::to_string(k.row0 + k.rows) + ", cols " +
         std::to_string(first_col + 1) + "-" + std::to_string(k.col0 + c1) + "; amax " + block_input_text(amax) +
         ", scale " + scale_text(scale) + "; mse " + block_value_text(errors / count) + ", sqnr " +
         fixed_decimal(sqnr, 2) + " dB, max abs error " + block_value_text(max_error) + "\n" + elements;
}

std::string bytes_text(std::span<const std::uint8_t> bytes) {
  std::string out;
  for (const std::uint8_t b : bytes) {
    out += " ";
    append_hex(out, std::span(&b, 1));
  }
  return out;
}

// "tile I,J: rows a-b, cols c-d", "  scales bytes p-q: 00 00 80 3f (…) = 0x3f800000 1", then each of its rows'
// "  codes bytes p-q: 7e 00 … (row r)".
void append_tile_layout(std::string& out, const Chunk& k, std::size_t j, float scale,
                        std::span<const std::uint8_t> codes, std::size_t tile_cols) {
  const std::size_t c0 = j * kDsTileCols, c1 = std::min(k.cols, c0 + kDsTileCols), first_col = k.col0 + c0;
  const std::size_t tile_col = first_col / kDsTileCols, index = k.tile_row * tile_cols + tile_col;
  out += "tile " + std::to_string(k.tile_row + 1) + "," + std::to_string(tile_col + 1) + ": rows " +
         std::to_string(k.row0 + 1) + "-" + std::to_string(k.row0 + k.rows) + ", cols " +
         std::to_string(first_col + 1) + "-" + std::to_string(k.col0 + c1) + "\n  scales bytes " +
         std::to_string(4 * index) + "-" + std::to_string(4 * index + 3) + ":" + bytes_text(float32_bytes(scale)) +
         " (float32, little-endian, scale " + std::to_string(index) + ") = " + scale_text(scale) + "\n";
  for (std::size_t r = 0; r < k.rows; ++r) {
    const std::size_t first = (k.row0 + r) * k.matrix_cols + first_col;
    out += "  codes bytes " + std::to_string(first) + "-" + std::to_string(first + c1 - c0 - 1) + ":" +
           bytes_text(codes.subspan(r * k.cols + c0, c1 - c0)) + " (row " + std::to_string(k.row0 + r + 1) + ")\n";
  }
}

}  // namespace

Result<DsTileShape> parse_ds_shape(const std::string& text) {
  const std::size_t comma = text.find(',');
  const auto number = [](std::string_view digits) -> std::size_t {
    std::size_t n = 0;
    if (digits.empty()) return 0;
    for (const char c : digits) {
      if (!std::isdigit(static_cast<unsigned char>(c)) || n > (SIZE_MAX - 9) / 10) return 0;
      n = n * 10 + static_cast<std::size_t>(c - '0');
    }
    return n;
  };
  const std::string_view view(text);
  const DsTileShape shape{comma == std::string::npos ? 0 : number(view.substr(0, comma)),
                          comma == std::string::npos ? 0 : number(view.substr(comma + 1))};
  if (shape.rows == 0 || shape.cols == 0 || shape.cols > SIZE_MAX / shape.rows)
    return bad_value_error("a shape is ROWS,COLS, two positive integers whose product is a count of values, not '" +
                           displayed(text) + "'");
  return shape;
}

int run_quantize_ds(DsTileType t, std::optional<DsTileShape> shape, DsForm form, const ValueSource& next) {
  const DsTileSpec& spec = ds_tile_spec(t);
  if (!shape && spec.tile_rows > 1)
    return usage_error(std::string(spec.name) + " tiles a matrix: give its --shape ROWS,COLS");
  const std::size_t total = shape ? shape->rows * shape->cols : 0;
  const std::size_t chunk_values = shape ? static_cast<std::size_t>(spec.tile_rows) * shape->cols : kDsTileCols;
  const std::size_t tile_cols = shape ? ds_tile_col_count(*shape) : 0;
  Output out;
  Spool scale_spool, code_spool;
  std::vector<float> chunk, scales;
  std::vector<std::uint8_t> codes;
  std::size_t count = 0, chunks = 0;
  bool too_many = false;
  const auto emit = [&]() {
    Chunk k;
    if (shape) {
      k = {chunks * static_cast<std::size_t>(spec.tile_rows), 0, chunk.size() / shape->cols, shape->cols, shape->cols,
           chunks};
    } else {
      k = {0, chunks * kDsTileCols, 1, chunk.size(), 0, 0};
    }
    ++chunks;
    scales.resize(ds_scale_count(t, {k.rows, k.cols}));
    codes.resize(chunk.size());
    quantize_ds_tiles(t, {k.rows, k.cols}, chunk, scales, codes);
    for (std::size_t j = 0; j < scales.size(); ++j) {
      if (form == DsForm::text) append_tile_text(out.text(), k, j, chunk, scales[j], codes);
      if (form == DsForm::layout) append_tile_layout(out.text(), k, j, scales[j], codes, tile_cols);
    }
    if (form == DsForm::json) {
      if (chunks == 1) out.text() += ds_tiles_json_head(spec);
      append_ds_band_json(out.text(), k.tile_row, k.col0 / kDsTileCols, k.cols, scales, codes, chunks == 1);
    }
    if (form == DsForm::packed) {
      for (const float s : scales) {
        if (!scale_spool.write(float32_bytes(s))) return false;
      }
      if (!code_spool.write(codes)) return false;
    }
    chunk.clear();
    return true;
  };
  const auto on_chunk = [&](std::span<const float>) {
    if (shape && count > total) return !(too_many = true);
    if (emit()) return true;
    std::cerr << "typelattice: cannot keep the tiles in a temporary file: " << std::strerror(errno) << "\n";
    return false;
  };
  const int read = read_value_blocks(next, chunk_values, out, chunk, count, on_chunk);
  const auto wrong_count = [&]() {
    out.flush();
    return usage_error("--shape " + std::to_string(shape->rows) + "," + std::to_string(shape->cols) + " holds " +
                       std::to_string(total) + " values, and " + (too_many ? "more" : std::to_string(count)) +
                       " were given");
  };
  if (too_many) return wrong_count();
  if (read != 0) return read;
  if (count == 0) return usage_error("no values to quantize: give them as arguments or on stdin");
  if (shape && count != total) return wrong_count();
  if (!chunk.empty() && !emit()) return 3;
  const DsTileShape matrix = shape ? *shape : DsTileShape{1, count};
  if (form == DsForm::json) out.text() += ds_tiles_json_tail(matrix);
  if (form == DsForm::packed) {
    out.text() += "format " + std::string(spec.name) + "\nshape " + std::to_string(matrix.rows) + "," +
                  std::to_string(matrix.cols) + "\nscales ";
    for (Spool* spool : {&scale_spool, &code_spool}) {
      if (!append_spool_hex(out, *spool)) return 3;
      out.text() += spool == &scale_spool ? "\ncodes " : "\n";
    }
  }
  return out.flush() ? 0 : 3;
}

// Either form (JSON if it starts with '{'; else "format F", "shape R,C", "scales HEX", "codes HEX"), read in full
// before any value is printed, so that an error anywhere comes first; then the float32 values, one per line.
int run_dequantize_ds(DsTileType t, std::istream& in) {
  const DsTileSpec& spec = ds_tile_spec(t);
  DsTiles tiles;
  in >> std::ws;
  if (in.peek() == '{') {
    Result<DsTiles> read = read_ds_tiles_json(t, in);
    if (!read) return usage_error(read.error().message);
    tiles = std::move(*read);
  } else {
    std::string key, value;
    if (!(in >> key >> value) || key != "format")
      return usage_error("dequantize --from " + std::string(spec.name) + " reads quantize's JSON or packed form");
    if (value != spec.name) return usage_error("the input is " + displayed(value) + ", not " + std::string(spec.name));
    if (!(in >> key >> value) || key != "shape") return usage_error("expected 'shape ROWS,COLS' after the format");
    const Result<DsTileShape> shape = parse_ds_shape(value);
    if (!shape) return usage_error("shape: " + shape.error().message);
    tiles.shape = *shape;
    const Result<std::vector<std::uint8_t>> scale_bytes = read_hex_field(in, "scales");
    if (!scale_bytes) return usage_error(scale_bytes.error().message);
    Result<std::vector<float>> scales = float32s_of_bytes(*scale_bytes, "scales");
    if (!scales) return usage_error(scales.error().message);
    Result<std::vector<std::uint8_t>> codes = read_hex_field(in, "codes");
    if (!codes) return usage_error(codes.error().message);
    if (in >> key) return usage_error("unexpected '" + displayed(key) + "' after the codes");
    tiles.scales = std::move(*scales);
    tiles.codes = std::move(*codes);
  }
  std::vector<float> values(tiles.codes.size());
  const Result<std::size_t> done = dequantize_ds_tiles(t, tiles.shape, tiles.scales, tiles.codes, values);
  if (!done) return usage_error(done.error().message);
  return print_value_lines(values);
}

}  // namespace typelattice::cli
