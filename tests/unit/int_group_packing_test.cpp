// Integer group codes packed into uint32 words (typelattice/int_group_packing.h) against GPTQ's packing loops,
// written again here from IST-DASLab/gptq, quant.py (Quant3Linear.pack) and GPTQ-for-LLaMa, quant/quant_linear.py
// (QuantLinear.pack: 32 / N codes per word for 2, 4, 8 bits).
#include <gtest/gtest.h>

#include <bit>
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
    pack_int_codes(IntPacking::gptq, 3, codes, words);
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
    pack_int_codes(IntPacking::gptq, bits, codes, words);
    EXPECT_EQ(words, expected) << bits;
  }
  const std::vector<std::uint8_t> nibbles = {1, 2, 3, 4, 5, 6, 7, 8};
  std::vector<std::uint32_t> word(1);
  pack_int_codes(IntPacking::gptq, 4, nibbles, word);
  EXPECT_EQ(word[0], 0x87654321u);
}

TEST(IntGroupPacking, EveryPackingAndWidthRoundTripsAtEveryLength) {
  std::mt19937 random(5);
  for (const IntPackingSpec& p : int_packings()) {
    for (int bits = 2; bits <= 8; ++bits) {
      if (p.only_bits != 0 && bits != p.only_bits) continue;
      for (std::size_t count = 1; count <= 130; ++count) {
        const std::vector<std::uint8_t> codes = random_codes(bits, count, random);
        std::vector<std::uint32_t> words(int_code_words(bits, count), 0xffffffffu);
        ASSERT_EQ(words.size(), (count * static_cast<std::size_t>(bits) + 31) / 32);
        pack_int_codes(p.id, bits, codes, words);
        // Every code bit lands once and nothing else is set: the words hold as many one bits as the codes.
        std::size_t ones = 0, code_ones = 0;
        for (const std::uint32_t w : words) ones += static_cast<std::size_t>(std::popcount(w));
        for (const std::uint8_t c : codes) code_ones += static_cast<std::size_t>(std::popcount(c));
        EXPECT_EQ(ones, code_ones) << p.name << " " << bits << " " << count;
        std::vector<std::uint8_t> back(count);
        unpack_int_codes(p.id, bits, words, back);
        ASSERT_EQ(back, codes) << p.name << " " << bits << " " << count;
      }
    }
  }
}

// AWQ: nibble i holds code AWQ_ORDER[i] = 0 2 4 6 1 3 5 7 of its eight, so codes 0..7 read 0x75316420.
TEST(IntGroupPacking, AwqInterleavesEightNibbles) {
  const std::vector<std::uint8_t> codes = {0, 1, 2, 3, 4, 5, 6, 7};
  std::vector<std::uint32_t> word(1);
  pack_int_codes(IntPacking::awq, 4, codes, word);
  EXPECT_EQ(word[0], 0x75316420u);
  EXPECT_FALSE(parse_int_packing("awk"));
  EXPECT_NE(parse_int_packing("awk").error().message.find("did you mean awq"), std::string::npos);
  EXPECT_EQ(*parse_int_packing("GPTQ_V1"), IntPacking::gptq_v1);
}

// GPTQ v1 stores z - 1 in N bits and its kernels add 1 back to the field: z = 0 becomes 2^N - 1, read as 2^N.
TEST(IntGroupPacking, GptqV1StoresZeroMinusOne) {
  for (int bits = 2; bits <= 8; ++bits) {
    for (int z = 1; z < (1 << bits); ++z) {
      EXPECT_EQ(stored_zero(IntPacking::gptq_v1, bits, z), z - 1);
      EXPECT_EQ(zero_of_stored(IntPacking::gptq_v1, stored_zero(IntPacking::gptq_v1, bits, z)), z);
      EXPECT_EQ(zero_of_stored(IntPacking::gptq, stored_zero(IntPacking::gptq, bits, z)), z);
    }
    EXPECT_EQ(stored_zero(IntPacking::gptq_v1, bits, 0), (1 << bits) - 1);
    EXPECT_EQ(zero_of_stored(IntPacking::gptq_v1, stored_zero(IntPacking::gptq_v1, bits, 0)), 1 << bits);
  }
}

}  // namespace
}  // namespace typelattice
