// quantize and dequantize for ggml's GGUF block types (gguf_block_commands.cpp), run by block_commands.cpp when
// --to / --from names one of them.
#pragma once
#include <functional>
#include <istream>
#include <string>

#include "typelattice/gguf_blocks.h"
#include "typelattice/result.h"

namespace typelattice::cli {

enum class GgufForm { text, json, packed, layout };

// `next` gives the next value (a float32) and sets `more` to false after the last one; an error value stops the run.
int run_quantize_gguf(GgufBlockType t, GgufForm form, const std::function<Result<float>(std::string&, bool&)>& next);
int run_dequantize_gguf(GgufBlockType t, std::istream& in);

}  // namespace typelattice::cli
