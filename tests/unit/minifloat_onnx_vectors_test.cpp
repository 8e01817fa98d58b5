// ONNX's backend test vectors for Cast to and from float8 / float4 / E8M0 (and float32 -> float16/bfloat16),
// converted to text in tests/data/onnx_cast/ (one file per ONNX test: a header naming the ONNX commit, then
// "from A to B saturate S round_mode R", then one "input_bits output_bits" pair per element).
#include <gtest/gtest.h>

#include <bit>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "typelattice/minifloat.h"

namespace typelattice {
namespace {

struct VectorFile {
  std::string name, from, to, round_mode;
  int saturate = 1;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> pairs;
};

VectorFile read_vectors(const std::filesystem::path& path) {
  VectorFile file;
  file.name = path.filename().string();
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);  // provenance comment
  EXPECT_EQ(line.rfind("# ONNX backend test", 0), 0u) << file.name;
  std::getline(in, line);
  std::istringstream header(line);
  std::string word;
  header >> word >> file.from >> word >> file.to >> word >> file.saturate >> word >> file.round_mode;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    file.pairs.emplace_back(std::stoull(line.substr(0, line.find(' ')), nullptr, 16),
                            std::stoull(line.substr(line.find(' ') + 1), nullptr, 16));
  }
  return file;
}

RoundMode round_mode(const std::string& name) {
  if (name == "down") return RoundMode::down;
  if (name == "nearest") return RoundMode::nearest;
  return RoundMode::up;
}

TEST(MinifloatOnnxVectors, EveryConvertedBackendTestPasses) {
  const std::filesystem::path dir = std::filesystem::path(TYPELATTICE_SOURCE_DIR) / "tests/data/onnx_cast";
  int files = 0, vectors = 0, saturate_off = 0, e8m0 = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const VectorFile file = read_vectors(entry.path());
    SCOPED_TRACE(file.name);
    ASSERT_FALSE(file.pairs.empty());
    ++files;
    // The saturate attribute only applies to float8 targets: float16/bfloat16 keep IEEE overflow to Inf.
    const Result<Format> target = parse_format(file.to);  // an error for FLOAT (float32)
    ASSERT_TRUE(target.ok() || file.to == "FLOAT");
    const bool saturate = file.saturate != 0 && (!target.ok() || onnx_default_options(target.value()).saturate);
    const CastOptions options{.saturate = saturate, .round = round_mode(file.round_mode)};
    saturate_off += file.saturate == 0;
    for (const auto& [in, out] : file.pairs) {
      std::ostringstream where;
      where << std::hex << "input 0x" << in << " expected 0x" << out;
      // The input as an exact double: float32 bits, or a code of the source format.
      double value;
      if (file.from == "FLOAT") {
        value = std::bit_cast<float>(static_cast<std::uint32_t>(in));
      } else {
        value = decode_to_float64(parse_format(file.from).value(), static_cast<std::uint32_t>(in));
      }
      if (file.to == "FLOAT") {
        const std::uint32_t got = std::bit_cast<std::uint32_t>(static_cast<float>(value));
        EXPECT_EQ(got, out) << where.str();
      } else {
        const Format to = target.value();
        e8m0 += to == Format::float8_e8m0fnu;
        EXPECT_EQ(encode(to, value, options), out) << where.str();
        EXPECT_EQ(encode_reference(to, value, options), out) << where.str();
        if (file.from == "FLOAT") {
          EXPECT_EQ(encode(to, static_cast<float>(value), options), out) << where.str();
        }
      }
      ++vectors;
    }
  }
  EXPECT_EQ(files, 35);          // every test_cast_* for these types at the last ONNX commit that had them
  EXPECT_GT(saturate_off, 0);    // the no_saturate variants are among them
  EXPECT_EQ(e8m0, 16);           // FLOAT and FLOAT16 -> FLOAT8E8M0, 8 values each
  EXPECT_GT(vectors, 400);
}

}  // namespace
}  // namespace typelattice
