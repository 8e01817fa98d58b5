// The safetensors reader: an 8-byte little-endian header length N, N bytes of JSON (see safetensors_json.h),
// then the data section, which every tensor's data_offsets index from its start.
#include <algorithm>
#include <array>

#include "core/tensors/safetensors_json.h"
#include "core/tensors/tensor_readers.h"
#include "typelattice/display_text.h"

namespace typelattice::tensors {
namespace {

constexpr std::uint64_t kLengthBytes = 8;
constexpr std::array<TensorDtype, 11> kAllDtypes = {
    TensorDtype::f64, TensorDtype::f32, TensorDtype::f16, TensorDtype::bf16, TensorDtype::f8_e4m3fn, TensorDtype::f8_e5m2,
    TensorDtype::f8_e8m0, TensorDtype::i8, TensorDtype::u8, TensorDtype::i16, TensorDtype::i32};

std::string label(std::string_view name) { return "tensor '" + displayed(name) + "': "; }

std::string list_text(const std::vector<std::uint64_t>& values) {
  std::string s = "[";
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i != 0) s += ", ";
    s += std::to_string(values[i]);
  }
  return s + "]";
}

std::string range_text(std::uint64_t begin, std::uint64_t end) {
  std::string s = "[";
  s += std::to_string(begin);
  s += ", ";
  s += std::to_string(end);
  return s + ")";
}

// One parsed entry checked against the format and the file: the entry, or the error.
Result<TensorEntry> checked_entry(const SafetensorsJsonEntry& raw, std::uint64_t data_start, std::uint64_t data_size) {
  const std::string prefix = label(raw.name);
  TensorEntry entry{raw.name, TensorDtype::f32, raw.shape, 0, 0, false};
  const auto known = std::find_if(kAllDtypes.begin(), kAllDtypes.end(),
                                  [&](TensorDtype d) { return tensor_dtype_name(d) == raw.dtype; });
  if (known == kAllDtypes.end()) {
    std::string names;
    for (TensorDtype d : kAllDtypes) {
      if (!names.empty()) names += ", ";
      names += tensor_dtype_name(d);
    }
    return bad_file(prefix + "unknown dtype \"" + displayed(raw.dtype) + "\"" + at_byte(raw.dtype_at) + "; known: " + names);
  }
  entry.dtype = *known;
  std::uint64_t elements = 1;
  for (std::uint64_t n : raw.shape)
    if (!multiply_u64(elements, n, elements))
      return bad_file(prefix + "shape " + list_text(raw.shape) + at_byte(raw.shape_at) + " has more than 2^64 - 1 elements");
  const std::uint64_t begin = raw.data_offsets[0], end = raw.data_offsets[1];
  const std::string offsets = "data_offsets " + range_text(begin, end);
  if (begin > end) return bad_file(prefix + offsets + at_byte(raw.offsets_at) + ": begin is after end");
  if (end > data_size)
    return bad_file(prefix + offsets + " end past the file (its data section holds " + std::to_string(data_size) +
                    " bytes, from byte " + std::to_string(data_start) + ")");
  std::uint64_t needed = 0;
  if (!multiply_u64(elements, tensor_dtype_bytes(entry.dtype), needed) || needed != end - begin)
    return bad_file(prefix + offsets + at_byte(raw.offsets_at) + " holds " + std::to_string(end - begin) +
                    " bytes, but shape " + list_text(raw.shape) + " of " + raw.dtype + " needs " +
                    (needed == 0 && elements != 0 ? std::string("more than 2^64 - 1") : std::to_string(needed)));
  entry.begin = data_start + begin;
  entry.end = data_start + end;
  return entry;
}

}  // namespace

Result<std::uint64_t> safetensors_header_bytes(std::span<const std::uint8_t> prefix, std::uint64_t file_size) {
  if (file_size < kLengthBytes)
    return bad_file("the file is " + std::to_string(file_size) +
                    " bytes: too short for a tensor file (a safetensors file starts with an 8-byte header length)");
  if (prefix.size() < kLengthBytes) return bad_file("the first 8 bytes of the file are needed to read its header length");
  const std::uint64_t n = load_le(prefix, 0, kLengthBytes);
  if (n > kSafetensorsMaxHeaderBytes)
    return bad_file("safetensors header length " + std::to_string(n) + " (bytes 0 to 7) is above the format's limit of " +
                    std::to_string(kSafetensorsMaxHeaderBytes) + " bytes (is this a safetensors file?)");
  if (n > file_size - kLengthBytes)
    return bad_file("safetensors header length " + std::to_string(n) + " (bytes 0 to 7) runs past the end of the file (" +
                    std::to_string(file_size - kLengthBytes) + " bytes follow the length)");
  return kLengthBytes + n;
}

Result<TensorFileIndex> read_safetensors_index(std::span<const std::uint8_t> header, std::uint64_t file_size) {
  auto header_bytes = safetensors_header_bytes(header.first(std::min<std::size_t>(header.size(), kLengthBytes)), file_size);
  if (!header_bytes) return header_bytes.error();
  if (header.size() < *header_bytes)
    return bad_file("the header is " + std::to_string(*header_bytes) + " bytes, but only " + std::to_string(header.size()) +
                    " were given");
  const std::string_view json(reinterpret_cast<const char*>(header.data()) + kLengthBytes,
                              static_cast<std::size_t>(*header_bytes - kLengthBytes));
  if (const std::size_t bad = first_invalid_utf8(json); bad < json.size())
    return bad_file("the safetensors header is not valid UTF-8" + at_byte(kLengthBytes + bad));
  std::vector<SafetensorsJsonEntry> raw;
  std::string error;
  if (!parse_safetensors_json(json, kLengthBytes, raw, error)) return bad_file(std::move(error));

  // Checked in the order of their data, so that a file cut short names the first tensor it cuts.
  std::stable_sort(raw.begin(), raw.end(), [](const SafetensorsJsonEntry& a, const SafetensorsJsonEntry& b) {
    return a.data_offsets[0] < b.data_offsets[0];
  });
  const std::uint64_t data_start = *header_bytes, data_size = file_size - *header_bytes;
  TensorFileIndex index{TensorFileKind::safetensors, {}};
  index.tensors.reserve(raw.size());
  for (const auto& r : raw) {
    auto entry = checked_entry(r, data_start, data_size);
    if (!entry) return entry.error();
    index.tensors.push_back(std::move(entry).value());
  }
  // Empty tensors occupy no bytes; every other one must start at or after the furthest end so far.
  const TensorEntry* furthest = nullptr;
  for (const auto& t : index.tensors) {
    if (t.begin == t.end) continue;
    if (furthest != nullptr && t.begin < furthest->end)
      return bad_file(label(t.name) + "file bytes " + range_text(t.begin, t.end) + " overlap tensor '" +
                      displayed(furthest->name) + "' (file bytes " + range_text(furthest->begin, furthest->end) + ")");
    if (furthest == nullptr || t.end > furthest->end) furthest = &t;
  }
  return index;
}

}  // namespace typelattice::tensors
