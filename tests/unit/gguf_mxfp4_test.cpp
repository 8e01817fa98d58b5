// ggml's MXFP4 block (gguf_mxfp4): bit for bit against ggml's own quantize_row_mxfp4_ref and dequantize_row_mxfp4
// (tests/data/gguf_blocks/ggml_fp4_reference.txt, made as its README.md says), where its rules part from OCP's
// MXFP4 (mxfp4_e2m1 here), and the CLI run as a user would run it.
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
#include "typelattice/gguf_blocks.h"

namespace typelattice {
namespace {

constexpr auto kMxfp4 = GgufBlockType::mxfp4;

using test_vectors::expect_same_floats;
using test_vectors::hex_bytes;
using test_vectors::hex_floats;
using test_vectors::bytes_hex;

// The reference file's lines: "input NAME X", "mxfp4 NAME BLOCKS Y", "decode mxfp4 BLOCKS Y" (NVFP4's lines too).
struct Reference {
  std::map<std::string, std::vector<float>> inputs;
  std::map<std::string, std::string> input_hex;
  std::vector<std::vector<std::string>> lines;
};
Reference read_reference() {
  std::ifstream in(std::filesystem::path(TYPELATTICE_SOURCE_DIR) / "tests/data/gguf_blocks/ggml_fp4_reference.txt");
  EXPECT_TRUE(in) << "tests/data/gguf_blocks/ggml_fp4_reference.txt";
  Reference ref;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::vector<std::string> w;
    for (std::string word; words >> word;) w.push_back(word);
    if (w.size() == 3 && w[0] == "input") ref.inputs[w[1]] = hex_floats(w[2]), ref.input_hex[w[1]] = w[2];
    else if (w.size() == 4) ref.lines.push_back(w);
  }
  return ref;
}

TEST(GgufMxfp4, MatchesGgmlsReferenceFunctionsBitForBit) {
  const Reference ref = read_reference();
  int quantized = 0, decoded = 0;
  for (const std::vector<std::string>& w : ref.lines) {
    if (w[0] == "mxfp4") {
      ASSERT_TRUE(ref.inputs.count(w[1])) << w[1];
      const std::vector<float>& x = ref.inputs.at(w[1]);
      std::vector<std::uint8_t> bytes(gguf_bytes_size(kMxfp4, x.size()));
      ASSERT_EQ(quantize_gguf_blocks(kMxfp4, x, bytes).value(), 2u);
      EXPECT_EQ(bytes_hex(bytes), w[2]) << w[1];
      std::vector<float> y(x.size());
      ASSERT_TRUE(dequantize_gguf_blocks(kMxfp4, hex_bytes(w[2]), y));
      expect_same_floats(y, hex_floats(w[3]), "mxfp4 " + w[1]);
      ++quantized;
    } else if (w[0] == "decode" && w[1] == "mxfp4") {
      std::vector<float> y(64);
      ASSERT_TRUE(dequantize_gguf_blocks(kMxfp4, hex_bytes(w[2]), y));
      expect_same_floats(y, hex_floats(w[3]), "decode " + w[2]);
      ++decoded;
    }
  }
  EXPECT_GE(quantized, 50);
  EXPECT_GE(decoded, 7);
}

std::array<float, kGgufBlockSize> block_of(std::initializer_list<float> head, float rest) {
  std::array<float, kGgufBlockSize> x{};
  x.fill(rest);
  std::copy(head.begin(), head.end(), x.begin());
  return x;
}

TEST(GgufMxfp4, TiesGoToTheSmallerMagnitudeNotToEven) {
  // amax 6: e = floor(log2 6) - 2 + 127 = 127, d = 2^-1, levels 0 0.5 1 1.5 2 3 4 6. OCP's round-to-nearest-even
  // would take 1 for 0.75, 2 for 1.75, 4 for 3.5 and 6 for 5; ggml takes the first table entry of equal error.
  const GgufBlock b = quantize_gguf_block(kMxfp4, block_of({6, 0.25f, 0.75f, 1.75f, 3.5f, 5, -0.75f, -5, -0.25f, -0.0f}, 0));
  EXPECT_EQ(b.d, 127);
  EXPECT_EQ(gguf_scale_value(kMxfp4, b.d), 0.5f);
  const std::vector<float> want{6, 0, 0.5f, 1.5f, 3, 4, -0.5f, -4, 0, 0};
  for (std::size_t j = 0; j < want.size(); ++j) EXPECT_EQ(gguf_element_value(kMxfp4, b, static_cast<int>(j)), want[j]) << j;
  EXPECT_EQ(b.q[8], 0);  // -0.25 is as near 0 as -0.5: code 0 (+0), not 8 (-0)
  EXPECT_EQ(b.q[9], 0);  // -0 too
}

TEST(GgufMxfp4, ScaleIsTheFloorOfLog2fAsGgmlComputesIt) {
  // 7.5 = 1.875 × 2^2 takes e = 127 and clips to 6; 0x40ffffff (7.9999995) is below 8, but log2f rounds it to 3.
  EXPECT_EQ(quantize_gguf_block(kMxfp4, block_of({7.5f}, 0)).d, 127);
  const GgufBlock below_eight = quantize_gguf_block(kMxfp4, block_of({std::bit_cast<float>(0x40ffffffu)}, 0));
  EXPECT_EQ(below_eight.d, 128);
  EXPECT_EQ(gguf_element_value(kMxfp4, below_eight, 0), 8.0f);
  EXPECT_EQ(quantize_gguf_block(kMxfp4, block_of({}, 0)).d, 0);  // zeros: e = 0
  // e = 0, 1: float32 subnormal d; e = 255: 2^127, which OCP's E8M0 reads as NaN.
  EXPECT_EQ(gguf_scale_value(kMxfp4, 0), std::ldexp(1.0f, -128));
  EXPECT_EQ(gguf_scale_value(kMxfp4, 1), std::ldexp(1.0f, -127));
  EXPECT_EQ(gguf_scale_value(kMxfp4, 255), std::ldexp(1.0f, 127));
}

TEST(GgufMxfp4, NibblesAreElementJLowAndJPlus16High) {
  GgufBlock b;
  b.d = 0x81;
  for (std::size_t j = 0; j < kGgufBlockSize; ++j) b.q[j] = static_cast<std::uint8_t>(j % 16);
  b.q[16] = 0xf;
  std::array<std::uint8_t, 17> bytes{};
  ASSERT_TRUE(write_gguf_block(kMxfp4, b, bytes));
  EXPECT_EQ(bytes[0], 0x81);  // e, one byte
  EXPECT_EQ(bytes[1], 0xf0);  // element 0 low, element 16 high
  EXPECT_EQ(bytes[2], 0x11);  // element 1, element 17
  EXPECT_EQ(bytes[16], 0xff);  // element 15, element 31
  EXPECT_EQ(read_gguf_block(kMxfp4, bytes).value().q, b.q);
  EXPECT_EQ(read_gguf_block(kMxfp4, bytes).value().d, 0x81);
  b.d = 0x100;  // E8M0 is 8 bits
  EXPECT_FALSE(write_gguf_block(kMxfp4, b, bytes));
  b.d = 0x81;
  b.q[3] = 16;
  EXPECT_FALSE(write_gguf_block(kMxfp4, b, bytes));
  EXPECT_FALSE(read_gguf_block(kMxfp4, std::span(bytes).first(16)));
  EXPECT_EQ(parse_gguf_block_type("GGUF_MXFP4").value(), kMxfp4);
  EXPECT_EQ(gguf_block_type_of_ggml(39), kMxfp4);  // GGML_TYPE_MXFP4
  EXPECT_DOUBLE_EQ(gguf_block_spec(kMxfp4).bits_per_element(), 4.25);
}

using testing::CliRun;

TEST(GgufMxfp4Cli, PackedIsGgmlsBytesAndDequantizeGivesGgmlsValues) {
  const Reference ref = read_reference();
  int checked = 0;
  for (const std::vector<std::string>& w : ref.lines) {
    if (w[0] != "mxfp4" || (w[1] != "ties" && w[1] != "random-3" && w[1] != "below-power-of-two-1")) continue;
    std::string words;  // the input's float32 bit patterns, as the file has them
    const std::string& input_line = ref.input_hex.at(w[1]);
    for (std::size_t j = 0; j < 64; ++j) words += "0x" + input_line.substr(8 * j, 8) + "\n";
    const CliRun packed = typelattice("quantize --to gguf_mxfp4 --packed --input hex", words);
    ASSERT_EQ(packed.exit_code, 0) << packed.err;
    EXPECT_EQ(packed.out, "format gguf_mxfp4\ncount 64\nblocks " + w[2] + "\n");
    const CliRun values = typelattice("dequantize --from gguf_mxfp4", packed.out);
    ASSERT_EQ(values.exit_code, 0) << values.err;
    std::istringstream lines(values.out);
    const std::vector<float> want = hex_floats(w[3]);
    std::size_t j = 0;
    for (std::string line; std::getline(lines, line); ++j) {
      if (j < want.size()) { EXPECT_EQ(std::stof(line), want[j]) << w[1] << " element " << j; }
    }
    EXPECT_EQ(j, 64u);
    const CliRun json = typelattice("quantize --to gguf_mxfp4 --format json --input hex", words);
    ASSERT_EQ(json.exit_code, 0) << json.err;
    const CliRun from_json = typelattice("dequantize --from gguf_mxfp4", json.out);
    EXPECT_EQ(from_json.out, values.out);
    ++checked;
  }
  EXPECT_EQ(checked, 3);
}

TEST(GgufMxfp4Cli, TextAndLayoutShowTheE8m0ScaleAndHowItDiffersFromOcp) {
  std::string ties = "6 0.75 1.75 -5";
  for (int i = 4; i < 32; ++i) ties += " 0";
  CliRun r = typelattice("quantize --to gguf_mxfp4 -- " + ties);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find(';')), "block 1: e 0x7f, d 0.5");
  EXPECT_NE(r.out.find("\n  6 -> 0x7 12 -> 6\n  0.75 -> 0x1 1 -> 0.5\n  1.75 -> 0x3 3 -> 1.5\n  -5 -> 0xe -8 -> -4\n"),
            std::string::npos) << r.out;
  r = typelattice("quantize --to gguf_mxfp4 --layout -- " + ties);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("note: ggml's MXFP4 is not OCP's (mxfp4_e2m1 here)", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("ties go to the smaller magnitude, not to even"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("block 1: 17 bytes\n  e bytes 0-0: 7f ("), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(") = d 0.5\n  qs bytes 1-16: 07 01 03 0e 00"), std::string::npos) << r.out;
  r = typelattice("quantize --to gguf_mxfp4 --format json -- " + ties);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("{\"d\": {\"code\": 127, \"value\": 0.5}, \"elements\": [{\"code\": 7, \"value\": 12, "
                       "\"dequantized\": 6}"), std::string::npos) << r.out;
}

