#include "app/cli/block_io.h"

#include <cmath>
#include <nlohmann/json.hpp>
#include <sstream>

#include "typelattice/block_packing.h"
#include "typelattice/block_text.h"
#include "typelattice/cast_request.h"
#include "typelattice/display_text.h"
#include "typelattice/minifloat.h"

namespace typelattice::cli {
namespace {

Error bad(std::string message) { return Error{ErrorKind::bad_value, std::move(message), {}}; }

std::string hex_byte(std::uint32_t b) {
  const char digits[] = "0123456789abcdef";
  return {digits[(b >> 4) & 15u], digits[b & 15u]};
}

std::string hex_bytes(std::span<const std::uint8_t> bytes) {
  std::string out;
  for (const std::uint8_t b : bytes) out += hex_byte(b);
  return out;
}

Result<std::vector<std::uint8_t>> parse_hex_bytes(std::string_view key, std::string_view hex) {
  if (hex.size() % 2 != 0) {
    return bad("'" + std::string(key) + "' has an odd number of hex digits (" + std::to_string(hex.size()) +
               "): two per byte");
  }
  std::vector<std::uint8_t> bytes;
  for (std::size_t i = 0; i < hex.size(); i += 2) {
    unsigned byte = 0;
    for (const char c : hex.substr(i, 2)) {
      const int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
                        : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
      if (digit < 0) return bad(std::string(1, '\'') + std::string(key) + "' holds '" + displayed(std::string(1, c)) +
                                "', not a hex digit");
      byte = byte * 16 + static_cast<unsigned>(digit);
    }
    bytes.push_back(static_cast<std::uint8_t>(byte));
  }
  return bytes;
}

Result<float> tensor_scale_of(double value, std::string_view text) {
  const auto t = static_cast<float>(value);
  if (static_cast<double>(t) != value || !(t > 0.0f) || std::isinf(t))
    return bad("tensor_scale " + displayed(text) + " is not a positive finite float32");
  return t;
}

Result<float> parse_tensor_scale(std::string_view text) {
  const Result<double> value = parse_number(text);
  if (!value) return value.error();
  return tensor_scale_of(*value, text);
}

// Scale codes the blocks can be dequantized with: not NaN, not negative (NVFP4's float8_e4m3fn has a sign bit).
Result<bool> check_scales(BlockFormat f, std::span<const std::uint8_t> scales) {
  for (std::size_t b = 0; b < scales.size(); ++b) {
    const double scale = block_scale_value(f, scales[b]);
    const std::string where = "block " + std::to_string(b + 1) + ": scale code " + block_scale_hex(f, scales[b]);
    if (std::isnan(scale))
      return bad(where + " is NaN (the block was quantized from a NaN or an infinity): it has no values to give back");
    if (std::signbit(scale)) return bad(where + " is negative; block scales are positive");
  }
  return true;
}

Result<BlockCodes> read_json(BlockFormat f, std::string_view text) {
  const nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) return bad("the input is not a JSON object");
  if (doc.contains("format")) {
    if (!doc["format"].is_string()) return bad("\"format\" must be a string");
    const Result<BlockFormat> named = parse_block_format(doc["format"].get<std::string>());
    if (!named || *named != f)
      return bad("the blocks are " + displayed(doc["format"].get<std::string>()) + ", not " +
                 std::string(block_format_name(f)));
  }
  BlockCodes out;
  if (doc.contains("tensor_scale")) {
    if (!doc["tensor_scale"].is_number()) return bad("\"tensor_scale\" must be a number");
    const Result<float> t = tensor_scale_of(doc["tensor_scale"].get<double>(), doc["tensor_scale"].dump());
    if (!t) return t.error();
    out.tensor_scale = *t;
  }
  if (!doc.contains("blocks") || !doc["blocks"].is_array() || doc["blocks"].empty())
    return bad("\"blocks\" must be a non-empty array");
  const auto size = static_cast<std::size_t>(block_format_spec(f).block_size);
  const std::size_t count = doc["blocks"].size();
  const auto code_of = [](const nlohmann::json& holder, unsigned limit) -> std::optional<std::uint8_t> {
    if (!holder.is_object() || !holder.contains("code") || !holder["code"].is_number_integer()) return std::nullopt;
    const auto code = holder["code"].get<std::int64_t>();
    if (code < 0 || code >= static_cast<std::int64_t>(limit)) return std::nullopt;
    return static_cast<std::uint8_t>(code);
  };
  const unsigned element_limit = 1u << block_format_spec(f).element_bits;
  for (std::size_t b = 0; b < count; ++b) {
    const nlohmann::json& block = doc["blocks"][b];
    const std::string where = "block " + std::to_string(b + 1) + ": ";
    const std::optional<std::uint8_t> scale = block.is_object() && block.contains("scale")
                                                  ? code_of(block["scale"], 256) : std::nullopt;
    if (!scale) return bad(where + "\"scale\" must be {\"code\": an integer from 0 to 255, ...}");
    out.scales.push_back(*scale);
    if (!block.contains("elements") || !block["elements"].is_array() || block["elements"].empty())
      return bad(where + "\"elements\" must be a non-empty array");
    const nlohmann::json& elements = block["elements"];
    if (elements.size() > size || (b + 1 < count && elements.size() != size)) {
      return bad(where + std::to_string(elements.size()) + " elements; every block but the last holds " +
                 std::to_string(size) + ", the last one at most that");
    }
    for (std::size_t i = 0; i < elements.size(); ++i) {
      const std::optional<std::uint8_t> code = code_of(elements[i], element_limit);
      if (!code) {
        return bad(where + "element " + std::to_string(i + 1) + ": \"code\" must be an integer from 0 to " +
                   std::to_string(element_limit - 1));
      }
      out.codes.push_back(*code);
    }
  }
  return out;
}

Result<BlockCodes> read_packed(BlockFormat f, std::string_view text) {
  std::istringstream in{std::string(text)};
  std::string line, count_text, scales_hex, codes_hex, tensor_text;
  bool has_count = false, has_scales = false, has_codes = false;
  for (std::size_t number = 1; std::getline(in, line); ++number) {
    std::istringstream words(line);
    std::string key, value, extra;
    if (!(words >> key)) continue;
    words >> value;
    const std::string where = "line " + std::to_string(number) + ": ";
    if (value.empty() || (words >> extra)) return bad(where + "expected 'KEY VALUE', got '" + displayed(line) + "'");
    if (key == "format") {
      const Result<BlockFormat> named = parse_block_format(value);
      if (!named || *named != f)
        return bad(where + "the codes are " + displayed(value) + ", not " + std::string(block_format_name(f)));
    } else if (key == "count") {
      count_text = value, has_count = true;
    } else if (key == "scales") {
      scales_hex = value, has_scales = true;
    } else if (key == "codes") {
      codes_hex = value, has_codes = true;
    } else if (key == "tensor_scale") {
      tensor_text = value;
    } else {
      return bad(where + "unknown key '" + displayed(key) + "'; expected format, count, tensor_scale, scales or codes");
    }
  }
  if (!has_count || !has_scales || !has_codes) return bad("the packed form needs the lines count, scales and codes");
  std::size_t count = 0;
  for (const char c : count_text) {
    if (c < '0' || c > '9' || count > (std::size_t{1} << 40)) return bad("count '" + displayed(count_text) + "' is not a count");
    count = count * 10 + static_cast<std::size_t>(c - '0');
  }
  if (count == 0) return bad("count must be at least 1");
  BlockCodes out;
  if (!tensor_text.empty()) {
    const Result<float> t = parse_tensor_scale(tensor_text);
    if (!t) return t.error();
    out.tensor_scale = *t;
  }
  Result<std::vector<std::uint8_t>> scales = parse_hex_bytes("scales", scales_hex);
  if (!scales) return scales.error();
  if (scales->size() != block_count(f, count)) {
    return bad(std::to_string(count) + " codes of " + std::string(block_format_name(f)) + " have " +
               std::to_string(block_count(f, count)) + " scales; 'scales' holds " + std::to_string(scales->size()));
  }
  const Result<std::vector<std::uint8_t>> packed = parse_hex_bytes("codes", codes_hex);
  if (!packed) return packed.error();
  Result<std::vector<std::uint8_t>> codes = unpack_codes(f, *packed, count);
  if (!codes) return codes.error();
  out.scales = std::move(scales).value();
  out.codes = std::move(codes).value();
  return out;
}

}  // namespace

