// `typelattice analyze` on a GGUF file holding Q4_K and Q6_K tensors (the types of a Q4_K_M download), built byte by
// byte from super-blocks in tests/data/gguf_blocks/ggml_kquants_reference.txt: the statistics are those of the values
// ggml's own dequantize_row_q4_K / _q6_K gave for those bytes.
#include <gtest/gtest.h>
#include <unistd.h>

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

struct KquantReferenceBlock {
  Bytes bytes;
  std::vector<float> values;  // ggml's
};

// The reference super-blocks of one type whose 256 values are all finite and not all zero, in file order.
std::vector<KquantReferenceBlock> finite_reference_blocks(const std::string& ggml_name) {
  std::ifstream in(std::filesystem::path(TYPELATTICE_SOURCE_DIR) / "tests/data/gguf_blocks/ggml_kquants_reference.txt");
  std::vector<KquantReferenceBlock> out;
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::string kind, name, block_hex, y_hex;
    words >> kind >> name >> block_hex >> y_hex;
    if (kind != "decode" || name != ggml_name) continue;
    KquantReferenceBlock b;
    for (std::size_t i = 0; i + 1 < block_hex.size(); i += 2)
      b.bytes.push_back(static_cast<std::uint8_t>(std::stoul(block_hex.substr(i, 2), nullptr, 16)));
    bool finite = true, nonzero = false;
    for (std::size_t j = 0; j + 8 <= y_hex.size(); j += 8) {
      const float v = std::bit_cast<float>(static_cast<std::uint32_t>(std::stoul(y_hex.substr(j, 8), nullptr, 16)));
      finite = finite && std::isfinite(v);
      nonzero = nonzero || v != 0.0f;
      b.values.push_back(v);
    }
    if (finite && nonzero) out.push_back(std::move(b));
  }
  return out;
}

using tensor_test::TempFile;

double amax_of(const std::vector<float>& v) {
  double a = 0;
  for (const float x : v) a = std::max(a, std::fabs(static_cast<double>(x)));
  return a;
}
double mean_of(const std::vector<float>& v) {
  double s = 0;
  for (const float x : v) s += static_cast<double>(x);
  return s / static_cast<double>(v.size());
}

TEST(GgufKQuantsAnalyze, Q4KAndQ6KTensorsShowTheStatisticsOfGgmlsValues) {
  const std::vector<KquantReferenceBlock> q4 = finite_reference_blocks("q4_K"), q6 = finite_reference_blocks("q6_K");
  ASSERT_GE(q4.size(), 2u);
  ASSERT_GE(q6.size(), 1u);
  // "attn_q": Q4_K, ne [256, 2] (two super-blocks, one per row); "ffn_down": Q6_K, ne [256]; data aligned to 32.
  GgufBuilder g;
  g.tensor("attn_q", {256, 2}, 12, 0).tensor("ffn_down", {256}, 14, 288);
  Bytes data(288 + 210, 0);
  std::copy(q4[0].bytes.begin(), q4[0].bytes.end(), data.begin());
  std::copy(q4[1].bytes.begin(), q4[1].bytes.end(), data.begin() + 144);
  std::copy(q6[0].bytes.begin(), q6[0].bytes.end(), data.begin() + 288);
  g.data = data;

  const auto index = tensor_test::gguf_index_of(g.file());
  ASSERT_TRUE(index.ok()) << index.error().message;
  ASSERT_EQ(index->tensors.size(), 2u);
  EXPECT_TRUE(index->unsupported.empty());
  EXPECT_EQ(index->tensors[0].dtype, typelattice::TensorDtype::gguf_q4_k);
  EXPECT_EQ(index->tensors[1].dtype, typelattice::TensorDtype::gguf_q6_k);
  EXPECT_EQ(typelattice::tensor_dtype_block_elements(typelattice::TensorDtype::gguf_q6_k), 256u);
  EXPECT_EQ(typelattice::tensor_dtype_bytes(typelattice::TensorDtype::gguf_q6_k), 210u);

  const TempFile file(g.file());
  const auto r = typelattice::testing::run_cli("analyze '" + file.path.string() + "' --to bfloat16 --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const nlohmann::json report = nlohmann::json::parse(r.out);
  const nlohmann::json& f = report["files"][0];
  EXPECT_EQ(f["skipped"], nlohmann::json::array());
  ASSERT_EQ(f["tensors"].size(), 2u);

  std::vector<float> w = q4[0].values;
  w.insert(w.end(), q4[1].values.begin(), q4[1].values.end());
  const nlohmann::json& a = f["tensors"][0];
  EXPECT_EQ(a["name"], "attn_q");
  EXPECT_EQ(a["dtype"], "Q4_K");
  EXPECT_EQ(a["shape"], nlohmann::json::array({2, 256}));
  EXPECT_EQ(a["count"], 512);
  EXPECT_EQ(a["stats"]["amax"].get<double>(), amax_of(w));
  EXPECT_NEAR(a["stats"]["mean"].get<double>(), mean_of(w), 1e-12 * amax_of(w));
  ASSERT_EQ(a["targets"].size(), 1u);
  EXPECT_GE(a["targets"][0]["mse"].get<double>(), 0.0);

  const nlohmann::json& d = f["tensors"][1];
  EXPECT_EQ(d["dtype"], "Q6_K");
  EXPECT_EQ(d["count"], 256);
  EXPECT_EQ(d["stats"]["amax"].get<double>(), amax_of(q6[0].values));
  EXPECT_NEAR(d["stats"]["mean"].get<double>(), mean_of(q6[0].values), 1e-12 * amax_of(q6[0].values));

  const auto text = typelattice::testing::run_cli("analyze '" + file.path.string() + "' --to bfloat16");
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("attn_q  Q4_K "), std::string::npos) << text.out;
  EXPECT_EQ(text.out.find("skipped"), std::string::npos) << text.out;
}

TEST(GgufKQuantsAnalyze, ARowThatIsNoWholeSuperBlockIsRefused) {
  GgufBuilder g;
  g.tensor("t", {128}, 12, 0);
  g.data = Bytes(144, 0);
  EXPECT_NE(tensor_test::gguf_error_of(g.file()).find("Q4_K's block of 256"), std::string::npos)
      << tensor_test::gguf_error_of(g.file());
}

}  // namespace
