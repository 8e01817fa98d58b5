// Integer group codes packed into uint32 words (typelattice/int_group_packing.h): one little-end-first bit stream.
#include "typelattice/int_group_packing.h"

#include <algorithm>

namespace typelattice {

std::size_t int_code_words(int bits, std::size_t count) {
  return (count * static_cast<std::size_t>(bits) + 31) / 32;
}

void pack_int_codes(int bits, std::span<const std::uint8_t> codes, std::span<std::uint32_t> words) {
  std::fill(words.begin(), words.end(), 0u);
  const std::uint32_t mask = (1u << bits) - 1;
  for (std::size_t i = 0; i < codes.size(); ++i) {
    const std::size_t bit = i * static_cast<std::size_t>(bits), word = bit / 32, shift = bit % 32;
    const std::uint32_t code = codes[i] & mask;
    words[word] |= code << shift;
    if (shift + static_cast<std::size_t>(bits) > 32) words[word + 1] |= code >> (32 - shift);
  }
}

void unpack_int_codes(int bits, std::span<const std::uint32_t> words, std::span<std::uint8_t> codes) {
  const std::uint32_t mask = (1u << bits) - 1;
  for (std::size_t i = 0; i < codes.size(); ++i) {
    const std::size_t bit = i * static_cast<std::size_t>(bits), word = bit / 32, shift = bit % 32;
    std::uint32_t code = words[word] >> shift;
    if (shift + static_cast<std::size_t>(bits) > 32) code |= words[word + 1] << (32 - shift);
    codes[i] = static_cast<std::uint8_t>(code & mask);
  }
}

}  // namespace typelattice
