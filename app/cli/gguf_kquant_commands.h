// dequantize --from a GGUF K-quant type (core/include/typelattice/gguf_kquants.h; docs/formats.md, "GGUF
// K-quants"), and quantize --to one refused: ggml's K-quant quantizers search, only dequantization is a formula.
#pragma once
#include <istream>

#include "typelattice/gguf_kquants.h"

namespace typelattice::cli {

// The packed form (format NAME, count N, blocks HEX: ggml's super-block bytes), read in full first; then ggml's
// float32 values one per line, or with `layout` each block's bytes field by field.
int run_dequantize_gguf_kquant(GgufKQuantType t, std::istream& in, bool layout);
int refuse_quantize_gguf_kquant(GgufKQuantType t);

}  // namespace typelattice::cli
