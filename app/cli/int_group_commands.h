// quantize and dequantize for the integer groups intN_gG and intN_gG_asym (int_group_commands.cpp), run by
// block_commands.cpp when --to / --from names one of them.
#pragma once
#include <functional>
#include <istream>
#include <optional>
#include <string>

#include "typelattice/int_group_packing.h"
#include "typelattice/int_groups.h"
#include "typelattice/result.h"

namespace typelattice::cli {

enum class IntGroupForm { text, json, packed, layout };

// `next` gives the next value (a float32) and sets `more` to false after the last one; an error value stops the run.
// `packing` (int_group_packing.h) lays out the packed and layout forms; the others do not depend on it.
int run_quantize_int_group(const IntGroupSpec& spec, IntGroupForm form, IntPacking packing,
                           const std::function<Result<float>(std::string&, bool&)>& next);
// `packing`: what the packed form is packed with when it has no "packing" line of its own (GPTQ's when not given);
// given with such a line, the two must agree.
int run_dequantize_int_group(const IntGroupSpec& spec, std::optional<IntPacking> packing, std::istream& in);

}  // namespace typelattice::cli
