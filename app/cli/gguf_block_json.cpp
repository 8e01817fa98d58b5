// The JSON form of GGUF blocks: written block by block by quantize, read back by dequantize as a stream of SAX
// events (memory does not grow with the document; the blocks' bytes go to a spool as each block closes).
#include "app/cli/gguf_block_json.h"

#include <cerrno>
#include <cstring>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "app/cli/block_io.h"
#include "typelattice/display_text.h"

namespace typelattice::cli {

std::string gguf_blocks_json_head(const GgufBlockSpec& spec) {
  return "{\"format\": \"" + std::string(spec.name) + "\", \"block_size\": 32, \"blocks\": [";
}

void append_gguf_block_json(std::string& out, const GgufBlockSpec& spec, const GgufBlock& b, bool first) {
  // d: the float16's code, or MXFP4's E8M0 byte; its value as dequantization reads it.
  const auto scale = [&spec](std::uint16_t code, GgufScale kind) {
    const float value = kind == GgufScale::float16 ? gguf_float16_value(code) : gguf_scale_value(spec.id, code);
    return "{\"code\": " + std::to_string(code) + ", \"value\": " + value_text(static_cast<double>(value), true) + "}";
  };
  out += first ? "{\"d\": " : ", {\"d\": ";
  out += scale(b.d, spec.scale);
  if (spec.has_min) out += ", \"m\": " + scale(b.m, GgufScale::float16);
  out += ", \"elements\": [";
  for (int j = 0; j < kGgufBlockSize; ++j) {
    const std::uint8_t code = b.q[static_cast<std::size_t>(j)];
    out += j ? ", " : "";
    out += "{\"code\": " + std::to_string(code) + ", \"value\": " + std::to_string(gguf_code_integer(spec.id, code)) +
           ", \"dequantized\": " + value_text(static_cast<double>(gguf_element_value(spec.id, b, j)), true) + "}";
  }
  out += "]}";
}

namespace {

constexpr std::size_t kMaxDepth = 64;

class GgufSax {
 public:
  using json = nlohmann::json;
  GgufSax(GgufBlockType t, Spool& out)
      : spec_(gguf_block_spec(t)), out_(out), bytes_(static_cast<std::size_t>(spec_.block_bytes)) {}

  bool null() { return scalar(std::nullopt, false); }
  bool boolean(bool) { return scalar(std::nullopt, false); }
  bool number_integer(json::number_integer_t v) { return scalar(v, false); }
  bool number_unsigned(json::number_unsigned_t v) {
    return scalar(v > 0xffffffffu ? -1 : static_cast<std::int64_t>(v), false);  // -1: no code
  }
  bool number_float(json::number_float_t, const json::string_t&) { return scalar(std::nullopt, false); }
  bool string(json::string_t& s) {
    string_ = std::move(s);
    return scalar(std::nullopt, true);
  }
  bool binary(json::binary_t&) { return scalar(std::nullopt, false); }
  bool start_object(std::size_t) { return open(true); }
  bool start_array(std::size_t) { return open(false); }
  bool key(json::string_t& k) {
    Level& level = stack_.back();
    for (const std::string& seen : level.keys)
      if (seen == k) return fail(where() + "the key \"" + displayed(k) + "\" is given twice");
    level.keys.push_back(k);
    level.key = std::move(k);
    return true;
  }
  bool end_object() { return close(); }
  bool end_array() { return close(); }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) {
    if (!error_) error_ = "the input is not a JSON object";
    return false;
  }

  Result<std::size_t> result() const {
    if (error_) return Error{ErrorKind::bad_value, *error_, {}};
    if (!format_seen_) return Error{ErrorKind::bad_value, "the document has no \"format\"", {}};
    if (blocks_ == 0) return Error{ErrorKind::bad_value, "\"blocks\" must be a non-empty array", {}};
    return blocks_;
  }

 private:
  enum class Context { document, blocks, block, half, elements, element, other };
  struct Level {
    Context context;
    std::vector<std::string> keys;
    std::string key;
  };

