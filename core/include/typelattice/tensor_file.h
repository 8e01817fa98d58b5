// The index of a tensor checkpoint file (safetensors or NumPy .npy): which tensors it holds, their dtypes and
// shapes, and where each one's bytes lie. Pure: the caller reads the file; these functions only look at bytes
// they are given, so a file can be streamed (read its header, then each tensor's bytes in chunks).
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "typelattice/result.h"

namespace typelattice {

enum class TensorDtype : std::uint8_t { f64, f32, f16, bf16, f8_e4m3fn, f8_e5m2, f8_e8m0, i8, u8, i16, i32 };
// The safetensors spelling: "F64", "F32", "F16", "BF16", "F8_E4M3", "F8_E5M2", "F8_E8M0", "I8", "U8", "I16", "I32".
std::string_view tensor_dtype_name(TensorDtype d);
std::size_t tensor_dtype_bytes(TensorDtype d);

struct TensorEntry {
  std::string name;                  // safetensors key; for .npy the empty string
  TensorDtype dtype;
  std::vector<std::uint64_t> shape;  // as the file states it; a Fortran-order .npy stores the first axis fastest
  std::uint64_t begin = 0, end = 0;  // absolute byte offsets in the file: [begin, end)
  bool fortran_order = false;        // .npy only
};
enum class TensorFileKind : std::uint8_t { safetensors, npy };
struct TensorFileIndex {
  TensorFileKind kind;
  std::vector<TensorEntry> tensors;  // safetensors: sorted by begin
};

// The safetensors specification's own limit on the JSON header's length.
inline constexpr std::uint64_t kSafetensorsMaxHeaderBytes = 100'000'000;

inline constexpr std::size_t kTensorFilePrefixBytes = 16;
// From the file's first min(16, file_size) bytes and its size: how many bytes from the start hold the whole
// header (the caller then reads exactly that many and calls read_tensor_file_index). Recognises .npy by its
// magic "\x93NUMPY" (versions 1.0, 2.0, 3.0), otherwise safetensors (u64 little-endian header length N, header
// = 8 + N bytes). Errors when the file is too short to hold what the prefix announces.
Result<std::uint64_t> tensor_file_header_bytes(std::span<const std::uint8_t> prefix, std::uint64_t file_size);

// The index from the header bytes (the file's first tensor_file_header_bytes(...) bytes) and the file's size.
// Every entry lies inside the file; safetensors entries do not overlap. Errors name the tensor (when there is
// one) and the byte offset of the problem, never the file (the caller knows it).
Result<TensorFileIndex> read_tensor_file_index(std::span<const std::uint8_t> header, std::uint64_t file_size);

// Little-endian elements of `d` to float32: in.size() must be a whole number of elements and out must hold
// in.size() / tensor_dtype_bytes(d) values (that many are written). f64 rounds to nearest, ties to even (as a
// C++ double-to-float conversion does); f16, bf16 and the float8s decode exactly through the core's codecs;
// integers convert exactly where float32 holds them (every i8, u8, i16; i32 beyond 2^24 rounds to nearest even).
void tensor_elements_to_float32(TensorDtype d, std::span<const std::uint8_t> in, std::span<float> out);

}  // namespace typelattice
