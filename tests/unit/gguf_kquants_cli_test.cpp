// dequantize --from ggml's K-quant types and its --layout, run as a user would run them; quantize --to one refused.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/unit/cli_run.h"
#include "tests/unit/hex_vectors.h"
#include "typelattice/minifloat.h"

namespace typelattice {
namespace {

using testing::CliRun;

struct KquantReferenceVector {
  std::string block_hex, values_hex;
};
// The reference super-blocks of one type (tests/data/gguf_blocks/ggml_kquants_reference.txt), in file order.
std::vector<KquantReferenceVector> reference_blocks(const std::string& ggml_name) {
  std::ifstream in(std::filesystem::path(TYPELATTICE_SOURCE_DIR) / "tests/data/gguf_blocks/ggml_kquants_reference.txt");
  std::vector<KquantReferenceVector> out;
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::string kind, name;
    KquantReferenceVector b;
    words >> kind >> name >> b.block_hex >> b.values_hex;
    if (kind == "decode" && name == ggml_name) out.push_back(b);
  }
  return out;
}

TEST(GgufKQuantCli, DequantizeGivesGgmlsValuesForEveryReferenceBlock) {
  for (const std::string type : {"q2_K", "q3_K", "q4_K", "q5_K", "q6_K"}) {
    const std::vector<KquantReferenceVector> refs = reference_blocks(type);
    ASSERT_GE(refs.size(), 20u) << type;
    std::string name = "gguf_" + type;
    name.back() = 'k';
    std::string blocks, values;
    for (const KquantReferenceVector& ref : refs) {
      blocks += ref.block_hex;
      values += ref.values_hex;
    }
    const std::string count = std::to_string(256 * refs.size());
    const CliRun r =
        typelattice("dequantize --from " + name, "format " + name + "\ncount " + count + "\nblocks " + blocks + "\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::istringstream lines(r.out);
    std::string line;
    std::size_t j = 0;
    for (; std::getline(lines, line); ++j) {
      ASSERT_LT(j, 256 * refs.size()) << name;
      const auto bits = static_cast<std::uint32_t>(std::stoul(values.substr(8 * j, 8), nullptr, 16));
      const auto want = std::bit_cast<float>(bits);
      const double got = parse_number(line).value();
      if (std::isnan(want)) {
        EXPECT_TRUE(std::isnan(got)) << name << " value " << j << ": " << line;
      } else {
        EXPECT_EQ(std::bit_cast<std::uint32_t>(static_cast<float>(got)), std::bit_cast<std::uint32_t>(want))
            << name << " value " << j << ": " << line;
      }
    }
    EXPECT_EQ(j, 256 * refs.size()) << name;
  }
}

TEST(GgufKQuantCli, LayoutNamesEveryFieldAndDecodesTheSubBlockScales) {
  // Q4_K: d = 1, dmin = 0.5; sub-block 0: scale 3, min 2; sub-block 5: scale 17 (low bits 1 in byte 9, top bits
  // 01 in bits 6-7 of byte 1), min 33 (low bits 1, top bits 10 in byte 5).
  std::vector<std::uint8_t> b(144, 0);
  b[1] = 0x3c;
  b[3] = 0x38;
  b[4 + 0] = 3;
  b[4 + 1] = 0x40;
  b[4 + 4] = 2;
  b[4 + 5] = 0x80;
  b[4 + 9] = 0x11;
  const CliRun r = typelattice("dequantize --from gguf_q4_k --layout",
                               "format gguf_q4_k\ncount 256\nblocks " + test_vectors::bytes_hex(b) + "\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find("  qs ")),
            "block 1: 144 bytes\n"
            "  d bytes 0-1: 00 3c (the super-block scale, float16) = 0x3c00 1\n"
            "  dmin bytes 2-3: 00 38 (the super-block scale of the mins, float16) = 0x3800 0.5\n"
            "  scales bytes 4-15: 03 40 00 00 02 80 00 00 00 11 00 00 (8 six-bit scales and mins: sub-block i < 4: "
            "scale = byte i & 63, min = byte i+4 & 63; i >= 4: the low four bits in byte i+4 (scale: low nibble, min: "
            "high nibble), the top two in bits 6-7 of byte i-4 (scale) and byte i (min))\n"
            "    sub-block scales: 3 0 0 0 0 17 0 0\n"
            "    sub-block mins: 2 0 0 0 0 33 0 0\n");
  EXPECT_NE(r.out.find("\n  qs bytes 16-143: 00 00 "), std::string::npos) << r.out;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 7);

  // Q6_K: int8 scales, no dmin; two blocks give two layouts.
  std::vector<std::uint8_t> q6(210, 0);
  q6[192] = 0xfe;
  q6[209] = 0xbc;  // d = -1
  q6.insert(q6.end(), q6.begin(), q6.end());
  const CliRun six = typelattice("dequantize --from GGUF_Q6_K --layout",
                                 "format gguf_q6_k\ncount 512\nblocks " + test_vectors::bytes_hex(q6) + "\n");
  ASSERT_EQ(six.exit_code, 0) << six.err;
  EXPECT_NE(six.out.find("    sub-block scales: -2 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n  d bytes 208-209: 00 bc "
                         "(the super-block scale, float16) = 0xbc00 -1\nblock 2: 210 bytes\n"),
            std::string::npos)
      << six.out;
  EXPECT_EQ(six.out.find("mins"), std::string::npos);
}

TEST(GgufKQuantCli, QuantizeIsRefusedAndBadInputIsAClearErrorWithExitTwo) {
  CliRun r = typelattice("quantize --to gguf_q4_k 1");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "typelattice: gguf_q4_k: only dequantize is supported (ggml's K-quant quantizers search for their "
                   "scales); dequantize --from gguf_q4_k reads its blocks\n");
  r = typelattice("quantize --to gguf_q4k 1");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("unknown block format 'gguf_q4k'; did you mean gguf_q4_k"), std::string::npos) << r.err;
  r = typelattice("dequantize --from gguf_q6k", "");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("did you mean gguf_q6_k"), std::string::npos) << r.err;
  r = typelattice("dequantize --from gguf_q8_0 --layout", "format gguf_q8_0\ncount 32\nblocks " + std::string(68, '0'));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "typelattice: dequantize --layout is for the GGUF K-quant types; quantize --layout shows the others\n");

  const std::string block(2 * 176, '0');
  for (const std::string& input :
       {"format gguf_q5_k\ncount 256\nblocks " + block.substr(2) + "\n",   // a byte short
        "format gguf_q5_k\ncount 256\nblocks " + block + "00\n",           // a byte too many
        "format gguf_q5_k\ncount 512\nblocks " + block + "\n",             // a block short
        "format gguf_q5_k\ncount 32\nblocks " + block + "\n",              // not whole super-blocks
        "format gguf_q4_k\ncount 256\nblocks " + block + "\n",             // another type
        std::string("{\"format\": \"gguf_q5_k\"}\n")}) {                   // no JSON form
    r = typelattice("dequantize --from gguf_q5_k", input);
    EXPECT_EQ(r.exit_code, 2) << input;
    EXPECT_EQ(r.out, "") << input;
    EXPECT_NE(r.err, "") << input;
  }
  r = typelattice("dequantize --from gguf_q5_k", "format gguf_q5_k\ncount 256\nblocks " + block.substr(2) + "\n");
  EXPECT_EQ(r.err, "typelattice: count 256 takes 176 bytes of gguf_q5_k blocks, not 350 hex digits\n");
  r = typelattice("dequantize --from gguf_q5_k", "format gguf_q5_k\ncount 32\nblocks " + block + "\n");
  EXPECT_EQ(r.err, "typelattice: count 32 is not a whole number of 256-value blocks\n");
  r = typelattice("dequantize --from gguf_q5_k", "format gguf_q5_k\ncount 256\nblocks " + block + "\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, [] {
    std::string zeros;
    for (int i = 0; i < 256; ++i) zeros += "0\n";
    return zeros;
  }());
}

}  // namespace
}  // namespace typelattice
