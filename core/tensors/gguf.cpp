// The GGUF v3 reader: magic "GGUF", u32 version, u64 tensor count, u64 metadata count, the metadata key/values,
// the tensor infos, then the data section at the next multiple of general.alignment (32 unless the metadata
// says). All little-endian. The header's length shows only by parsing it, so a parse of too few bytes says how
// many it needs instead of failing (see tensor_file_header_need).
#include <algorithm>
#include <optional>
#include <set>

#include "core/tensors/gguf_types.h"
#include "core/tensors/safetensors_json.h"
#include "core/tensors/tensor_readers.h"
#include "typelattice/display_text.h"

namespace typelattice::tensors {
namespace {

constexpr std::uint64_t kFixedHeaderBytes = 24;        // magic, version, tensor count, metadata count
constexpr std::uint64_t kMaxKeyBytes = 1 << 20;        // keys and tensor names
constexpr int kMaxArrayDepth = 3;  // an array of arrays of arrays, no deeper
constexpr std::uint64_t kMinKeyValueBytes = 8 + 4 + 1;  // empty key, type, one-byte value
constexpr std::uint64_t kMinTensorInfoBytes = 8 + 4 + 4 + 8;  // empty name, n_dims 0, type, offset
constexpr std::uint32_t kMaxDims = 4;
enum ValueType : std::uint32_t { u8, i8, u16, i16, u32, i32, f32, boolean, string, array, u64, i64, f64 };

std::string key_label(std::string_view key) { return "metadata key '" + displayed(key) + "': "; }
std::string tensor_label(std::string_view name) { return "tensor '" + displayed(name) + "': "; }

std::uint64_t fixed_width(std::uint32_t type) {
  switch (type) {
    case u8: case i8: case boolean: return 1;
    case u16: case i16: return 2;
    case u32: case i32: case f32: return 4;
    case u64: case i64: case f64: return 8;
    default: return 0;
  }
}

// Reads forward through the given bytes. When a read needs bytes the file has but the caller did not give, the
// cursor stops with `need` set; when the file itself ends first, with an error.
struct Cursor {
  std::span<const std::uint8_t> bytes;
  std::uint64_t file_size;
  std::uint64_t pos = 0;
  std::uint64_t need = 0;
  std::optional<Error> error;

