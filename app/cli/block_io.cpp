#include "app/cli/block_io.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <numeric>
#include <optional>
#include <nlohmann/json.hpp>

#include "app/cli/output.h"
#include "typelattice/block_packing.h"
#include "typelattice/block_text.h"
#include "typelattice/cast_request.h"
#include "typelattice/display_text.h"
#include "typelattice/minifloat.h"

namespace typelattice::cli {
namespace {

std::string hex_byte(std::uint32_t b) {
  const char digits[] = "0123456789abcdef";
  return {digits[(b >> 4) & 15u], digits[b & 15u]};
}

int hex_digit(int c) {
  return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

// The hex digits of 'scales' or 'codes', decoded into a spool as they arrive; errors are kept for the end, where
// they are reported in the order the keys are checked.
class HexValue {
 public:
  explicit HexValue(Spool& spool) : spool_(spool) {}
  void add(char c) {
    ++digits_;
    const int digit = hex_digit(static_cast<unsigned char>(c));
    if (digit < 0 && !bad_) bad_ = c;
    if (bad_) return;
    if (digits_ % 2 != 0) {
      high_ = digit;
      return;
    }
    buffer_.push_back(static_cast<std::uint8_t>(high_ * 16 + digit));
    if (buffer_.size() == (std::size_t{1} << 16)) flush();
  }
  bool flush() {
    if (!spool_.write(buffer_)) failed_ = true;
    for (const std::uint8_t b : std::span(buffer_).last(std::min<std::size_t>(buffer_.size(), 3))) {
      tail_[0] = tail_[1], tail_[1] = tail_[2], tail_[2] = b;
    }
    buffer_.clear();
    return !failed_;
  }
  // The last n <= 3 bytes.
  std::span<const std::uint8_t> last_bytes(std::size_t n) const { return std::span(tail_).last(n); }
  Result<bool> check(std::string_view key) const {
    if (failed_) return bad_value_error(std::string("cannot keep the codes in a temporary file: ") + std::strerror(errno));
    std::string message = "'";
    message += key;
    if (digits_ % 2 != 0) return bad_value_error(message + "' has an odd number of hex digits (" + std::to_string(digits_) + "): two per byte");
    if (bad_) return bad_value_error(message + "' holds '" + displayed(std::string_view(&*bad_, 1)) + "', not a hex digit");
    return true;
  }
  std::size_t bytes() const { return digits_ / 2; }

 private:
  Spool& spool_;
  std::size_t digits_ = 0;
  int high_ = 0;
  std::optional<char> bad_;
  std::vector<std::uint8_t> buffer_;
  std::array<std::uint8_t, 3> tail_{};
  bool failed_ = false;
};

bool is_space(int c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r'; }

// The packed form, line by line; the hex of 'scales' and 'codes' streams into the spools. A line is echoed in
// errors (its first bytes: displayed() shortens the rest), so only those are kept.
Result<bool> read_packed(BlockFormat f, std::streambuf& in, std::size_t line_number, BlockCodeStream& out) {
  std::string count_text, tensor_text;
  std::size_t value_size_of_count = 0;
  bool has_count = false, has_scales = false, has_codes = false, has_format = false, has_tensor = false;
  HexValue scales(out.scales), codes(out.codes);
  // The last 3 packed bytes: a last, partial byte or FP6 group is checked before any value is written.
  std::vector<std::uint8_t> tail;
  for (bool more = true; more; ++line_number) {
    std::string line, key, value;
    std::size_t line_size = 0, key_size = 0, value_size = 0;  // the whole sizes, of which the start is kept
    int words = 0;
    bool in_word = false;
    HexValue* hex = nullptr;
    for (;;) {
      const int c = in.sbumpc();
      if (c == std::char_traits<char>::eof() || c == '\n') {
        more = c != std::char_traits<char>::eof();
        break;
      }
      if (++line_size <= kEchoLimit + 1) line += static_cast<char>(c);
      if (is_space(c)) {
        in_word = false;
        continue;
      }
      if (!in_word) {
        in_word = true;
        if (++words == 2) hex = key == "scales" && !has_scales ? &scales : key == "codes" && !has_codes ? &codes : nullptr;
      }
      if (words == 1 && ++key_size <= kEchoLimit + 1) key += static_cast<char>(c);
      if (words == 2 && hex != nullptr) hex->add(static_cast<char>(c));
      else if (words == 2 && ++value_size <= kEchoLimit + 1) value += static_cast<char>(c);
    }
    if (words == 0) continue;
    const std::string where = "line " + std::to_string(line_number) + ": ";
    if (words != 2) return bad_value_error(where + "expected 'KEY VALUE', got '" + displayed(line, line_size) + "'");
    bool* seen = key == "format" ? &has_format : key == "count" ? &has_count : key == "scales" ? &has_scales
                 : key == "codes" ? &has_codes : key == "tensor_scale" ? &has_tensor : nullptr;
    if (seen == nullptr)
      return bad_value_error(where + "unknown key '" + displayed(key, key_size) + "'; expected format, count, tensor_scale, scales or codes");
    if (*seen) return bad_value_error(where + "a second '" + key + "' line; each key is given once");
    *seen = true;
    if (key == "format") {
      const Result<BlockFormat> named = parse_block_format(value);
      if (!named || *named != f)
        return bad_value_error(where + "the codes are " + displayed(value, value_size) + ", not " + std::string(block_format_name(f)));
    } else if (key == "count") {
      count_text = value, value_size_of_count = value_size;
    } else if (key == "tensor_scale") {
      tensor_text = value;
    } else {
      hex->flush();
    }
  }
  if (!has_count || !has_scales || !has_codes) return bad_value_error("the packed form needs the lines count, scales and codes");
  std::size_t count = 0;
  for (const char c : count_text) {
    if (c < '0' || c > '9' || count > (std::size_t{1} << 40) || value_size_of_count > kEchoLimit)
      return bad_value_error("count '" + displayed(count_text, value_size_of_count) + "' is not a count");
    count = count * 10 + static_cast<std::size_t>(c - '0');
  }
  if (count == 0) return bad_value_error("count must be at least 1");
  if (has_tensor) {
    const Result<double> t = parse_number(tensor_text);
    if (!t) return t.error();
    const Result<float> scale = tensor_scale_of(*t, tensor_text);
    if (!scale) return scale.error();
    out.tensor_scale = *scale;
  }
  if (const Result<bool> ok = scales.check("scales"); !ok) return ok;
  if (scales.bytes() != block_count(f, count)) {
    return bad_value_error(std::to_string(count) + " codes of " + std::string(block_format_name(f)) + " have " +
                           std::to_string(block_count(f, count)) + " scales; 'scales' holds " + std::to_string(scales.bytes()));
  }
  if (const Result<bool> ok = codes.check("codes"); !ok) return ok;
  if (const Result<bool> ok = check_packed_length(f, codes.bytes(), count); !ok) return ok;
  // Codes in a whole number of bytes come in groups of 8 / gcd(8, bits): the last, partial one has unused bits.
  const std::size_t group = 8 / std::gcd(8, block_format_spec(f).element_bits);
  if (const std::size_t rest = count % group; rest != 0) {
    if (const Result<std::vector<std::uint8_t>> last = unpack_codes(f, codes.last_bytes(packed_size(f, rest)), rest); !last)
      return last.error();
  }
  out.packed = true;
  out.count = count;
  return true;
}

}  // namespace

std::string value_text(double v, bool json) {
  if (json && !std::isfinite(v)) return "null";  // JSON has no NaN or Infinity
  return block_value_text(v);
}

void append_value_lines(std::string& out, std::span<const float> values) {
  for (const float v : values) out += value_text(static_cast<double>(v)) + "\n";
}

int print_value_lines(std::span<const float> values) {
  Output out;
  for (const float v : values) {
    out.text() += value_text(static_cast<double>(v)) + "\n";
    if (!out.spill()) return 3;
  }
  return out.flush() ? 0 : 3;
}

std::string blocks_json_head(BlockFormat f, const BlockOptions& options, bool tensor_scale) {
  const BlockFormatSpec& spec = block_format_spec(f);
  std::string out = "{\"format\": \"" + std::string(spec.name) + "\", \"block_size\": " +
                    std::to_string(spec.block_size) + ", \"scale_mode\": \"" +
                    std::string(scale_mode_name(options.scale_mode)) + "\", ";
  if (tensor_scale) out += "\"tensor_scale\": " + value_text(static_cast<double>(options.tensor_scale), true) + ", ";
  return out + "\"blocks\": [";
}

void append_block_json(std::string& out, const QuantizedBlock& block, bool first) {
  out += first ? "" : ", ";
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

std::string packed_head(BlockFormat f, const BlockOptions& options, bool tensor_scale, std::size_t count) {
  std::string out = "format " + std::string(block_format_name(f)) + "\ncount " + std::to_string(count) + "\n";
  if (tensor_scale) out += "tensor_scale " + value_text(static_cast<double>(options.tensor_scale)) + "\n";
  return out;
}

void append_hex(std::string& out, std::span<const std::uint8_t> bytes) {
  for (const std::uint8_t b : bytes) out += hex_byte(b);
}

Result<float> tensor_scale_of(double value, std::string_view text) {
  if (!(value > 0.0) || std::isinf(value) || std::isinf(static_cast<float>(value)))
    return bad_value_error("tensor_scale " + displayed(text) + " is not a positive finite float32");
  const auto t = static_cast<float>(value);
  // quantize writes the tensor scale's exact decimal: a value between float32s was not written by it.
  if (static_cast<double>(t) != value) {
    return bad_value_error("tensor_scale " + displayed(text) + " is not exactly a float32 (the nearest is " +
                           block_value_text(static_cast<double>(t)) + ")");
  }
  return t;
}

Result<bool> read_block_codes(BlockFormat f, std::istream& in, BlockCodeStream& out) {
  std::streambuf& buffer = *in.rdbuf();
  // The first character tells the forms apart; the blank lines before it still count for the packed form's lines.
  std::size_t line = 1;
  int c = buffer.sgetc();
  for (; c == ' ' || c == '\t' || c == '\r' || c == '\n'; c = buffer.snextc()) line += c == '\n' ? 1 : 0;
  if (c == std::char_traits<char>::eof()) return bad_value_error("no input: expected quantize's JSON or its packed form");
  const Result<bool> read = c == '{' ? read_block_json(f, in, out) : read_packed(f, buffer, line, out);
  if (!read) return read;
  if (out.tensor_scale != 1.0f && f != BlockFormat::nvfp4)
    return bad_value_error("a tensor_scale applies to nvfp4 only, not " + std::string(block_format_name(f)));
  if (!out.scales.rewind() || !out.codes.rewind())
    return bad_value_error(std::string("cannot read the codes back from a temporary file: ") + std::strerror(errno));
  return true;
}

Result<std::size_t> read_packed_format_and_count(std::istream& in, std::string_view name) {
  std::string key, value;
  if (!(in >> key >> value) || key != "format")
    return bad_value_error("dequantize --from " + std::string(name) + " reads quantize's JSON or packed form");
  if (value != name) return bad_value_error("the input is " + displayed(value) + ", not " + std::string(name));
  if (!(in >> key >> value) || key != "count") return bad_value_error("expected 'count N' after the format");
  std::size_t count = 0;
  for (const char c : value) {
    if (c < '0' || c > '9' || count > (SIZE_MAX - 9) / 10)
      return bad_value_error("count '" + displayed(value) + "' is not a number of values");
    count = count * 10 + static_cast<std::size_t>(c - '0');
  }
  return count;
}

Result<std::vector<std::uint8_t>> read_hex_field(std::istream& in, const std::string& key) {
  std::string word, text;
  if (!(in >> word) || word != key) return bad_value_error("expected '" + key + " HEX'");
  if (!(in >> text)) return bad_value_error(key + ": no hex digits");
  if (text.size() % 2 != 0) return bad_value_error(key + ": an odd number of hex digits");
  std::vector<std::uint8_t> bytes(text.size() / 2);
  for (std::size_t i = 0; i < text.size(); ++i) {
    const int nibble = hex_digit(static_cast<unsigned char>(text[i]));
    if (nibble < 0) return bad_value_error(key + ": character " + std::to_string(i + 1) + " is not a hex digit");
    bytes[i / 2] = static_cast<std::uint8_t>(bytes[i / 2] | nibble << (i % 2 == 0 ? 4 : 0));
  }
  return bytes;
}

BlockCodeBatches::BlockCodeBatches(BlockFormat f, BlockCodeStream& stream) : f_(f), stream_(stream) {}

bool BlockCodeBatches::next(std::vector<std::uint8_t>& scales, std::vector<std::uint8_t>& codes) {
  constexpr std::size_t kBatchBlocks = 256;
  const auto size = static_cast<std::size_t>(block_format_spec(f_).block_size);
  const std::size_t n = std::min(kBatchBlocks * size, stream_.count - done_);
  if (n == 0) return false;
  scales.resize(block_count(f_, n));
  stream_.scales.read(scales);
  if (!stream_.packed) {
    codes.resize(n);
    stream_.codes.read(codes);
  } else {
    // Whole blocks fill whole bytes, so each batch unpacks on its own; the last one was checked when read.
    packed_.resize(packed_size(f_, n));
    stream_.codes.read(packed_);
    codes = std::move(unpack_codes(f_, packed_, n)).value();
  }
  done_ += n;
  return true;
}

}  // namespace typelattice::cli
