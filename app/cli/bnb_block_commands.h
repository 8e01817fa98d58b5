// quantize and dequantize for bitsandbytes' NF4 and FP4 blocks (bnb_block_commands.cpp), run by block_commands.cpp
// when --to / --from names one of them.
#pragma once
#include <functional>
#include <istream>
#include <string>

#include "typelattice/bnb_blocks.h"
#include "typelattice/result.h"

namespace typelattice::cli {

enum class BnbForm { text, json, packed, layout };

// `next` gives the next value (a float32) and sets `more` to false after the last one; an error value stops the run.
int run_quantize_bnb(BnbBlockType t, BnbForm form, const std::function<Result<float>(std::string&, bool&)>& next);
int run_dequantize_bnb(BnbBlockType t, std::istream& in);

}  // namespace typelattice::cli
