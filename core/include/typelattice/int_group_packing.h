// How checkpoints pack the N-bit codes and zero points of integer groups (int_groups.h) into uint32 words. GPTQ's
// order: code i takes bits N·i … N·i + N − 1 of one little-end-first bit stream over the words, so a code may
// straddle two words (IST-DASLab/gptq, quant.py, Quant3Linear.pack: 3-bit codes, 32 in three words; GPTQ-for-LLaMa,
// quant/quant_linear.py, QuantLinear.pack: 2, 4 and 8 bits, 32 / N whole codes per word). docs/formats.md,
// "Integer groups (GPTQ)", has the commits.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>

namespace typelattice {

// Words holding `count` codes of `bits` bits; the last word's unused high bits are 0.
std::size_t int_code_words(int bits, std::size_t count);
// Packs codes[i] (its low `bits` bits) into `words` (int_code_words(bits, codes.size()) of them, overwritten).
void pack_int_codes(int bits, std::span<const std::uint8_t> codes, std::span<std::uint32_t> words);
// The inverse: codes.size() codes read from `words`.
void unpack_int_codes(int bits, std::span<const std::uint32_t> words, std::span<std::uint8_t> codes);

}  // namespace typelattice
