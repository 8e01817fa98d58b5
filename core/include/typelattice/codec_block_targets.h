// Block families that tensor analysis takes as targets through their own codecs, one block at a time:
// bitsandbytes' 4-bit lookup-table blocks (nf4, bnb_fp4), ggml's GGUF blocks (gguf_q4_0 … iq4_nl, gguf_mxfp4,
// gguf_nvfp4), the integer groups of GPTQ, AWQ and MLX (int2_g32 … int8_g128_mlx, int_groups.h) and DeepSeek's
// 1×128 FP8 groups (ds_fp8_1x128, ds_fp8_1x128_ue8m0, deepseek_tiles.h). Each target is a row of data: its block
// size, bits per element computed from the format's storage, where a block keeps a magnitude, and a round trip
// (quantize, then dequantize) of one block. Another block family plugs in by adding its rows in
// codec_block_targets.cpp. docs/tensor-analysis.md, "Lookup and integer block targets", has the rules.
#pragma once
#include <span>
#include <string_view>

namespace typelattice {

// What one block's round trip gives besides its values: the lowest and highest value the block can represent
// (its extreme codes dequantized), so that an input beyond them counts as saturated.
struct CodecBlockBounds {
  float lowest = 0, highest = 0;
};

struct CodecBlockTarget {
  std::string_view name;    // the name quantize --to and analyze --to take: "nf4", "gguf_q4_0"
  std::string_view family;  // "bitsandbytes", "gguf", "gptq", "awq", "mlx", "deepseek"
  // The family's own type (BnbBlockType, GgufBlockType, DsTileType, an index into int_group_specs()), for round_trip.
  int type;
  int block_size;           // elements per block
  double bits_per_element;  // code bits plus the block's scale (and minimum) bits shared by its elements
  // The finest nonzero magnitude of a block whose largest |x| is a, as finest_level × a (the scale rule's: NF4's
  // smallest nonzero table value, Q4_0's 1/8 of d = max / -8, ...). The block's largest kept magnitude is a.
  double finest_level;
  // Quantizes and dequantizes one block of 1..block_size values into `results` (as many). A family whose
  // quantizer takes whole blocks pads a short one (codec_block_padding) and drops the padding's results.
  CodecBlockBounds (*round_trip)(int type, std::span<const float> values, std::span<float> results);
  bool whole_blocks;    // quantize takes only whole blocks (GGUF)
  // GPTQ's, AWQ's and MLX's integer groups: `type` indexes int_group_specs(), and they take a packing.
  bool integer_group() const { return family == "gptq" || family == "awq" || family == "mlx"; }
};

std::span<const CodecBlockTarget> codec_block_targets();
// The target of that name (ASCII case-insensitive), or nullptr.
const CodecBlockTarget* find_codec_block_target(std::string_view name);

// What a short block of a whole-blocks family is padded with, up to block_size: a value that changes neither the
// block's scale nor its minimum (ggml's quantizers: zeros for Q4_0, Q5_0, Q8_0 and IQ4_NL, whose rules take the
// largest |x| and weigh by x²; the block's first value for Q4_1 and Q5_1, whose rules take the minimum and maximum).
float codec_block_padding(const CodecBlockTarget& target, std::span<const float> values);

}  // namespace typelattice
