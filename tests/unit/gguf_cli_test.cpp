// quantize --to and dequantize --from ggml's GGUF block types, run as a user would run them.
#include <gtest/gtest.h>

#include <bit>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "tests/unit/cli_run.h"
#include "typelattice/minifloat.h"

namespace typelattice {
namespace {

using testing::CliRun;

std::string repeat(const std::string& word, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += word + " ";
  return out;
}

TEST(GgufCli, TextShowsDAndEachElementWithRoundfsTiesAwayFromZero) {
  // amax 127 makes d = 1 exactly, so each code is roundf(x): 2.5 -> 3 and -0.5 -> -1 (not nearbyint's 2 and -0).
  const CliRun r = typelattice("quantize --to gguf_q8_0 -- 127 2.5 -0.5 -127 " + repeat("0", 28));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')), "block 1: d 0x3c00 1; mse 0.015625, sqnr 48.10 dB, max abs error 0.5");
  EXPECT_NE(r.out.find("\n  127 -> 0x7f 127 -> 127\n  2.5 -> 0x03 3 -> 3\n  -0.5 -> 0xff -1 -> -1\n"
                       "  -127 -> 0x81 -127 -> -127\n  0 -> 0x00 0 -> 0\n"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 33);
}

TEST(GgufCli, WithAMinimumTheLineShowsM) {
  // min -1, max 14: d = 15 / 15 = 1, m = -1; q = trunc(x + 1 + 0.5).
  const CliRun r = typelattice("quantize --to GGUF_Q4_1 -- -1 14 0.4 " + repeat("3", 29));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find(';')), "block 1: d 0x3c00 1, m 0xbc00 -1");
  EXPECT_NE(r.out.find("\n  -1 -> 0x0 0 -> -1\n  14 -> 0xf 15 -> 14\n  0.4 -> 0x1 1 -> 0\n"), std::string::npos) << r.out;
}

// A block from tests/data/gguf_blocks/ggml_reference.txt, made by ggml's own functions.
struct GgufReferenceVector {
  std::string input_hex, block_hex, values_hex;
};
GgufReferenceVector reference_block(const std::string& type, const std::string& name) {
  std::ifstream in(std::filesystem::path(TYPELATTICE_SOURCE_DIR) / "tests/data/gguf_blocks/ggml_reference.txt");
  GgufReferenceVector found;
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::string kind, block_name;
    words >> kind >> block_name;
    if (block_name != name) continue;
    if (kind == "input") words >> found.input_hex;
    if (kind == type) words >> found.block_hex >> found.values_hex;
  }
  return found;
}

TEST(GgufCli, PackedIsGgmlsBytesAndDequantizeGivesGgmlsValues) {
  for (const std::string type : {"q4_0", "q4_1", "q5_0", "q5_1", "q8_0", "iq4_nl"}) {
    for (const std::string name : {"random-3", "equal-maxima-negative-first"}) {
      const GgufReferenceVector ref = reference_block(type, name);
      ASSERT_FALSE(ref.block_hex.empty()) << type << " " << name;
      std::string words;
      for (std::size_t j = 0; j < 32; ++j) words += "0x" + ref.input_hex.substr(8 * j, 8) + "\n";
      const std::string format = type == "iq4_nl" ? type : "gguf_" + type;
      const CliRun packed = typelattice("quantize --to " + format + " --packed --input hex", words);
      ASSERT_EQ(packed.exit_code, 0) << packed.err;
      EXPECT_EQ(packed.out, "format " + format + "\ncount 32\nblocks " + ref.block_hex + "\n");
      const CliRun values = typelattice("dequantize --from " + format, packed.out);
      ASSERT_EQ(values.exit_code, 0) << values.err;
      std::istringstream lines(values.out);
      std::string line;
      for (std::size_t j = 0; j < 32 && std::getline(lines, line); ++j) {
        const auto want = static_cast<std::uint32_t>(std::stoul(ref.values_hex.substr(8 * j, 8), nullptr, 16));
        EXPECT_EQ(std::bit_cast<std::uint32_t>(static_cast<float>(parse_number(line).value())), want)
            << format << " " << name << " value " << j << ": " << line;
      }
    }
  }
}

