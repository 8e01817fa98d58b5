// DeepSeek-V3's FP8 tile scaling: float8_e4m3fn elements with one float32 scale per tile of a row-major matrix,
// 1×128 (activations: 128 consecutive elements of a row) or 128×128 (weights). s = max(amax, 1e-4) / 448, or with
// the "ue8m0" scale format the smallest power of two >= that; element = float8_e4m3fn(float32(x / s)); value =
// element × s. Each tile type is a row of data; docs/formats.md, "DeepSeek FP8 tiles", has the rules and sources.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "typelattice/result.h"

namespace typelattice {

enum class DsTileType : std::uint8_t { fp8_1x128, fp8_1x128_ue8m0, fp8_128x128, fp8_128x128_ue8m0 };
inline constexpr int kDsTileTypeCount = 4;
inline constexpr int kDsTileCols = 128;   // both tiles are 128 columns wide
inline constexpr float kDsAmaxFloor = 1e-4f;  // amax is clamped to at least this before dividing by 448
inline constexpr float kDsElementMax = 448.0f;  // float8_e4m3fn's largest finite value

struct DsTileSpec {
  DsTileType id;
  std::string_view name;  // the CLI's name: "ds_fp8_1x128", "ds_fp8_128x128_ue8m0"
  int tile_rows;          // 1 or 128
  bool ue8m0;             // scales rounded up to a power of two (scale_fmt="ue8m0", use_ue8m0=True)
  // 8 bits per element plus a 32-bit scale per tile: 8.25 (1×128), 8.001953125 (128×128).
  double bits_per_element() const { return 8.0 + 32.0 / (tile_rows * kDsTileCols); }
};

std::span<const DsTileSpec> ds_tile_types();  // indexed by DsTileType
const DsTileSpec& ds_tile_spec(DsTileType t);
// Case-insensitive; an unknown name suggests the closest.
Result<DsTileType> parse_ds_tile_type(std::string_view name);

// A tile's scale from the largest |x| in it: max(amax, 1e-4) / 448 rounded once to float32, then (ue8m0) the
// smallest power of two >= it. A NaN amax gives a NaN scale, an Inf one an Inf scale.
float ds_tile_scale(bool ue8m0, float amax);
// An element's float8_e4m3fn code: x / s rounded to float32, then to nearest, ties to even. |x| <= amax gives
// |x / s| at most 448 and a few float32 ulps, which rounds to 448; no finite input overflows. Non-finite: x / s is
// ±0 for finite x in an Inf tile, NaN (0x7f, 0xff) for ±Inf or in a NaN tile.
std::uint8_t ds_element_code(float x, float scale);
// code's float8_e4m3fn value × s, rounded to float32 (weight_dequant's float32 product).
float ds_element_value(std::uint8_t code, float scale);

// A rows × cols matrix in row-major order. The scales: one per tile, tile rows × tile columns row-major, where a
// matrix edge's tiles are partial (ceil(rows / tile_rows) × ceil(cols / 128)).
struct DsTileShape {
  std::size_t rows = 0, cols = 0;
};
std::size_t ds_tile_row_count(DsTileType t, DsTileShape shape);
std::size_t ds_tile_col_count(DsTileShape shape);
std::size_t ds_scale_count(DsTileType t, DsTileShape shape);

// The bulk path: values (rows × cols) to one float32 scale per tile and one code per value. Elements run through
// the bulk cast kernels (cast_kernels.h), one tile row's quotients at a time. Errors: no values, spans of the wrong
// lengths. Returns the number of scales written.
Result<std::size_t> quantize_ds_tiles(DsTileType t, DsTileShape shape, std::span<const float> values,
                                      std::span<float> scales, std::span<std::uint8_t> codes);
// ds_element_value of every code with its tile's scale. Errors: spans of the wrong lengths.
Result<std::size_t> dequantize_ds_tiles(DsTileType t, DsTileShape shape, std::span<const float> scales,
                                        std::span<const std::uint8_t> codes, std::span<float> values);

}  // namespace typelattice
