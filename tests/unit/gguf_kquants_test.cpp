// ggml's K-quants: dequantization bit for bit against ggml's own dequantize_row_qN_K (tests/data/gguf_blocks/, made
// as its README.md says), then the layout a user reads off ggml-common.h, checked on hand-built super-blocks.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "tests/unit/hex_vectors.h"
#include "typelattice/gguf_kquants.h"

namespace typelattice {
namespace {

using test_vectors::hex_bytes;
using test_vectors::hex_floats;

GgufKQuantType kquant_type_named(const std::string& ggml_name) {
  for (const GgufKQuantSpec& spec : gguf_kquant_types())
    if (spec.ggml_name == ggml_name) return spec.id;
  ADD_FAILURE() << "no type " << ggml_name;
  return GgufKQuantType::q4_k;
}

TEST(GgufKQuants, MatchGgmlsDequantizeBitForBit) {
  const auto path = std::filesystem::path(TYPELATTICE_SOURCE_DIR) / "tests/data/gguf_blocks/ggml_kquants_reference.txt";
  std::ifstream in(path);
  ASSERT_TRUE(in) << path;
  std::map<std::string, int> checked;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::string kind, name, block_hex, y_hex;
    words >> kind >> name >> block_hex >> y_hex;
    ASSERT_EQ(kind, "decode");
    const GgufKQuantType t = kquant_type_named(name);
    const std::vector<std::uint8_t> bytes = hex_bytes(block_hex);
    const std::vector<float> want = hex_floats(y_hex);
    ASSERT_EQ(want.size(), 256u);
    std::vector<float> got(256);
    ASSERT_EQ(dequantize_gguf_kquant_blocks(t, bytes, got).value(), 1u) << line.substr(0, 40);
    for (std::size_t j = 0; j < want.size(); ++j) {
      if (std::isnan(want[j])) {
        EXPECT_TRUE(std::isnan(got[j])) << name << " " << block_hex << " element " << j;
      } else {
        EXPECT_EQ(std::bit_cast<std::uint32_t>(got[j]), std::bit_cast<std::uint32_t>(want[j]))
            << name << " " << block_hex << " element " << j << ": " << got[j] << " vs ggml's " << want[j];
      }
    }
    ++checked[name];
  }
  for (const GgufKQuantSpec& spec : gguf_kquant_types())
    EXPECT_GE(checked[std::string(spec.ggml_name)], 20) << spec.name;
}

TEST(GgufKQuants, TypesAreGgmlsStructs) {
  // ggml-common.h's static_asserts: sizeof(block_q2_K) == 2*2 + 256/16 + 256/4, and so on; ggml_type's numbers.
  const std::map<std::string_view, std::pair<int, std::uint32_t>> want{
      {"q2_K", {84, 10}}, {"q3_K", {110, 11}}, {"q4_K", {144, 12}}, {"q5_K", {176, 13}}, {"q6_K", {210, 14}}};
  for (const GgufKQuantSpec& spec : gguf_kquant_types()) {
    EXPECT_EQ(spec.block_bytes, want.at(spec.ggml_name).first) << spec.name;
    EXPECT_EQ(spec.ggml_type, want.at(spec.ggml_name).second) << spec.name;
    int at = 0;
    for (const GgufBlockField& field : spec.fields) {
      EXPECT_EQ(field.offset, at) << spec.name << " " << field.name;
      at += field.bytes;
    }
    EXPECT_EQ(at, spec.block_bytes) << spec.name;
    EXPECT_EQ(gguf_kquant_type_of_ggml(spec.ggml_type), spec.id);
    EXPECT_EQ(parse_gguf_kquant_type(spec.name).value(), spec.id);
  }
  EXPECT_EQ(parse_gguf_kquant_type(" GGUF_Q4_K ").value(), GgufKQuantType::q4_k);
  EXPECT_FALSE(gguf_kquant_type_of_ggml(2));  // Q4_0: gguf_blocks.h
  EXPECT_DOUBLE_EQ(gguf_kquant_spec(GgufKQuantType::q4_k).bits_per_element(), 4.5);
  EXPECT_DOUBLE_EQ(gguf_kquant_spec(GgufKQuantType::q6_k).bits_per_element(), 6.5625);
  const Result<GgufKQuantType> typo = parse_gguf_kquant_type("gguf_q4_kk");
  ASSERT_FALSE(typo);
  EXPECT_NE(typo.error().message.find("did you mean gguf_q4_k"), std::string::npos) << typo.error().message;
}

// Q4_K by hand: d = 1, dmin = 0.5; sub-block 0 has scale 3 and min 2 (bytes 4 and 8 of scales' 12), sub-block 5
// scale 17 and min 33 (its low nibbles in byte 9, its top bits in bits 6-7 of bytes 1 and 5).
TEST(GgufKQuants, Q4KScalesAndNibblesSitWhereGgmlPutsThem) {
  std::array<std::uint8_t, 144> b{};
  b[1] = 0x3c;  // d = 0x3c00
  b[3] = 0x38;  // dmin = 0x3800
  b[4 + 0] = 3;
  b[4 + 4] = 2;
  b[4 + 9] = 0x11;        // sub-block 5: scale low 1, min low 1
  b[4 + 1] |= 1u << 6;    // scale's top two bits: 01 -> 17
  b[4 + 5] |= 2u << 6;    // min's top two bits: 10 -> 33
  b[16 + 0] = 0xa7;       // element 0: 7, element 32: 10
  b[16 + 32 + 10] = 0xc0; // element 64 + 32 + 10 = 106 (sub-block 3): 12
  b[16 + 64 + 5] = 0x90;  // element 128 + 32 + 5 = 165 (sub-block 5): 9
  const GgufKQuantBlock k = read_gguf_kquant_block(GgufKQuantType::q4_k, b).value();
  EXPECT_EQ(k.scales[0], 3);
  EXPECT_EQ(k.mins[0], 2);
  EXPECT_EQ(k.scales[5], 17);
  EXPECT_EQ(k.mins[5], 33);
  std::vector<float> y(256);
  ASSERT_TRUE(dequantize_gguf_kquant_blocks(GgufKQuantType::q4_k, b, y));
  EXPECT_EQ(y[0], 3.0f * 7 - 0.5f * 2);
  EXPECT_EQ(y[1], -1.0f);     // code 0: minus the min
  EXPECT_EQ(y[32], 0.0f);     // sub-block 1: scale 0 and min 0
  EXPECT_EQ(y[106], 0.0f);    // sub-block 3's scale is 0
  EXPECT_EQ(y[165], 17.0f * 9 - 0.5f * 33);
  EXPECT_EQ(y[160], -16.5f);  // the rest of sub-block 5: code 0
}

// Q6_K by hand: element 128h + 32k + l takes its low four bits from ql[64h + 32(k%2) + l] (nibble k/2) and its top
// two from bits 2k of qh[32h + l]; minus 32, times d × the int8 scale of its sub-block of 16.
TEST(GgufKQuants, Q6KCodesAndSignedScalesSitWhereGgmlPutsThem) {
  std::array<std::uint8_t, 210> b{};
  b[209] = 0x38;                         // d = 0.5
  for (std::size_t i = 0; i < 16; ++i) b[192 + i] = static_cast<std::uint8_t>(i + 1);
  b[192 + 12] = 0xfe;                    // sub-block 12: scale -2
  b[64 + 5] = 0x70;                      // element 128 + 64 + 5 = 197 (k = 2): low bits 7
  b[128 + 32 + 5] = 3u << 4;             // its top two bits: 3 -> code 55, integer 23
  const GgufKQuantBlock k = read_gguf_kquant_block(GgufKQuantType::q6_k, b).value();
  EXPECT_EQ(k.q[197], 23);
  EXPECT_EQ(k.q[0], -32);
  std::vector<float> y(256);
  ASSERT_TRUE(dequantize_gguf_kquant_blocks(GgufKQuantType::q6_k, b, y));
  EXPECT_EQ(y[197], 0.5f * -2 * 23);
  EXPECT_EQ(y[0], 0.5f * 1 * -32);
  EXPECT_EQ(y[255], 0.5f * 16 * -32);
}

// Q3_K by hand: sub-block i's scale is six bits minus 32, its low four in byte i (i < 8) or byte i-8's high nibble,
// its top two in byte 8 + i%4 at bit 2(i/4); element 128h + 32j + 16s + l has two bits in qs[32h + 16s + l] at
// bit 2j, and a clear bit 4h + j of hmask[16s + l] takes 4 off.
TEST(GgufKQuants, Q3KHighBitsAndScalesSitWhereGgmlPutsThem) {
  std::array<std::uint8_t, 110> b{};
  b[109] = 0x3c;             // d = 1
  b[96 + 3] = 0xf0;          // sub-block 11's low four bits: 15 (sub-block 3's: 0)
  b[96 + 11] = 2u << 4;      // sub-block 11's top two: 2, so 47 - 32 = 15 (sub-block 3's, bits 0-1: 0)
  b[32 + 51] = 3u << 2;      // element 179 (h 1, j 1, s 1, l 3) and element 178's neighbour: two bits 3
  b[32 + 50] = 3u << 2;      // element 178: two bits 3 too
  b[19] = 1u << 5;           // element 179's third bit set; element 178's (hmask[18]) clear
  const GgufKQuantBlock k = read_gguf_kquant_block(GgufKQuantType::q3_k, b).value();
  EXPECT_EQ(k.scales[11], 15);
  EXPECT_EQ(k.scales[3], -32);
  EXPECT_EQ(k.q[179], 3);
  EXPECT_EQ(k.q[178], -1);
  EXPECT_EQ(k.q[0], -4);
  std::vector<float> y(256);
  ASSERT_TRUE(dequantize_gguf_kquant_blocks(GgufKQuantType::q3_k, b, y));
  EXPECT_EQ(y[179], 45.0f);
  EXPECT_EQ(y[178], -15.0f);
  EXPECT_EQ(y[176], -60.0f);  // code 0, third bit clear: -4
  EXPECT_EQ(y[0], 128.0f);    // scale -32 × -4
}

TEST(GgufKQuants, RefuseWhatIsNotWholeBlocks) {
  std::vector<std::uint8_t> bytes(145);
  std::vector<float> y(256);
  const Result<std::size_t> partial = dequantize_gguf_kquant_blocks(GgufKQuantType::q4_k, bytes, y);
  ASSERT_FALSE(partial);
  EXPECT_EQ(partial.error().message, "gguf_q4_k blocks take 144 bytes each: 145 is not a whole number of them");
  EXPECT_FALSE(
      dequantize_gguf_kquant_blocks(GgufKQuantType::q4_k, std::span(bytes).first(144), std::span(y).first(255)));
  EXPECT_FALSE(read_gguf_kquant_block(GgufKQuantType::q6_k, std::span(bytes).first(144)));
  EXPECT_EQ(gguf_kquant_bytes_size(GgufKQuantType::q6_k, 512), 420u);
}

}  // namespace
}  // namespace typelattice
