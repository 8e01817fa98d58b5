// ggml's quantized block types, as stored in GGUF files: Q4_0, Q4_1, Q5_0, Q5_1, Q8_0, IQ4_NL and MXFP4. Each block
// holds 32 values as one scale d (float16; MXFP4: an E8M0 byte e; Q4_1, Q5_1: and a float16 minimum m) and one small
// integer per value. Quantizing and
// dequantizing give ggml's reference functions' bytes and float32 values bit for bit (ggml-quants.c,
// quantize_row_*_ref and dequantize_row_*); docs/formats.md, "GGUF quantized blocks", has the rules and the commit.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "typelattice/cast_kernels.h"
#include "typelattice/result.h"

namespace typelattice {

enum class GgufBlockType : std::uint8_t { q4_0, q4_1, q5_0, q5_1, q8_0, iq4_nl, mxfp4 };
inline constexpr int kGgufBlockTypeCount = static_cast<int>(GgufBlockType::mxfp4) + 1;
// Every type here: QK4_0 = QK4_1 = QK5_0 = QK5_1 = QK8_0 = QK4_NL = QK_MXFP4 = 32.
inline constexpr int kGgufBlockSize = 32;

// How a block stores d: a float16, or (MXFP4) one E8M0 byte e read as ggml's GGML_E8M0_TO_FP32_HALF, d = 2^(e - 128).
enum class GgufScale : std::uint8_t { float16, e8m0 };

// One field of a block's bytes (ggml-common.h's structs, little-endian, no padding).
struct GgufBlockField {
  std::string_view name;  // "d", "m", "e", "qh", "qs"
  int offset, bytes;
  std::string_view meaning;
};

struct GgufBlockSpec {
  GgufBlockType id;
  std::string_view name;       // the CLI's name: "gguf_q8_0", …, "iq4_nl", "gguf_mxfp4"
  std::string_view ggml_name;  // ggml's: "q8_0", …, "iq4_nl", "mxfp4"
  std::uint32_t ggml_type;     // enum ggml_type: 2, 3, 6, 7, 8, 20, 39
  int block_bytes;             // 18, 20, 22, 24, 34, 18, 17
  int element_bits;            // 4, 5 or 8
  bool has_min;                // Q4_1, Q5_1: value = q × d + m
  std::span<const GgufBlockField> fields;
  GgufScale scale = GgufScale::float16;
  std::string_view note = {};  // how ggml's layout differs from the same name elsewhere (MXFP4: from OCP's)
  double bits_per_element() const { return block_bytes * 8.0 / kGgufBlockSize; }
};

std::span<const GgufBlockSpec> gguf_block_types();  // indexed by GgufBlockType
const GgufBlockSpec& gguf_block_spec(GgufBlockType t);
// Case-insensitive; the names of gguf_block_types(). An unknown name suggests the closest.
Result<GgufBlockType> parse_gguf_block_type(std::string_view name);
std::optional<GgufBlockType> gguf_block_type_of_ggml(std::uint32_t ggml_type);

// IQ4_NL's 16 non-linear levels (ggml-common.h, kvalues_iq4nl).
inline constexpr std::array<std::int8_t, 16> kIq4nlValues{-127, -104, -83, -65, -49, -35, -22, -10,
                                                          1,    13,   25,  38,  53,  69,  89,  113};

// MXFP4's 16 levels: E2M1's values doubled, codes 8..15 the negatives of 0..7 (ggml-common.h, kvalues_mxfp4); ggml
// halves the E8M0 scale to match, so that a level times d is E2M1's value times OCP's scale 2^(e - 127).
inline constexpr std::array<std::int8_t, 16> kMxfp4Values{0, 1, 2, 3, 4, 6, 8, 12, 0, -1, -2, -3, -4, -6, -8, -12};

// A block unpacked: the codes of d and m (0 where the type has no m) and each value's code q, as stored:
// Q4_0 0..15 meaning q - 8; Q5_0 0..31 meaning q - 16; Q4_1 0..15 and Q5_1 0..31 meaning q × d + m; Q8_0 the
// int8's byte (two's complement); IQ4_NL an index into kIq4nlValues; MXFP4 an index into kMxfp4Values (d: the E8M0
// byte e, 0..255).
struct GgufBlock {
  std::uint16_t d = 0, m = 0;
  std::array<std::uint8_t, kGgufBlockSize> q{};
};

// The integer a code stands for before × d: q - 8, q - 16, q, the int8, kIq4nlValues[q], kMxfp4Values[q].
int gguf_code_integer(GgufBlockType t, std::uint8_t code);
// ggml's float32 value of element j: integer × d, or q × d + m, each operation rounded to float32 (as
// dequantize_row_*). d and m are the float16 codes read as float32, exactly.
float gguf_element_value(GgufBlockType t, const GgufBlock& block, int j);
float gguf_float16_value(std::uint16_t code);
// d as the type's dequantization reads it: the float16, or MXFP4's 2^(e - 128) (e = 0 and 1: the float32
// subnormals 2^-128 and 2^-127; e = 255 is 2^127, not NaN as in OCP's E8M0).
float gguf_scale_value(GgufBlockType t, std::uint16_t code);

// Quantizes one block of 32 float32 values as ggml's quantize_row_*_ref does. Where ggml's C converts a float that
// is NaN or outside the integer's range (a block whose 1/d overflows float32, or holding ±Inf), which C leaves
// undefined, the result is x86-64's (the conversion gives INT32_MIN, whose low byte is 0); an IQ4_NL block whose
// largest |value| is below 1e-15 gets d = 0 and codes 0 (ggml leaves its codes as its buffer held them).
// MXFP4: e = floor(log2f(amax)) - 2 + 127 (0 for a block of zeros), each value to the nearest kMxfp4Values × d by
// float32 |level × d - x|, the earlier level on a tie (the smaller magnitude; -0 and -d/2 give code 0).
GgufBlock quantize_gguf_block(GgufBlockType t, std::span<const float, kGgufBlockSize> values);

// A block to and from its bytes (ggml's layout: element j's code in the low nibble of qs[j], element j + 16's in
// the high nibble; Q5's fifth bits in qh, bit j for element j, little-endian). Errors: `bytes` not block_bytes long,
// or a code wider than the type's bits (MXFP4's d: 8 bits).
Result<bool> write_gguf_block(GgufBlockType t, const GgufBlock& block, std::span<std::uint8_t> bytes);
Result<GgufBlock> read_gguf_block(GgufBlockType t, std::span<const std::uint8_t> bytes);

// The bulk path: whole blocks of values to their bytes, and bytes to ggml's float32 values. Errors: a count of values
// that is not a multiple of 32, spans of the wrong lengths. Each returns the number of blocks. Dequantizing Q8_0 and
// Q4_0 runs the SIMD kernels of instruction set `isa` natively (bit-identical to gguf_element_value; an ISA this
// build or CPU lacks falls back to the best one that runs); the other types, and wasm builds, run one loop.
std::size_t gguf_bytes_size(GgufBlockType t, std::size_t count);  // bytes for `count` values (whole blocks)
Result<std::size_t> quantize_gguf_blocks(GgufBlockType t, std::span<const float> values,
                                         std::span<std::uint8_t> bytes);
Result<std::size_t> dequantize_gguf_blocks(GgufBlockType t, std::span<const std::uint8_t> bytes,
                                           std::span<float> values, Isa isa = best_isa());

}  // namespace typelattice
