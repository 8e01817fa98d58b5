// The text forms of quantized blocks that `quantize` writes and `dequantize` reads back (docs/formats.md,
// "Block-scaled formats"): the JSON document and the packed form.
#pragma once
#include <cstdint>
#include <istream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "app/cli/spool.h"
#include "typelattice/block_formats.h"
#include "typelattice/result.h"

namespace typelattice::cli {

// A value as this CLI prints values: the exact decimal, "nan", "inf", "-inf"; `json` prints null for NaN and ±Inf.
std::string value_text(double v, bool json = false);
// dequantize's text: one value a line.
void append_value_lines(std::string& out, std::span<const float> values);
// Prints dequantize's text for `values`, spilling as it grows: 0, or 3 when the output cannot be written.
int print_value_lines(std::span<const float> values);

// The two forms are written in pieces as the blocks are quantized. JSON: {"format", "block_size", "scale_mode",
// ["tensor_scale",] "blocks": [{"scale": {"code", "value"}, "elements": [{"code", "value", "dequantized"}, …]},
// …]}: the head up to "blocks": [, each block (", " before all but the first), then kBlocksJsonTail.
std::string blocks_json_head(BlockFormat f, const BlockOptions& options, bool tensor_scale);
void append_block_json(std::string& out, const QuantizedBlock& block, bool first);
inline constexpr std::string_view kBlocksJsonTail = "]}\n";
// Packed: "format F", "count N", ["tensor_scale T",] then "scales HEX", "codes HEX" (the codes packed,
// block_packing.h), whose hex append_hex writes.
std::string packed_head(BlockFormat f, const BlockOptions& options, bool tensor_scale, std::size_t count);
void append_hex(std::string& out, std::span<const std::uint8_t> bytes);

// What dequantize reads, kept in spools as it is read (memory stays bounded): one scale code per block, the element
// codes (packed as in the packed form when `packed`, else one per byte), their count and the tensor scale (1: none).
struct BlockCodeStream {
  Spool scales, codes;
  bool packed = false;
  std::size_t count = 0;
  float tensor_scale = 1.0f;
};
// Either form, told apart by its first character ('{': JSON), read from `in` to its end. Errors name what is wrong
// and where; a key given twice is refused. Every scale code is read: a NaN scale makes its block NaN when
// dequantized, as the core's dequantize_blocks does.
Result<bool> read_block_codes(BlockFormat f, std::istream& in, BlockCodeStream& out);
// The codes read back in batches of whole blocks: `scales` and `codes` (one per byte) are resized to the batch;
// false after the last one.
class BlockCodeBatches {
 public:
  BlockCodeBatches(BlockFormat f, BlockCodeStream& stream);
  bool next(std::vector<std::uint8_t>& scales, std::vector<std::uint8_t>& codes);

 private:
  BlockFormat f_;
  BlockCodeStream& stream_;
  std::size_t done_ = 0;
  std::vector<std::uint8_t> packed_;
};

// The one-line fields of the packed forms that are read whole (bitsandbytes', the integer groups'): "format NAME"
// then "count N", giving N; and "KEY HEX", giving its bytes. Errors name the field and what is wrong with it.
Result<std::size_t> read_packed_format_and_count(std::istream& in, std::string_view name);
Result<std::vector<std::uint8_t>> read_hex_field(std::istream& in, const std::string& key);

// The JSON reader (block_json_reader.cpp).
Result<bool> read_block_json(BlockFormat f, std::istream& in, BlockCodeStream& out);
// tensor_scale's value: the float32 it names exactly; `text` is how it was written.
Result<float> tensor_scale_of(double value, std::string_view text);

}  // namespace typelattice::cli