std::string value_text(double v, bool json) {
  if (json && std::isnan(v)) return "null";
  return block_value_text(v);
}

std::string blocks_json(BlockFormat f, const BlockOptions& options, bool tensor_scale,
                        std::span<const QuantizedBlock> blocks) {
  const BlockFormatSpec& spec = block_format_spec(f);
  std::string out = "{\"format\": \"" + std::string(spec.name) + "\", \"block_size\": " +
                    std::to_string(spec.block_size) + ", \"scale_mode\": \"" +
                    std::string(scale_mode_name(options.scale_mode)) + "\", ";
  if (tensor_scale) out += "\"tensor_scale\": " + value_text(static_cast<double>(options.tensor_scale), true) + ", ";
  out += "\"blocks\": [";
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    const QuantizedBlock& block = blocks[b];
    out += b ? ", " : "";
    out += "{\"scale\": {\"code\": " + std::to_string(block.scale_code) + ", \"value\": " +
           value_text(block.scale, true) + "}, \"elements\": [";
    for (std::size_t i = 0; i < block.elements.size(); ++i) {
      const QuantizedElement& e = block.elements[i];
      out += i ? ", " : "";
      out += "{\"code\": " + std::to_string(e.code) + ", \"value\": " + value_text(e.value, true) +
             ", \"dequantized\": " + value_text(e.dequantized, true) + "}";
    }
    out += "]}";
  }
  out += "]}\n";
  return out;
}

std::string blocks_packed(BlockFormat f, const BlockOptions& options, bool tensor_scale,
                          std::span<const QuantizedBlock> blocks) {
  std::vector<std::uint8_t> scales, codes;
  for (const QuantizedBlock& block : blocks) {
    scales.push_back(static_cast<std::uint8_t>(block.scale_code));
    for (const QuantizedElement& e : block.elements) codes.push_back(static_cast<std::uint8_t>(e.code));
  }
  std::vector<std::uint8_t> packed(packed_size(f, codes.size()));
  pack_codes(f, codes, packed);
  std::string out = "format " + std::string(block_format_name(f)) + "\ncount " + std::to_string(codes.size()) + "\n";
  if (tensor_scale) out += "tensor_scale " + value_text(static_cast<double>(options.tensor_scale)) + "\n";
  out += "scales " + hex_bytes(scales) + "\ncodes " + hex_bytes(packed) + "\n";
  return out;
}

Result<BlockCodes> read_block_codes(BlockFormat f, std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return bad("no input: expected quantize's JSON or its packed form");
  Result<BlockCodes> codes = text[first] == '{' ? read_json(f, text) : read_packed(f, text);
  if (!codes) return codes;
  if (const Result<bool> ok = check_scales(f, codes->scales); !ok) return ok.error();
  if (codes->tensor_scale != 1.0f && f != BlockFormat::nvfp4)
    return bad("a tensor_scale applies to nvfp4 only, not " + std::string(block_format_name(f)));
  return codes;
}

}  // namespace typelattice::cli
