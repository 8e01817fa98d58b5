// dequantize's JSON reader: quantize's document read as a stream of SAX events, so that memory does not grow with
// the document. The codes go to spools as they arrive; whatever is wrong is kept and reported at the end, in the
// order a reader of the whole document would check it (syntax, a repeated key, "format", "tensor_scale", then
// the blocks in order).
#include <cerrno>
#include <cstring>
#include <nlohmann/json.hpp>
#include <optional>

#include "app/cli/block_io.h"
#include "typelattice/display_text.h"

namespace typelattice::cli {
namespace {

// Deeper than any document quantize writes (4 levels), as deep as a lattice file may nest.
constexpr std::size_t kMaxDepth = 64;

class BlockSax {
 public:
  using json = nlohmann::json;
  BlockSax(BlockFormat f, BlockCodeStream& out)
      : f_(f), out_(out), size_(static_cast<std::size_t>(block_format_spec(f).block_size)),
        element_limit_(1u << block_format_spec(f).element_bits) {}

  bool null() { return scalar(Kind::other, 0); }
  bool boolean(bool) { return scalar(Kind::other, 0); }
  bool number_integer(json::number_integer_t v) {
    number_ = static_cast<double>(v), number_text_ = std::to_string(v);
    return scalar(Kind::integer, v);
  }
  bool number_unsigned(json::number_unsigned_t v) {
    number_ = static_cast<double>(v), number_text_ = std::to_string(v);
    return scalar(Kind::integer, v > 0xffffffffu ? -1 : static_cast<std::int64_t>(v));  // -1: no code
  }
  bool number_float(json::number_float_t v, const json::string_t& text) {
    number_ = v, number_text_ = text;
    return scalar(Kind::number, 0);
  }
  bool string(json::string_t& s) {
    string_ = std::move(s);
    return scalar(Kind::string, 0);
  }
  bool binary(json::binary_t&) { return scalar(Kind::other, 0); }
  bool start_object(std::size_t) { return open(true); }
  bool start_array(std::size_t) { return open(false); }
  bool key(json::string_t& k) {
    Level& level = stack_.back();
    if (level.checks_keys) {
      for (const std::string& seen : level.keys) {
        if (seen == k && !duplicate_) duplicate_ = where(level) + "the key \"" + displayed(k) + "\" is given twice";
      }
      level.keys.push_back(k);
    }
    level.key = std::move(k);
    return true;
  }
  bool end_object() { return close(); }
  bool end_array() { return close(); }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) {
    syntax_ = true;
    return false;
  }

  Result<bool> result() {
    if (syntax_ || !root_seen_) return bad_value_error("the input is not a JSON object");
    if (too_deep_) return bad_value_error("the document nests more than " + std::to_string(kMaxDepth) + " levels");
    if (duplicate_) return bad_value_error(*duplicate_);
    if (format_error_) return bad_value_error(*format_error_);
    if (tensor_error_) return bad_value_error(*tensor_error_);
    if (!blocks_seen_ || blocks_ == 0) return bad_value_error("\"blocks\" must be a non-empty array");
    if (block_error_) return bad_value_error(*block_error_);
    if (failed_) return bad_value_error(std::string("cannot keep the codes in a temporary file: ") + std::strerror(errno));
    out_.count = count_;
    return true;
  }

 private:
  enum class Kind { integer, number, string, other, object, array };
  enum class Context { document, skipped, blocks, block, scale, elements, element };
  struct Level {
    Context context;
    bool checks_keys;
    std::string key;
    std::vector<std::string> keys;
  };

  std::string where(const Level& level) const {
    if (level.context == Context::document) return "";
    const std::string block = "block " + std::to_string(blocks_) + ": ";
    if (level.context == Context::element) return block + "element " + std::to_string(elements_) + ": ";
    return level.context == Context::skipped ? "" : block;
  }

  // A value in the place the stack says; containers get their context here and are pushed by open().
  Context place(Kind kind, std::int64_t integer) {
    if (stack_.empty()) {
      root_seen_ = kind == Kind::object;
      if (!root_seen_) syntax_ = true;
      return Context::document;
    }
    Level& parent = stack_.back();
    const std::string& key = parent.key;
    switch (parent.context) {
      case Context::document:
        if (key == "format") {
          if (kind != Kind::string) format_error_ = "\"format\" must be a string";
          else if (const Result<BlockFormat> named = parse_block_format(string_); !named || *named != f_)
            format_error_ = "the blocks are " + displayed(string_) + ", not " + std::string(block_format_name(f_));
        } else if (key == "tensor_scale") {
          read_tensor_scale(kind);
        } else if (key == "blocks") {
          blocks_seen_ = kind == Kind::array;
          if (blocks_seen_) return Context::blocks;
        }
        return Context::skipped;
      case Context::blocks:
        start_block();
        if (kind == Kind::object) return Context::block;
        end_block();
        return Context::skipped;
      case Context::block:
        if (key == "scale" && kind == Kind::object) return Context::scale;
        if (key == "elements") {
          block_.elements_array = kind == Kind::array;
          if (block_.elements_array) return Context::elements;
        }
        return Context::skipped;
      case Context::scale:
        if (key == "code") block_.scale = kind == Kind::integer && integer >= 0 && integer < 256 ? integer : -1;
        return Context::skipped;
      case Context::elements:
        ++elements_;
        element_code_ = -1;
        if (kind == Kind::object) return Context::element;
        end_element();
        return Context::skipped;
      case Context::element:
        if (key == "code") {
          element_code_ = kind == Kind::integer && integer >= 0 && integer < static_cast<std::int64_t>(element_limit_)
                              ? integer : -1;
        }
        return Context::skipped;
      case Context::skipped:
        return Context::skipped;
    }
    return Context::skipped;
  }

