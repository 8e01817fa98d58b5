// The JSON form of bitsandbytes' blocks: written block by block by quantize; read back whole by dequantize
// (json_document.h).
#include "app/cli/bnb_block_json.h"

#include <bit>

#include "app/cli/block_io.h"
#include "app/cli/json_document.h"
#include "typelattice/display_text.h"

namespace typelattice::cli {

std::string bnb_blocks_json_head(const BnbBlockSpec& spec) {
  return "{\"format\": \"" + std::string(spec.name) + "\", \"block_size\": 64, \"blocks\": [";
}

void append_bnb_block_json(std::string& out, const BnbBlockSpec& spec, const BnbBlock& b, bool first) {
  out += first ? "{\"absmax\": " : ", {\"absmax\": ";
  out += "{\"code\": " + std::to_string(std::bit_cast<std::uint32_t>(b.absmax)) +
         ", \"value\": " + value_text(static_cast<double>(b.absmax), true) + "}, \"elements\": [";
  for (std::size_t j = 0; j < static_cast<std::size_t>(b.count); ++j) {
    out += j ? ", " : "";
    out += "{\"code\": " + std::to_string(b.q[j]) + ", \"value\": " +
           value_text(static_cast<double>(spec.values[b.q[j] & 0xf]), true) + ", \"dequantized\": " +
           value_text(static_cast<double>(bnb_element_value(spec.id, b.absmax, b.q[j])), true) + "}";
  }
  out += "]}";
}

Result<BnbTensors> read_bnb_block_json(BnbBlockType t, std::istream& in) {
  const BnbBlockSpec& spec = bnb_block_spec(t);
  const Result<json> read = read_json_object(in, spec.name);
  if (!read) return read.error();
  const json& doc = *read;
  const auto blocks = doc.find("blocks");
  if (blocks == doc.end() || !blocks->is_array() || blocks->empty()) return bad_value_error("\"blocks\" must be a non-empty array");
  BnbTensors out;
  std::vector<std::uint8_t> codes;
  for (std::size_t i = 0; i < blocks->size(); ++i) {
    const json& block = (*blocks)[i];
    const std::string where = "block " + std::to_string(i + 1) + ": ";
    if (!block.is_object()) return bad_value_error(where + "a block must be an object");
    const auto absmax = block.find("absmax");
    const std::optional<std::uint64_t> bits = absmax == block.end() ? std::nullopt : code_of(*absmax, 0xffffffffu);
    if (!bits) return bad_value_error(where + "no \"absmax\" code from 0 to 4294967295 (its float32 bits)");
    out.absmax.push_back(std::bit_cast<float>(static_cast<std::uint32_t>(*bits)));
    const auto elements = block.find("elements");
    if (elements == block.end() || !elements->is_array() || elements->empty() || elements->size() > kBnbBlockSize)
      return bad_value_error(where + "\"elements\" must be an array of 1 to 64 elements");
    if (i + 1 < blocks->size() && elements->size() != kBnbBlockSize)
      return bad_value_error(where + std::to_string(elements->size()) + " elements: only the last block may hold fewer than 64");
    for (std::size_t j = 0; j < elements->size(); ++j) {
      const std::optional<std::uint64_t> code = code_of((*elements)[j], 15);
      if (!code) return bad_value_error(where + "element " + std::to_string(j + 1) + " has no \"code\" from 0 to 15");
      codes.push_back(static_cast<std::uint8_t>(*code));
    }
  }
  out.count = codes.size();
  out.packed.assign(bnb_packed_size(codes.size()), 0);
  for (std::size_t j = 0; j < codes.size(); ++j)
    out.packed[j / 2] = static_cast<std::uint8_t>(out.packed[j / 2] | codes[j] << (j % 2 == 0 ? 4 : 0));
  return out;
}

}  // namespace typelattice::cli