TEST(GgufCli, JsonHasEachBlocksCodesAndReadsBackAsThePackedFormDoes) {
  std::string values;
  for (int i = 0; i < 64; ++i) values += std::to_string((i * 37 % 41) - 20) + ".25 ";
  const CliRun r = typelattice("quantize --to gguf_q5_1 --format json -- " + values);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const nlohmann::json doc = nlohmann::json::parse(r.out);
  EXPECT_EQ(doc["format"], "gguf_q5_1");
  EXPECT_EQ(doc["block_size"], 32);
  ASSERT_EQ(doc["blocks"].size(), 2u);
  const nlohmann::json& block = doc["blocks"][0];
  // "-20.25" to "20.25" in the first block: d = 40.5 / 31 and m = -20.25, as float16 codes.
  EXPECT_EQ(block["m"]["code"], 0xcd10);  // -(1 + 17/64) × 2^4
  EXPECT_EQ(block["m"]["value"], -20.25);
  EXPECT_EQ(block["d"]["code"], encode(Format::float16, 40.5f / 31.0f, CastOptions{false, RoundMode::nearest_even, {}}));
  ASSERT_EQ(block["elements"].size(), 32u);
  for (const nlohmann::json& e : block["elements"]) EXPECT_EQ(e["code"], e["value"]);  // Q5_1's integer is its code
  const CliRun from_json = typelattice("dequantize --from gguf_q5_1", r.out);
  const CliRun packed = typelattice("quantize --to gguf_q5_1 --packed -- " + values);
  const CliRun from_packed = typelattice("dequantize --from gguf_q5_1", packed.out);
  ASSERT_EQ(from_json.exit_code, 0) << from_json.err;
  EXPECT_EQ(from_json.out, from_packed.out);
  std::istringstream lines(from_json.out);
  std::string line;
  for (std::size_t i = 0; std::getline(lines, line); ++i)
    EXPECT_EQ(nlohmann::json::parse(line), doc["blocks"][i / 32]["elements"][i % 32]["dequantized"]) << i;

  // What the reader refuses, each with exit 2 and nothing on stdout.
  const std::string element = "{\"code\": 1}";
  std::string elements = element;
  for (int j = 1; j < 32; ++j) elements += ", " + element;
  const auto doc_of = [](const std::string& format, const std::string& block_text) {
    return "{\"format\": \"" + format + "\", \"blocks\": [" + block_text + "]}";
  };
  const std::string good = doc_of("gguf_q4_0", "{\"d\": {\"code\": 15360}, \"elements\": [" + elements + "]}");
  const CliRun ok = typelattice("dequantize --from gguf_q4_0", good);
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_EQ(ok.out.substr(0, 6), "-7\n-7\n");  // (1 - 8) × 1
  const std::pair<std::string, std::string> bad[] = {
      {doc_of("gguf_q4_0", "{\"d\": {\"code\": 15360}, \"elements\": [" + elements.substr(element.size() + 2) + "]}"),
       "block 1: 31 elements, not 32"},
      {doc_of("gguf_q4_0", "{\"elements\": [" + elements + "]}"), "block 1: no \"d\" code"},
      {doc_of("gguf_q4_0", "{\"d\": {\"code\": 65536}, \"elements\": [" + elements + "]}"),
       "block 1: a float16 code must be 0 to 65535"},
      {doc_of("gguf_q4_0", "{\"d\": {\"code\": 1, \"code\": 2}, \"elements\": [" + elements + "]}"),
       "block 1: the key \"code\" is given twice"},
      {doc_of("gguf_q4_0", "{\"d\": {\"code\": 1}, \"m\": {\"code\": 1}, \"elements\": [" + elements + "]}"),
       "block 1: gguf_q4_0 has no \"m\""},
      {doc_of("gguf_q4_0", "{\"d\": {\"code\": 1}, \"elements\": [{\"code\": 16}" + elements.substr(element.size()) + "]}"),
       "block 1: an element code must be 0 to 15"},
      {doc_of("gguf_q4_0", "{\"d\": {\"code\": 1.5}, \"elements\": [" + elements + "]}"),
       "block 1: a \"code\" is not an integer"},
      {doc_of("gguf_q8_0", "{\"d\": {\"code\": 1}, \"elements\": [" + elements + "]}"), "the input is gguf_q8_0, not gguf_q4_0"},
      {doc_of("gguf_q4_0", ""), "\"blocks\" must be a non-empty array"},
      {good.substr(0, good.size() - 1), "the input is not a JSON object"},
  };
  for (const auto& [input, message] : bad) {
    const CliRun refused = typelattice("dequantize --from gguf_q4_0", input);
    EXPECT_EQ(refused.exit_code, 2) << input;
    EXPECT_EQ(refused.out, "") << input;
    EXPECT_EQ(refused.err, "typelattice: " + message + "\n") << input;
  }
  const CliRun no_m = typelattice("dequantize --from gguf_q4_1", doc_of("gguf_q4_1", "{\"d\": {\"code\": 1}, \"elements\": [" + elements + "]}"));
  EXPECT_EQ(no_m.err, "typelattice: block 1: no \"m\" code\n");
}

