// Packing element codes: FP4 two per byte (low nibble first), FP6 four per three bytes, 8-bit codes as they are.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "typelattice/block_packing.h"

namespace typelattice {
namespace {

std::vector<std::uint8_t> packed(BlockFormat f, const std::vector<std::uint8_t>& codes) {
  std::vector<std::uint8_t> out(packed_size(f, codes.size()));
  EXPECT_TRUE(pack_codes(f, codes, out).ok());
  return out;
}

TEST(BlockPacking, Fp4PutsTheFirstCodeInTheLowNibble) {
  EXPECT_EQ(packed(BlockFormat::mxfp4_e2m1, {0x1, 0x2, 0xf}), (std::vector<std::uint8_t>{0x21, 0x0f}));
  EXPECT_EQ(packed(BlockFormat::nvfp4, {0xa}), std::vector<std::uint8_t>{0x0a});
  EXPECT_EQ(packed_size(BlockFormat::nvfp4, 33), 17u);
}

// Code i in bits 6i .. 6i + 5 of the little-endian 24-bit group: a = 0b000001, b = 0b000010, c = 0b000011,
// d = 0b111111 give the bits 111111 000011 000010 000001 = 0xfc3081, stored as 0x81 0x30 0xfc.
TEST(BlockPacking, Fp6PacksFourCodesInThreeBytes) {
  EXPECT_EQ(packed(BlockFormat::mxfp6_e3m2, {0x01, 0x02, 0x03, 0x3f}), (std::vector<std::uint8_t>{0x81, 0x30, 0xfc}));
  EXPECT_EQ(packed(BlockFormat::mxfp6_e2m3, {0x3f}), std::vector<std::uint8_t>{0x3f});
  EXPECT_EQ(packed(BlockFormat::mxfp6_e2m3, {0x3f, 0x3f}), (std::vector<std::uint8_t>{0xff, 0x0f}));
  EXPECT_EQ(packed_size(BlockFormat::mxfp6_e3m2, 32), 24u);
  EXPECT_EQ(packed_size(BlockFormat::mxfp6_e3m2, 5), 4u);
  EXPECT_EQ(packed(BlockFormat::mxint8, {0x81, 0x7f}), (std::vector<std::uint8_t>{0x81, 0x7f}));
}

// ONNX's definition of packed FP6 (and the same one read for FP4 and 8-bit codes): element i's bit b is bit
// 6i + b of the stream, counted from the low bit of byte 0 (docs/formats.md, "Packing"). Written bit by bit.
TEST(BlockPacking, EveryFormatIsAnLsbFirstBitStream) {
  std::mt19937 rng(29);
  for (const BlockFormatSpec& spec : block_formats()) {
    const std::size_t width = static_cast<std::size_t>(spec.element_bits);
    std::uniform_int_distribution<int> code(0, (1 << width) - 1);
    for (std::size_t n = 0; n <= 67; ++n) {
      std::vector<std::uint8_t> codes(n), stream((n * width + 7) / 8, 0);
      for (std::size_t i = 0; i < n; ++i) {
        codes[i] = static_cast<std::uint8_t>(code(rng));
        for (std::size_t b = 0; b < width; ++b) {
          const std::size_t bit = i * width + b;
          if ((codes[i] >> b) & 1u) stream[bit / 8] = static_cast<std::uint8_t>(stream[bit / 8] | (1u << (bit % 8)));
        }
      }
      EXPECT_EQ(packed(spec.id, codes), stream) << spec.name << " " << n;
    }
  }
}

TEST(BlockPacking, UnpackReversesPackAtEveryLength) {
  std::mt19937 rng(11);
  for (const BlockFormatSpec& spec : block_formats()) {
    std::uniform_int_distribution<int> code(0, (1 << spec.element_bits) - 1);
    for (std::size_t n = 0; n <= 70; ++n) {
      std::vector<std::uint8_t> codes(n);
      for (auto& c : codes) c = static_cast<std::uint8_t>(code(rng));
      const std::vector<std::uint8_t> bytes = packed(spec.id, codes);
      ASSERT_EQ(bytes.size(), (n * static_cast<std::size_t>(spec.element_bits) + 7) / 8);
      const Result<std::vector<std::uint8_t>> back = unpack_codes(spec.id, bytes, n);
      ASSERT_TRUE(back.ok()) << spec.name << " " << n;
      EXPECT_EQ(*back, codes) << spec.name << " " << n;
    }
  }
}

TEST(BlockPacking, MalformedInputIsRefused) {
  std::vector<std::uint8_t> out(2);
  const Result<std::size_t> wide = pack_codes(BlockFormat::mxfp4_e2m1, std::vector<std::uint8_t>{0x10}, out);
  ASSERT_FALSE(wide.ok());
  EXPECT_NE(wide.error().message.find("does not fit 4 bits"), std::string::npos);
  EXPECT_FALSE(pack_codes(BlockFormat::mxint8, std::vector<std::uint8_t>{1, 2, 3}, out).ok());  // output too short
  const auto odd = unpack_codes(BlockFormat::mxfp4_e2m1, std::vector<std::uint8_t>{0x21, 0x43}, 3);
  ASSERT_FALSE(odd.ok());
  // 3 codes take 2 bytes, but the high nibble of the last one must be zero.
  EXPECT_NE(odd.error().message.find("unused high bits"), std::string::npos) << odd.error().message;
  EXPECT_FALSE(unpack_codes(BlockFormat::mxfp4_e2m1, std::vector<std::uint8_t>{0x21}, 3).ok());
  EXPECT_FALSE(unpack_codes(BlockFormat::mxfp6_e3m2, std::vector<std::uint8_t>{0x81, 0x30, 0xfc}, 2).ok());
  EXPECT_FALSE(unpack_codes(BlockFormat::mxfp6_e3m2, std::vector<std::uint8_t>{0xc1}, 1).ok());  // unused bits set
}

}  // namespace
}  // namespace typelattice
