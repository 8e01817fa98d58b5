// ggml's NVFP4 block as GGUF files store it (gguf_nvfp4): 64 values in four sub-blocks of 16, each with a UE4M3
// scale byte, and 4-bit E2M1 codes. Quantizing and dequantizing give ggml's quantize_row_nvfp4_ref and
// dequantize_row_nvfp4 bytes and float32 values bit for bit (ggml-quants.c, ggml-impl.h's ggml_fp32_to_ue4m3 and
// ggml_ue4m3_to_fp32); docs/formats.md, "GGUF quantized blocks", has the rules and the commit. It is not NVIDIA's
// NVFP4 (nvfp4 here): no per-tensor float32 scale, its own UE4M3 rounding, ggml's nibble order.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "typelattice/gguf_blocks.h"
#include "typelattice/result.h"

namespace typelattice {

inline constexpr int kGgufNvfp4BlockSize = 64;     // QK_NVFP4
inline constexpr int kGgufNvfp4SubBlockSize = 16;  // QK_NVFP4_SUB
inline constexpr int kGgufNvfp4BlockBytes = 36;    // uint8 d[4], uint8 qs[32]
inline constexpr std::uint32_t kGgufNvfp4GgmlType = 40;  // GGML_TYPE_NVFP4
inline constexpr std::string_view kGgufNvfp4Name = "gguf_nvfp4";
// Whether `name` is kGgufNvfp4Name (ASCII case-insensitive, surrounding blanks ignored).
bool names_gguf_nvfp4(std::string_view name);

// The block's fields (ggml-common.h, block_nvfp4), for --layout.
std::span<const GgufBlockField> gguf_nvfp4_fields();
// How ggml's NVFP4 differs from NVIDIA's (nvfp4 here), for --layout.
std::string_view gguf_nvfp4_note();

// A block unpacked: each sub-block's UE4M3 scale byte and each value's index into kMxfp4Values (0..15).
struct GgufNvfp4Block {
  std::array<std::uint8_t, 4> d{};
  std::array<std::uint8_t, kGgufNvfp4BlockSize> q{};
};

// ggml_ue4m3_to_fp32: the UE4M3 byte's value halved (the levels are E2M1 doubled); 0x00 and 0x7f give 0, bit 7 is
// ignored except that 0xff gives 240. ggml_fp32_to_ue4m3: x ≤ 0 or NaN → 0, above 448 → 448; x ≥ 256 → 0x7e (448);
// the mantissa rounded half up on its fourth bit; below 2^-6 the subnormal (int)(x × 512 + 0.5), at most 7.
float gguf_ue4m3_value(std::uint8_t code);
std::uint8_t gguf_ue4m3_code(float x);

// Quantizes 64 float32 values as quantize_row_nvfp4_ref: per sub-block, d = gguf_ue4m3_code(amax / 6) and each
// value to the nearest level × gguf_ue4m3_value(d), the earlier (smaller) level on a tie.
GgufNvfp4Block quantize_gguf_nvfp4_block(std::span<const float, kGgufNvfp4BlockSize> values);
// ggml's float32 value of element j: kMxfp4Values[q] × gguf_ue4m3_value(d of j's sub-block).
float gguf_nvfp4_element_value(const GgufNvfp4Block& block, int j);

// To and from the bytes: d[4], then qs[32], byte 8s + j holding element 16s + j in its low nibble and 16s + j + 8 in
// its high nibble. Errors: `bytes` not 36 long, a code above 15.
Result<bool> write_gguf_nvfp4_block(const GgufNvfp4Block& block, std::span<std::uint8_t> bytes);
Result<GgufNvfp4Block> read_gguf_nvfp4_block(std::span<const std::uint8_t> bytes);

// Whole blocks: a count of values that is not a multiple of 64, or spans of the wrong lengths, are errors. Each
// returns the number of blocks.
Result<std::size_t> quantize_gguf_nvfp4_blocks(std::span<const float> values, std::span<std::uint8_t> bytes);
Result<std::size_t> dequantize_gguf_nvfp4_blocks(std::span<const std::uint8_t> bytes, std::span<float> values);

}  // namespace typelattice
