// ggml's K-quants, as stored in GGUF files: Q2_K, Q3_K, Q4_K, Q5_K and Q6_K. A super-block holds 256 values as a
// float16 scale d (Q2_K, Q4_K, Q5_K: and a float16 dmin), one small integer scale (and min) per sub-block of 16 or
// 32 values, and one 2- to 6-bit code per value. Dequantizing gives ggml's dequantize_row_qN_K float32 values bit
// for bit (ggml-quants.c); docs/formats.md, "GGUF K-quants", has the rules and the commit. Only dequantization:
// ggml's K-quant quantizers search for their scales, they are no formula.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "typelattice/gguf_blocks.h"
#include "typelattice/result.h"

namespace typelattice {

enum class GgufKQuantType : std::uint8_t { q2_k, q3_k, q4_k, q5_k, q6_k };
inline constexpr int kGgufKQuantTypeCount = static_cast<int>(GgufKQuantType::q6_k) + 1;
inline constexpr int kGgufSuperBlockSize = 256;  // ggml's QK_K
inline constexpr int kGgufMaxSubBlocks = 16;     // 256 / 16

struct GgufKQuantSpec {
  GgufKQuantType id;
  std::string_view name;       // the CLI's name: "gguf_q2_k", …, "gguf_q6_k"
  std::string_view ggml_name;  // ggml's: "q2_K", …, "q6_K"
  std::uint32_t ggml_type;     // enum ggml_type: 10, 11, 12, 13, 14
  int block_bytes;             // 84, 110, 144, 176, 210
  int element_bits;            // 2, 3, 4, 5, 6
  int sub_block_size;          // 16 (Q2_K, Q3_K, Q6_K) or 32 (Q4_K, Q5_K)
  bool has_min;                // Q2_K, Q4_K, Q5_K: value = d·scale·q - dmin·min
  std::span<const GgufBlockField> fields;  // ggml-common.h's block_qN_K, in memory order
  int sub_blocks() const { return kGgufSuperBlockSize / sub_block_size; }
  double bits_per_element() const { return block_bytes * 8.0 / kGgufSuperBlockSize; }
};

std::span<const GgufKQuantSpec> gguf_kquant_types();  // indexed by GgufKQuantType
const GgufKQuantSpec& gguf_kquant_spec(GgufKQuantType t);
// Case-insensitive; the names of gguf_kquant_types(). An unknown name suggests the closest.
Result<GgufKQuantType> parse_gguf_kquant_type(std::string_view name);
std::optional<GgufKQuantType> gguf_kquant_type_of_ggml(std::uint32_t ggml_type);

// A super-block unpacked: d and dmin as float16 codes (dmin 0 where the type has none), each sub-block's scale and
// min as the integers they stand for (Q2_K 0..15 each; Q3_K's scale -32..31; Q4_K, Q5_K 0..63 each; Q6_K's scale
// -128..127), and each element's integer q (Q2_K 0..3, Q3_K -4..3, Q4_K 0..15, Q5_K 0..31, Q6_K -32..31).
struct GgufKQuantBlock {
  std::uint16_t d = 0, dmin = 0;
  std::array<std::int16_t, kGgufMaxSubBlocks> scales{}, mins{};
  std::array<std::int8_t, kGgufSuperBlockSize> q{};
};

// Errors: `bytes` not block_bytes long.
Result<GgufKQuantBlock> read_gguf_kquant_block(GgufKQuantType t, std::span<const std::uint8_t> bytes);
// ggml's float32 value of element j: (d × scale) × q, minus dmin × min where the type has one; each operation
// rounded to float32 in that order (dequantize_row_qN_K), d and dmin read from float16 exactly.
float gguf_kquant_element_value(GgufKQuantType t, const GgufKQuantBlock& block, int j);

// The bulk path: bytes of whole super-blocks to ggml's float32 values. Errors: bytes that are not whole blocks,
// values of the wrong length. Returns the number of blocks. Q4_K runs the SIMD kernels of instruction set `isa`
// natively (bit-identical to gguf_kquant_element_value; an ISA this build or CPU lacks falls back to the best one
// that runs); the other types, and wasm builds, run one loop.
std::size_t gguf_kquant_bytes_size(GgufKQuantType t, std::size_t count);  // bytes for `count` values (whole blocks)
Result<std::size_t> dequantize_gguf_kquant_blocks(GgufKQuantType t, std::span<const std::uint8_t> bytes,
                                                  std::span<float> values, Isa isa = best_isa());

}  // namespace typelattice
