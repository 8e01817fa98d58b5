// Blocks of the lookup-table, GGUF, integer-group and DeepSeek families (codec_block_targets.h: nf4, bnb_fp4,
// gguf_q4_0 … gguf_mxfp4, iq4_nl, gguf_nvfp4, intN_gG[_asym|_awq|_mlx], ds_fp8_1x128[_ue8m0]) quantized and laid
// out as their libraries store them: each stored field's bytes, and for every element the bits that hold its code.
// The bit map is found by packing one-bit codes with the family's own packer (pack_bnb_block, write_gguf_block,
// pack_int_codes; DeepSeek's codes are one byte each), so it is the packer's order, not a second copy of it. The
// playground's and the app's Blocks views draw it; docs/formats.md has the layouts.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "typelattice/result.h"

namespace typelattice {

// A scale, minimum, bias or zero point a field stores: its code as stored (float16 or float32 bits, an E8M0 or
// UE4M3 byte, a zero point's N bits) and the value the library reads from it.
struct StoredScale {
  std::uint32_t code = 0;
  double value = 0;
};

struct StoredField {
  std::string name;                 // ggml's struct fields ("d", "m", "e", "qh", "qs"); bitsandbytes' tensors
                                    // ("absmax", "codes"); GPTQ's ("scales", "zeros", "biases", "codes");
                                    // DeepSeek's ("scales", "codes")
  std::vector<std::uint8_t> bytes;  // this block's bytes of the field, as stored (little-endian)
  std::string meaning;              // ggml's field note (gguf_blocks.h); empty for the others
  std::vector<StoredScale> scales;  // the scales it holds (NVFP4's d: four); none for a field of codes
};

// One bit of an element's code: which field, and which bit of its bytes (byte × 8 + bit, bit 0 the lowest).
struct StoredBit {
  int field = 0;
  int bit = 0;
};

struct StoredElement {
  float input = 0;
  std::uint8_t code = 0;    // as stored: an index into the table, ggml's q, an N-bit integer, a float8_e4m3fn code
  float dequantized = 0;    // the library's float32 value of the code
  std::vector<StoredBit> bits;  // the code's bits, least significant first
};

struct StoredBlock {
  std::vector<StoredField> fields;
  std::vector<StoredElement> elements;
};

struct StoredBlocks {
  std::string_view format;  // the name as the core spells it
  std::string_view family;  // "bitsandbytes", "gguf", "gptq", "awq", "mlx", "deepseek"
  int block_size = 0;
  double bits_per_element = 0;
  std::size_t count = 0;          // values quantized
  std::vector<StoredBlock> blocks;  // the first max_blocks of them
};

// Quantizes `values` to the block family `name` and lays out the first `max_blocks` blocks. `packing` is for the
// integer groups ("gptq", "gptq_v1", "awq"; empty: gptq) and refused for the others. Errors: an unknown name
// (with the closest), no values, GGUF's whole blocks, a packing the family or the width does not take.
Result<StoredBlocks> store_codec_blocks(std::string_view name, std::span<const float> values, std::string_view packing,
                                        std::size_t max_blocks);

// The names store_codec_blocks takes, in the order of codec_block_targets().
std::vector<std::string_view> stored_codec_block_names();

}  // namespace typelattice