  bool fail(std::string message) {
    if (!error_) error_ = std::move(message);
    return false;
  }
  std::string where() const { return blocks_open_ ? "block " + std::to_string(blocks_ + 1) + ": " : ""; }
  // What a value at the current place is.
  Context place(bool object, bool array) const {
    if (stack_.empty()) return object ? Context::document : Context::other;
    const Level& l = stack_.back();
    if (l.context == Context::document && l.key == "blocks" && array) return Context::blocks;
    if (l.context == Context::blocks && object) return Context::block;
    if (l.context == Context::block && (l.key == "d" || l.key == "m") && object) return Context::half;
    if (l.context == Context::block && l.key == "elements" && array) return Context::elements;
    if (l.context == Context::elements && object) return Context::element;
    return Context::other;
  }
  bool open(bool object) {
    if (stack_.empty() && !object) return fail("the input is not a JSON object");
    if (stack_.size() == kMaxDepth) return fail("the document nests more than " + std::to_string(kMaxDepth) + " levels");
    const Context context = place(object, !object);
    if (!stack_.empty() && context == Context::other && stack_.back().context != Context::other) {
      if (const std::optional<std::string> wrong = shape_error(); wrong) return fail(*wrong);
    }
    if (context == Context::half) half_key_ = stack_.back().key;  // "d" or "m"
    if (context == Context::block) {
      block_ = GgufBlock{};
      d_seen_ = m_seen_ = false;
      elements_ = 0;
      blocks_open_ = true;
    }
    stack_.push_back(Level{context, {}, {}});
    return true;
  }
  // A value of the wrong kind under a key this reader reads.
  std::optional<std::string> shape_error() const {
    const Level& l = stack_.back();
    if (l.context == Context::document && (l.key == "blocks" || l.key == "format"))
      return "\"" + l.key + "\" is not " + (l.key == "blocks" ? "an array" : "a string");
    if (l.context == Context::blocks) return where() + "a block must be an object";
    if (l.context == Context::block && (l.key == "d" || l.key == "m" || l.key == "elements"))
      return where() + "\"" + l.key + "\" is not " + (l.key == "elements" ? "an array" : "an object");
    if (l.context == Context::elements) return where() + "element " + std::to_string(elements_ + 1) + " is not an object";
    if ((l.context == Context::half || l.context == Context::element) && l.key == "code")
      return where() + "a \"code\" is not an integer";
    return std::nullopt;
  }
  bool scalar(std::optional<std::int64_t> integer, bool is_string) {
    if (stack_.empty()) return fail("the input is not a JSON object");
    const Level& l = stack_.back();
    if (l.context == Context::document && l.key == "format") {
      if (!is_string) return fail("\"format\" is not a string");
      if (string_ != spec_.name) return fail("the input is " + displayed(string_) + ", not " + std::string(spec_.name));
      format_seen_ = true;
      return true;
    }
    if ((l.context == Context::half || l.context == Context::element) && l.key == "code") {
      const bool e8m0 = l.context == Context::half && half_key_ == "d" && spec_.scale == GgufScale::e8m0;
      const std::string_view what = l.context == Context::element ? "an element" : e8m0 ? "an E8M0" : "a float16";
      const std::int64_t limit = l.context == Context::half ? (e8m0 ? 0xff : 0xffff)
                                                            : (spec_.element_bits == 8 ? 255 : (1 << spec_.element_bits) - 1);
      if (!integer) return fail(where() + "a \"code\" is not an integer");
      if (*integer < 0 || *integer > limit)
        return fail(where() + std::string(what) + " code must be 0 to " + std::to_string(limit));
      if (l.context == Context::element) block_.q[elements_] = static_cast<std::uint8_t>(*integer);
      else if (half_key_ == "d") block_.d = static_cast<std::uint16_t>(*integer), d_seen_ = true;
      else block_.m = static_cast<std::uint16_t>(*integer), m_seen_ = true;
      return true;
    }
    if (std::optional<std::string> wrong = shape_error(); wrong && l.context != Context::other) return fail(*wrong);
    return true;
  }
  bool close() {
    const Context context = stack_.back().context;
    stack_.pop_back();
    if (context == Context::element && ++elements_ > kGgufBlockSize)
      return fail(where() + "more than 32 elements");
    if (context != Context::block) return true;
    if (!d_seen_) return fail(where() + "no \"d\" code");
    if (spec_.has_min && !m_seen_) return fail(where() + "no \"m\" code");
    if (!spec_.has_min && m_seen_) return fail(where() + std::string(spec_.name) + " has no \"m\"");
    if (elements_ != kGgufBlockSize) return fail(where() + std::to_string(elements_) + " elements, not 32");
    if (!write_gguf_block(spec_.id, block_, bytes_) || !out_.write(bytes_))
      return fail(std::string("cannot keep the blocks in a temporary file: ") + std::strerror(errno));
    ++blocks_;
    blocks_open_ = false;
    return true;
  }

 private:
  const GgufBlockSpec& spec_;
  Spool& out_;
  std::vector<std::uint8_t> bytes_;
  std::vector<Level> stack_;
  std::string string_, half_key_;
  std::optional<std::string> error_;
  GgufBlock block_;
  bool format_seen_ = false, d_seen_ = false, m_seen_ = false, blocks_open_ = false;
  std::size_t elements_ = 0, blocks_ = 0;
};

}  // namespace

Result<std::size_t> read_gguf_block_json(GgufBlockType t, std::istream& in, Spool& out) {
  GgufSax sax(t, out);
  nlohmann::json::sax_parse(in, &sax);
  return sax.result();
}

}  // namespace typelattice::cli
