// ggml's NVFP4 block (gguf_nvfp4): bit for bit against ggml's own quantize_row_nvfp4_ref and dequantize_row_nvfp4
// (tests/data/gguf_blocks/ggml_fp4_reference.txt, made as its README.md says), its UE4M3 scale rule, and ggml's
// nibble order within each sub-block of 16.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "typelattice/gguf_nvfp4.h"

namespace typelattice {
namespace {

std::vector<std::uint8_t> hex_bytes(const std::string& hex) {
  std::vector<std::uint8_t> out;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2)
    out.push_back(static_cast<std::uint8_t>(std::stoul(hex.substr(i, 2), nullptr, 16)));
  return out;
}

std::vector<float> hex_floats(const std::string& hex) {
  std::vector<float> out;
  for (std::size_t j = 0; 8 * j + 8 <= hex.size(); ++j)
    out.push_back(std::bit_cast<float>(static_cast<std::uint32_t>(std::stoul(hex.substr(8 * j, 8), nullptr, 16))));
  return out;
}

std::string hex_text(std::span<const std::uint8_t> bytes) {
  std::string out;
  char digits[3];
  for (const std::uint8_t b : bytes) {
    std::snprintf(digits, sizeof digits, "%02x", b);
    out += digits;
  }
  return out;
}

void expect_same_floats(std::span<const float> got, std::span<const float> want, const std::string& where) {
  ASSERT_EQ(got.size(), want.size()) << where;
  for (std::size_t j = 0; j < want.size(); ++j) {
    EXPECT_EQ(std::bit_cast<std::uint32_t>(got[j]), std::bit_cast<std::uint32_t>(want[j]))
        << where << " element " << j << ": " << got[j] << " vs ggml's " << want[j];
  }
}

TEST(GgufNvfp4, MatchesGgmlsReferenceFunctionsBitForBit) {
  std::ifstream in(std::filesystem::path(TYPELATTICE_SOURCE_DIR) / "tests/data/gguf_blocks/ggml_fp4_reference.txt");
  ASSERT_TRUE(in);
  std::map<std::string, std::vector<float>> inputs;
  int quantized = 0, decoded = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::string kind, name, block_hex, y_hex;
    words >> kind >> name >> block_hex >> y_hex;
    if (kind == "input") {
      inputs[name] = hex_floats(block_hex);
    } else if (kind == "nvfp4") {
      ASSERT_TRUE(inputs.count(name)) << name;
      std::vector<std::uint8_t> bytes(kGgufNvfp4BlockBytes);
      ASSERT_EQ(quantize_gguf_nvfp4_blocks(inputs[name], bytes).value(), 1u);
      EXPECT_EQ(hex_text(bytes), block_hex) << name;
      std::vector<float> y(kGgufNvfp4BlockSize);
      ASSERT_TRUE(dequantize_gguf_nvfp4_blocks(hex_bytes(block_hex), y));
      expect_same_floats(y, hex_floats(y_hex), "nvfp4 " + name);
      ++quantized;
    } else if (kind == "decode" && name == "nvfp4") {
      std::vector<float> y(kGgufNvfp4BlockSize);
      ASSERT_TRUE(dequantize_gguf_nvfp4_blocks(hex_bytes(block_hex), y));
      expect_same_floats(y, hex_floats(y_hex), "decode " + block_hex);
      ++decoded;
    }
  }
  EXPECT_GE(quantized, 50);
  EXPECT_GE(decoded, 7);
}

TEST(GgufNvfp4, Ue4m3IsGgmlsRoundingNotOcps) {
  EXPECT_EQ(gguf_ue4m3_code(1.0f), 0x38);
  EXPECT_EQ(gguf_ue4m3_value(0x38), 0.5f);  // halved: the levels are E2M1 doubled
  EXPECT_EQ(gguf_ue4m3_code(1.0625f), 0x39);  // half a mantissa step rounds up (E4M3's even rounding: 0x38)
  EXPECT_EQ(gguf_ue4m3_code(300.0f), 0x7e);   // 256..448 all give 448 (E4M3: 288 is 0x79)
  EXPECT_EQ(gguf_ue4m3_code(1e9f), 0x7e);
  EXPECT_EQ(gguf_ue4m3_code(std::nanf("")), 0);
  EXPECT_EQ(gguf_ue4m3_code(-1.0f), 0);
  EXPECT_EQ(gguf_ue4m3_code(0.0078125f), 4);  // 2^-7: subnormal, 4 × 2^-9
  EXPECT_EQ(gguf_ue4m3_value(0x7f), 0.0f);
  EXPECT_EQ(gguf_ue4m3_value(0xff), 240.0f);  // bit 7 ignored but for 0x7f: 0xff reads as 480
}

TEST(GgufNvfp4, NibblesAreElementJLowAndJPlus8HighInEachSubBlock) {
  GgufNvfp4Block b;
  b.d = {0x38, 0x40, 0x30, 0x7e};
  for (std::size_t j = 0; j < b.q.size(); ++j) b.q[j] = static_cast<std::uint8_t>(j % 16);
  std::array<std::uint8_t, kGgufNvfp4BlockBytes> bytes{};
  ASSERT_TRUE(write_gguf_nvfp4_block(b, bytes));
  EXPECT_EQ(bytes[0], 0x38);
  EXPECT_EQ(bytes[3], 0x7e);
  EXPECT_EQ(bytes[4], 0x80);   // element 0 low, element 8 high
  EXPECT_EQ(bytes[11], 0xf7);  // element 7, element 15
  EXPECT_EQ(bytes[12], 0x80);  // sub-block 1: element 16, element 24
  const GgufNvfp4Block back = read_gguf_nvfp4_block(bytes).value();
  EXPECT_EQ(back.q, b.q);
  EXPECT_EQ(back.d, b.d);
  EXPECT_EQ(gguf_nvfp4_element_value(b, 7), 6.0f);    // level 12 × 0.5
  EXPECT_EQ(gguf_nvfp4_element_value(b, 31), -12.0f);  // level -12 × 1
  b.q[5] = 16;
  EXPECT_FALSE(write_gguf_nvfp4_block(b, bytes));
  EXPECT_FALSE(read_gguf_nvfp4_block(std::span(bytes).first(35)));
  std::vector<float> x(65, 1.0f);
  std::vector<std::uint8_t> out(72);
  EXPECT_FALSE(quantize_gguf_nvfp4_blocks(x, out));
}

}  // namespace
}  // namespace typelattice