  bool scalar(Kind kind, std::int64_t integer) {
    place(kind, integer);
    return true;
  }
  bool open(bool object) {
    const Context context = place(object ? Kind::object : Kind::array, 0);
    if (stack_.size() == kMaxDepth) {
      too_deep_ = true;
      return false;
    }
    // Keys are checked in the objects read; a skipped value is not kept.
    stack_.push_back(Level{context, object && context != Context::skipped, {}, {}});
    return true;
  }
  bool close() {
    const Context context = stack_.back().context;
    stack_.pop_back();
    if (context == Context::block) end_block();
    if (context == Context::element) end_element();
    if (context == Context::blocks && pending_short_) commit(*pending_short_if_last_);
    return true;
  }

  void read_tensor_scale(Kind kind) {
    if (kind != Kind::integer && kind != Kind::number) {
      tensor_error_ = "\"tensor_scale\" must be a number";
      return;
    }
    const Result<float> t = tensor_scale_of(number_, number_text_);
    if (!t) tensor_error_ = t.error().message;
    else out_.tensor_scale = *t;
  }

  struct Block {
    std::int64_t scale = -1;
    bool elements_array = false;
    std::size_t bad_element = 0;  // the first element without a valid code (from 1), 0: none
  };
  void start_block() {
    ++blocks_;
    elements_ = 0;
    block_ = Block{};
    // The block before was short: only the last block may be.
    if (pending_short_) commit(*pending_short_);
    pending_short_.reset();
  }
  void end_element() {
    if (element_code_ < 0) {
      if (block_.bad_element == 0) block_.bad_element = elements_;
    } else if (!block_error_) {
      codes_.push_back(static_cast<std::uint8_t>(element_code_));
      if (codes_.size() == (std::size_t{1} << 16)) flush_codes();
    }
  }
  // The block's error, in the order of the checks: scale, elements, their number, each element's code.
  void end_block() {
    if (block_error_) return;
    const std::string at = "block " + std::to_string(blocks_) + ": ";
    if (block_.scale < 0) return commit(at + "\"scale\" must be {\"code\": an integer from 0 to 255, ...}");
    if (!block_.elements_array || elements_ == 0) return commit(at + "\"elements\" must be a non-empty array");
    const std::string wrong_count = at + std::to_string(elements_) + " elements; every block but the last holds " +
                                    std::to_string(size_) + ", the last one at most that";
    if (elements_ > size_) return commit(wrong_count);
    const std::string bad_code = block_.bad_element == 0 ? "" : at + "element " + std::to_string(block_.bad_element) +
        ": \"code\" must be an integer from 0 to " + std::to_string(element_limit_ - 1);
    if (elements_ < size_) {
      pending_short_ = wrong_count;
      pending_short_if_last_ = bad_code;
    } else {
      commit(bad_code);
    }
    const auto scale = static_cast<std::uint8_t>(block_.scale);
    if (!out_.scales.write({&scale, 1})) failed_ = true;
    count_ += elements_;
    flush_codes();
  }
  void commit(const std::string& error) {
    if (!error.empty() && !block_error_) block_error_ = error;
  }
  void flush_codes() {
    if (!out_.codes.write(codes_)) failed_ = true;
    codes_.clear();
  }

  BlockFormat f_;
  BlockCodeStream& out_;
  std::size_t size_;
  unsigned element_limit_;
  std::vector<Level> stack_;
  bool syntax_ = false, root_seen_ = false, too_deep_ = false, blocks_seen_ = false, failed_ = false;
  std::optional<std::string> duplicate_, format_error_, tensor_error_, block_error_;
  std::optional<std::string> pending_short_, pending_short_if_last_;
  double number_ = 0;
  std::string number_text_, string_;
  std::size_t blocks_ = 0, elements_ = 0, count_ = 0;
  std::int64_t element_code_ = -1;
  Block block_;
  std::vector<std::uint8_t> codes_;
};

}  // namespace

Result<bool> read_block_json(BlockFormat f, std::istream& in, BlockCodeStream& out) {
  BlockSax sax(f, out);
  nlohmann::json::sax_parse(in, &sax);
  return sax.result();
}

}  // namespace typelattice::cli
