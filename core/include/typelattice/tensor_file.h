// The index of a tensor checkpoint file (safetensors, NumPy .npy or GGUF v3): which tensors it holds, their dtypes and
// shapes, and where each one's bytes lie. Pure: the caller reads the file; these functions only look at bytes
// they are given, so a file can be streamed (read its header, then each tensor's bytes in chunks).
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "typelattice/result.h"

namespace typelattice {

// Then ggml's quantized block types that GGUF files hold: six in blocks of 32 (gguf_blocks.h), the K-quants in
// super-blocks of 256 (gguf_kquants.h), MXFP4 in blocks of 32 and NVFP4 in blocks of 64 (gguf_nvfp4.h).
enum class TensorDtype : std::uint8_t {
  f64, f32, f16, bf16, f8_e4m3fn, f8_e5m2, f8_e8m0, i8, u8, i16, i32,
  gguf_q4_0, gguf_q4_1, gguf_q5_0, gguf_q5_1, gguf_q8_0, gguf_iq4_nl,
  gguf_q2_k, gguf_q3_k, gguf_q4_k, gguf_q5_k, gguf_q6_k, gguf_mxfp4, gguf_nvfp4,
};
// The safetensors spelling: "F64", "F32", "F16", "BF16", "F8_E4M3", "F8_E5M2", "F8_E8M0", "I8", "U8", "I16", "I32";
// ggml's for its block types: "Q4_0", "Q4_1", "Q5_0", "Q5_1", "Q8_0", "IQ4_NL", "Q2_K", "Q3_K", "Q4_K", "Q5_K", "Q6_K",
// "MXFP4", "NVFP4".
std::string_view tensor_dtype_name(TensorDtype d);
// Elements are stored in blocks of tensor_dtype_block_elements(d) (1 but for the GGUF block types: 32, the
// K-quants: 256), each tensor_dtype_bytes(d) bytes long.
std::size_t tensor_dtype_bytes(TensorDtype d);
std::size_t tensor_dtype_block_elements(TensorDtype d);

struct TensorEntry {
  std::string name;                  // safetensors key or GGUF tensor name; for .npy the empty string
  TensorDtype dtype;
  // As the file states it (a Fortran-order .npy stores the first axis fastest); GGUF's ne[] reversed, outermost
  // first, so that the last axis is the contiguous one as in the other formats.
  std::vector<std::uint64_t> shape;
  std::uint64_t begin = 0, end = 0;  // absolute byte offsets in the file: [begin, end)
  bool fortran_order = false;        // .npy only
  // A deflated .npz member: begin and end count in the inflated member, whose deflate stream is the file's bytes
  // [stream_begin, stream_end) and inflates to inflated_size bytes with CRC-32 crc32 (tensor_npz.h).
  struct Deflated {
    std::uint64_t stream_begin = 0, stream_end = 0, inflated_size = 0;
    std::uint32_t crc32 = 0;
  };
  std::optional<Deflated> deflated;
};
enum class TensorFileKind : std::uint8_t { safetensors, npy, gguf, npz, raw };
// "safetensors", "npy", "gguf", "npz", "raw"
std::string_view tensor_file_kind_name(TensorFileKind k);
struct TensorFileIndex {
  TensorFileKind kind;
  std::vector<TensorEntry> tensors;  // safetensors, GGUF: sorted by begin
  // Tensors the file holds in an element type the core does not convert (GGUF's quantized and integer types),
  // one "name: ggml type Q4_K (12)" text each, in the file's order. Their bytes were checked like the others'.
  std::vector<std::string> unsupported;
};

// The safetensors specification's own limit on the JSON header's length.
inline constexpr std::uint64_t kSafetensorsMaxHeaderBytes = 100'000'000;

// The longest header a reader reads into memory (a GGUF vocabulary of a few hundred thousand tokens takes a few
// MiB): tensor_file_header_bytes and tensor_file_header_need refuse a header that needs more.
inline constexpr std::uint64_t kTensorFileMaxHeaderBytes = std::uint64_t{256} << 20;

inline constexpr std::size_t kTensorFilePrefixBytes = 16;
// From the file's first min(16, file_size) bytes and its size: how many bytes from the start hold the whole
// header (the caller then reads exactly that many and calls read_tensor_file_index). Recognises .npy by its
// magic "\x93NUMPY" (versions 1.0, 2.0, 3.0), GGUF by "GGUF" (version 3 only), otherwise safetensors (u64
// little-endian header length N, header = 8 + N bytes). Errors when the file is too short to hold what the
// prefix announces. A GGUF header's length is known only by parsing it: for GGUF this is a first guess,
// min(file_size, kGgufFirstHeaderGuess); see tensor_file_header_need.
Result<std::uint64_t> tensor_file_header_bytes(std::span<const std::uint8_t> prefix, std::uint64_t file_size);

inline constexpr std::uint64_t kGgufFirstHeaderGuess = std::uint64_t{1} << 20;
struct TensorFileHeaderNeed {
  bool complete = false;   // `header` holds the whole header: call read_tensor_file_index with it
  std::uint64_t bytes = 0; // when not complete: read this many bytes from the start (more than given) and ask again
};
// Whether the file's first header.size() bytes hold its whole header. A caller that reads GGUF loops: read
// tensor_file_header_bytes(...) bytes, then while !complete read `bytes` (at least twice as many as before, at
// most the file) and ask again; past kTensorFileMaxHeaderBytes both refuse, so the loop ends. For safetensors and
// .npy the answer follows from tensor_file_header_bytes, so their one-step read stays as it is. Errors are the header's errors
// that the given bytes already show (a bad magic, a count the file cannot hold, a key twice, ...).
Result<TensorFileHeaderNeed> tensor_file_header_need(std::span<const std::uint8_t> header, std::uint64_t file_size);

// The index from the header bytes (the file's first tensor_file_header_bytes(...) bytes) and the file's size.
// Every entry lies inside the file; safetensors and GGUF entries do not overlap. Errors name the tensor (when there is
// one) and the byte offset of the problem, never the file (the caller knows it).
Result<TensorFileIndex> read_tensor_file_index(std::span<const std::uint8_t> header, std::uint64_t file_size);

// A file of raw little-endian elements, laid out as `layout` says: "DTYPE:SHAPE", the dtype in NumPy's spelling
// (float64, float32, float16, bfloat16, float8_e4m3fn, float8_e5m2, float8_e8m0fnu, int8, uint8, int16, int32) or
// the safetensors one (F32, BF16, ...), the shape as dimensions joined by 'x' ("4096x4096"; "" for a scalar).
// The index holds one tensor with an empty name spanning the whole file; errors when the layout is not one, or
// when its size (both numbers given) is not the file's.
Result<TensorFileIndex> raw_tensor_file_index(std::string_view layout, std::uint64_t file_size);

// Little-endian elements of `d` to float32: in.size() must be a whole number of blocks and out must hold
// in.size() / tensor_dtype_bytes(d) × tensor_dtype_block_elements(d) values (that many are written). GGUF's block
// types give ggml's float32 values (dequantize_gguf_blocks, dequantize_gguf_kquant_blocks). f64 rounds to nearest,
// ties to even (as a C++ double-to-float conversion does); f16, bf16 and the float8s decode exactly through the
// core's codecs; integers convert exactly where float32 holds them (every i8, u8, i16; i32 beyond 2^24 rounds
// to nearest even).
void tensor_elements_to_float32(TensorDtype d, std::span<const std::uint8_t> in, std::span<float> out);

}  // namespace typelattice
