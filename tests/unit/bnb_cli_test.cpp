// quantize --to and dequantize --from nf4 and bnb_fp4, run as a user would run them; every code derived by hand.
#include <gtest/gtest.h>

#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "tests/unit/cli_run.h"

namespace typelattice {
namespace {

using testing::CliRun;

using testing::lines_as_floats;

// 2 -1 0.5 0, a short last block: absmax 2, scaled 1, -0.5, 0.25, 0. NF4's nearest: 1.0 (code 15), -0.5251 (2;
// -0.3949 is farther), 0.2461 (10; 0.3379 is farther), 0.0 (7). Bytes: f2 a7; absmax 2.0f = 0x40000000, LE.
TEST(BnbCli, Nf4PackedIsBitsandbytesTensorsAndDequantizesToTableTimesAbsmax) {
  const CliRun q = typelattice("quantize --to nf4 --packed -- 2 -1 0.5 0");
  ASSERT_EQ(q.exit_code, 0) << q.err;
  EXPECT_EQ(q.out, "format nf4\ncount 4\nabsmax 00000040\ncodes f2a7\n");
  const CliRun d = typelattice("dequantize --from nf4", q.out);
  ASSERT_EQ(d.exit_code, 0) << d.err;
  const std::vector<float> values = lines_as_floats(d.out);
  ASSERT_EQ(values.size(), 4u) << d.out;
  EXPECT_EQ(values[0], 2.0f);
  EXPECT_EQ(values[1], -0.5250730514526367f * 2.0f);
  EXPECT_EQ(values[2], 0.24611230194568634f * 2.0f);
  EXPECT_EQ(values[3], 0.0f);
}

// 12 -1 0.1 6: absmax 12, scaled 1, -0.0833, 0.0083, 0.5. FP4 codes: 1.0 is 3; 0.0833 is below the midpoint of
// 0.0052 and 0.1667 (0.0859), so 0.0052, negative: 9; 0.0083 -> 0.0052: 1; 0.5 is 5. Bytes 39 15.
TEST(BnbCli, Fp4Packed) {
  const CliRun q = typelattice("quantize --to BNB_FP4 --packed -- 12 -1 0.1 6");
  ASSERT_EQ(q.exit_code, 0) << q.err;
  EXPECT_EQ(q.out, "format bnb_fp4\ncount 4\nabsmax 00004041\ncodes 3915\n");
  const CliRun d = typelattice("dequantize --from bnb_fp4", q.out);
  ASSERT_EQ(d.exit_code, 0) << d.err;
  const std::vector<float> values = lines_as_floats(d.out);
  ASSERT_EQ(values.size(), 4u);
  EXPECT_EQ(values[1], (-0.0625f / 12.0f) * 12.0f);
  EXPECT_EQ(values[3], 6.0f);
}

TEST(BnbCli, TextShowsAbsmaxAndEachElement) {
  const CliRun r = typelattice("quantize --to nf4 -- 2 -1 0.5 0");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find(';')), "block 1: absmax 0x40000000 2");
  EXPECT_NE(r.out.find("\n  2 -> 0xf 1 -> 2\n  -1 -> 0x2 -0.52507305145263671875 -> -1.0501461029052734375\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\n  0 -> 0x7 0 -> 0\n"), std::string::npos) << r.out;
}