TEST(GgufCli, LayoutNamesEveryFieldOfTheBytes) {
  const CliRun r = typelattice("quantize --to gguf_q5_1 --layout -- " + repeat("-1 30", 16));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // min -1, max 30: d = 31/31 = 1, m = -1; element j (even) -> 0, odd -> 31: the fifth bit set for odd j.
  EXPECT_EQ(r.out,
            "block 1: 24 bytes\n"
            "  d bytes 0-1: 00 3c (the scale, float16) = 0x3c00 1\n"
            "  m bytes 2-3: 00 bc (the minimum, float16) = 0xbc00 -1\n"
            "  qh bytes 4-7: aa aa aa aa (bit j: the fifth bit of element j's code (uint32, little-endian))\n"
            "  qs bytes 8-23: 00 ff 00 ff 00 ff 00 ff 00 ff 00 ff 00 ff 00 ff (byte j: element j's code in the low "
            "nibble, element j+16's in the high nibble)\n");
}

TEST(GgufCli, BadInputIsAClearErrorWithExitTwo) {
  CliRun r = typelattice("quantize --to gguf_q4_0 1 2 3");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "typelattice: gguf_q4_0 quantizes whole blocks of 32 values: the last block has 3\n");
  r = typelattice("quantize --to gguf_q8 1");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("unknown block format 'gguf_q8'; did you mean gguf_q8_0"), std::string::npos) << r.err;
  r = typelattice("quantize --to iq4nl 1");
  EXPECT_NE(r.err.find("did you mean iq4_nl"), std::string::npos) << r.err;
  r = typelattice("quantize --to mxfp4 1");  // the MX names are still suggested
  EXPECT_NE(r.err.find("did you mean mxfp4_e2m1"), std::string::npos) << r.err;
  r = typelattice("quantize --to gguf_q8_0 --scale-mode ceil 1");
  EXPECT_EQ(r.exit_code, 2);
  r = typelattice("quantize --to gguf_q8_0 --format yaml 1");
  EXPECT_EQ(r.exit_code, 2);
  r = typelattice("quantize --to gguf_q8_0 --format json --packed 1");
  EXPECT_EQ(r.exit_code, 2);
  r = typelattice("quantize --to mxfp4_e2m1 --layout 1");
  EXPECT_EQ(r.exit_code, 2);
  r = typelattice("quantize --to gguf_q8_0 " + repeat("1", 31) + " x");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("value 32: "), std::string::npos) << r.err;

  const std::string block(68, '0');
  for (const std::string& input :
       {"format gguf_q8_0\ncount 32\nblocks " + block.substr(2) + "\n",        // a byte short
        "format gguf_q8_0\ncount 64\nblocks " + block + "\n",                   // a block short
        "format gguf_q8_0\ncount 33\nblocks " + block + "\n",                   // not whole blocks
        "format gguf_q8_0\ncount 32\nblocks " + block.substr(1) + "g\n",        // not hex
        "format gguf_q4_0\ncount 32\nblocks " + block + "\n",                   // another type
        "format gguf_q8_0\ncount 32\nblocks " + block + "\nblocks 00\n",        // trailing text
        "count 32\nblocks " + block + "\n"}) {
    r = typelattice("dequantize --from gguf_q8_0", input);
    EXPECT_EQ(r.exit_code, 2) << input;
    EXPECT_EQ(r.out, "") << input;
    EXPECT_NE(r.err, "") << input;
  }
  r = typelattice("dequantize --from gguf_q8_0", "format gguf_q8_0\ncount 32\nblocks " + block + "\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::string zeros;
  for (int i = 0; i < 32; ++i) zeros += "0\n";
  EXPECT_EQ(r.out, zeros);
}

}  // namespace
}  // namespace typelattice
