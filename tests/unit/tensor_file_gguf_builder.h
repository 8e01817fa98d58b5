// GGUF v3 files built byte by byte from the format's description (ggml's docs/gguf.md): "GGUF", u32 version,
// u64 tensor count, u64 metadata count, the key/values, the tensor infos, zero padding to the alignment, data.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "tests/unit/tensor_file_builders.h"

namespace tensor_test {

enum GgufValue : std::uint32_t { kU8, kI8, kU16, kI16, kU32, kI32, kF32, kBool, kString, kArray, kU64, kI64, kF64 };

inline void append_gguf_string(Bytes& out, const std::string& s) {
  append_le(out, s.size(), 8);
  append_text(out, s);
}

struct GgufBuilder {
  std::uint32_t version = 3;
  std::uint64_t alignment = 32;  // where the data section starts; set general.alignment in the metadata to change it
  Bytes metadata, infos, data;
  std::uint64_t kv_count = 0, tensor_count = 0;

  // A key, its type and the value's bytes as the caller wrote them.
  GgufBuilder& kv(const std::string& key, std::uint32_t type, const Bytes& value) {
    append_gguf_string(metadata, key);
    append_le(metadata, type, 4);
    metadata.insert(metadata.end(), value.begin(), value.end());
    ++kv_count;
    return *this;
  }
  GgufBuilder& tensor(const std::string& name, const std::vector<std::uint64_t>& ne, std::uint32_t ggml_type,
                      std::uint64_t offset) {
    append_gguf_string(infos, name);
    append_le(infos, ne.size(), 4);
    for (std::uint64_t n : ne) append_le(infos, n, 8);
    append_le(infos, ggml_type, 4);
    append_le(infos, offset, 8);
    ++tensor_count;
    return *this;
  }
  Bytes header() const {
    Bytes out;
    append_text(out, "GGUF");
    append_le(out, version, 4);
    append_le(out, tensor_count, 8);
    append_le(out, kv_count, 8);
    out.insert(out.end(), metadata.begin(), metadata.end());
    out.insert(out.end(), infos.begin(), infos.end());
    return out;
  }
  std::uint64_t data_start() const { return (header().size() + alignment - 1) / alignment * alignment; }
  Bytes file() const {
    Bytes out = header();
    out.resize(data_start(), 0);
    out.insert(out.end(), data.begin(), data.end());
    return out;
  }
};

inline Bytes value_le(std::uint64_t v, int width) {
  Bytes out;
  append_le(out, v, width);
  return out;
}

// What a streaming caller does with a GGUF file in memory: the first guess, then more until the header is whole.
inline typelattice::Result<typelattice::TensorFileIndex> gguf_index_of(const Bytes& file, std::uint64_t first_read = 0) {
  const std::size_t prefix = file.size() < typelattice::kTensorFilePrefixBytes ? file.size() : typelattice::kTensorFilePrefixBytes;
  auto guess = typelattice::tensor_file_header_bytes(std::span(file.data(), prefix), file.size());
  if (!guess) return guess.error();
  std::uint64_t n = first_read != 0 ? first_read : *guess;
  for (;;) {
    auto need = typelattice::tensor_file_header_need(std::span(file.data(), static_cast<std::size_t>(n)), file.size());
    if (!need) return need.error();
    if (need->complete) break;
    if (need->bytes <= n || need->bytes > file.size())
      return typelattice::Error{typelattice::ErrorKind::bad_value, "the need does not grow", {}};
    n = need->bytes;
  }
  return typelattice::read_tensor_file_index(std::span(file.data(), static_cast<std::size_t>(n)), file.size());
}

inline std::string gguf_error_of(const Bytes& file) {
  auto r = gguf_index_of(file);
  return r.ok() ? std::string("(no error)") : r.error().message;
}

}  // namespace tensor_test
