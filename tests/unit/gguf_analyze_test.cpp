// `typelattice analyze` on a GGUF file whose tensors are ggml's quantized blocks (built byte by byte): their values
// are dequantized as ggml does, so their statistics show; types the core does not decode are still listed as skipped.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "tests/unit/cli_run.h"
#include "tests/unit/tensor_file_gguf_builder.h"
#include "typelattice/tensor_file.h"

namespace {

using tensor_test::Bytes;
using tensor_test::GgufBuilder;

// A Q4_0 block whose d is the float16 code `d` and every qs byte `qs` (16 elements from the low nibble, 16 from the
// high one).
Bytes q4_0_block(std::uint16_t d, std::uint8_t qs) {
  Bytes out(18, qs);
  out[0] = static_cast<std::uint8_t>(d & 0xff);
  out[1] = static_cast<std::uint8_t>(d >> 8);
  return out;
}

// An 8.5-bit Q8_0 block: d, then 32 int8 codes.
Bytes q8_0_block(std::uint16_t d, const std::vector<std::int8_t>& q) {
  Bytes out(2 + q.size());
  out[0] = static_cast<std::uint8_t>(d & 0xff);
  out[1] = static_cast<std::uint8_t>(d >> 8);
  for (std::size_t i = 0; i < q.size(); ++i) out[2 + i] = static_cast<std::uint8_t>(q[i]);
  return out;
}

using tensor_test::TempFile;

GgufBuilder quantized_file() {
  GgufBuilder g;
  // "w": Q4_0, ne [32, 2]: block 1 has d = 1 (0x3c00) and qs 0xf0, 16 values (0 - 8) × 1 = -8 then 16 values
  // (15 - 8) × 1 = 7; block 2 has d = 2 (0x4000), giving -16 and 14.
  // "e": Q8_0, ne [32]: d = 0.5 (0x3800), codes -32 … -1 (-16 … -0.5).
  // "k": IQ2_XXS, ne [256]: 66 bytes the core does not decode.
  g.tensor("w", {32, 2}, 2, 0).tensor("e", {32}, 8, 64).tensor("k", {256}, 16, 128);
  Bytes data(128 + 66, 0x11);
  const Bytes first = q4_0_block(0x3c00, 0xf0), second = q4_0_block(0x4000, 0xf0);
  std::copy(first.begin(), first.end(), data.begin());
  std::copy(second.begin(), second.end(), data.begin() + 18);
  std::vector<std::int8_t> codes;
  for (int i = -32; i < 0; ++i) codes.push_back(static_cast<std::int8_t>(i));
  const Bytes q8 = q8_0_block(0x3800, codes);
  std::copy(q8.begin(), q8.end(), data.begin() + 64);
  g.data = data;
  return g;
}

TEST(GgufAnalyze, IndexGivesTheBlockTypesAsDtypes) {
  const auto index = tensor_test::gguf_index_of(quantized_file().file());
  ASSERT_TRUE(index.ok()) << index.error().message;
  ASSERT_EQ(index->tensors.size(), 2u);
  EXPECT_EQ(index->tensors[0].dtype, typelattice::TensorDtype::gguf_q4_0);
  EXPECT_EQ(index->tensors[1].dtype, typelattice::TensorDtype::gguf_q8_0);
  EXPECT_EQ(index->tensors[0].end - index->tensors[0].begin, 36u);
  EXPECT_EQ(index->unsupported, (std::vector<std::string>{"k: ggml type IQ2_XXS (16)"}));
  EXPECT_EQ(typelattice::tensor_dtype_name(typelattice::TensorDtype::gguf_iq4_nl), "IQ4_NL");
  EXPECT_EQ(typelattice::tensor_dtype_block_elements(typelattice::TensorDtype::gguf_q5_1), 32u);
  EXPECT_EQ(typelattice::tensor_dtype_bytes(typelattice::TensorDtype::gguf_q5_1), 24u);
  EXPECT_EQ(typelattice::tensor_dtype_block_elements(typelattice::TensorDtype::f16), 1u);
}

TEST(GgufAnalyze, ABlockTensorWithoutDimensionsIsRefused) {
  GgufBuilder g;
  g.tensor("s", {}, 8, 0);
  g.data = Bytes(34, 0);
  EXPECT_EQ(tensor_test::gguf_error_of(g.file()), "tensor 's': has no dimensions, so no whole Q8_0 block of 32 (at byte 24)");
}

TEST(GgufAnalyze, QuantizedTensorsShowTheirStatistics) {
  const TempFile file(quantized_file().file());
  const auto r = typelattice::testing::run_cli("analyze '" + file.path.string() + "' --to float16 --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const nlohmann::json report = nlohmann::json::parse(r.out);
  const nlohmann::json& f = report["files"][0];
  EXPECT_EQ(f["skipped"], nlohmann::json::array({"k: ggml type IQ2_XXS (16)"}));
  ASSERT_EQ(f["tensors"].size(), 2u);
  const nlohmann::json& w = f["tensors"][0];
  EXPECT_EQ(w["name"], "w");
  EXPECT_EQ(w["dtype"], "Q4_0");
  EXPECT_EQ(w["shape"], nlohmann::json::array({2, 32}));
  EXPECT_EQ(w["count"], 64);
  EXPECT_EQ(w["stats"]["amax"], 16.0);
  EXPECT_EQ(w["stats"]["mean"], (16 * (-8 + 7) + 16 * (-16 + 14)) / 64.0);
  // Every value is an integer float16 holds exactly: float16 as a target loses nothing.
  EXPECT_EQ(w["targets"][0]["mse"], 0.0);
  const nlohmann::json& e = f["tensors"][1];
  EXPECT_EQ(e["dtype"], "Q8_0");
  EXPECT_EQ(e["stats"]["amax"], 16.0);
  EXPECT_EQ(e["stats"]["mean"], -8.25);  // (-16 - 0.5) / 2

  const auto text = typelattice::testing::run_cli("analyze '" + file.path.string() + "' --to float16");
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("w  Q4_0 "), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("skipped: k: ggml type IQ2_XXS (16)\n"), std::string::npos) << text.out;
}

}  // namespace
