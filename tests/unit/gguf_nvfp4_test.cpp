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

#include "tests/unit/cli_run.h"
#include "tests/unit/hex_vectors.h"
#include "typelattice/gguf_nvfp4.h"
#include "typelattice/tensor_analysis.h"

namespace typelattice {
namespace {

using test_vectors::expect_same_floats;
using test_vectors::hex_bytes;
using test_vectors::hex_floats;
using test_vectors::bytes_hex;

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
      EXPECT_EQ(bytes_hex(bytes), block_hex) << name;
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

using testing::CliRun;

TEST(GgufNvfp4Cli, PackedIsGgmlsBytesAndDequantizeGivesGgmlsValues) {
  std::ifstream in(std::filesystem::path(TYPELATTICE_SOURCE_DIR) / "tests/data/gguf_blocks/ggml_fp4_reference.txt");
  std::map<std::string, std::string> inputs;
  int checked = 0;
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::string kind, name, block_hex, y_hex;
    words >> kind >> name >> block_hex >> y_hex;
    if (kind == "input") inputs[name] = block_hex;
    if (kind != "nvfp4" || (name != "ties" && name != "random-5" && name != "ue4m3-rounding")) continue;
    std::string values;
    for (std::size_t j = 0; j < 64; ++j) values += "0x" + inputs[name].substr(8 * j, 8) + "\n";
    const CliRun packed = typelattice("quantize --to GGUF_NVFP4 --packed --input hex", values);
    ASSERT_EQ(packed.exit_code, 0) << packed.err;
    EXPECT_EQ(packed.out, "format gguf_nvfp4\ncount 64\nblocks " + block_hex + "\n");
    const CliRun back = typelattice("dequantize --from gguf_nvfp4", packed.out);
    ASSERT_EQ(back.exit_code, 0) << back.err;
    std::istringstream lines(back.out);
    const std::vector<float> want = hex_floats(y_hex);
    std::size_t j = 0;
    for (std::string value; std::getline(lines, value); ++j) {
      if (j < want.size()) { EXPECT_EQ(std::stof(value), want[j]) << name << " element " << j; }
    }
    EXPECT_EQ(j, 64u);
    ++checked;
  }
  EXPECT_EQ(checked, 3);
}

TEST(GgufNvfp4Cli, TextAndLayoutShowTheFourScales) {
  std::string ties;
  for (int s = 0; s < 4; ++s) ties += " 6 0.75 1.75 -5 0 0 0 0 0 0 0 0 0 0 0 0";
  CliRun r = typelattice("quantize --to gguf_nvfp4 --" + ties);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find(';')), "block 1: d 0x38 0.5, 0x38 0.5, 0x38 0.5, 0x38 0.5");
  EXPECT_NE(r.out.find("\n  0.75 -> 0x1 1 -> 0.5\n  1.75 -> 0x3 3 -> 1.5\n  -5 -> 0xe -8 -> -4\n"), std::string::npos)
      << r.out;
  r = typelattice("quantize --to gguf_nvfp4 --layout --" + ties);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("note: ggml's NVFP4 is not NVIDIA's (nvfp4 here)", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("  d bytes 0-3: 38 38 38 38 ("), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  qs bytes 4-35: 07 01 03 0e 00"), std::string::npos) << r.out;  // element j low, j+8 high
}

TEST(GgufNvfp4Cli, BadInputIsAClearErrorWithExitTwo) {
  CliRun r = typelattice("quantize --to gguf_nvfp4 1 2 3");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "typelattice: gguf_nvfp4 quantizes whole blocks of 64 values: the last block has 3\n");
  r = typelattice("quantize --to gguf_nvfp4 --format json 1");
  EXPECT_EQ(r.exit_code, 2);
  r = typelattice("quantize --to gguf_nvfp4 --scale-mode floor 1");
  EXPECT_EQ(r.exit_code, 2);
  r = typelattice("quantize --to gguf_nvfp 1");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("did you mean gguf_nvfp4"), std::string::npos) << r.err;
  const std::string block(72, '0');
  for (const std::string& input : std::vector<std::string>{
           "format gguf_nvfp4\ncount 64\nblocks " + block.substr(2) + "\n",  // a byte short
           "format gguf_nvfp4\ncount 32\nblocks " + block + "\n",           // not whole blocks
           "format gguf_mxfp4\ncount 64\nblocks " + block + "\n",           // another type
           "{\"format\": \"gguf_nvfp4\"}"}) {
    r = typelattice("dequantize --from gguf_nvfp4", input);
    EXPECT_EQ(r.exit_code, 2) << input;
    EXPECT_NE(r.err, "") << input;
  }
}

TEST(GgufNvfp4Analyze, TargetIsTheBlocksRoundTripAndItsStorage) {
  const Result<AnalysisTarget> t = analysis_target("gguf_nvfp4", std::nullopt, std::nullopt, std::nullopt, false);
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t->bits_per_element, 36 * 8 / 64.0);  // block_nvfp4: uint8 d[4], qs[32] per 64 values
  // 70 values: a whole block and a short one padded with zeros, as quantize's blocks of 64 give them.
  std::vector<float> x(70);
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(std::sin(static_cast<double>(i) * 1.3) * static_cast<double>(1 + i % 16));
  TargetAccumulator a(*t, 0.0, 1);
  a.add_row_slice(x);
  std::vector<float> padded(x);
  padded.resize(128, 0.0f);
  std::vector<std::uint8_t> bytes(72);
  ASSERT_TRUE(quantize_gguf_nvfp4_blocks(padded, bytes));
  std::vector<float> y(128);
  ASSERT_TRUE(dequantize_gguf_nvfp4_blocks(bytes, y));
  double squared_error = 0;
  for (std::size_t i = 0; i < x.size(); ++i)
    squared_error += (static_cast<double>(y[i]) - x[i]) * (static_cast<double>(y[i]) - x[i]);
  const TargetError e = a.error();
  EXPECT_EQ(e.blocks, 2u);
  EXPECT_DOUBLE_EQ(e.sum_squared_error, squared_error);
}

}  // namespace
}  // namespace typelattice
