// How checkpoints pack the N-bit codes and zero points of integer groups (int_groups.h) into uint32 words, as rows
// of data. GPTQ's order: code i takes bits N·i … N·i + N − 1 of one little-end-first bit stream over the words, so
// a code may straddle two words (IST-DASLab/gptq, quant.py, Quant3Linear.pack: 3-bit codes, 32 in three words;
// GPTQ-for-LLaMa, quant/quant_linear.py, QuantLinear.pack: 2, 4 and 8 bits, 32 / N whole codes per word, zero
// points stored as z − 1, the "v1" format). AWQ's order (AutoAWQ, awq/modules/linear/gemm.py,
// WQLinear_GEMM.from_linear; awq/utils/packing_utils.py, AWQ_ORDER): 4-bit codes only, nibble i of a word holding
// code kAwqOrder[i] of its eight. docs/formats.md, "Integer groups (GPTQ)", has the commits.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "typelattice/result.h"

namespace typelattice {

enum class IntPacking { gptq, gptq_v1, awq };

inline constexpr std::array<int, 8> kAwqOrder = {0, 2, 4, 6, 1, 3, 5, 7};

struct IntPackingSpec {
  IntPacking id;
  std::string_view name;   // "gptq", "gptq_v1", "awq"
  int zero_offset;         // a zero point z is stored as z + zero_offset, in N bits (v1: −1)
  bool awq_order;          // 8 codes per word in kAwqOrder, else the bit stream
  int only_bits;           // the one code width it packs (AWQ: 4), or 0 for any
};

std::span<const IntPackingSpec> int_packings();  // indexed by IntPacking
const IntPackingSpec& int_packing_spec(IntPacking p);
// Case-insensitive; an unknown name suggests the closest.
Result<IntPacking> parse_int_packing(std::string_view name);

// Why `p` cannot pack the `bits`-bit codes of the group format `format` ("the awq packing holds 4-bit codes only,
// not int3_g32's 3"); none when it can.
std::optional<std::string> int_packing_refusal(IntPacking p, int bits, std::string_view format);

// Words holding `count` codes of `bits` bits; the last word's unused bits are 0.
std::size_t int_code_words(int bits, std::size_t count);
// The stream bit where code `index` starts (its low bit): word first_bit / 32, bit first_bit % 32.
std::size_t int_code_first_bit(IntPacking p, int bits, std::size_t index);
// Packs codes[i] (its low `bits` bits) into `words` (int_code_words(bits, codes.size()) of them, overwritten).
// `bits` must be one the packing takes.
void pack_int_codes(IntPacking p, int bits, std::span<const std::uint8_t> codes, std::span<std::uint32_t> words);
// The inverse: codes.size() codes read from `words`.
void unpack_int_codes(IntPacking p, int bits, std::span<const std::uint32_t> words, std::span<std::uint8_t> codes);

// A zero point as the packing stores it, (z + zero_offset) mod 2^N, and as its readers take it back: stored −
// zero_offset, unmasked (GPTQ v1's kernels add 1 to the N-bit field, so z = 0, stored as 2^N − 1, reads as 2^N).
std::uint8_t stored_zero(IntPacking p, int bits, int zero);
int zero_of_stored(IntPacking p, std::uint8_t stored);

}  // namespace typelattice
