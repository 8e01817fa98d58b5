// The safetensors header reader (see safetensors_json.h). Integers are read digit by digit into 64 bits, never
// through a double, so offsets and shapes up to 2^64 - 1 stay exact.
#include "core/tensors/safetensors_json.h"

#include <set>

#include "typelattice/display_text.h"
#include "core/base/json_text.h"

namespace typelattice::tensors {

std::size_t first_invalid_utf8(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    const auto lead = static_cast<unsigned char>(text[i]);
    if (lead < 0x80) {
      ++i;
      continue;
    }
    const int extra = lead >= 0xF0 && lead <= 0xF4 ? 3 : lead >= 0xE0 && lead <= 0xEF ? 2 : lead >= 0xC2 && lead <= 0xDF ? 1 : -1;
    if (extra < 0 || i + static_cast<std::size_t>(extra) >= text.size()) return i;
    std::uint32_t cp = lead & (0x3Fu >> extra);
    for (int k = 1; k <= extra; ++k) {
      const auto c = static_cast<unsigned char>(text[i + static_cast<std::size_t>(k)]);
      if ((c & 0xC0) != 0x80) return i;
      cp = (cp << 6) | (c & 0x3Fu);
    }
    const std::uint32_t smallest[] = {0, 0x80, 0x800, 0x10000};
    if (cp < smallest[extra] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return i;
    i += static_cast<std::size_t>(extra) + 1;
  }
  return text.size();
}

namespace {

std::string shown_char(unsigned char c) {
  static const char* digits = "0123456789ABCDEF";
  if (c >= 0x20 && c < 0x7f) return std::string("'") + static_cast<char>(c) + "'";
  return std::string("byte 0x") + digits[c >> 4] + digits[c & 15];
}

class Reader {
 public:
  Reader(std::string_view json, std::uint64_t base, std::string& error) : text_(json), base_(base), error_(error) {}

  bool document(std::vector<SafetensorsJsonEntry>& entries) {
    skip_space();
    if (!expect('{', "at the start of the header (a JSON object)")) return false;
    skip_space();
    if (!at_end() && peek() == '}') {
      ++pos_;
    } else {
      std::set<std::string> names;
      bool seen_metadata = false;
      for (;;) {
        skip_space();
        const std::size_t key_at = pos_;
        std::string key;
        if (!string(key, "a tensor name in double quotes")) return false;
        if (!expect(':', "after a tensor name")) return false;
        if (key == "__metadata__") {
          if (seen_metadata) return fail_at(key_at, "\"__metadata__\" appears twice");
          seen_metadata = true;
          if (!metadata()) return false;
        } else {
          if (!names.insert(key).second) return fail_at(key_at, label(key) + "the name appears twice");
          entries.emplace_back();
          entries.back().name = std::move(key);
          if (!tensor(entries.back())) return false;
        }
        skip_space();
        if (!at_end() && peek() == ',') {
          ++pos_;
          continue;
        }
        if (!expect('}', "or ',' after a tensor entry")) return false;
        break;
      }
    }
    skip_space();  // the format pads the header with spaces
    if (!at_end()) return fail("unexpected " + shown(pos_) + " after the header's JSON object");
    return true;
  }

 private:
  std::string_view text_;
  std::uint64_t base_;
  std::string& error_;
  std::size_t pos_ = 0;

  static std::string label(std::string_view name) { return "tensor '" + displayed(name) + "': "; }
  std::uint64_t absolute(std::size_t at) const { return base_ + at; }
  bool fail_at(std::size_t at, const std::string& what) {
    error_ = what + " (at byte " + std::to_string(absolute(at)) + ")";
    return false;
  }
  bool fail(const std::string& what) { return fail_at(pos_, what); }
  std::string shown(std::size_t at) const {
    return at >= text_.size() ? std::string("end of the header") : shown_char(static_cast<unsigned char>(text_[at]));
  }
  bool at_end() const { return pos_ >= text_.size(); }
  char peek() const { return text_[pos_]; }
  void skip_space() {
    while (!at_end() && (peek() == ' ' || peek() == '\t' || peek() == '\n' || peek() == '\r')) ++pos_;
  }
  bool expect(char c, const std::string& context, const std::string& prefix = {}) {
    skip_space();
    if (at_end() || peek() != c)
      return fail(prefix + "unexpected " + shown(pos_) + "; expected '" + c + "' " + context);
    ++pos_;
    return true;
  }

