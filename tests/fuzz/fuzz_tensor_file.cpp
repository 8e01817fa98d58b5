// Fuzz the tensor file readers with the input as a whole file: header length from the first bytes, then the
// index from that many bytes. Never crash; every error has a message; every entry lies inside the file, after
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
  auto index = read_tensor_file_index(file.first(static_cast<std::size_t>(*header)), size);
  if (!index) {
    if (index.error().message.empty()) std::abort();
    return 0;
  }
  std::uint64_t furthest_end = 0;
  for (const auto& t : index->tensors) {
    if (t.begin < *header || t.begin > t.end || t.end > size) std::abort();
    std::uint64_t elements = 1;
    for (std::uint64_t n : t.shape) elements *= n;  // the reader refused any overflow
    if (elements * tensor_dtype_bytes(t.dtype) != t.end - t.begin) std::abort();
    if (index->kind == TensorFileKind::npy && (index->tensors.size() != 1 || t.end != size)) std::abort();
    if (t.begin != t.end) {
      if (t.begin < furthest_end) std::abort();  // safetensors entries come sorted by begin
      furthest_end = t.end;
    }
    const auto bytes = file.subspan(static_cast<std::size_t>(t.begin), static_cast<std::size_t>(t.end - t.begin));
    std::vector<float> out(bytes.size() / tensor_dtype_bytes(t.dtype));
    tensor_elements_to_float32(t.dtype, bytes, out);
  }
  return 0;
}
