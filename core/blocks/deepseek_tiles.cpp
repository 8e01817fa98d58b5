// DeepSeek's FP8 tiles (typelattice/deepseek_tiles.h). The rule is DeepSeek-V3's inference/kernel.py act_quant
// (commit 9b4e9788e4a3a731f7567338ed15d3ec549ce03b) and DeepGEMM's deep_gemm/utils/math.py per_token_cast_to_fp8 /
// per_block_cast_to_fp8 (commit 54e22612409371d6364144b69086735beb54e98b), float32 operation by operation.
#include "typelattice/deepseek_tiles.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "core/base/ascii_text.h"
#include "core/base/unknown_name.h"
#include "core/formats/geometry.h"
#include "typelattice/cast_kernels.h"
#include "typelattice/minifloat.h"

namespace typelattice {
namespace {

constexpr std::array<DsTileSpec, kDsTileTypeCount> kDsTileTypes{{
    {DsTileType::fp8_1x128, "ds_fp8_1x128", 1, false},
    {DsTileType::fp8_1x128_ue8m0, "ds_fp8_1x128_ue8m0", 1, true},
    {DsTileType::fp8_128x128, "ds_fp8_128x128", 128, false},
    {DsTileType::fp8_128x128_ue8m0, "ds_fp8_128x128_ue8m0", 128, true},
}};

std::size_t ceil_div(std::size_t a, std::size_t b) { return a / b + (a % b != 0); }

// Checks the spans against the shape; empty when they fit.
std::string shape_problem(DsTileType t, DsTileShape shape, std::size_t values, std::size_t scales,
                          std::size_t codes) {
  if (shape.rows == 0 || shape.cols == 0) return "no values";
  const std::string matrix = "a " + std::to_string(shape.rows) + "×" + std::to_string(shape.cols) + " matrix";
  if (codes != values) return std::to_string(values) + " values and " + std::to_string(codes) + " codes";
  if (shape.cols > SIZE_MAX / shape.rows || codes != shape.rows * shape.cols)
    return std::to_string(codes) + " codes for " + matrix;
  if (scales != ds_scale_count(t, shape))
    return std::to_string(scales) + " scales where the matrix has " + std::to_string(ds_scale_count(t, shape)) +
           " tiles";
  return {};
}

}  // namespace

std::span<const DsTileSpec> ds_tile_types() { return kDsTileTypes; }

const DsTileSpec& ds_tile_spec(DsTileType t) { return kDsTileTypes[static_cast<std::size_t>(t)]; }

Result<DsTileType> parse_ds_tile_type(std::string_view name) {
  const std::string_view text = ascii::trim(name);
  std::array<std::string_view, kDsTileTypeCount> names{};
  for (const DsTileSpec& spec : kDsTileTypes) {
    if (ascii::equal_ignoring_case(text, spec.name)) return spec.id;
    names[static_cast<std::size_t>(spec.id)] = spec.name;
  }
  return unknown_name_error("DeepSeek FP8 tile type", text, names);
}

float ds_tile_scale(bool ue8m0, float amax) {
  // torch's clamp and the division keep NaN; Inf / 448 is Inf.
  const float s = (std::isnan(amax) ? amax : std::max(amax, kDsAmaxFloor)) / kDsElementMax;
  if (!ue8m0 || !std::isfinite(s)) return s;
  // exp2(ceil(log2 s)): s is normal (at least 1e-4 / 448), so its exponent field, plus one unless s is a power of 2.
  const auto bits = minifloat_detail::bit_cast<std::uint32_t>(s);
  const std::uint32_t exponent = (bits >> 23 & 0xff) + ((bits & 0x7fffff) != 0 ? 1 : 0);
  return minifloat_detail::bit_cast<float>(exponent << 23);
}

std::uint8_t ds_element_code(float x, float scale) {
  return static_cast<std::uint8_t>(encode(Format::float8_e4m3fn, x / scale));
}

float ds_element_value(std::uint8_t code, float scale) {
  return decode_to_float32(Format::float8_e4m3fn, code) * scale;
}

std::size_t ds_tile_row_count(DsTileType t, DsTileShape shape) {
  return ceil_div(shape.rows, static_cast<std::size_t>(ds_tile_spec(t).tile_rows));
}
std::size_t ds_tile_col_count(DsTileShape shape) { return ceil_div(shape.cols, kDsTileCols); }
std::size_t ds_scale_count(DsTileType t, DsTileShape shape) {
  return ds_tile_row_count(t, shape) * ds_tile_col_count(shape);
}

Result<std::size_t> quantize_ds_tiles(DsTileType t, DsTileShape shape, std::span<const float> values,
                                      std::span<float> scales, std::span<std::uint8_t> codes) {
  if (const std::string problem = shape_problem(t, shape, values.size(), scales.size(), codes.size()); !problem.empty())
    return bad_value_error(problem);
  const DsTileSpec& spec = ds_tile_spec(t);
  const std::size_t band_rows = static_cast<std::size_t>(spec.tile_rows), tile_cols = ds_tile_col_count(shape);
  std::vector<float> quotients;
  for (std::size_t band = 0; band * band_rows < shape.rows; ++band) {
    const std::size_t r0 = band * band_rows, r1 = std::min(shape.rows, r0 + band_rows);
    const std::span<float> band_scales = scales.subspan(band * tile_cols, tile_cols);
    std::fill(band_scales.begin(), band_scales.end(), 0.0f);
    for (std::size_t r = r0; r < r1; ++r) {
      for (std::size_t c = 0; c < shape.cols; ++c) {
        const float a = std::fabs(values[r * shape.cols + c]);
        float& amax = band_scales[c / kDsTileCols];
        amax = std::isnan(a) || std::isnan(amax) ? NAN : std::max(amax, a);  // torch's amax propagates NaN
      }
    }
    for (float& s : band_scales) s = ds_tile_scale(spec.ue8m0, s);
    const std::span<const float> band_values = values.subspan(r0 * shape.cols, (r1 - r0) * shape.cols);
    quotients.resize(band_values.size());
    for (std::size_t i = 0; i < band_values.size(); ++i)
      quotients[i] = band_values[i] / band_scales[(i % shape.cols) / kDsTileCols];
    cast_from_float32(Format::float8_e4m3fn, quotients, codes.subspan(r0 * shape.cols, band_values.size()));
  }
  return scales.size();
}

Result<std::size_t> dequantize_ds_tiles(DsTileType t, DsTileShape shape, std::span<const float> scales,
                                        std::span<const std::uint8_t> codes, std::span<float> values) {
  if (const std::string problem = shape_problem(t, shape, values.size(), scales.size(), codes.size()); !problem.empty())
    return bad_value_error(problem);
  const std::size_t band_rows = static_cast<std::size_t>(ds_tile_spec(t).tile_rows), tile_cols = ds_tile_col_count(shape);
  for (std::size_t i = 0; i < codes.size(); ++i) {
    const std::size_t r = i / shape.cols, c = i % shape.cols;
    values[i] = ds_element_value(codes[i], scales[r / band_rows * tile_cols + c / kDsTileCols]);
  }
  return values.size();
}

}  // namespace typelattice
