// quantize and dequantize for the integer groups intN_gG and intN_gG_asym (int_group_commands.cpp), run by
// block_commands.cpp when --to / --from names one of them.
#pragma once
#include <functional>
#include <istream>
#include <string>

#include "typelattice/int_groups.h"
#include "typelattice/result.h"

namespace typelattice::cli {

enum class IntGroupForm { text, json, packed, layout };

// `next` gives the next value (a float32) and sets `more` to false after the last one; an error value stops the run.
int run_quantize_int_group(const IntGroupSpec& spec, IntGroupForm form,
                           const std::function<Result<float>(std::string&, bool&)>& next);
int run_dequantize_int_group(const IntGroupSpec& spec, std::istream& in);

}  // namespace typelattice::cli
