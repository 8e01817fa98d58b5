// The integer groups' packings and GPTQ's quantizer against vectors made by the reference projects' own code
// (tests/data/int_groups/reference.txt, whose header names the projects, commits and functions).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/unit/hex_vectors.h"
#include "typelattice/int_group_packing.h"
#include "typelattice/int_groups.h"
#include "typelattice/minifloat.h"

namespace typelattice {
namespace {

using test_vectors::hex_bytes;
using test_vectors::hex_floats;

std::vector<std::string> vector_lines(const std::string& kind) {
  std::ifstream in(std::filesystem::path(TYPELATTICE_SOURCE_DIR) / "tests/data/int_groups/reference.txt");
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);)
    if (line.rfind(kind + " ", 0) == 0) out.push_back(line);
  return out;
}

std::vector<std::uint32_t> hex_words(const std::string& hex) {
  std::vector<std::uint32_t> out;
  for (std::size_t j = 0; 8 * j + 8 <= hex.size(); ++j)
    out.push_back(static_cast<std::uint32_t>(std::stoul(hex.substr(8 * j, 8), nullptr, 16)));
  return out;
}

TEST(IntGroupVectors, PackingsAreTheReferencesWords) {
  const std::vector<std::string> lines = vector_lines("pack");
  ASSERT_EQ(lines.size(), 16u);
  for (const std::string& line : lines) {
    std::istringstream fields(line);
    std::string word, name, codes_hex, words_hex;
    int bits = 0;
    fields >> word >> name >> bits >> codes_hex >> words_hex;
    const IntPacking p = *parse_int_packing(name);
    std::vector<std::uint8_t> codes = hex_bytes(codes_hex);
    const std::vector<std::uint8_t> given = codes;
    // gptq_v1's lines are zero points, which it stores as z - 1.
    for (std::uint8_t& c : codes) c = stored_zero(p, bits, c);
    std::vector<std::uint32_t> words(int_code_words(bits, codes.size()));
    pack_int_codes(p, bits, codes, words);
    EXPECT_EQ(words, hex_words(words_hex)) << line;
    std::vector<std::uint8_t> back(codes.size());
    unpack_int_codes(p, bits, hex_words(words_hex), back);
    for (std::size_t i = 0; i < back.size(); ++i) EXPECT_EQ(zero_of_stored(p, back[i]), given[i]) << line;
  }
}

// The core's scale, zero point and codes against GPTQ's Quantizer and AWQ's pseudo_quantize_tensor on the same
// group; the scale as a checkpoint stores it, the reference's float32 scale rounded to float16.
TEST(IntGroupVectors, GptqAndAwqQuantizersAgreeOnEveryGroup) {
  const std::vector<std::string> lines = vector_lines("quantize");
  ASSERT_EQ(lines.size(), 7u * 9 * 3);
  for (const std::string& line : lines) {
    std::istringstream fields(line);
    std::string word, rule, name, x_hex, scale_hex, codes_hex;
    int zero = 0;
    fields >> word >> rule >> name >> x_hex >> scale_hex >> zero >> codes_hex;
    const IntGroupSpec spec = *parse_int_group(name);
    const std::vector<float> x = hex_floats(x_hex);
    std::vector<std::uint8_t> codes(x.size());
    const IntGroupScale g = quantize_int_group(spec, x, codes);
    EXPECT_EQ(codes, hex_bytes(codes_hex)) << line.substr(0, 60);
    EXPECT_EQ(g.zero, zero) << line.substr(0, 60);
    const auto scale16 = encode(Format::float16, hex_floats(scale_hex)[0], CastOptions{false, RoundMode::nearest_even, {}});
    EXPECT_EQ(g.scale, scale16) << line.substr(0, 60);
  }
}

// A group of subnormals whose range divided by 2^N − 1 underflows float32 to 0: GPTQ's quantizer would divide by
// zero; the core takes its all-zero group's range (−1, 1), so every code is the zero point's and every value
// dequantizes to 0, as an all-zero group's do (and no NaN reaches an integer conversion: UBSan checks this).
TEST(IntGroupVectors, ARangeWhoseScaleUnderflowsIsAnAllZeroGroup) {
  const std::vector<float> tiny = {1e-45f, 0.0f, -1e-45f, 0.0f};
  const std::vector<float> zeros(tiny.size(), 0.0f);
  // 2^-149 × 2 / (2^N − 1) rounds to 0 for N ≥ 3; for N = 2 it is 2^-149 itself, a scale float16 stores as 0.
  for (const char* name : {"int3_g32", "int4_g32", "int4_g32_asym", "int8_g32_asym", "int2_g32", "int2_g32_asym"}) {
    SCOPED_TRACE(name);
    const IntGroupSpec spec = *parse_int_group(name);
    std::vector<std::uint8_t> got(tiny.size()), want(tiny.size());
    const IntGroupScale g = quantize_int_group(spec, tiny, got);
    const IntGroupScale z = quantize_int_group(spec, zeros, want);
    if (spec.bits >= 3) {
      EXPECT_EQ(g.scale, z.scale);
      EXPECT_EQ(g.zero, z.zero);
      EXPECT_EQ(got, want);
    }
    for (const std::uint8_t c : got) EXPECT_EQ(int_group_value(g, c), 0.0f);
  }
}

}  // namespace
}  // namespace typelattice
