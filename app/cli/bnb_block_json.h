// The JSON form of bitsandbytes' NF4 and FP4 blocks (docs/formats.md, "bitsandbytes 4-bit blocks"):
// {"format", "block_size": 64, "blocks": [{"absmax": {"code", "value"}, "elements": [{"code", "value",
// "dequantized"}, …]}, …]} where absmax's code is its float32 bit pattern as an integer and an element's value its
// table value.
#pragma once
#include <cstdint>
#include <istream>
#include <string>
#include <vector>

#include "typelattice/bnb_blocks.h"
#include "typelattice/result.h"

namespace typelattice::cli {

std::string bnb_blocks_json_head(const BnbBlockSpec& spec);
// One block (", " before all but the first); kBlocksJsonTail (block_io.h) ends the document.
void append_bnb_block_json(std::string& out, const BnbBlockSpec& spec, const BnbBlock& block, bool first);

// bitsandbytes' two tensors, as the JSON document holds them.
struct BnbTensors {
  std::size_t count = 0;
  std::vector<float> absmax;
  std::vector<std::uint8_t> packed;  // element 2i in the high nibble
};
// Reads the whole document: what is wrong and where (not JSON, a key given twice, another format, no absmax code,
// a code out of range, a block other than the last without 64 elements, no blocks).
Result<BnbTensors> read_bnb_block_json(BnbBlockType t, std::istream& in);

}  // namespace typelattice::cli
