// The JSON form of integer groups: written group by group by quantize; read back whole by dequantize
// (json_document.h).
#include "app/cli/int_group_json.h"

#include "app/cli/block_io.h"
#include "app/cli/json_document.h"
#include "typelattice/display_text.h"
#include "typelattice/minifloat.h"

namespace typelattice::cli {

std::string int_groups_json_head(const IntGroupSpec& spec) {
  return "{\"format\": \"" + spec.name() + "\", \"block_size\": " + std::to_string(spec.group) + ", \"blocks\": [";
}

void append_int_group_json(std::string& out, const IntGroupSpec& spec, const IntGroupScale& group,
                           std::span<const std::uint8_t> codes, bool first) {
  out += first ? "{\"scale\": " : ", {\"scale\": ";
  out += "{\"code\": " + std::to_string(group.scale) + ", \"value\": " +
         value_text(decode_to_float64(Format::float16, group.scale), true) + "}, ";
  if (group.bias) {
    out += "\"bias\": {\"code\": " + std::to_string(*group.bias) + ", \"value\": " +
           value_text(decode_to_float64(Format::float16, *group.bias), true) + "}, ";
  }
  if (spec.asymmetric) out += "\"zero\": " + std::to_string(group.zero) + ", ";
  out += "\"elements\": [";
  for (std::size_t j = 0; j < codes.size(); ++j) {
    out += j ? ", " : "";
    out += "{\"code\": " + std::to_string(codes[j]) + ", \"value\": " + std::to_string(codes[j] - group.zero) +
           ", \"dequantized\": " + value_text(static_cast<double>(int_group_value(group, codes[j])), true) + "}";
  }
  out += "]}";
}

Result<IntGroupCodes> read_int_group_json(const IntGroupSpec& spec, std::istream& in) {
  const std::string name = spec.name();
  const Result<json> read = read_json_object(in, name);
  if (!read) return read.error();
  const json& doc = *read;
  const auto blocks = doc.find("blocks");
  if (blocks == doc.end() || !blocks->is_array() || blocks->empty()) return bad_value_error("\"blocks\" must be a non-empty array");
  const std::string group = std::to_string(spec.group), max_code = std::to_string(spec.max_code());
  IntGroupCodes out;
  for (std::size_t i = 0; i < blocks->size(); ++i) {
    const json& block = (*blocks)[i];
    const std::string where = "block " + std::to_string(i + 1) + ": ";
    if (!block.is_object()) return bad_value_error(where + "a block must be an object");
    IntGroupScale scale;
    const auto scale_field = block.find("scale");
    const std::optional<std::uint64_t> code = scale_field == block.end() ? std::nullopt : code_of(*scale_field, 0xffff);
    if (!code) return bad_value_error(where + "no \"scale\" code from 0 to 65535 (its float16 bits)");
    scale.scale = static_cast<std::uint16_t>(*code);
    const auto bias = block.find("bias");
    if (spec.has_bias()) {
      const std::optional<std::uint64_t> bias_code = bias == block.end() ? std::nullopt : code_of(*bias, 0xffff);
      if (!bias_code) return bad_value_error(where + "no \"bias\" code from 0 to 65535 (its float16 bits)");
      scale.bias = static_cast<std::uint16_t>(*bias_code);
    } else if (bias != block.end()) {
      return bad_value_error(where + name + " has no bias: its value is scale × (q − z)");
    }
    const auto zero = block.find("zero");
    if (!spec.asymmetric) {
      if (zero != block.end()) return bad_value_error(where + name + " stores no zero point: it is " +
                                                      std::to_string(spec.fixed_zero()) + ", not a \"zero\" field");
      scale.zero = spec.fixed_zero();
    } else {
      if (zero == block.end() || !zero->is_number_unsigned() ||
          zero->get<std::uint64_t>() > static_cast<std::uint64_t>(spec.max_code()))
        return bad_value_error(where + "no \"zero\" point from 0 to " + max_code);
      scale.zero = static_cast<int>(zero->get<std::uint64_t>());
    }
    out.groups.push_back(scale);
    const auto elements = block.find("elements");
    if (elements == block.end() || !elements->is_array() || elements->empty() ||
        elements->size() > static_cast<std::size_t>(spec.group))
      return bad_value_error(where + "\"elements\" must be an array of 1 to " + group + " elements");
    if (i + 1 < blocks->size() && elements->size() != static_cast<std::size_t>(spec.group))
      return bad_value_error(where + std::to_string(elements->size()) + " elements: only the last block may hold fewer than " +
                             group);
    for (std::size_t j = 0; j < elements->size(); ++j) {
      const std::optional<std::uint64_t> q = code_of((*elements)[j], static_cast<std::uint64_t>(spec.max_code()));
      if (!q) return bad_value_error(where + "element " + std::to_string(j + 1) + " has no \"code\" from 0 to " + max_code);
      out.codes.push_back(static_cast<std::uint8_t>(*q));
    }
  }
  return out;
}

}  // namespace typelattice::cli
