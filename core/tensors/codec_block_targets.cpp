// The lookup-table and integer block families as analysis targets (typelattice/codec_block_targets.h): each row
// calls its family's public codec (bnb_blocks.h, gguf_blocks.h) and takes its sizes from the family's own specs.
#include "typelattice/codec_block_targets.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "core/base/ascii_text.h"
#include "typelattice/bnb_blocks.h"
#include "typelattice/deepseek_tiles.h"
#include "typelattice/gguf_blocks.h"
#include "typelattice/gguf_nvfp4.h"
#include "typelattice/int_groups.h"

namespace typelattice {
namespace {

CodecBlockBounds round_trip_bnb(int type, std::span<const float> values, std::span<float> results) {
  const auto t = static_cast<BnbBlockType>(type);
  const BnbBlock block = quantize_bnb_block(t, values);
  for (std::size_t i = 0; i < values.size(); ++i) results[i] = bnb_element_value(t, block.absmax, block.q[i]);
  // Both tables run from -1 to 1: the block represents [-absmax, absmax].
  return {-block.absmax, block.absmax};
}

// An integer group's row keeps its index in int_group_specs() in `type`.
IntGroupSpec int_group_of_type(int type) { return int_group_specs()[static_cast<std::size_t>(type)]; }

CodecBlockBounds round_trip_int_group(int type, std::span<const float> values, std::span<float> results) {
  const IntGroupSpec spec = int_group_of_type(type);
  std::array<std::uint8_t, 128> codes{};
  const IntGroupScale group = quantize_int_group(spec, values, std::span(codes).first(values.size()));
  for (std::size_t i = 0; i < values.size(); ++i) results[i] = int_group_value(group, codes[i]);
  const float a = int_group_value(group, 0), b = int_group_value(group, static_cast<std::uint8_t>(spec.max_code()));
  return {std::fmin(a, b), std::fmax(a, b)};
}

// DeepSeek's 1×128 groups: the group is a one-row matrix. Its scale comes from its own amax, which lands on 448 (or
// below it, ue8m0), so no finite value is clipped: the bounds are ±amax, as bitsandbytes' ±absmax.
CodecBlockBounds round_trip_ds_tile(int type, std::span<const float> values, std::span<float> results) {
  const auto t = static_cast<DsTileType>(type);
  const DsTileShape row{1, values.size()};
  float scale = 0;
  std::array<std::uint8_t, kDsTileCols> codes{};
  const std::span<std::uint8_t> used = std::span(codes).first(values.size());
  quantize_ds_tiles(t, row, values, std::span(&scale, 1), used);
  dequantize_ds_tiles(t, row, std::span(&scale, 1), used, results);
  float amax = 0;
  for (const float x : values) amax = std::isnan(x) || std::isnan(amax) ? NAN : std::max(amax, std::fabs(x));
  return {-amax, amax};
}

// The codes whose integers are the smallest and the largest (Q8_0: the int8's -128 and 127).
struct ExtremeCodes {
  std::uint8_t lowest = 0, highest = 0;
};
ExtremeCodes extreme_codes(GgufBlockType t) {
  ExtremeCodes out;
  const int codes = 1 << gguf_block_spec(t).element_bits;
  for (int c = 1; c < codes; ++c) {
    const auto code = static_cast<std::uint8_t>(c);
    if (gguf_code_integer(t, code) < gguf_code_integer(t, out.lowest)) out.lowest = code;
    if (gguf_code_integer(t, code) > gguf_code_integer(t, out.highest)) out.highest = code;
  }
  return out;
}

CodecBlockBounds round_trip_gguf(int type, std::span<const float> values, std::span<float> results) {
  const auto t = static_cast<GgufBlockType>(type);
  std::array<float, kGgufBlockSize> padded{};
  std::copy(values.begin(), values.end(), padded.begin());
  if (values.size() < padded.size()) {
    const float pad = codec_block_padding(*find_codec_block_target(gguf_block_spec(t).name), values);
    std::fill(padded.begin() + static_cast<std::ptrdiff_t>(values.size()), padded.end(), pad);
  }
  GgufBlock block = quantize_gguf_block(t, padded);
  for (std::size_t i = 0; i < values.size(); ++i) results[i] = gguf_element_value(t, block, static_cast<int>(i));
  // The extreme codes' values, as dequantize gives them (d may be negative: Q4_0's d = max / -8).
  static const std::array<ExtremeCodes, kGgufBlockTypeCount> extremes = [] {  // constant once built
    std::array<ExtremeCodes, kGgufBlockTypeCount> out{};
    for (int i = 0; i < kGgufBlockTypeCount; ++i) out[static_cast<std::size_t>(i)] = extreme_codes(static_cast<GgufBlockType>(i));
    return out;
  }();
  const ExtremeCodes codes = extremes[static_cast<std::size_t>(type)];
  block.q[0] = codes.lowest;
  const float a = gguf_element_value(t, block, 0);
  block.q[0] = codes.highest;
  const float b = gguf_element_value(t, block, 0);
  return {std::fmin(a, b), std::fmax(a, b)};
}

// ggml's NVFP4 row: `type` after the GgufBlockType rows. Its four sub-blocks of 16 are quantized independently; the
// bounds are the block's widest sub-block's (±12 × its d), so a value clipped in a narrower sub-block, which ggml's
// UE4M3 rounding of amax / 6 can give, is not counted as saturated.
constexpr int kNvfp4Type = kGgufBlockTypeCount;

CodecBlockBounds round_trip_gguf_nvfp4(int, std::span<const float> values, std::span<float> results) {
  std::array<float, kGgufNvfp4BlockSize> padded{};  // zeros: they move no sub-block's amax
  std::copy(values.begin(), values.end(), padded.begin());
  const GgufNvfp4Block block = quantize_gguf_nvfp4_block(padded);
  for (std::size_t i = 0; i < values.size(); ++i) results[i] = gguf_nvfp4_element_value(block, static_cast<int>(i));
  float d = 0;
  for (const std::uint8_t code : block.d) d = std::fmax(d, gguf_ue4m3_value(code));
  return {-12 * d, 12 * d};
}

// The finest nonzero magnitude of a block whose largest |x| is 1: ggml's scale rules (ggml-quants.c,
// quantize_row_*_ref) put the largest |x| on 8 (Q4_0), 16 (Q5_0), 127 (Q8_0, IQ4_NL's first scale) steps of d,
// and Q4_1/Q5_1's (max - min) on 15/31 steps: for a block spanning [-1, 1] its finest magnitude is half a step.
// MXFP4's d for a largest |x| of 1 is 2^(floor(log2 1) - 3) = 1/8, its smallest nonzero level 1 × d.
double gguf_finest_level(GgufBlockType t) {
  switch (t) {
    case GgufBlockType::q4_0: return 1.0 / 8;
    case GgufBlockType::q5_0: return 1.0 / 16;
    case GgufBlockType::q4_1: return 1.0 / 15;
    case GgufBlockType::q5_1: return 1.0 / 31;
    case GgufBlockType::q8_0: return 1.0 / 127;
    case GgufBlockType::mxfp4: return 1.0 / 8;
    case GgufBlockType::iq4_nl: {
      int finest = 127;
      for (const std::int8_t v : kIq4nlValues) finest = std::min(finest, std::abs(static_cast<int>(v)));
      return finest / 127.0;
    }
  }
  return 0;
}

double bnb_finest_level(BnbBlockType t) {
  double finest = 1;
  for (const float v : bnb_block_spec(t).values)
    if (v != 0) finest = std::min(finest, static_cast<double>(std::fabs(v)));
  return finest;
}

std::vector<CodecBlockTarget> make_targets() {
  std::vector<CodecBlockTarget> out;
  // bitsandbytes: a 4-bit code per element and a float32 absmax per block.
  for (const BnbBlockSpec& spec : bnb_block_types()) {
    out.push_back({spec.name, "bitsandbytes", static_cast<int>(spec.id), kBnbBlockSize,
                   4.0 + 8.0 * sizeof(float) / kBnbBlockSize, bnb_finest_level(spec.id), round_trip_bnb, false});
  }
  for (const GgufBlockSpec& spec : gguf_block_types()) {
    out.push_back({spec.name, "gguf", static_cast<int>(spec.id), kGgufBlockSize, spec.bits_per_element(),
                   gguf_finest_level(spec.id), round_trip_gguf, true});
  }
  // NVFP4 for an amax of 1: d = UE4M3(1/6) halved, its smallest nonzero level 1 × d.
  out.push_back({kGgufNvfp4Name, "gguf", kNvfp4Type, kGgufNvfp4BlockSize, kGgufNvfp4BlockBytes * 8.0 / kGgufNvfp4BlockSize,
                 static_cast<double>(gguf_ue4m3_value(gguf_ue4m3_code(1.0f / 6.0f))), round_trip_gguf_nvfp4, true});
  // DeepSeek's 1×128 groups (the 128×128 tiles span 128 rows, which analysis's row slices do not): an amax of 1
  // gives s = 1/448 (ue8m0: 2^-8), whose finest nonzero level is float8_e4m3fn's smallest subnormal, 2^-9, × s.
  for (const DsTileSpec& spec : ds_tile_types()) {
    if (spec.tile_rows != 1) continue;
    out.push_back({spec.name, "deepseek", static_cast<int>(spec.id), kDsTileCols, spec.bits_per_element(),
                   std::ldexp(static_cast<double>(ds_tile_scale(spec.ue8m0, 1.0f)), -9), round_trip_ds_tile, false});
  }
  // GPTQ's, AWQ's and MLX's integer groups: a block spanning [-1, 1] gets the scale 2 / (2^N - 1) and steps of it.
  const std::span<const IntGroupSpec> specs = int_group_specs();
  for (std::size_t i = 0; i < specs.size(); ++i) {
    const std::string_view family = specs[i].rule == IntGroupRule::awq   ? "awq"
                                    : specs[i].rule == IntGroupRule::mlx ? "mlx"
                                                                         : "gptq";
    out.push_back({{}, family, static_cast<int>(i), specs[i].group,
                   specs[i].bits_per_element(), 2.0 / specs[i].max_code(), round_trip_int_group, false});
  }
  return out;
}

// The integer groups' names, built once with the table (string_view rows point into it).
const std::vector<std::string>& int_group_names() {
  static const std::vector<std::string> names = [] {  // constant once built
    std::vector<std::string> out;
    for (const IntGroupSpec& spec : int_group_specs()) out.push_back(spec.name());
    return out;
  }();
  return names;
}

}  // namespace

std::span<const CodecBlockTarget> codec_block_targets() {
  static const std::vector<CodecBlockTarget> targets = [] {  // constant once built
    std::vector<CodecBlockTarget> rows = make_targets();
    std::size_t next = 0;
    for (CodecBlockTarget& row : rows)
      if (row.integer_group()) row.name = int_group_names()[next++];
    return rows;
  }();
  return targets;
}

const CodecBlockTarget* find_codec_block_target(std::string_view name) {
  for (const CodecBlockTarget& t : codec_block_targets())
    if (ascii::equal_ignoring_case(t.name, name)) return &t;
  return nullptr;
}

float codec_block_padding(const CodecBlockTarget& target, std::span<const float> values) {
  if (target.family == "gguf" && target.type < kGgufBlockTypeCount &&
      gguf_block_spec(static_cast<GgufBlockType>(target.type)).has_min && !values.empty())
    return values.front();
  return 0.0f;
}

}  // namespace typelattice