TEST(BnbCli, LayoutNamesTheAbsmaxAndTheCodes) {
  std::string values = "1";
  for (int i = 1; i < 65; ++i) values += " -1";  // a whole block, then a one-value block
  const CliRun r = typelattice("quantize --to nf4 --layout -- " + values);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("block 1: 64 values\n  absmax[0] bytes 0-3: 00 00 80 3f (float32, little-endian"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("  codes bytes 0-31: f0 00 00"), std::string::npos) << r.out;
  // The second block: -1 alone, absmax 1, code 0 and the pad 7 in the low nibble.
  EXPECT_NE(r.out.find("block 2: 1 values\n  absmax[1] bytes 4-7: 00 00 80 3f"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  codes bytes 32-32: 07 (byte i"), std::string::npos) << r.out;
}

TEST(BnbCli, JsonHoldsTheAbsmaxBitsAndEachCodeAndReadsBack) {
  const CliRun q = typelattice("quantize --to nf4 --format json -- 2 -1 0.5 0");
  ASSERT_EQ(q.exit_code, 0) << q.err;
  // absmax 2.0f is 0x40000000 = 1073741824; codes as derived above.
  EXPECT_EQ(q.out.substr(0, q.out.find("\"elements\"")),
            "{\"format\": \"nf4\", \"block_size\": 64, \"blocks\": [{\"absmax\": {\"code\": 1073741824, \"value\": 2}, ");
  EXPECT_NE(q.out.find("{\"code\": 15, \"value\": 1, \"dequantized\": 2}, {\"code\": 2, "), std::string::npos) << q.out;
  const CliRun d = typelattice("dequantize --from nf4", q.out);
  ASSERT_EQ(d.exit_code, 0) << d.err;
  const std::vector<float> values = lines_as_floats(d.out);
  ASSERT_EQ(values.size(), 4u);
  EXPECT_EQ(values[2], 0.24611230194568634f * 2.0f);
}

TEST(BnbCli, BadJsonExitsTwoWithWhatIsWrong) {
  const auto error_of = [](const std::string& doc) {
    const CliRun r = typelattice("dequantize --from nf4", doc);
    EXPECT_EQ(r.exit_code, 2) << doc;
    return r.err;
  };
  const std::string one = R"({"absmax": {"code": 1065353216}, "elements": [{"code": 1}]})";
  EXPECT_NE(error_of(R"({"format": "nf4", "format": "nf4", "blocks": [)" + one + "]}").find("given twice"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"format": "bnb_fp4", "blocks": [)" + one + "]}").find("not nf4"), std::string::npos);
  EXPECT_NE(error_of(R"({"format": "nf4", "blocks": [)" + one + ", " + one + "]}").find("only the last block"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"format": "nf4", "blocks": [{"absmax": {"code": 1}, "elements": [{"code": 16}]}]})")
                .find("element 1"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"format": "nf4", "blocks": [{"absmax": {"code": -1}, "elements": [{"code": 1}]}]})")
                .find("absmax"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"format": "nf4", "blocks": [)").find("not a JSON object"), std::string::npos);
}

TEST(BnbCli, UnknownNameSuggestsTheClosest) {
  const CliRun r = typelattice("quantize --to nf5 -- 1");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("did you mean nf4"), std::string::npos) << r.err;
  const CliRun d = typelattice("dequantize --from bnb_fp5", "");
  EXPECT_EQ(d.exit_code, 2);
  EXPECT_NE(d.err.find("bnb_fp4"), std::string::npos) << d.err;
}

TEST(BnbCli, BadInputExitsTwo) {
  EXPECT_EQ(typelattice("quantize --to nf4 -- 1 abc").exit_code, 2);
  EXPECT_EQ(typelattice("quantize --to nf4 --format json --packed -- 1").exit_code, 2);
  EXPECT_EQ(typelattice("quantize --to nf4 --scale-mode ceil -- 1").exit_code, 2);
  EXPECT_EQ(typelattice("quantize --to nf4").exit_code, 2);
  // Three values need two code bytes; the wrong format; a stray word; not hex.
  EXPECT_EQ(typelattice("dequantize --from nf4", "format nf4\ncount 3\nabsmax 0000803f\ncodes f0\n").exit_code, 2);
  EXPECT_EQ(typelattice("dequantize --from nf4", "format bnb_fp4\ncount 1\nabsmax 0000803f\ncodes f0\n").exit_code, 2);
  EXPECT_EQ(typelattice("dequantize --from nf4", "format nf4\ncount 1\nabsmax 0000803f\ncodes f0 x\n").exit_code, 2);
  EXPECT_EQ(typelattice("dequantize --from nf4", "format nf4\ncount 1\nabsmax 0000803g\ncodes f0\n").exit_code, 2);
  const CliRun r = typelattice("dequantize --from nf4", "format nf4\ncount 65\nabsmax 0000803f\ncodes " +
                                                           std::string(66, '0') + "\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("absmax"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace typelattice
