// The readers behind tensor_file.h, each given the file's leading bytes and its size.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "typelattice/result.h"
#include "typelattice/tensor_file.h"

namespace typelattice::tensors {

inline Error bad_file(std::string message) { return bad_value_error(std::move(message)); }

// " (at byte N)", the suffix every reader's error gives for where in the file it stopped.
inline std::string at_byte(std::uint64_t at) { return " (at byte " + std::to_string(at) + ")"; }

// A header that needs more than kTensorFileMaxHeaderBytes.
inline Error header_too_long(std::uint64_t needed) {
  return bad_file("the header is longer than " + std::to_string(kTensorFileMaxHeaderBytes >> 20) +
                  " MiB (it needs at least " + std::to_string(needed) + " bytes): not read");
}

inline std::uint64_t load_le(std::span<const std::uint8_t> bytes, std::size_t at, std::size_t width) {
  std::uint64_t v = 0;
  for (std::size_t i = width; i-- > 0;) v = (v << 8) | bytes[at + i];
  return v;
}

// a * b, or false when it does not fit in 64 bits.
inline bool multiply_u64(std::uint64_t a, std::uint64_t b, std::uint64_t& product) {
  if (a != 0 && b > UINT64_MAX / a) return false;
  product = a * b;
  return true;
}

inline constexpr std::string_view kNpyMagic = "\x93NUMPY";
bool starts_with_npy_magic(std::span<const std::uint8_t> prefix);

Result<std::uint64_t> safetensors_header_bytes(std::span<const std::uint8_t> prefix, std::uint64_t file_size);
Result<TensorFileIndex> read_safetensors_index(std::span<const std::uint8_t> header, std::uint64_t file_size);
Result<std::uint64_t> npy_header_bytes(std::span<const std::uint8_t> prefix, std::uint64_t file_size);
Result<TensorFileIndex> read_npy_index(std::span<const std::uint8_t> header, std::uint64_t file_size);
bool starts_with_gguf_magic(std::span<const std::uint8_t> prefix);
Result<std::uint64_t> gguf_header_bytes(std::span<const std::uint8_t> prefix, std::uint64_t file_size);
Result<TensorFileHeaderNeed> gguf_header_need(std::span<const std::uint8_t> header, std::uint64_t file_size);
Result<TensorFileIndex> read_gguf_index(std::span<const std::uint8_t> header, std::uint64_t file_size);

}  // namespace typelattice::tensors
