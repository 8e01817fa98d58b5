// `typelattice analyze` on a GGUF file (built byte by byte) holding ggml's MXFP4 and NVFP4 tensors, whose bytes
// and values are ggml's own (tests/data/gguf_blocks/ggml_fp4_reference.txt): the statistics are those of the values
// ggml's dequantize_row_mxfp4 and dequantize_row_nvfp4 gave.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "tests/unit/cli_run.h"
#include "tests/unit/tensor_file_gguf_builder.h"
#include "typelattice/tensor_file.h"

namespace {

using tensor_test::Bytes;
using tensor_test::GgufBuilder;

// The bytes and ggml's float32 values of one reference line ("mxfp4 NAME BLOCKS Y").
struct Reference {
  Bytes bytes;
  std::vector<float> values;
};
Reference reference(const std::string& type, const std::string& name) {
  std::ifstream in(std::filesystem::path(TYPELATTICE_SOURCE_DIR) / "tests/data/gguf_blocks/ggml_fp4_reference.txt");
  Reference out;
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::string kind, block_name, blocks, y;
    words >> kind >> block_name >> blocks >> y;
    if (kind != type || block_name != name) continue;
    for (std::size_t i = 0; i + 1 < blocks.size(); i += 2)
      out.bytes.push_back(static_cast<std::uint8_t>(std::stoul(blocks.substr(i, 2), nullptr, 16)));
    for (std::size_t i = 0; i + 8 <= y.size(); i += 8)
      out.values.push_back(std::bit_cast<float>(static_cast<std::uint32_t>(std::stoul(y.substr(i, 8), nullptr, 16))));
  }
  return out;
}

using tensor_test::TempFile;

TEST(GgufFp4Analyze, Mxfp4AndNvfp4TensorsShowTheStatisticsOfGgmlsValues) {
  const Reference mx = reference("mxfp4", "random-3"), nv = reference("nvfp4", "outliers");
  ASSERT_EQ(mx.bytes.size(), 34u);
  ASSERT_EQ(nv.bytes.size(), 36u);
  GgufBuilder g;
  g.tensor("m", {64}, 39, 0).tensor("n", {64}, 40, 64);  // GGML_TYPE_MXFP4, GGML_TYPE_NVFP4
  g.data = Bytes(64 + 36, 0);
  std::copy(mx.bytes.begin(), mx.bytes.end(), g.data.begin());
  std::copy(nv.bytes.begin(), nv.bytes.end(), g.data.begin() + 64);
  const TempFile file(g.file());
  const auto r = typelattice::testing::run_cli("analyze '" + file.path.string() + "' --to gguf_mxfp4 --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const nlohmann::json report = nlohmann::json::parse(r.out);
  const nlohmann::json& tensors = report["files"][0]["tensors"];
  ASSERT_EQ(tensors.size(), 2u) << r.out;
  for (std::size_t i = 0; i < 2; ++i) {
    const std::vector<float>& y = i == 0 ? mx.values : nv.values;
    double amax = 0;
    for (const float v : y) amax = std::max(amax, std::fabs(static_cast<double>(v)));
    EXPECT_EQ(tensors[i]["dtype"], i == 0 ? "MXFP4" : "NVFP4");
    EXPECT_EQ(tensors[i]["count"], 64);
    EXPECT_EQ(tensors[i]["stats"]["amax"].get<double>(), amax) << i;
  }
  // MXFP4 values requantized to MXFP4 come back: their amax is 8 or 12 × d, whose floor(log2) gives the same e.
  EXPECT_EQ(tensors[0]["targets"][0]["mse"], 0.0);
  const auto short_row = [] {
    GgufBuilder bad;
    bad.tensor("n", {32}, 40, 0);  // half an NVFP4 block
    bad.data = Bytes(36, 0);
    return bad.file();
  }();
  EXPECT_EQ(tensor_test::gguf_error_of(short_row).find("tensor 'n': "), 0u) << tensor_test::gguf_error_of(short_row);
}

}  // namespace