  bool stopped() const { return need != 0 || error.has_value(); }
  bool fail(std::string message) {
    if (!stopped()) error = bad_file(std::move(message));
    return false;
  }
  bool take(std::uint64_t n, const std::string& what) {
    if (n > file_size - pos)
      return fail(what + " runs past the end of the file" + at_byte(pos) + ": needs " + std::to_string(n) +
                  " bytes, " + std::to_string(file_size - pos) + " remain");
    if (n > bytes.size() - pos) {
      need = pos + n;
      return false;
    }
    pos += n;
    return true;
  }
  std::optional<std::uint64_t> number(std::uint64_t width, const std::string& what) {
    const std::uint64_t at = pos;
    if (!take(width, what)) return std::nullopt;
    return load_le(bytes, static_cast<std::size_t>(at), static_cast<std::size_t>(width));
  }
  // A GGUF string: u64 length, then that many UTF-8 bytes. Keys and tensor names are checked as UTF-8 (they are
  // shown); string values are skipped unchecked, as some vocabularies hold byte tokens that are not.
  std::optional<std::string_view> text(const std::string& what, std::uint64_t max_bytes, bool utf8 = true) {
    const std::uint64_t at = pos;
    const auto n = number(8, what + " length");
    if (!n) return std::nullopt;
    if (*n > max_bytes) {
      fail(what + " length " + std::to_string(*n) + at_byte(at) + " is above the limit of " + std::to_string(max_bytes) + " bytes");
      return std::nullopt;
    }
    if (!take(*n, what)) return std::nullopt;
    const std::string_view s(reinterpret_cast<const char*>(bytes.data()) + (pos - *n), static_cast<std::size_t>(*n));
    if (const std::size_t bad = utf8 ? first_invalid_utf8(s) : s.size(); bad < s.size()) {
      fail(what + " is not valid UTF-8" + at_byte(pos - *n + bad));
      return std::nullopt;
    }
    return s;
  }
};

// Steps over one metadata value of `type`; arrays nest at most kMaxArrayDepth deep, so the recursion is bounded.
bool skip_value(Cursor& c, std::uint32_t type, const std::string& label, int depth) {
  const std::uint64_t at = c.pos;
  if (const std::uint64_t w = fixed_width(type); w != 0) {
    const auto v = c.number(w, label + "value");
    if (v && type == boolean && *v > 1) return c.fail(label + "a bool " + std::to_string(*v) + " is neither 0 nor 1" + at_byte(at));
    return v.has_value();
  }
  if (type == string) return c.text(label + "string value", UINT64_MAX, false).has_value();
  if (type != array) return c.fail(label + "unknown value type " + std::to_string(type) + at_byte(at));
  const auto element = c.number(4, label + "array element type");
  const auto count = c.number(8, label + "array count");
  if (!element || !count) return false;
  const std::uint64_t w = fixed_width(static_cast<std::uint32_t>(*element));
  const std::uint64_t min_bytes = w != 0 ? w : *element == string ? 8 : *element == array ? 12 : 0;
  if (min_bytes == 0) return c.fail(label + "unknown array element type " + std::to_string(*element) + at_byte(at));
  if (*element == array && depth + 1 >= kMaxArrayDepth)
    return c.fail(label + "arrays nested more than " + std::to_string(kMaxArrayDepth) + " deep" + at_byte(at));
  if (*count > (c.file_size - c.pos) / min_bytes)
    return c.fail(label + "array count " + std::to_string(*count) + at_byte(at + 4) + " cannot fit in the " +
                  std::to_string(c.file_size - c.pos) + " bytes left in the file");
  if (w != 0 && *element != boolean) return c.take(*count * w, label + "array");
  for (std::uint64_t i = 0; i < *count; ++i)
    if (!skip_value(c, static_cast<std::uint32_t>(*element), label, depth + 1)) return false;
  return true;
}

struct RawTensor {
  std::string_view name;
  std::vector<std::uint64_t> ne;  // ne[0] first: the innermost dimension
  const GgmlType* type;
  std::uint64_t offset;
  std::uint64_t info_at;
};

struct Parsed {
  std::uint64_t header_end = 0;
  std::uint64_t alignment = 32;
  std::vector<RawTensor> tensors;
};

// The metadata and tensor infos, or the cursor stopped (need or error).
Parsed parse_header(Cursor& c) {
  Parsed p;
  const auto tensor_count = c.number(8, "the tensor count");  // after magic and version, checked by the caller
  const auto kv_count = c.number(8, "the metadata count");
  if (!tensor_count || !kv_count) return p;
  if (*kv_count > c.file_size / kMinKeyValueBytes)
    return c.fail("metadata count " + std::to_string(*kv_count) + " (bytes 16 to 23) cannot fit in a file of " +
                  std::to_string(c.file_size) + " bytes"), p;
  if (*tensor_count > c.file_size / kMinTensorInfoBytes)
    return c.fail("tensor count " + std::to_string(*tensor_count) + " (bytes 8 to 15) cannot fit in a file of " +
                  std::to_string(c.file_size) + " bytes"), p;
  std::set<std::string_view> keys;
  for (std::uint64_t i = 0; i < *kv_count; ++i) {
    const std::uint64_t at = c.pos;
    const auto key = c.text("metadata key " + std::to_string(i), kMaxKeyBytes);
    if (!key) return p;
    const std::string label = key_label(*key);
    if (!keys.insert(*key).second) return c.fail(label + "the key appears twice" + at_byte(at)), p;
    const std::uint64_t value_at = c.pos + 4;
    const auto type = c.number(4, label + "value type");
    if (!type) return p;
    if (*key == "general.alignment") {
      if (*type != u32) return c.fail(label + "value type " + std::to_string(*type) + at_byte(value_at - 4) + " is not u32 (4)"), p;
      const auto a = c.number(4, label + "value");
      if (!a) return p;
      if (*a == 0 || (*a & (*a - 1)) != 0) return c.fail(label + std::to_string(*a) + at_byte(value_at) + " is not a power of two"), p;
      p.alignment = *a;
    } else if (!skip_value(c, static_cast<std::uint32_t>(*type), label, 0)) {
      return p;
    }
  }
  std::set<std::string_view> names;
  p.tensors.reserve(static_cast<std::size_t>(std::min<std::uint64_t>(*tensor_count, c.bytes.size() / kMinTensorInfoBytes)));
  for (std::uint64_t i = 0; i < *tensor_count; ++i) {
    RawTensor t{{}, {}, nullptr, 0, c.pos};
    const auto name = c.text("tensor name " + std::to_string(i), kMaxKeyBytes);
    if (!name) return p;
    t.name = *name;
    const std::string label = tensor_label(t.name);
    if (!names.insert(t.name).second) return c.fail(label + "the name appears twice" + at_byte(t.info_at)), p;
    const std::uint64_t dims_at = c.pos;
    const auto n_dims = c.number(4, label + "n_dims");
    if (!n_dims) return p;
    if (*n_dims > kMaxDims) return c.fail(label + "n_dims " + std::to_string(*n_dims) + at_byte(dims_at) + " is above 4"), p;
    for (std::uint64_t d = 0; d < *n_dims; ++d) {
      const auto n = c.number(8, label + "dimension");
      if (!n) return p;
      t.ne.push_back(*n);
    }
    const std::uint64_t type_at = c.pos;
    const auto type = c.number(4, label + "type");
    if (!type) return p;
    t.type = ggml_type(static_cast<std::uint32_t>(*type));
    if (t.type == nullptr) return c.fail(label + "unknown ggml type " + std::to_string(*type) + at_byte(type_at)), p;
    const auto offset = c.number(8, label + "offset");
    if (!offset) return p;
    t.offset = *offset;
    p.tensors.push_back(std::move(t));
  }
  p.header_end = c.pos;
  return p;
}

std::string dims_text(const std::vector<std::uint64_t>& ne) {
  std::string s = "ne [";
  for (std::size_t i = 0; i < ne.size(); ++i) s += (i ? ", " : "") + std::to_string(ne[i]);
  return s + "]";
}

// The entry of one tensor info, placed in the data section and checked against the file.
Result<TensorEntry> placed(const RawTensor& t, std::uint64_t data_start, std::uint64_t alignment, std::uint64_t file_size) {
  const std::string label = tensor_label(t.name);
  std::uint64_t elements = 1;
  for (std::uint64_t n : t.ne)
    if (!multiply_u64(elements, n, elements))
      return bad_file(label + dims_text(t.ne) + at_byte(t.info_at) + " has more than 2^64 - 1 elements");
  if (!t.ne.empty() && t.ne[0] % t.type->block_elements != 0)
    return bad_file(label + "ne[0] = " + std::to_string(t.ne[0]) + " is not a multiple of " + std::string(t.type->name) +
                    "'s block of " + std::to_string(t.type->block_elements) + at_byte(t.info_at));
  if (t.ne.empty() && t.type->block_elements > 1 && t.type->dtype)  // its one element would be no whole block
    return bad_file(label + "has no dimensions, so no whole " + std::string(t.type->name) + " block of " +
                    std::to_string(t.type->block_elements) + at_byte(t.info_at));
  std::uint64_t bytes = 0;
  if (!multiply_u64(elements / t.type->block_elements, t.type->block_bytes, bytes))
    return bad_file(label + dims_text(t.ne) + at_byte(t.info_at) + " needs more than 2^64 - 1 bytes");
  if (t.offset % alignment != 0)
    return bad_file(label + "offset " + std::to_string(t.offset) + at_byte(t.info_at) + " is not a multiple of the alignment " +
                    std::to_string(alignment));
  if (data_start > file_size || t.offset > file_size - data_start || bytes > file_size - data_start - t.offset)
    return bad_file(label + "offset " + std::to_string(t.offset) + " + " + std::to_string(bytes) + " bytes" + at_byte(t.info_at) +
                    " ends past the file (its data section starts at byte " + std::to_string(data_start) + ")");
  // ggml lists ne[0] first, the contiguous dimension; reversed, the last axis is the row as in the other formats.
  TensorEntry e{std::string(t.name), t.type->dtype.value_or(TensorDtype::u8), {t.ne.rbegin(), t.ne.rend()}, 0, 0, false};
  e.begin = data_start + t.offset;
  e.end = e.begin + bytes;
  return e;
}

// The whole parse of the given bytes: the index, how many bytes it needs (need != 0), or an error.
struct Outcome {
  std::optional<TensorFileIndex> index;
  std::uint64_t need = 0;
  std::optional<Error> error;
};

Outcome parse_gguf(std::span<const std::uint8_t> header, std::uint64_t file_size) {
  Outcome out;
  if (auto first = gguf_header_bytes(header.first(std::min<std::size_t>(header.size(), kTensorFilePrefixBytes)), file_size); !first) {
    out.error = first.error();
    return out;
  }
  if (header.size() < kFixedHeaderBytes) {
    out.need = kFixedHeaderBytes;
    return out;
  }
  Cursor c{header, file_size, 8};
  Parsed p = parse_header(c);
  if (c.stopped()) {
    out.need = c.need;
    out.error = c.error;
    return out;
  }
  const std::uint64_t data_start = (p.header_end + p.alignment - 1) / p.alignment * p.alignment;
  TensorFileIndex index{TensorFileKind::gguf, {}, {}};
  std::vector<TensorEntry> all;  // supported and not, for the overlap check
  all.reserve(p.tensors.size());
  for (const RawTensor& t : p.tensors) {
    auto e = placed(t, data_start, p.alignment, file_size);
    if (!e) {
      out.error = e.error();
      return out;
    }
    if (t.type->dtype) index.tensors.push_back(*e);
    else index.unsupported.push_back(std::string(t.name) + ": ggml type " + std::string(t.type->name) + " (" + std::to_string(t.type->id) + ")");
    all.push_back(std::move(e).value());
  }
  std::stable_sort(all.begin(), all.end(), [](const TensorEntry& a, const TensorEntry& b) { return a.begin < b.begin; });
  const TensorEntry* furthest = nullptr;
  for (const auto& t : all) {
    if (t.begin == t.end) continue;
    if (furthest != nullptr && t.begin < furthest->end)
      out.error = bad_file(tensor_label(t.name) + "file bytes [" + std::to_string(t.begin) + ", " + std::to_string(t.end) +
                           ") overlap tensor '" + displayed(furthest->name) + "' (file bytes [" + std::to_string(furthest->begin) +
                           ", " + std::to_string(furthest->end) + "))");
    if (out.error) return out;
    if (furthest == nullptr || t.end > furthest->end) furthest = &t;
  }
  std::stable_sort(index.tensors.begin(), index.tensors.end(),
                   [](const TensorEntry& a, const TensorEntry& b) { return a.begin < b.begin; });
  out.index = std::move(index);
  return out;
}

}  // namespace

bool starts_with_gguf_magic(std::span<const std::uint8_t> prefix) {
  return prefix.size() >= 4 && prefix[0] == 'G' && prefix[1] == 'G' && prefix[2] == 'U' && prefix[3] == 'F';
}

Result<std::uint64_t> gguf_header_bytes(std::span<const std::uint8_t> prefix, std::uint64_t file_size) {
  if (file_size < kFixedHeaderBytes)
    return bad_file("the file is " + std::to_string(file_size) + " bytes: too short for a GGUF file (its fixed header is 24 bytes)");
  if (prefix.size() < 8) return bad_file("the first 8 bytes of the file are needed to read its GGUF version");
  const std::uint64_t version = load_le(prefix, 4, 4);
  if (version != 3)
    return bad_file("GGUF version " + std::to_string(version) + " (bytes 4 to 7): only version 3 is read");
  return std::min(file_size, kGgufFirstHeaderGuess);
}

Result<TensorFileHeaderNeed> gguf_header_need(std::span<const std::uint8_t> header, std::uint64_t file_size) {
  Outcome o = parse_gguf(header, file_size);
  if (o.error) return *o.error;
  if (o.need == 0) return TensorFileHeaderNeed{true, 0};
  return TensorFileHeaderNeed{false, std::min(file_size, std::max<std::uint64_t>(o.need, 2 * std::uint64_t{header.size()}))};
}

Result<TensorFileIndex> read_gguf_index(std::span<const std::uint8_t> header, std::uint64_t file_size) {
  Outcome o = parse_gguf(header, file_size);
  if (o.error) return *o.error;
  if (o.need != 0)
    return bad_file("the GGUF header needs at least " + std::to_string(o.need) + " bytes, but only " +
                    std::to_string(header.size()) + " were given (see tensor_file_header_need)");
  return std::move(*o.index);
}

}  // namespace typelattice::tensors
