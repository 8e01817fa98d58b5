// Integer group codes packed into uint32 words (typelattice/int_group_packing.h) against GPTQ's packing loops,
// written again here from IST-DASLab/gptq, quant.py (Quant3Linear.pack) and GPTQ-for-LLaMa, quant/quant_linear.py
// (QuantLinear.pack: 32 / N codes per word for 2, 4, 8 bits).
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "typelattice/int_group_packing.h"

namespace typelattice {
namespace {

std::vector<std::uint8_t> random_codes(int bits, std::size_t count, std::mt19937& random) {
  std::uniform_int_distribution<int> code(0, (1 << bits) - 1);
  std::vector<std::uint8_t> out(count);
  for (std::uint8_t& c : out) c = static_cast<std::uint8_t>(code(random));
  return out;
}

// Quant3Linear.pack's loop for one column: 32 codes into three words, codes 10 and 21 split across words.
std::vector<std::uint32_t> quant3_pack(const std::vector<std::uint8_t>& w) {
  std::vector<std::uint32_t> q(w.size() / 32 * 3, 0);
  std::size_t i = 0, row = 0;
  while (row < q.size()) {
    for (std::size_t j = i; j < i + 10; ++j) q[row] |= static_cast<std::uint32_t>(w[j]) << (3 * (j - i));
    i += 10;
    q[row] |= static_cast<std::uint32_t>(w[i]) << 30;
    ++row;
    q[row] |= (static_cast<std::uint32_t>(w[i]) >> 2) & 1;
    ++i;
    for (std::size_t j = i; j < i + 10; ++j) q[row] |= static_cast<std::uint32_t>(w[j]) << (3 * (j - i) + 1);
    i += 10;
    q[row] |= static_cast<std::uint32_t>(w[i]) << 31;
    ++row;
    q[row] |= (static_cast<std::uint32_t>(w[i]) >> 1) & 3;
    ++i;
    for (std::size_t j = i; j < i + 10; ++j) q[row] |= static_cast<std::uint32_t>(w[j]) << (3 * (j - i) + 2);
    i += 10;
    ++row;
  }
  return q;
}

TEST(IntGroupPacking, ThreeBitsAreQuant3LinearsWords) {
  std::mt19937 random(3);
  for (int round = 0; round < 50; ++round) {
    const std::vector<std::uint8_t> codes = random_codes(3, 128, random);
    std::vector<std::uint32_t> words(int_code_words(3, codes.size()));
    pack_int_codes(3, codes, words);
    EXPECT_EQ(words, quant3_pack(codes));
  }
}

// 2, 4, 8 bits: word k holds codes 32k/N … with code j at bits N·(j mod 32/N): GPTQ's `intweight[j] << (bits * (j -
// i))` over each run of 32 / N codes.
TEST(IntGroupPacking, TwoFourEightBitsFillEachWordLowBitsFirst) {
  std::mt19937 random(4);
  for (const int bits : {2, 4, 8}) {
    const std::vector<std::uint8_t> codes = random_codes(bits, 256, random);
    const std::size_t per_word = 32 / static_cast<std::size_t>(bits);
    std::vector<std::uint32_t> expected(codes.size() / per_word, 0);
    for (std::size_t j = 0; j < codes.size(); ++j)
      expected[j / per_word] |= static_cast<std::uint32_t>(codes[j]) << (bits * static_cast<int>(j % per_word));
    std::vector<std::uint32_t> words(int_code_words(bits, codes.size()));
    pack_int_codes(bits, codes, words);
    EXPECT_EQ(words, expected) << bits;
  }
  const std::vector<std::uint8_t> nibbles = {1, 2, 3, 4, 5, 6, 7, 8};
  std::vector<std::uint32_t> word(1);
  pack_int_codes(4, nibbles, word);
  EXPECT_EQ(word[0], 0x87654321u);
}

TEST(IntGroupPacking, EveryWidthRoundTripsAtEveryLength) {
  std::mt19937 random(5);
  for (int bits = 1; bits <= 8; ++bits) {
    for (std::size_t count = 1; count <= 130; ++count) {
      const std::vector<std::uint8_t> codes = random_codes(bits, count, random);
      std::vector<std::uint32_t> words(int_code_words(bits, count), 0xffffffffu);
      ASSERT_EQ(words.size(), (count * static_cast<std::size_t>(bits) + 31) / 32);
      pack_int_codes(bits, codes, words);
      // The bits past the last code are 0.
      const std::size_t used = count * static_cast<std::size_t>(bits) % 32;
      if (used != 0) {
        EXPECT_EQ(words.back() >> used, 0u) << bits << " " << count;
      }
      std::vector<std::uint8_t> back(count);
      unpack_int_codes(bits, words, back);
      ASSERT_EQ(back, codes) << bits << " " << count;
    }
  }
}

}  // namespace
}  // namespace typelattice
