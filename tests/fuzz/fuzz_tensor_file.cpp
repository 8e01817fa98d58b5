// Fuzz the tensor file readers with the input as a whole file: header length from the first bytes, grown while
// tensor_file_header_need asks for more (GGUF), then the index from that many bytes. Never crash; every error has a message; every entry lies inside the file, after
// the header, holds exactly shape x dtype bytes, and no two entries share a byte. Each entry's bytes are also
// converted to float32.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <vector>

#include "typelattice/tensor_file.h"

using namespace typelattice;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const std::uint8_t> file(data, size);
  auto header = tensor_file_header_bytes(file.first(size < kTensorFilePrefixBytes ? size : kTensorFilePrefixBytes), size);
  if (!header) {
    if (header.error().message.empty()) std::abort();
    return 0;
  }
  if (*header > size) std::abort();
  std::uint64_t given = *header;
  for (;;) {
    auto need = tensor_file_header_need(file.first(static_cast<std::size_t>(given)), size);
    if (!need) {
      if (need.error().message.empty()) std::abort();
      return 0;
    }
    if (need->complete) break;
    if (need->bytes <= given || need->bytes > size) std::abort();  // each answer grows the read, within the file
    given = need->bytes;
  }
  auto index = read_tensor_file_index(file.first(static_cast<std::size_t>(given)), size);
  if (!index) {
    if (index.error().message.empty()) std::abort();
    return 0;
  }
  for (const auto& text : index->unsupported)
    if (index->kind != TensorFileKind::gguf || text.empty()) std::abort();
  std::uint64_t furthest_end = 0;
  for (const auto& t : index->tensors) {
    // A GGUF read may be given more than its header (the first guess): the header must end before the data.
    const bool gguf = index->kind == TensorFileKind::gguf;
    if ((!gguf && t.begin < *header) || t.begin > t.end || t.end > size) std::abort();
    if (gguf && &t == &index->tensors.front()) {
      auto before = tensor_file_header_need(file.first(static_cast<std::size_t>(t.begin)), size);
      if (!before || !before->complete) std::abort();
    }
    std::uint64_t elements = 1;
    for (std::uint64_t n : t.shape) elements *= n;  // the reader refused any overflow
    const std::uint64_t per_block = tensor_dtype_block_elements(t.dtype);
    if (elements % per_block != 0 || elements / per_block * tensor_dtype_bytes(t.dtype) != t.end - t.begin) std::abort();
    if (index->kind == TensorFileKind::npy && (index->tensors.size() != 1 || t.end != size)) std::abort();
    if (t.begin != t.end) {
      if (t.begin < furthest_end) std::abort();  // safetensors and GGUF entries come sorted by begin
      furthest_end = t.end;
    }
    const auto bytes = file.subspan(static_cast<std::size_t>(t.begin), static_cast<std::size_t>(t.end - t.begin));
    std::vector<float> out(bytes.size() / tensor_dtype_bytes(t.dtype) * per_block);
    tensor_elements_to_float32(t.dtype, bytes, out);
  }
  return 0;
}
