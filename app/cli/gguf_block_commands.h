// quantize and dequantize for ggml's GGUF block types (gguf_block_commands.cpp), run by block_commands.cpp when
// --to / --from names one of them.
#pragma once
#include <functional>
#include <istream>
#include <span>
#include <string>

#include "app/cli/spool.h"
#include "typelattice/gguf_blocks.h"
#include "typelattice/result.h"

namespace typelattice::cli {

enum class GgufForm { text, json, packed, layout };

// `next` gives the next value (a float32) and sets `more` to false after the last one; an error value stops the run.
int run_quantize_gguf(GgufBlockType t, GgufForm form, const std::function<Result<float>(std::string&, bool&)>& next);
int run_dequantize_gguf(GgufBlockType t, std::istream& in);
// The packed form, "format NAME", "count N", "blocks HEX", its bytes into `spooled` (N whole blocks of
// block_elements values, each block_bytes long): what quantize --packed prints for the GGUF types.
Result<bool> read_gguf_packed(std::string_view name, std::size_t block_elements, std::size_t block_bytes,
                              std::istream& in, Spool& spooled);
// --layout's pieces for every GGUF block (the K-quants' too): a float16 field as "0x3c00 1", and a field's line
// up to its value, "  d bytes 0-1: 00 3c (the scale, float16)", read from the block's `bytes`.
std::string float16_text(std::uint16_t code);
void append_field_bytes(std::string& out, const GgufBlockField& field, std::span<const std::uint8_t> bytes);

}  // namespace typelattice::cli
