// The NumPy .npy reader: magic "\x93NUMPY", version major.minor (1.0, 2.0, 3.0), the header's length (u16 for
// 1.0, u32 after), then a Python dict literal {'descr': ..., 'fortran_order': ..., 'shape': (...)} padded with
// spaces and a newline, then the data. The dict is read by a small strict parser for exactly that literal.
#include <algorithm>
#include <optional>

#include "core/tensors/safetensors_json.h"  // first_invalid_utf8
#include "core/tensors/tensor_readers.h"
#include "typelattice/display_text.h"

namespace typelattice::tensors {
namespace {

constexpr std::size_t kVersionAt = 6, kLengthAt = 8;

struct NpyDescr {
  std::optional<TensorDtype> dtype;
  std::string refusal;  // why it is not read, when dtype is empty
};

// What a descr string names. Byte order matters only past one byte: there only '<' (little-endian) is read,
// since '=' and a bare kind mean the writing machine's order, which the file does not record.
NpyDescr npy_descr(std::string_view d) {
  std::string shown = "'";
  shown += displayed(d);
  shown += '\'';
  const char order = d.empty() ? '\0' : d[0];
  const bool has_order = order == '<' || order == '>' || order == '=' || order == '|';
  const std::string_view kind = has_order ? d.substr(1) : d;
  if (kind == "u1") return {TensorDtype::u8, {}};
  if (kind == "i1") return {TensorDtype::i8, {}};
  if (kind == "b1") return {std::nullopt, "descr " + shown + " is a bool array; bool arrays are not read"};
  if (!kind.empty() && kind[0] == 'V')
    return {std::nullopt, "descr " + shown + " is an array of raw bytes (ml_dtypes' bfloat16 and float8 arrays are "
                          "saved this way); its dtype must be named to read it"};
  const std::optional<TensorDtype> known = kind == "f8"   ? std::optional(TensorDtype::f64)
                                           : kind == "f4" ? std::optional(TensorDtype::f32)
                                           : kind == "f2" ? std::optional(TensorDtype::f16)
                                           : kind == "i2" ? std::optional(TensorDtype::i16)
                                           : kind == "i4" ? std::optional(TensorDtype::i32)
                                                          : std::nullopt;
  const std::string accepted = "; read are '<f8', '<f4', '<f2', '|u1', '|i1', '<i2' and '<i4'";
  if (!known) return {std::nullopt, "descr " + shown + " is not read" + accepted};
  if (order == '>') return {std::nullopt, "descr " + shown + " is big-endian; only little-endian ('<') data is read"};
  if (order != '<')
    return {std::nullopt, "descr " + shown + " does not say its byte order; only little-endian ('<') data is read"};
  return {known, {}};
}

struct NpyDict {
  std::string descr;
  bool fortran_order = false;
  std::vector<std::uint64_t> shape;
  std::uint64_t descr_at = 0, shape_at = 0;
};

// The header dict literal: keys in any order, each exactly once; strings without escapes, True/False, and
// tuples of non-negative integers (a one-element tuple needs its trailing comma, as in Python).
class DictReader {
 public:
  DictReader(std::string_view text, std::uint64_t base, std::string& error) : text_(text), base_(base), error_(error) {}

