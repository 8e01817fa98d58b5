// quantize and dequantize, run as a user would run them, against the core.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "tests/unit/cli_run.h"
#include "typelattice/block_formats.h"
#include "typelattice/minifloat.h"

namespace typelattice {
namespace {

using testing::CliRun;

// A value printed by the CLI, read back exactly (null: NaN).
double read_back(const nlohmann::json& number) {
  if (number.is_null()) return std::nan("");
  return parse_number(number.dump()).value();
}

std::vector<float> sample_values(std::size_t n) {
  std::vector<float> values;
  for (std::size_t i = 0; i < n; ++i)
    values.push_back(static_cast<float>(std::sin(static_cast<double>(i) * 1.3) * std::exp2(static_cast<double>(i % 11) - 4)));
  values[3] = 0.0f;
  values[n / 2] *= 300.0f;  // an outlier
  return values;
}

std::string words(const std::vector<float>& values) {
  std::string out;
  for (const float v : values) out += exact_decimal(static_cast<double>(v)) + (out.size() % 5 == 0 ? "\n" : " ");
  return out;
}

TEST(BlockCli, TextShowsEachBlocksScaleAndEachElement) {
  CliRun r = typelattice("quantize --to mxfp4_e2m1 7.5 1 1 1");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "block 1: scale 0x7f 1; mse 0.5625, sqnr 14.21 dB, max abs error 1.5, saturated 1, flushed 0\n"
            "  7.5 -> 0x7 6 -> 6 saturated\n"
            "  1 -> 0x2 1 -> 1\n  1 -> 0x2 1 -> 1\n  1 -> 0x2 1 -> 1\n");
  r = typelattice("quantize --to MXFP4_E2M1 --scale-mode rceil -- 7.5 -1");
  EXPECT_EQ(r.out,
            "block 1: scale 0x80 2; mse 0.125, sqnr 23.60 dB, max abs error 0.5, saturated 0, flushed 0\n"
            "  7.5 -> 0x6 4 -> 8\n  -1 -> 0x9 -0.5 -> -1\n");
  r = typelattice("quantize --to nvfp4 10 -3 0.1 0");
  EXPECT_NE(r.out.find("block 1: scale 0x3d 1.625;"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  0.1 -> 0x0 0 -> 0 flushed\n"), std::string::npos) << r.out;
}

TEST(BlockCli, JsonHasTheDocumentedShape) {
  const CliRun r = typelattice("quantize --to mxfp4_e2m1 --format json 7.5 1");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "{\"format\": \"mxfp4_e2m1\", \"block_size\": 32, \"scale_mode\": \"floor\", \"blocks\": [{\"scale\": "
            "{\"code\": 127, \"value\": 1}, \"elements\": [{\"code\": 7, \"value\": 6, \"dequantized\": 6}, "
            "{\"code\": 2, \"value\": 1, \"dequantized\": 1}]}]}\n");
}

// Values from stdin, split on any white space, in consecutive blocks (the last one short): the JSON's numbers
// read back to exactly the core's, for every format and mode.
TEST(BlockCli, JsonMatchesTheCoreForEveryFormatAndMode) {
  const std::vector<float> values = sample_values(45);
  for (const BlockFormatSpec& spec : block_formats()) {
    for (const char* mode : {"floor", "ceil", "even", "rceil", "nearest"}) {
      const ScaleMode m = parse_scale_mode(mode).value();
      if (!has_scale_mode(spec.id, m)) continue;
      const CliRun r = typelattice("quantize --format json --to " + std::string(spec.name) + " --scale-mode " + mode,
                                   words(values));
      ASSERT_EQ(r.exit_code, 0) << r.err;
      const nlohmann::json doc = nlohmann::json::parse(r.out);
      EXPECT_EQ(doc["format"], spec.name);
      EXPECT_EQ(doc["block_size"], spec.block_size);
      EXPECT_EQ(doc["scale_mode"], mode);
      const auto want = quantize_detail(spec.id, BlockOptions{m}, values);
      ASSERT_TRUE(want.ok());
      ASSERT_EQ(doc["blocks"].size(), want->size());
      for (std::size_t b = 0; b < want->size(); ++b) {
        const nlohmann::json& block = doc["blocks"][b];
        const QuantizedBlock& w = (*want)[b];
        EXPECT_EQ(block["scale"]["code"], w.scale_code);
        EXPECT_EQ(read_back(block["scale"]["value"]), w.scale);
        ASSERT_EQ(block["elements"].size(), w.elements.size());
        for (std::size_t i = 0; i < w.elements.size(); ++i) {
          EXPECT_EQ(block["elements"][i]["code"], w.elements[i].code);
          EXPECT_EQ(read_back(block["elements"][i]["value"]), w.elements[i].value);
          EXPECT_EQ(read_back(block["elements"][i]["dequantized"]), w.elements[i].dequantized) << spec.name;
        }
      }
    }
  }
}

// quantize | dequantize gives the core's dequantized values (-0 included), from the JSON and the packed form.
TEST(BlockCli, DequantizeReversesBothForms) {
  const std::vector<float> values = sample_values(37);
  for (const BlockFormatSpec& spec : block_formats()) {
    const std::string to = std::string(spec.name);
    for (const char* extra : {"", " --tensor-scale"}) {
      if (*extra && spec.id != BlockFormat::nvfp4) continue;
      const CliRun json = typelattice("quantize --format json --to " + to + extra, words(values));
      const CliRun packed = typelattice("quantize --packed --to " + to + extra, words(values));
      ASSERT_EQ(json.exit_code, 0) << json.err;
      ASSERT_EQ(packed.exit_code, 0) << packed.err;
      const auto options = block_options(spec.id, std::nullopt, *extra != 0, values);
      const auto blocks = quantize_detail(spec.id, options.value(), values);
      std::string want;
      for (const QuantizedBlock& block : blocks.value())
        for (const QuantizedElement& e : block.elements) want += exact_decimal(e.dequantized) + "\n";
      const CliRun from_json = typelattice("dequantize --from " + to, json.out);
      const CliRun from_packed = typelattice("dequantize --from " + to, packed.out);
      EXPECT_EQ(from_json.exit_code, 0) << from_json.err;
      EXPECT_EQ(from_packed.exit_code, 0) << from_packed.err;
      EXPECT_EQ(from_json.out, want) << to << extra;
      EXPECT_EQ(from_packed.out, want) << to << extra;
    }
  }
}

TEST(BlockCli, PackedFormAndHexInput) {
  CliRun r = typelattice("quantize --to nvfp4 --packed 10 -3 0.1 0");
  EXPECT_EQ(r.out, "format nvfp4\ncount 4\nscales 3d\ncodes c700\n");
  r = typelattice("quantize --to mxfp6_e3m2 --packed 0.25 0.5 1 28");  // codes 0x04 0x08 0x0c 0x1f after 2^0
  EXPECT_EQ(r.out, "format mxfp6_e3m2\ncount 4\nscales 7f\ncodes 04c27c\n");
  r = typelattice("quantize --to mxint8 --input hex 0x3f800000 0xbfc00000");
  EXPECT_EQ(r.out, "block 1: scale 0x7f 1; mse 0, sqnr inf dB, max abs error 0, saturated 0, flushed 0\n"
                   "  1 -> 0x40 1 -> 1\n  -1.5 -> 0xa0 -1.5 -> -1.5\n");
  // A decimal that is not a float32 is rounded to float32 once: 0.1 is 0.100000001490116119384765625.
  r = typelattice("quantize --to mxfp8_e4m3 --format json 0.1");
  EXPECT_NE(r.out.find("\"dequantized\": 0.1015625"), std::string::npos) << r.out;
}

TEST(BlockCli, BadInputIsRefusedWithExitTwo) {
  struct Case {
    std::string args, in, message;
  };
  const Case cases[] = {
      {"quantize --to mxfp4_e2m2 1", "", "did you mean mxfp4_e2m1"},
      {"quantize --to mxfp4_e2m1 --scale-mode flor 1", "", "did you mean floor"},
      {"quantize --to nvfp4 --scale-mode floor 1", "", "nvfp4's scale is always 'nearest'"},
      {"quantize --to mxfp8_e4m3 --tensor-scale 1", "", "nvfp4 only"},
      {"quantize --to mxfp8_e4m3 1 abc", "", "value 2: 'abc' is not a number"},
      {"quantize --to mxfp8_e4m3 1e39", "", "out of the range of float32"},
      {"quantize --to mxfp8_e4m3 --input hex 0x3f80", "", "hex digits"},
      {"quantize --to mxfp8_e4m3", " \n", "no values"},
      {"quantize --to mxfp8_e4m3 --format yaml 1", "", "text or json"},
      {"dequantize --from mxfp4_e2m1", "count 3\nscales 7f\ncodes 212\n", "odd number of hex digits"},
      {"dequantize --from mxfp4_e2m1", "count 3\nscales 7f\ncodes 212100\n", "that takes 2"},
      {"dequantize --from mxfp4_e2m1", "count 3\nscales 7f\ncodes 2141\n", "unused high bits"},
      {"dequantize --from mxfp4_e2m1", "count 3\nscales 7f7f\ncodes 2101\n", "have 1 scales"},
      {"dequantize --from mxfp4_e2m1", "count 3\nscales zz\ncodes 2101\n", "not a hex digit"},
      {"dequantize --from mxfp4_e2m1", "format nvfp4\ncount 1\nscales 38\ncodes 01\n", "not mxfp4_e2m1"},
      {"dequantize --from mxfp4_e2m1", "count 1\nscales 7f\ncodes 01\ncolour red\n", "unknown key 'colour'"},
      {"dequantize --from mxfp4_e2m1", "{\"blocks\": [{\"scale\": {\"code\": 300}, \"elements\": []}]}",
       "\"scale\" must be"},
      {"dequantize --from mxfp4_e2m1", "{\"blocks\": [{\"scale\": {\"code\": 127}, \"elements\": [{\"code\": 16}]}]}",
       "from 0 to 15"},
      {"dequantize --from mxfp4_e2m1", "{\"blocks\": [", "not a JSON object"},
      {"dequantize --from mxfp4_e2m1", "", "no input"},
      {"dequantize --from mxfp9", "{}", "unknown block format"},
  };
  for (const Case& c : cases) {
    const CliRun r = typelattice(c.args, c.in);
    EXPECT_EQ(r.exit_code, 2) << c.args << " <<< " << c.in;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << c.args << " <<< " << c.in << "\n" << r.err;
    EXPECT_TRUE(r.out.empty()) << c.args;
  }
}

}  // namespace
}  // namespace typelattice
