// Tensor files built byte by byte from the public specifications (safetensors: an 8-byte little-endian header
// length, JSON, data; .npy: magic, version, header length, dict literal, data), and the two-step read a caller
// does: header length from the first bytes, then the index from exactly that many bytes.
#pragma once
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "typelattice/tensor_file.h"

namespace tensor_test {

using Bytes = std::vector<std::uint8_t>;

inline void append_le(Bytes& out, std::uint64_t v, int width) {
  for (int i = 0; i < width; ++i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}

// Byte by byte: GCC 12 at -O3 warns (-Wstringop-overflow) about the range insert once more code is inlined around it.
inline void append_text(Bytes& out, const std::string& text) {
  for (const char c : text) out.push_back(static_cast<std::uint8_t>(c));
}

// The bytes as a file of this test's own (process and test name), removed when it goes out of scope.
struct TempFile {
  std::filesystem::path path;
  explicit TempFile(const Bytes& bytes, const std::string& extension = ".gguf")
      : path(std::filesystem::temp_directory_path() /
             ("typelattice_" + std::to_string(::getpid()) + "_" +
              ::testing::UnitTest::GetInstance()->current_test_info()->test_suite_name() + "_" +
              ::testing::UnitTest::GetInstance()->current_test_info()->name() + extension)) {
    std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                                static_cast<std::streamsize>(bytes.size()));
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  ~TempFile() { std::filesystem::remove(path); }
};

inline bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// 8-byte length N (by default the JSON's length plus the padding), the JSON, `pad` spaces, then the data.
inline Bytes safetensors_file(const std::string& json, const Bytes& data = {}, std::size_t pad = 0) {
  Bytes out;
  append_le(out, json.size() + pad, 8);
  append_text(out, json);
  out.insert(out.end(), pad, ' ');
  out.insert(out.end(), data.begin(), data.end());
  return out;
}

// A .npy file of version major.0: the dict padded with spaces and a newline so the data starts 64-byte aligned,
// as NumPy writes it.
inline Bytes npy_file(int major, const std::string& dict, const Bytes& data = {}) {
  Bytes out = {0x93, 'N', 'U', 'M', 'P', 'Y', static_cast<std::uint8_t>(major), 0};
  const std::size_t prefix = major == 1 ? 10 : 12;
  std::string header = dict;
  while ((prefix + header.size() + 1) % 64 != 0) header += ' ';
  header += '\n';
  append_le(out, header.size(), major == 1 ? 2 : 4);
  append_text(out, header);
  out.insert(out.end(), data.begin(), data.end());
  return out;
}

inline Bytes filled(std::size_t n, std::uint8_t value = 0) { return Bytes(n, value); }

// What a streaming caller does with a whole file in memory.
inline typelattice::Result<typelattice::TensorFileIndex> index_of(const Bytes& file) {
  const std::size_t prefix = file.size() < typelattice::kTensorFilePrefixBytes ? file.size() : typelattice::kTensorFilePrefixBytes;
  auto header = typelattice::tensor_file_header_bytes(std::span(file.data(), prefix), file.size());
  if (!header) return header.error();
  if (*header > file.size()) return typelattice::Error{typelattice::ErrorKind::bad_value, "header past the file", {}};
  return typelattice::read_tensor_file_index(std::span(file.data(), static_cast<std::size_t>(*header)), file.size());
}

inline std::string error_of(const Bytes& file) {
  auto r = index_of(file);
  return r.ok() ? std::string("(no error)") : r.error().message;
}

}  // namespace tensor_test