TEST(GgufMxfp4Cli, BadInputIsAClearErrorWithExitTwo) {
  CliRun r = typelattice("quantize --to gguf_mxfp4 1 2 3");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "typelattice: gguf_mxfp4 quantizes whole blocks of 32 values: the last block has 3\n");
  r = typelattice("quantize --to gguf_mxfp 1");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("did you mean gguf_mxfp4"), std::string::npos) << r.err;
  const std::string block(34, '0');
  for (const std::string& input : std::vector<std::string>{
           "format gguf_mxfp4\ncount 32\nblocks " + block.substr(2) + "\n",  // a byte short
        "format gguf_mxfp4\ncount 32\nblocks " + block + "00\n",          // a byte over
        "format mxfp4_e2m1\ncount 32\nblocks " + block + "\n",            // another format
        "{\"format\": \"gguf_mxfp4\", \"blocks\": [{\"d\": {\"code\": 256}, \"elements\": []}]}",
        "{\"format\": \"gguf_mxfp4\", \"blocks\": [{\"d\": {\"code\": 1}, \"elements\": [{\"code\": 16}]}]}"}) {
    r = typelattice("dequantize --from gguf_mxfp4", input);
    EXPECT_EQ(r.exit_code, 2) << input;
    EXPECT_NE(r.err, "") << input;
  }
  r = typelattice("dequantize --from gguf_mxfp4",
                  "{\"format\": \"gguf_mxfp4\", \"blocks\": [{\"d\": {\"code\": 256}, \"elements\": []}]}");
  EXPECT_EQ(r.err, "typelattice: block 1: an E8M0 code must be 0 to 255\n");
}

}  // namespace
}  // namespace typelattice
