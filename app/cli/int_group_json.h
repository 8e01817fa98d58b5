// The JSON form of integer groups (docs/formats.md, "Integer groups (GPTQ)"): {"format", "block_size": G, "blocks":
// [{"scale": {"code", "value"}, ["bias": {"code", "value"},] ["zero": Z,] "elements": [{"code", "value",
// "dequantized"}, …]}, …]}: the scale's float16 code, MLX's float16 bias, the zero point (asymmetric names only),
// each element's code q and value q − z.
#pragma once
#include <cstdint>
#include <istream>
#include <span>
#include <string>
#include <vector>

#include "typelattice/int_groups.h"
#include "typelattice/result.h"

namespace typelattice::cli {

std::string int_groups_json_head(const IntGroupSpec& spec);
// One group (", " before all but the first); kBlocksJsonTail (block_io.h) ends the document.
void append_int_group_json(std::string& out, const IntGroupSpec& spec, const IntGroupScale& group,
                           std::span<const std::uint8_t> codes, bool first);

// Every group's scale and zero point, and every element's code, as read back.
struct IntGroupCodes {
  std::vector<IntGroupScale> groups;
  std::vector<std::uint8_t> codes;
};
// Reads the whole document: what is wrong and where (not JSON, a key given twice, another format, no scale code, a
// zero point missing or out of range (or given for a name that stores none), a bias missing (MLX) or given
// (others), a group of more than G elements, a group other than the last with fewer, a code out of range, no
// groups).
Result<IntGroupCodes> read_int_group_json(const IntGroupSpec& spec, std::istream& in);

}  // namespace typelattice::cli
