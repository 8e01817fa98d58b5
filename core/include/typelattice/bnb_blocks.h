// bitsandbytes' 4-bit lookup-table blocks (QLoRA's NF4 and bitsandbytes' "fp4", which is not OCP's E2M1): 64 values
// per block, one float32 absmax, one 4-bit index into a 16-value table per value, two per byte with element 2i in
// the high nibble. Quantizing follows bitsandbytes' default (CPU) backend, float32 operation by operation;
// docs/formats.md, "bitsandbytes 4-bit blocks (NF4, FP4)", has the rules, where CUDA differs, and the commit.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "typelattice/cast_kernels.h"
#include "typelattice/result.h"

namespace typelattice {

enum class BnbBlockType : std::uint8_t { nf4, fp4 };
inline constexpr int kBnbBlockTypeCount = 2;
inline constexpr int kBnbBlockSize = 64;  // bitsandbytes' default blocksize for quantize_4bit

// NF4's 16 values (bitsandbytes/functional.py, get_4bit_type("nf4"): create_normal_map(0.9677083) as float32).
inline constexpr std::array<float, 16> kNf4Values{
    -1.0f,          -0.6961928009986877f, -0.5250730514526367f, -0.39491748809814453f,
    -0.28444138169288635f, -0.18477343022823334f, -0.09105003625154495f, 0.0f,
    0.07958029955625534f,  0.16093020141124725f,  0.24611230194568634f,  0.33791524171829224f,
    0.44070982933044434f,  0.5626170039176941f,   0.7229568362236023f,   1.0f};

// bitsandbytes' "fp4" in code order (get_4bit_type("fp4")): sign bit 3, then 0, 0.0625, 8, 12, 4, 6, 2, 3 divided
// by 12 in float32, so its largest value is 1 like NF4's. Code 8 is -0.
inline constexpr std::array<float, 16> kBnbFp4Values{
    0.0f,          0.0625f / 12.0f,  8.0f / 12.0f,  12.0f / 12.0f, 4.0f / 12.0f,  6.0f / 12.0f,
    2.0f / 12.0f,  3.0f / 12.0f,     -0.0f,         -0.0625f / 12.0f, -8.0f / 12.0f, -12.0f / 12.0f,
    -4.0f / 12.0f, -6.0f / 12.0f,    -2.0f / 12.0f, -3.0f / 12.0f};

struct BnbBlockSpec {
  BnbBlockType id;
  std::string_view name;      // the CLI's name: "nf4", "bnb_fp4"
  std::string_view bnb_name;  // bitsandbytes' quant_type: "nf4", "fp4"
  const std::array<float, 16>& values;
};

std::span<const BnbBlockSpec> bnb_block_types();  // indexed by BnbBlockType
const BnbBlockSpec& bnb_block_spec(BnbBlockType t);
// Case-insensitive; the names of bnb_block_types(). An unknown name suggests the closest.
Result<BnbBlockType> parse_bnb_block_type(std::string_view name);

// One block: its absmax as bitsandbytes stores it and each value's code (an index into the table).
struct BnbBlock {
  float absmax = 0.0f;
  std::array<std::uint8_t, kBnbBlockSize> q{};
  int count = kBnbBlockSize;  // 1..64; fewer only for a tensor's last block
};

// The code of one scaled value (value × 1/absmax clamped to [-1, 1]): the nearest table value, the smaller on an
// exact tie at a float32 midpoint; NaN gives the largest (NF4 15, FP4 3, both 1.0). FP4's +0 and -0: values in
// (-0.0026, 0] give code 0 (+0), values in (0, 0.0026] code 8 (-0), as bitsandbytes' argsort orders them.
std::uint8_t bnb_code_of_scaled(BnbBlockType t, float scaled);

// Quantizes one block as bitsandbytes' quantize_4bit: the first 64 of `values`, or all of them if fewer. 64 values:
// absmax = max |x|, stored unclamped, scaled = x × (1 / max(absmax, 1e-38)); fewer (a tensor's last block): absmax =
// max(max |x|, 1e-38), stored clamped, scaled = x / absmax. A NaN makes absmax NaN and every code 1.0's; ±Inf makes
// absmax Inf, finite values 0.0's code and the infinities 1.0's.
// A whole block goes through the bulk kernel of `isa` (or of the best that runs; the scalar loop in wasm builds),
// which gives the same bytes.
BnbBlock quantize_bnb_block(BnbBlockType t, std::span<const float> values, Isa isa = best_isa());
// One block's codes as bitsandbytes packs them into `packed` (bnb_packed_size(block.count) bytes): element 2i in the
// high nibble, an odd count's last low nibble the code of 0.0.
void pack_bnb_block(BnbBlockType t, const BnbBlock& block, std::span<std::uint8_t> packed);
// table[code] × absmax, rounded to float32 (dequantize_4bit's float32 path).
float bnb_element_value(BnbBlockType t, float absmax, std::uint8_t code);

// The bulk path, bitsandbytes' tensors: `count` values to ceil(count/64) absmax floats and ceil(count/2) packed
// bytes (element 2i in the high nibble; an odd count's last low nibble is the code of 0.0, as bitsandbytes pads),
// and back. Errors: spans of the wrong lengths, or no values.
std::size_t bnb_absmax_count(std::size_t count);
std::size_t bnb_packed_size(std::size_t count);
Result<std::size_t> quantize_bnb_blocks(BnbBlockType t, std::span<const float> values, std::span<float> absmax,
                                        std::span<std::uint8_t> packed, Isa isa = best_isa());
Result<std::size_t> dequantize_bnb_blocks(BnbBlockType t, std::span<const std::uint8_t> packed,
                                          std::span<const float> absmax, std::span<float> values);

}  // namespace typelattice
