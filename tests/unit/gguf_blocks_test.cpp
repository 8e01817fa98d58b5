// ggml's quantized blocks: bit for bit against ggml's own reference functions (tests/data/gguf_blocks/, made as its
// README.md says), then the properties a user relies on: the layout, each code decoding to d × q (+ m), and
// dequantize(quantize(x)) within the block's step.
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
#include "typelattice/gguf_blocks.h"

namespace typelattice {
namespace {

using test_vectors::expect_same_floats;
using test_vectors::hex_bytes;
using test_vectors::hex_floats;
using test_vectors::bytes_hex;

GgufBlockType type_named(const std::string& ggml_name) {
  for (const GgufBlockSpec& spec : gguf_block_types())
    if (spec.ggml_name == ggml_name) return spec.id;
  ADD_FAILURE() << "no type " << ggml_name;
  return GgufBlockType::q8_0;
}

TEST(GgufBlocks, MatchGgmlsReferenceFunctionsBitForBit) {
  std::ifstream in(std::filesystem::path(TYPELATTICE_SOURCE_DIR) / "tests/data/gguf_blocks/ggml_reference.txt");
  ASSERT_TRUE(in) << "tests/data/gguf_blocks/ggml_reference.txt";
  std::map<std::string, std::vector<float>> inputs;
  std::map<std::string, int> checked;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::string kind, name, block_hex, y_hex;
    words >> kind >> name;
    if (kind == "input") {
      words >> block_hex;
      inputs[name] = hex_floats(block_hex);
      ASSERT_EQ(inputs[name].size(), std::size_t{kGgufBlockSize}) << line;
      continue;
    }
    if (kind == "decode") {
      // name is the type here: a block of random bytes with a chosen d, and ggml's float32 values
      words >> block_hex >> y_hex;
      const GgufBlockType t = type_named(name);
      std::array<float, kGgufBlockSize> y{};
      ASSERT_TRUE(dequantize_gguf_blocks(t, hex_bytes(block_hex), y));
      expect_same_floats(y, hex_floats(y_hex), "decode " + name + " " + block_hex);
      ++checked["decode"];
      continue;
    }
    words >> block_hex >> y_hex;
    const GgufBlockType t = type_named(kind);
    ASSERT_TRUE(inputs.count(name)) << line;
    const std::vector<float>& x = inputs[name];
    std::vector<std::uint8_t> bytes(static_cast<std::size_t>(gguf_block_spec(t).block_bytes));
    ASSERT_TRUE(quantize_gguf_blocks(t, x, bytes));
    EXPECT_EQ(bytes_hex(bytes), block_hex) << kind << " " << name;
    std::array<float, kGgufBlockSize> y{};
    ASSERT_TRUE(dequantize_gguf_blocks(t, hex_bytes(block_hex), y));
    expect_same_floats(y, hex_floats(y_hex), kind + " " + name);
    ++checked[kind];
  }
  // MXFP4's vectors: gguf_mxfp4_test.cpp.
  for (const GgufBlockSpec& spec : gguf_block_types()) {
    if (spec.scale == GgufScale::float16) {
      EXPECT_GE(checked[std::string(spec.ggml_name)], 30) << spec.name;
    }
  }
  EXPECT_GE(checked["decode"], 90);
}

TEST(GgufBlocks, TypesAreGgmlsStructs) {
  // ggml-common.h's static_asserts: sizeof(block_q4_0) == 2 + 16, and so on.
  const std::map<std::string_view, int> bytes{{"q4_0", 18}, {"q4_1", 20}, {"q5_0", 22},
                                              {"q5_1", 24}, {"q8_0", 34}, {"iq4_nl", 18}, {"mxfp4", 17}};
  for (const GgufBlockSpec& spec : gguf_block_types()) {
    EXPECT_EQ(spec.block_bytes, bytes.at(spec.ggml_name)) << spec.name;
    int at = 0;
    for (const GgufBlockField& field : spec.fields) {
      EXPECT_EQ(field.offset, at) << spec.name << " " << field.name;
      at += field.bytes;
    }
    EXPECT_EQ(at, spec.block_bytes) << spec.name;
    EXPECT_EQ(gguf_block_type_of_ggml(spec.ggml_type), spec.id);
    EXPECT_EQ(parse_gguf_block_type(spec.name).value(), spec.id);
  }
  EXPECT_EQ(gguf_block_type_of_ggml(8), GgufBlockType::q8_0);   // GGML_TYPE_Q8_0
  EXPECT_EQ(gguf_block_type_of_ggml(20), GgufBlockType::iq4_nl);  // GGML_TYPE_IQ4_NL
  EXPECT_FALSE(gguf_block_type_of_ggml(12));                      // Q4_K: not here
  EXPECT_DOUBLE_EQ(gguf_block_spec(GgufBlockType::q4_0).bits_per_element(), 4.5);
  const Result<GgufBlockType> typo = parse_gguf_block_type("gguf_q8_1");
  ASSERT_FALSE(typo);
  EXPECT_NE(typo.error().message.find("did you mean gguf_q4_1, gguf_q5_1 or gguf_q8_0?"), std::string::npos) << typo.error().message;
}

TEST(GgufBlocks, NibblesAndFifthBitsSitWhereGgmlPutsThem) {
  GgufBlock b;
  b.d = 0x3c00;  // 1
  for (int j = 0; j < kGgufBlockSize; ++j) b.q[static_cast<std::size_t>(j)] = static_cast<std::uint8_t>(j);
  std::array<std::uint8_t, 22> q5{};
  ASSERT_TRUE(write_gguf_block(GgufBlockType::q5_0, b, q5));
  EXPECT_EQ(q5[0], 0x00);
  EXPECT_EQ(q5[1], 0x3c);
  // Elements 16..31 have the fifth bit: qh = 0xffff0000, little-endian.
  EXPECT_EQ(q5[2], 0x00);
  EXPECT_EQ(q5[3], 0x00);
  EXPECT_EQ(q5[4], 0xff);
  EXPECT_EQ(q5[5], 0xff);
  EXPECT_EQ(q5[6], 0x00);   // element 0 low, element 16 (0x10 -> nibble 0) high
  EXPECT_EQ(q5[7], 0x11);   // element 1, element 17
  EXPECT_EQ(q5[21], 0xff);  // element 15, element 31
  EXPECT_EQ(read_gguf_block(GgufBlockType::q5_0, q5).value().q, b.q);
  b.q[0] = 16;  // five bits: too wide for Q4_0
  std::array<std::uint8_t, 18> q4{};
  EXPECT_FALSE(write_gguf_block(GgufBlockType::q4_0, b, q4));
  EXPECT_FALSE(read_gguf_block(GgufBlockType::q4_0, std::span(q4).first(17)));
}

TEST(GgufBlocks, EveryCodeDecodesToDTimesItsInteger) {
  for (const GgufBlockSpec& spec : gguf_block_types()) {
    GgufBlock b;
    b.d = spec.scale == GgufScale::e8m0 ? 126 : 0x3400;  // 0.25: float16, or E8M0's 2^(126 - 128)
    b.m = spec.has_min ? 0xc000 : 0;  // -2
    const int codes = spec.element_bits == 8 ? 256 : 1 << spec.element_bits;
    for (int code = 0; code < codes; ++code) {
      b.q[0] = static_cast<std::uint8_t>(code);
      int integer = code;
      if (spec.id == GgufBlockType::q4_0) integer = code - 8;
      if (spec.id == GgufBlockType::q5_0) integer = code - 16;
      if (spec.id == GgufBlockType::q8_0) integer = code < 128 ? code : code - 256;
      if (spec.id == GgufBlockType::iq4_nl) integer = kIq4nlValues[static_cast<std::size_t>(code)];
      // MXFP4: E2M1's values doubled, 0 0.5 1 1.5 2 3 4 6, then their negatives.
      if (spec.id == GgufBlockType::mxfp4) integer = std::array{0, 1, 2, 3, 4, 6, 8, 12}[code & 7] * (code < 8 ? 1 : -1);
      EXPECT_EQ(gguf_code_integer(spec.id, b.q[0]), integer) << spec.name << " code " << code;
      EXPECT_EQ(gguf_element_value(spec.id, b, 0), 0.25f * static_cast<float>(integer) + (spec.has_min ? -2.0f : 0.0f))
          << spec.name << " code " << code;
    }
  }
}

TEST(GgufBlocks, RoundTripStaysWithinTheBlocksStep) {
  std::vector<float> x(32 * 64);
  for (std::size_t i = 0; i < x.size(); ++i)
    x[i] = static_cast<float>(std::sin(static_cast<double>(i) * 0.77) * std::exp2(static_cast<double>(i / 32 % 13) - 6));
  for (const GgufBlockSpec& spec : gguf_block_types()) {
    std::vector<std::uint8_t> bytes(gguf_bytes_size(spec.id, x.size()));
    ASSERT_EQ(quantize_gguf_blocks(spec.id, x, bytes).value(), 64u);
    std::vector<float> y(x.size());
    ASSERT_EQ(dequantize_gguf_blocks(spec.id, bytes, y).value(), 64u);
    for (std::size_t block = 0; block < 64; ++block) {
      const std::span<const float> xb = std::span(x).subspan(block * 32, 32);
      const auto size = static_cast<std::size_t>(spec.block_bytes);
      const std::span<const std::uint8_t> stored = std::span(bytes).subspan(block * size, size);
      const GgufBlock b = read_gguf_block(spec.id, stored).value();
      const double d = std::fabs(static_cast<double>(gguf_scale_value(spec.id, b.d)));
      double amax = 0;
      for (const float v : xb) amax = std::max(amax, std::fabs(static_cast<double>(v)));
      // The levels are d apart (IQ4_NL: at most 24 d, between 89 and 113); a value within the levels' range is at
      // most half a gap from its level, one beyond it is clipped to the end level. The slack covers the float16
      // rounding of d and m, which moves every level by up to 2^-11 of it.
      // IQ4_NL picks each level for d0 = (the value of largest magnitude) / -127, then stores the least-squares d:
      // half a gap at d0, plus the move of the level from d0 to d.
      double d0 = 0;
      for (const float v : xb) d0 = std::fabs(static_cast<double>(v)) == amax ? static_cast<double>(v) / -127 : d0;
      // MXFP4's levels are at most 4 d apart (between 8 d and 12 d).
      const double half_gap = spec.id == GgufBlockType::iq4_nl
                                  ? 12 * std::fabs(d0) + 127 * std::fabs(static_cast<double>(gguf_float16_value(b.d)) - d0)
                                  : spec.id == GgufBlockType::mxfp4 ? 2 * d : d / 2;
      double lowest = 0, highest = 0;
      for (int code = 0; code < (spec.element_bits == 8 ? 256 : 1 << spec.element_bits); ++code) {
        GgufBlock one = b;
        one.q[0] = static_cast<std::uint8_t>(code);
        const double level = static_cast<double>(gguf_element_value(spec.id, one, 0));
        if (code == 0 || level < lowest) lowest = level;
        if (code == 0 || level > highest) highest = level;
      }
      for (std::size_t j = 0; j < 32; ++j) {
        const double v = static_cast<double>(xb[j]);
        const double got = static_cast<double>(y[block * 32 + j]);
        const double slack = amax * 1e-3;
        if (v < lowest) EXPECT_NEAR(got, lowest, slack) << spec.name << " block " << block << " element " << j;
        else if (v > highest) EXPECT_NEAR(got, highest, slack) << spec.name << " block " << block << " element " << j;
        else EXPECT_LE(std::fabs(got - v), half_gap + slack) << spec.name << " block " << block << " element " << j;
      }
      // Only Q4_0 and Q5_0's positive end and IQ4_NL's ends clip, and by at most one gap (IQ4_NL: scaled by
      // its least-squares d).
      // MXFP4's top level 12 d is 1.5 × 2^floor(log2f amax): at most 1.5 amax, and a hair more where log2f rounds
      // an amax just below a power of two up to it.
      if (spec.id == GgufBlockType::mxfp4) EXPECT_LE(std::max(-lowest, highest), 1.5 * amax * (1 + 1e-6)) << spec.name << " block " << block;
      else if (spec.id != GgufBlockType::iq4_nl) {
        EXPECT_LE(std::max(-lowest, highest), amax + d * 1.001 + amax * 1e-3) << spec.name << " block " << block;
      }
    }
  }
}

TEST(GgufBlocks, RefuseWhatIsNotWholeBlocks) {
  std::vector<float> x(33, 1.0f);
  std::vector<std::uint8_t> bytes(34 * 2);
  const Result<std::size_t> partial = quantize_gguf_blocks(GgufBlockType::q8_0, x, bytes);
  ASSERT_FALSE(partial);
  EXPECT_EQ(partial.error().message, "gguf_q8_0 takes whole blocks of 32 values, not 33");
  std::vector<float> y(32);
  EXPECT_FALSE(dequantize_gguf_blocks(GgufBlockType::q8_0, std::span(bytes).first(35), y));
  EXPECT_FALSE(dequantize_gguf_blocks(GgufBlockType::q8_0, bytes, y));  // 2 blocks into 32 values
}

}  // namespace
}  // namespace typelattice