  bool metadata() {
    const std::string prefix = "\"__metadata__\": ";
    skip_space();
    if (at_end() || peek() != '{') return fail(prefix + "not an object of strings");
    ++pos_;
    skip_space();
    if (!at_end() && peek() == '}') {
      ++pos_;
      return true;
    }
    for (;;) {
      skip_space();
      std::string key, value;
      if (!string(key, "a key in double quotes", prefix)) return false;
      if (!expect(':', "after a key", prefix)) return false;
      skip_space();
      if (at_end() || peek() != '"')
        return fail(prefix + "the value of '" + displayed(key) + "' is not a string");
      if (!string(value, "a string", prefix)) return false;
      skip_space();
      if (!at_end() && peek() == ',') {
        ++pos_;
        continue;
      }
      return expect('}', "or ',' in \"__metadata__\"", prefix);
    }
  }

  bool tensor(SafetensorsJsonEntry& entry) {
    const std::string prefix = label(entry.name);
    skip_space();
    const std::size_t object_at = pos_;
    if (at_end() || peek() != '{')
      return fail(prefix + "expected an object with \"dtype\", \"shape\" and \"data_offsets\", found " + shown(pos_));
    ++pos_;
    bool has_dtype = false, has_shape = false, has_offsets = false;
    skip_space();
    if (!at_end() && peek() == '}') return fail(prefix + "an empty object; a tensor has dtype, shape and data_offsets");
    for (;;) {
      skip_space();
      const std::size_t key_at = pos_;
      std::string key;
      if (!string(key, "a key in double quotes", prefix)) return false;
      if (!expect(':', "after a key", prefix)) return false;
      skip_space();
      bool* seen = key == "dtype" ? &has_dtype : key == "shape" ? &has_shape : key == "data_offsets" ? &has_offsets : nullptr;
      if (seen == nullptr)
        return fail_at(key_at, prefix + "unknown key \"" + displayed(key) +
                                   "\" (a tensor entry has only dtype, shape and data_offsets)");
      if (*seen) return fail_at(key_at, prefix + "\"" + key + "\" appears twice");
      *seen = true;
      if (key == "dtype") {
        entry.dtype_at = absolute(pos_);
        if (at_end() || peek() != '"') return fail(prefix + "dtype is not a string");
        if (!string(entry.dtype, "a string", prefix)) return false;
      } else if (key == "shape") {
        entry.shape_at = absolute(pos_);
        if (!integers(entry.shape, prefix + "shape")) return false;
      } else {
        entry.offsets_at = absolute(pos_);
        const std::size_t at = pos_;
        if (!integers(entry.data_offsets, prefix + "data_offsets")) return false;
        if (entry.data_offsets.size() != 2)
          return fail_at(at, prefix + "data_offsets holds " + std::to_string(entry.data_offsets.size()) +
                                 " integers; expected two, [begin, end]");
      }
      skip_space();
      if (!at_end() && peek() == ',') {
        ++pos_;
        continue;
      }
      if (!expect('}', "or ',' in a tensor entry", prefix)) return false;
      break;
    }
    const char* missing = !has_dtype ? "dtype" : !has_shape ? "shape" : !has_offsets ? "data_offsets" : nullptr;
    if (missing != nullptr) return fail_at(object_at, prefix + "no \"" + missing + "\"");
    return true;
  }

