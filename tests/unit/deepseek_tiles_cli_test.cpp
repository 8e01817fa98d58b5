// quantize --to and dequantize --from the DeepSeek FP8 tile types, run as a user would run them; codes derived by
// hand from float8_e4m3fn's values (1 = 0x38, 224 = 0x76, 288 = 0x79, 384 = 0x7c, 448 = 0x7e; the sign is 0x80).
#include <gtest/gtest.h>

#include <bit>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "tests/unit/cli_run.h"

namespace typelattice {
namespace {

using testing::CliRun;

using testing::lines_as_floats;

// A float32's little-endian bytes in hex, as the packed form writes the scales.
std::string le_hex(float v) {
  const auto bits = std::bit_cast<std::uint32_t>(v);
  std::string out;
  for (int i = 0; i < 4; ++i) out += "0123456789abcdef"[bits >> (8 * i + 4) & 15], out += "0123456789abcdef"[bits >> (8 * i) & 15];
  return out;
}

// amax 448: s = 1, so the codes are the values' own.
TEST(DeepseekTilesCli, PackedRoundTripOfOneGroup) {
  const CliRun q = typelattice("quantize --to ds_fp8_1x128 --packed -- 448 -224 1 0");
  ASSERT_EQ(q.exit_code, 0) << q.err;
  EXPECT_EQ(q.out, "format ds_fp8_1x128\nshape 1,4\nscales 0000803f\ncodes 7ef63800\n");
  const CliRun d = typelattice("dequantize --from ds_fp8_1x128", q.out);
  ASSERT_EQ(d.exit_code, 0) << d.err;
  EXPECT_EQ(d.out, "448\n-224\n1\n0\n");
}

// amax 300: s = 300/448 rounds up to 1 with ue8m0, and 300 goes to 288 (the midpoint with 320 is 304); without
// ue8m0, 300 / s lands on 448.
TEST(DeepseekTilesCli, Ue8m0ScaleIsAPowerOfTwo) {
  const CliRun q = typelattice("quantize --to DS_FP8_1x128_UE8M0 --packed -- 300 -1");
  ASSERT_EQ(q.exit_code, 0) << q.err;
  EXPECT_EQ(q.out, "format ds_fp8_1x128_ue8m0\nshape 1,2\nscales 0000803f\ncodes 79b8\n");
  const CliRun plain = typelattice("quantize --to ds_fp8_1x128 --packed -- 300 -1");
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  // -1 / s = -1.493 lies past the midpoint -1.4375 of -1.375 and -1.5: 0xbc.
  EXPECT_EQ(plain.out, "format ds_fp8_1x128\nshape 1,2\nscales " + le_hex(300.0f / 448.0f) + "\ncodes 7ebc\n");
}

// Each row its own groups: row 1's amax 448 (s = 1), row 2's 2 (s = 2/448, where 2 lands on 448).
TEST(DeepseekTilesCli, ShapeGivesEachRowItsGroups) {
  const CliRun q = typelattice("quantize --to ds_fp8_1x128 --shape 2,2 --packed -- 448 1 2 -2");
  ASSERT_EQ(q.exit_code, 0) << q.err;
  EXPECT_EQ(q.out, "format ds_fp8_1x128\nshape 2,2\nscales 0000803f" + le_hex(2.0f / 448.0f) + "\ncodes 7e387efe\n");
}

// A 2 × 130 matrix is two 128×128 tiles, the second 2 × 2 wide. Tile 1: amax 6, s = 6/448, so 1..6 scale to
// 74.7 (-> 72, 0x69), 149.3 (144, 0x71), 224 (0x76), 298.7 (288, 0x79), 373.3 (384, 0x7c), 448 (0x7e).
TEST(DeepseekTilesCli, WeightTilesWithAPartialEdgeRoundTripThroughJsonAndPacked) {
  std::string values;
  std::vector<float> x(260, 0.0f);
  for (int i = 0; i < 6; ++i) x[static_cast<std::size_t>(i)] = static_cast<float>(i + 1);
  x[128] = 0.5f, x[129] = -0.25f, x[258] = 0.125f;  // row 1's last two columns, row 2's second to last
  for (const float v : x) values.append(" ").append(std::to_string(v));
  const CliRun q = typelattice("quantize --to ds_fp8_128x128 --shape 2,130 --packed --" + values);
  ASSERT_EQ(q.exit_code, 0) << q.err;
  const float s = 6.0f / 448.0f;
  EXPECT_EQ(q.out.substr(0, q.out.find("\ncodes ")),
            "format ds_fp8_128x128\nshape 2,130\nscales " + le_hex(s) + le_hex(0.5f / 448.0f));
  EXPECT_EQ(q.out.substr(q.out.find("\ncodes ") + 7, 12), "697176797c7e");
  const CliRun json = typelattice("quantize --to ds_fp8_128x128 --shape 2,130 --format json --" + values);
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const nlohmann::json doc = nlohmann::json::parse(json.out);
  EXPECT_EQ(doc["shape"], nlohmann::json::array({2, 130}));
  ASSERT_EQ(doc["tiles"].size(), 2u);
  EXPECT_EQ(doc["tiles"][1]["col"], 1);
  EXPECT_EQ(doc["tiles"][1]["elements"].size(), 4u);  // rows 1-2, cols 129-130
  EXPECT_EQ(doc["tiles"][1]["elements"][0]["code"], 0x7e);  // 0.5, the tile's amax
  EXPECT_EQ(doc["tiles"][0]["scale"]["code"], std::bit_cast<std::uint32_t>(s));
  const CliRun from_packed = typelattice("dequantize --from ds_fp8_128x128", q.out);
  const CliRun from_json = typelattice("dequantize --from ds_fp8_128x128", json.out);
  ASSERT_EQ(from_packed.exit_code, 0) << from_packed.err;
  ASSERT_EQ(from_json.exit_code, 0) << from_json.err;
  EXPECT_EQ(from_packed.out, from_json.out);
  const std::vector<float> back = lines_as_floats(from_packed.out);
  ASSERT_EQ(back.size(), 260u);
  EXPECT_EQ(back[1], 144.0f * s);
  EXPECT_EQ(back[5], 448.0f * s);
  EXPECT_EQ(back[128], 0.5f);
  EXPECT_EQ(back[129], -0.25f);
  EXPECT_EQ(back[258], 0.125f);
}

TEST(DeepseekTilesCli, TextAndLayoutShowEachTile) {
  const CliRun t = typelattice("quantize --to ds_fp8_1x128 -- 448 1");
  ASSERT_EQ(t.exit_code, 0) << t.err;
  EXPECT_EQ(t.out.substr(0, t.out.find(';', t.out.find(';') + 1)),
            "tile 1,1: rows 1-1, cols 1-2; amax 448, scale 0x3f800000 1");
  EXPECT_NE(t.out.find("\n  448 -> 0x7e 448 -> 448\n  1 -> 0x38 1 -> 1\n"), std::string::npos) << t.out;
  const CliRun l = typelattice("quantize --to ds_fp8_1x128 --layout -- 448 1");
  ASSERT_EQ(l.exit_code, 0) << l.err;
  EXPECT_EQ(l.out, "tile 1,1: rows 1-1, cols 1-2\n  scales bytes 0-3: 00 00 80 3f (float32, little-endian, scale 0) = "
                   "0x3f800000 1\n  codes bytes 0-1: 7e 38 (row 1)\n");
}

TEST(DeepseekTilesCli, UnknownNamesSuggestTheClosest) {
  const CliRun q = typelattice("quantize --to ds_fp8_1x12 -- 1");
  EXPECT_EQ(q.exit_code, 2);
  EXPECT_NE(q.err.find("did you mean ds_fp8_1x128"), std::string::npos) << q.err;
  const CliRun d = typelattice("dequantize --from ds_fp8_128x128_e8m0", "");
  EXPECT_EQ(d.exit_code, 2);
  EXPECT_NE(d.err.find("ds_fp8_128x128_ue8m0"), std::string::npos) << d.err;
}

TEST(DeepseekTilesCli, WrongShapesAndBadInputExitTwo) {
  const CliRun few = typelattice("quantize --to ds_fp8_128x128 --shape 2,3 -- 1 2 3 4 5");
  EXPECT_EQ(few.exit_code, 2);
  EXPECT_NE(few.err.find("--shape 2,3 holds 6 values, and 5 were given"), std::string::npos) << few.err;
  const CliRun many = typelattice("quantize --to ds_fp8_1x128 --shape 1,2 -- 1 2 3 4 5");
  EXPECT_EQ(many.exit_code, 2);
  EXPECT_NE(many.err.find("holds 2 values"), std::string::npos) << many.err;
  const CliRun none = typelattice("quantize --to ds_fp8_128x128 -- 1 2");
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_NE(none.err.find("--shape ROWS,COLS"), std::string::npos) << none.err;
  EXPECT_EQ(typelattice("quantize --to ds_fp8_128x128 --shape 2x3 -- 1").exit_code, 2);
  EXPECT_EQ(typelattice("quantize --to ds_fp8_128x128 --shape 0,3 -- 1").exit_code, 2);
  EXPECT_EQ(typelattice("quantize --to nf4 --shape 1,1 -- 1").exit_code, 2);
  EXPECT_EQ(typelattice("quantize --to ds_fp8_1x128 --scale-mode ceil -- 1").exit_code, 2);
  // Two tiles' scales wanted, one given; codes for 3 of 4 values; another format; not hex.
  const CliRun scales = typelattice("dequantize --from ds_fp8_1x128",
                                    "format ds_fp8_1x128\nshape 2,2\nscales 0000803f\ncodes 38383838\n");
  EXPECT_EQ(scales.exit_code, 2);
  EXPECT_NE(scales.err.find("1 scales where the matrix has 2 tiles"), std::string::npos) << scales.err;
  EXPECT_EQ(typelattice("dequantize --from ds_fp8_1x128", "format ds_fp8_1x128\nshape 2,2\nscales "
                                                          "0000803f0000803f\ncodes 383838\n").exit_code, 2);
  EXPECT_EQ(typelattice("dequantize --from ds_fp8_1x128", "format nf4\nshape 1,1\nscales 0000803f\ncodes 38\n").exit_code, 2);
  EXPECT_EQ(typelattice("dequantize --from ds_fp8_1x128", "format ds_fp8_1x128\nshape 1,1\nscales 0000803g\ncodes 38\n")
                .exit_code, 2);
  // JSON: a tile given twice, a shape the tiles do not fill.
  const std::string tile = R"({"row": 0, "col": 0, "scale": {"code": 1065353216}, "elements": [{"code": 56}]})";
  const CliRun twice = typelattice("dequantize --from ds_fp8_1x128",
                                   R"({"format": "ds_fp8_1x128", "shape": [2, 1], "tiles": [)" + tile + ", " + tile + "]}");
  EXPECT_EQ(twice.exit_code, 2);
  EXPECT_NE(twice.err.find("given twice"), std::string::npos) << twice.err;
  const CliRun short_shape = typelattice("dequantize --from ds_fp8_128x128",
                                         R"({"format": "ds_fp8_128x128", "shape": [1, 2], "tiles": [)" + tile + "]}");
  EXPECT_EQ(short_shape.exit_code, 2);
  EXPECT_NE(short_shape.err.find("the tiles hold 1 elements, the shape 1×2"), std::string::npos) << short_shape.err;
}

}  // namespace
}  // namespace typelattice
