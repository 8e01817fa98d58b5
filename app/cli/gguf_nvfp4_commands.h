// quantize --to / dequantize --from ggml's NVFP4 block (gguf_nvfp4, core/include/typelattice/gguf_nvfp4.h), run by
// block_commands.cpp. Text, --packed and --layout as for the other GGUF types (gguf_block_commands.h); no JSON form.
#pragma once
#include <functional>
#include <istream>
#include <string>

#include "app/cli/gguf_block_commands.h"
#include "typelattice/result.h"

namespace typelattice::cli {

int run_quantize_gguf_nvfp4(GgufForm form, const std::function<Result<float>(std::string&, bool&)>& next);
int run_dequantize_gguf_nvfp4(std::istream& in);

}  // namespace typelattice::cli