  // An array of non-negative integers, each exact in 64 bits.
  bool integers(std::vector<std::uint64_t>& out, const std::string& what) {
    if (at_end() || peek() != '[') return fail(what + " is not an array of non-negative integers");
    ++pos_;
    skip_space();
    if (!at_end() && peek() == ']') {
      ++pos_;
      return true;
    }
    for (;;) {
      skip_space();
      std::uint64_t v = 0;
      if (!integer(v, what)) return false;
      out.push_back(v);
      skip_space();
      if (!at_end() && peek() == ',') {
        ++pos_;
        continue;
      }
      return expect(']', "or ',' in the array", what + ": ");
    }
  }

  bool integer(std::uint64_t& v, const std::string& what) {
    const std::size_t start = pos_;
    const auto not_integer = [&] { return fail_at(start, what + ": an entry is not a non-negative integer"); };
    if (at_end() || peek() < '0' || peek() > '9') return not_integer();
    if (peek() == '0') {
      ++pos_;
    } else {
      while (!at_end() && peek() >= '0' && peek() <= '9') {
        const auto d = static_cast<std::uint64_t>(peek() - '0');
        if (v > (UINT64_MAX - d) / 10) return fail_at(start, what + ": an entry is past 2^64 - 1");
        v = v * 10 + d;
        ++pos_;
      }
    }
    if (!at_end() && (peek() == '.' || peek() == 'e' || peek() == 'E' || (peek() >= '0' && peek() <= '9')))
      return not_integer();
    return true;
  }

  bool hex4(std::uint32_t& u, const std::string& prefix) {
    u = 0;
    for (int i = 0; i < 4; ++i, ++pos_) {
      if (at_end()) return fail(prefix + "unexpected end of the header in a \\u escape");
      const char c = peek();
      const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
      if (d < 0) return fail(prefix + "unexpected " + shown(pos_) + " in a \\u escape; expected 4 hex digits");
      u = u * 16 + static_cast<std::uint32_t>(d);
    }
    return true;
  }

  bool string(std::string& out, const std::string& expected, const std::string& prefix = {}) {
    if (at_end() || peek() != '"') return fail(prefix + "unexpected " + shown(pos_) + "; expected " + expected);
    ++pos_;
    for (;;) {
      if (at_end()) return fail(prefix + "unexpected end of the header in a string; expected '\"'");
      const auto c = static_cast<unsigned char>(peek());
      if (c == '"') {
        ++pos_;
        return true;
      }
      if (c < 0x20) return fail(prefix + "a raw control character (" + shown_char(c) + ") in a string");
      ++pos_;
      if (c != '\\') {
        out += static_cast<char>(c);  // UTF-8 was checked over the whole header first
        continue;
      }
      if (at_end()) return fail(prefix + "unexpected end of the header after '\\' in a string");
      const char e = peek();
      ++pos_;
      if (const std::optional<char> plain = json_text::simple_escape(e)) {
        out += *plain;
        continue;
      }
      if (e != 'u') return fail_at(pos_ - 2, prefix + "invalid escape '\\" + std::string(1, e) + "' in a string");
      const std::size_t escape_at = pos_ - 2;
      std::uint32_t cp = 0, low = 0;
      if (!hex4(cp, prefix)) return false;
      if (cp >= 0xDC00 && cp <= 0xDFFF) return fail_at(escape_at, prefix + "a lone low surrogate in a \\u escape");
      if (cp >= 0xD800 && cp <= 0xDBFF) {
        if (text_.substr(pos_, 2) != "\\u") return fail_at(escape_at, prefix + "a lone high surrogate in a \\u escape");
        pos_ += 2;
        if (!hex4(low, prefix)) return false;
        if (low < 0xDC00 || low > 0xDFFF) return fail_at(escape_at, prefix + "a lone high surrogate in a \\u escape");
        cp = json_text::join_surrogates(cp, low);
      }
      if (cp == 0) return fail_at(escape_at, prefix + "\\u0000 (a NUL character) in a string");
      json_text::append_utf8(out, cp);
    }
  }
};

}  // namespace

bool parse_safetensors_json(std::string_view json, std::uint64_t base, std::vector<SafetensorsJsonEntry>& entries,
                            std::string& error) {
  Reader reader(json, base, error);
  return reader.document(entries);
}

}  // namespace typelattice::tensors
