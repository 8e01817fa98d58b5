// tensor_file.h's entry points: recognise the file kind by its first bytes and hand over to its reader.
#include "typelattice/tensor_file.h"

#include <algorithm>

#include "core/tensors/tensor_readers.h"

namespace typelattice {

bool tensors::starts_with_npy_magic(std::span<const std::uint8_t> prefix) {
  if (prefix.size() < kNpyMagic.size()) return false;
  for (std::size_t i = 0; i < kNpyMagic.size(); ++i)
    if (prefix[i] != static_cast<std::uint8_t>(kNpyMagic[i])) return false;
  return true;
}

std::string_view tensor_file_kind_name(TensorFileKind k) {
  switch (k) {
    case TensorFileKind::npy: return "npy";
    case TensorFileKind::gguf: return "gguf";
    case TensorFileKind::npz: return "npz";
    case TensorFileKind::raw: return "raw";
    case TensorFileKind::safetensors: break;
  }
  return "safetensors";
}

namespace {

Result<std::uint64_t> header_bytes_of_kind(std::span<const std::uint8_t> prefix, std::uint64_t file_size) {
  if (prefix.size() > file_size) return tensors::bad_file("the prefix is longer than the file");
  if (tensors::starts_with_gguf_magic(prefix)) return tensors::gguf_header_bytes(prefix, file_size);
  return tensors::starts_with_npy_magic(prefix) ? tensors::npy_header_bytes(prefix, file_size)
                                                : tensors::safetensors_header_bytes(prefix, file_size);
}

}  // namespace

Result<std::uint64_t> tensor_file_header_bytes(std::span<const std::uint8_t> prefix, std::uint64_t file_size) {
  Result<std::uint64_t> bytes = header_bytes_of_kind(prefix, file_size);
  if (bytes && *bytes > kTensorFileMaxHeaderBytes) return tensors::header_too_long(*bytes);
  return bytes;
}

Result<TensorFileHeaderNeed> tensor_file_header_need(std::span<const std::uint8_t> header, std::uint64_t file_size) {
  if (header.size() > file_size) return tensors::bad_file("the header bytes are more than the file holds");
  if (tensors::starts_with_gguf_magic(header)) {
    Result<TensorFileHeaderNeed> need = tensors::gguf_header_need(header, file_size);
    if (need && !need->complete && need->bytes > kTensorFileMaxHeaderBytes) return tensors::header_too_long(need->bytes);
    return need;
  }
  auto bytes = tensor_file_header_bytes(header.first(std::min(header.size(), kTensorFilePrefixBytes)), file_size);
  if (!bytes) return bytes.error();
  if (header.size() >= *bytes) return TensorFileHeaderNeed{true, 0};
  return TensorFileHeaderNeed{false, *bytes};
}

Result<TensorFileIndex> read_tensor_file_index(std::span<const std::uint8_t> header, std::uint64_t file_size) {
  if (header.size() > file_size) return tensors::bad_file("the header bytes are more than the file holds");
  if (tensors::starts_with_gguf_magic(header)) return tensors::read_gguf_index(header, file_size);
  return tensors::starts_with_npy_magic(header) ? tensors::read_npy_index(header, file_size)
                                                : tensors::read_safetensors_index(header, file_size);
}

}  // namespace typelattice
