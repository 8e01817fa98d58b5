// The JSON form of GGUF blocks (docs/formats.md, "GGUF quantized blocks"): {"format", "block_size", "blocks": [{"d":
// {"code", "value"}, ["m": {…},] "elements": [{"code", "value", "dequantized"}, …]}, …]}.
#pragma once
#include <istream>
#include <string>

#include "app/cli/spool.h"
#include "typelattice/gguf_blocks.h"
#include "typelattice/result.h"

namespace typelattice::cli {

// The document up to "blocks": [, then each block (", " before all but the first); kBlocksJsonTail ends it.
std::string gguf_blocks_json_head(const GgufBlockSpec& spec);
void append_gguf_block_json(std::string& out, const GgufBlockSpec& spec, const GgufBlock& block, bool first);
// Reads the document from `in` to its end, writing each block's bytes to `out`; the number of blocks, or what is
// wrong and where (a key given twice, a missing d or m, a code out of range, not 32 elements, another format).
Result<std::size_t> read_gguf_block_json(GgufBlockType t, std::istream& in, Spool& out);

}  // namespace typelattice::cli