  bool dict(NpyDict& out) {
    skip_space();
    if (!expect('{')) return false;
    bool has_descr = false, has_order = false, has_shape = false;
    for (;;) {
      skip_space();
      if (!at_end() && peek() == '}') break;
      const std::size_t key_at = pos_;
      std::string key;
      if (!string(key)) return false;
      skip_space();
      if (!expect(':')) return false;
      skip_space();
      bool* seen = key == "descr" ? &has_descr : key == "fortran_order" ? &has_order : key == "shape" ? &has_shape : nullptr;
      if (seen == nullptr)
        return fail_at(key_at, "unknown key '" + displayed(key) + "' (the header has descr, fortran_order and shape)");
      if (*seen) return fail_at(key_at, "key '" + key + "' appears twice");
      *seen = true;
      if (key == "descr") {
        out.descr_at = base_ + pos_;
        if (at_end() || (peek() != '\'' && peek() != '"'))
          return fail("descr is not a string (structured dtypes are not read)");
        if (!string(out.descr)) return false;
      } else if (key == "fortran_order") {
        if (text_.substr(pos_, 4) == "True") {
          out.fortran_order = true;
          pos_ += 4;
        } else if (text_.substr(pos_, 5) == "False") {
          pos_ += 5;
        } else {
          return fail("fortran_order is not True or False");
        }
      } else {
        out.shape_at = base_ + pos_;
        if (!tuple(out.shape)) return false;
      }
      skip_space();
      if (!at_end() && peek() == ',') {
        ++pos_;
        continue;
      }
      skip_space();
      if (at_end() || peek() != '}') return fail("unexpected " + shown() + "; expected ',' or '}' in the header dict");
      break;
    }
    ++pos_;  // '}'
    const char* missing = !has_descr ? "descr" : !has_order ? "fortran_order" : !has_shape ? "shape" : nullptr;
    if (missing != nullptr) return fail(std::string("the header dict has no '") + missing + "'");
    while (!at_end() && (peek() == ' ' || peek() == '\n')) ++pos_;  // the format's padding
    if (!at_end()) return fail("unexpected " + shown() + " after the header dict (only spaces and a newline may follow)");
    return true;
  }

 private:
  std::string_view text_;
  std::uint64_t base_;
  std::string& error_;
  std::size_t pos_ = 0;

  bool fail_at(std::size_t at, const std::string& what) {
    error_ = ".npy header: " + what + at_byte(base_ + at);
    return false;
  }
  bool fail(const std::string& what) { return fail_at(pos_, what); }
  bool at_end() const { return pos_ >= text_.size(); }
  char peek() const { return text_[pos_]; }
  std::string shown() const {
    if (at_end()) return "end of the header";
    const auto c = static_cast<unsigned char>(peek());
    if (c >= 0x20 && c < 0x7f) return std::string("'") + static_cast<char>(c) + "'";
    return "byte " + std::to_string(c);
  }
  void skip_space() {
    while (!at_end() && peek() == ' ') ++pos_;
  }
  bool expect(char c) {
    if (at_end() || peek() != c) return fail("unexpected " + shown() + "; expected '" + c + "'");
    ++pos_;
    return true;
  }
  bool string(std::string& out) {
    if (at_end() || (peek() != '\'' && peek() != '"')) return fail("unexpected " + shown() + "; expected a quoted key");
    const char quote = peek();
    ++pos_;
    while (!at_end() && peek() != quote) {
      if (peek() == '\\' || peek() == '\n') return fail("a backslash or newline in a string (not read)");
      out += peek();
      ++pos_;
    }
    if (at_end()) return fail("unexpected end of the header in a string");
    ++pos_;
    return true;
  }
  bool tuple(std::vector<std::uint64_t>& out) {
    if (at_end() || peek() != '(') return fail("shape is not a tuple of non-negative integers");
    const std::size_t open_at = pos_;
    ++pos_;
    bool trailing_comma = false;
    for (;;) {
      skip_space();
      if (!at_end() && peek() == ')') break;
      if (at_end() || peek() < '0' || peek() > '9') return fail("shape holds " + shown() + "; expected a non-negative integer");
      std::uint64_t v = 0;
      const std::size_t start = pos_;
      while (!at_end() && peek() >= '0' && peek() <= '9') {
        const auto d = static_cast<std::uint64_t>(peek() - '0');
        if (v > (UINT64_MAX - d) / 10) return fail_at(start, "a shape entry is past 2^64 - 1");
        v = v * 10 + d;
        ++pos_;
      }
      out.push_back(v);
      skip_space();
      trailing_comma = !at_end() && peek() == ',';
      if (trailing_comma) {
        ++pos_;
        continue;
      }
      if (at_end() || peek() != ')') return fail("unexpected " + shown() + "; expected ',' or ')' in shape");
      break;
    }
    ++pos_;  // ')'
    if (out.size() == 1 && !trailing_comma)
      return fail_at(open_at, "shape (" + std::to_string(out[0]) + ") is a number, not a tuple; write (" +
                                  std::to_string(out[0]) + ",)");
    return true;
  }
};

}  // namespace

Result<std::uint64_t> npy_header_bytes(std::span<const std::uint8_t> prefix, std::uint64_t file_size) {
  if (prefix.size() < kLengthAt)
    return bad_file("the file is " + std::to_string(file_size) + " bytes: too short for a .npy header");
  const unsigned major = prefix[kVersionAt], minor = prefix[kVersionAt + 1];
  if (major < 1 || major > 3 || minor != 0)
    return bad_file(".npy version " + std::to_string(major) + "." + std::to_string(minor) + at_byte(kVersionAt) +
                    " is not read; versions 1.0, 2.0 and 3.0 are");
  const std::size_t width = major == 1 ? 2 : 4;
  if (prefix.size() < kLengthAt + width)
    return bad_file("the file is " + std::to_string(file_size) + " bytes: too short for a .npy " +
                    std::to_string(major) + ".0 header");
  const std::uint64_t total = kLengthAt + width + load_le(prefix, kLengthAt, width);
  if (total > file_size)
    return bad_file(".npy header length (bytes " + std::to_string(kLengthAt) + " to " +
                    std::to_string(kLengthAt + width - 1) + ") runs past the end of the file: the header would end at byte " +
                    std::to_string(total) + " of " + std::to_string(file_size));
  return total;
}

Result<TensorFileIndex> read_npy_index(std::span<const std::uint8_t> header, std::uint64_t file_size) {
  auto header_bytes = npy_header_bytes(header.first(std::min<std::size_t>(header.size(), kTensorFilePrefixBytes)), file_size);
  if (!header_bytes) return header_bytes.error();
  if (header.size() < *header_bytes)
    return bad_file("the header is " + std::to_string(*header_bytes) + " bytes, but only " + std::to_string(header.size()) +
                    " were given");
  const unsigned major = header[kVersionAt];
  const std::size_t dict_at = kLengthAt + (major == 1 ? 2 : 4);
  const std::string_view text(reinterpret_cast<const char*>(header.data()) + dict_at,
                              static_cast<std::size_t>(*header_bytes) - dict_at);
  for (std::size_t i = 0; major < 3 && i < text.size(); ++i)
    if (static_cast<unsigned char>(text[i]) >= 0x80)
      return bad_file(".npy header: a non-ASCII byte in a version " + std::to_string(major) + ".0 header" + at_byte(dict_at + i));
  if (const std::size_t bad = first_invalid_utf8(text); bad < text.size())
    return bad_file(".npy header: not valid UTF-8" + at_byte(dict_at + bad));

  NpyDict dict;
  std::string error;
  if (!DictReader(text, dict_at, error).dict(dict)) return bad_file(std::move(error));
  const NpyDescr descr = npy_descr(dict.descr);
  if (!descr.dtype) return bad_file(".npy header: " + descr.refusal + at_byte(dict.descr_at));

  std::string shape_text = "(";
  std::uint64_t elements = 1;
  bool overflow = false;
  for (std::size_t i = 0; i < dict.shape.size(); ++i) {
    if (i != 0) shape_text += ", ";
    shape_text += std::to_string(dict.shape[i]);
    overflow = overflow || !multiply_u64(elements, dict.shape[i], elements);
  }
  shape_text += dict.shape.size() == 1 ? ",)" : ")";
  std::uint64_t needed = 0;
  if (overflow || !multiply_u64(elements, tensor_dtype_bytes(*descr.dtype), needed))
    return bad_file(".npy header: shape " + shape_text + at_byte(dict.shape_at) + " of '" + displayed(dict.descr) +
                    "' needs more than 2^64 - 1 bytes");
  const std::uint64_t begin = *header_bytes, held = file_size - begin;
  const std::string data = "the data from byte " + std::to_string(begin) + " holds " + std::to_string(held) +
                           " bytes, but shape " + shape_text + " of '" + displayed(dict.descr) + "' needs " +
                           std::to_string(needed);
  if (held < needed) return bad_file(data + ": the file is cut short");
  if (held > needed) return bad_file(data + ": " + std::to_string(held - needed) + " bytes are extra");
  TensorEntry entry{"", *descr.dtype, std::move(dict.shape), begin, file_size, dict.fortran_order};
  return TensorFileIndex{TensorFileKind::npy, {std::move(entry)}};
}

}  // namespace typelattice::tensors
