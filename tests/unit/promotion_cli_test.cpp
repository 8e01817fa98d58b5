// The CLI's promote / table / check: outputs, exit codes (0 ok, 1 no promotion or not a lattice, 2 bad input)
// and messages on stderr.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "promotion_test_util.h"
#include "typelattice/join_reason.h"

namespace {

using promotion_test::run_cli;

TEST(CliPromote, StrictFloat32Int32FailsLikeJax) {
  const auto r = run_cli({"promote", "float32", "int32", "--mode", "strict"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err,
            "TypePromotionError: Input dtypes ('float32', 'int32') have no available implicit dtype promotion path "
            "when jax_numpy_dtype_promotion=strict. Try explicitly casting inputs to the desired output type, or set "
            "jax_numpy_dtype_promotion=standard.\n");
}

TEST(CliPromote, ResultsForJaxModesAndOtherSystems) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
      {{"promote", "float32", "int32"}, "float32"},
      {{"promote", "float32", "i*", "--mode", "strict"}, "float32"},
      {{"promote", "u4", "i4"}, "int64"},
      {{"promote", "u4", "i4", "--x64", "off"}, "int32"},
      {{"promote", "int8", "uint8", "float16", "--system", "numpy-2021"}, "float32"},
      {{"promote", "float16", "uint8", "int8", "--system", "numpy-2021"}, "float16"},
      {{"promote", "bf16", "f16"}, "float32"},
      {{"promote", "int", "float"}, "f*"},
      {{"promote", "bool", "FLOAT8E4M3FN"}, "float8_e4m3fn"},
      {{"promote", "int8", "uint8", "int16"}, "int16"},
  };
  for (const auto& [args, want] : cases) {
    const auto r = run_cli(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, want + "\n") << args[1] << " " << args[2];
  }
}

TEST(CliPromote, NewerTypeErrorsUseJaxsWording) {
  const auto r = run_cli({"promote", "float8_e4m3fn", "float16"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("8-bit floats do not support implicit promotion"), std::string::npos) << r.err;
  const auto n = run_cli({"promote", "int4", "uint8"});
  EXPECT_EQ(n.exit_code, 1);
  EXPECT_NE(n.err.find("1-bit, 2-bit and 4-bit integers do not support implicit promotion"), std::string::npos);
  const auto t = run_cli({"promote", "float8_e4m3fn", "float32", "--system", "torch-2021"});
  EXPECT_EQ(t.exit_code, 1);
  EXPECT_NE(t.err.find("not in the torch-2021 promotion table"), std::string::npos) << t.err;
}

TEST(CliPromote, BadInputExitsTwoWithSuggestions) {
  const auto typo = run_cli({"promote", "flaot16", "int8"});
  EXPECT_EQ(typo.exit_code, 2);
  EXPECT_EQ(typo.out, "");
  EXPECT_TRUE(typo.err.starts_with("typelattice: unknown dtype 'flaot16'; did you mean float16, ")) << typo.err;
  const auto system = run_cli({"promote", "int8", "int16", "--system", "nunpy"});
  EXPECT_EQ(system.exit_code, 2);
  EXPECT_NE(system.err.find("did you mean numpy?"), std::string::npos) << system.err;
  EXPECT_EQ(run_cli({"promote", "int8", "int16", "--mode", "lax"}).exit_code, 2);
  EXPECT_EQ(run_cli({"promote", "int8", "int16", "--x64", "maybe"}).exit_code, 2);
  EXPECT_EQ(run_cli({"promote", "int8", "int16", "--system", "numpy", "--mode", "strict"}).exit_code, 2);
  EXPECT_EQ(run_cli({"promote", "int8"}).exit_code, 2);  // needs two dtypes
  EXPECT_EQ(run_cli({"promote"}).exit_code, 2);
  EXPECT_EQ(run_cli({"promote", "int8", "int8", "--bogus"}).exit_code, 2);
}

TEST(CliHelp, EverySubcommandHasHelp) {
  for (const char* cmd : {"promote", "table", "check"}) {
    const auto r = run_cli({cmd, "--help"});
    EXPECT_EQ(r.exit_code, 0) << cmd;
    EXPECT_NE(r.out.find(cmd), std::string::npos) << r.out;
  }
}

TEST(CliTable, JsonHasTypesAndCellsWithNullForNoPromotion) {
  const auto r = run_cli({"table", "--system", "jax", "--mode", "strict", "--types", "float32,int32,i*", "--format", "json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto doc = nlohmann::json::parse(r.out);
  EXPECT_EQ(doc["types"], nlohmann::json({"float32", "int32", "i*"}));
  EXPECT_TRUE(doc["cells"][0][1].is_null());
  EXPECT_EQ(doc["cells"][0][2], "float32");
  EXPECT_EQ(doc["cells"][2][1], "int32");
  EXPECT_EQ(doc["mode"], "strict");
}

TEST(CliTable, AllAddsTheNewerJaxTypes) {
  const auto r = run_cli({"table", "--all", "--format", "csv"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto rows = promotion_test::parse_csv(r.out);
  ASSERT_EQ(rows.size(), 36U);
  EXPECT_EQ(rows[0].back(), "float4_e2m1fn");
  EXPECT_EQ(run_cli({"table", "--format", "xml"}).exit_code, 2);
  EXPECT_EQ(run_cli({"table", "--types", "int8,flaot16"}).exit_code, 2);
}

class CliCheck : public ::testing::Test {
 protected:
  std::string write(const std::string& name, const std::string& text) {
    std::string path = ::testing::TempDir();  // unique per process: ctest -j runs tests side by side
    path += "/tl_promotion_" + std::to_string(getpid()) + "_" + name;
    std::ofstream(path) << text;
    return path;
  }
};

TEST_F(CliCheck, ALatticeExitsZero) {
  const auto r = run_cli({"check", write("ok.json", R"({"nodes": ["a", "b", "c"], "edges": [["a", "b"], ["b", "c"]]})")});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(r.out.starts_with("lattice: 3 nodes, 2 edges")) << r.out;
}

TEST_F(CliCheck, NumpyLikeDoubleWidthGraphNamesTheCompetingBounds) {
  const std::string graph = R"({"nodes": ["uint8", "int8", "int16", "float16", "float32"],
    "edges": [["uint8", "int16"], ["uint8", "float16"], ["int8", "int16"], ["int8", "float16"],
              ["int16", "float32"], ["float16", "float32"]]})";
  const auto r = run_cli({"check", write("numpy.json", graph)});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out,
            "not a lattice: uint8 and int8 have 2 minimal upper bounds, int16 and float16, and none of them promotes "
            "to the others, so their join is not unique\n");
}

TEST_F(CliCheck, CycleFromStdinIsNamed) {
  const auto r = run_cli({"check", "-"}, R"({"nodes": ["a", "b"], "edges": [["a", "b"], ["b", "a"]]})");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(r.out.starts_with("not a lattice: cycle a -> b -> a")) << r.out;
}

TEST_F(CliCheck, BadFilesExitTwoWithTheReason) {
  const auto missing = run_cli({"check", "/nonexistent/lattice.json"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("cannot read '/nonexistent/lattice.json': No such file or directory"), std::string::npos)
      << missing.err;
  const auto directory = run_cli({"check", TYPELATTICE_SOURCE_DIR});
  EXPECT_EQ(directory.exit_code, 2);
  EXPECT_NE(directory.err.find("it is a directory"), std::string::npos) << directory.err;
  const auto malformed = run_cli({"check", write("bad.json", "{\"nodes\": [\"a\",]}")});
  EXPECT_EQ(malformed.exit_code, 2);
  EXPECT_NE(malformed.err.find("malformed JSON: line 1, column"), std::string::npos) << malformed.err;
  const auto unknown = run_cli({"check", "-"}, R"({"nodes": ["a"], "edges": [["a", "b"]]})");
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find("stdin: edges[0] [\"a\", \"b\"] names unknown node \"b\""), std::string::npos) << unknown.err;
  const auto binary = run_cli({"check", "-"}, std::string("\x00\xff\xfe{", 4));
  EXPECT_EQ(binary.exit_code, 2);
}

}  // namespace

namespace {

TEST(CliCheckSystems, NumpyFailsAssociativityTorchAndTensorflowFailOthersLaxPasses) {
  const auto numpy = run_cli({"check", "--system", "numpy-2021"});
  EXPECT_EQ(numpy.exit_code, 1);
  EXPECT_EQ(numpy.out,
            "numpy-2021 is not associative: promote(promote(uint8, int8), float16) = float32 but promote(uint8, "
            "promote(int8, float16)) = float16\n");
  const auto tf = run_cli({"check", "--system", "tensorflow-2021"});
  EXPECT_EQ(tf.exit_code, 1);
  EXPECT_TRUE(tf.out.starts_with("tensorflow-2021 is not commutative")) << tf.out;
  EXPECT_EQ(run_cli({"check", "--system", "torch-2021"}).exit_code, 1);
  const auto lax = run_cli({"check", "--system", "jax-lax"});
  EXPECT_EQ(lax.exit_code, 0);
  EXPECT_EQ(run_cli({"check", "--system", "jax", "--mode", "strict"}).exit_code, 0);
  EXPECT_EQ(run_cli({"check", "--x64", "off"}).exit_code, 0);
}

TEST(CliCheckPresets, DesignStagesAndBadCombinations) {
  const auto final_stage = run_cli({"check", "--preset", "final"});
  EXPECT_EQ(final_stage.exit_code, 0) << final_stage.err;
  const auto double_width = run_cli({"check", "--preset", "int-float-double-width"});
  EXPECT_EQ(double_width.exit_code, 1);
  EXPECT_NE(double_width.out.find("uint8 and int8 have 2 minimal upper bounds, float16 and int16"), std::string::npos)
      << double_width.out;
  const auto unknown = run_cli({"check", "--preset", "option4"});
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find("unknown preset 'option4'"), std::string::npos);
  EXPECT_EQ(run_cli({"check"}).exit_code, 2);
  EXPECT_EQ(run_cli({"check", "-", "--preset", "final"}, "{}").exit_code, 2);
}

}  // namespace

// --explain: the result line as without it, then the core's sentence for each step of the fold.
TEST(CliPromote, ExplainPrintsTheCoresReasonForEachStep) {
  using namespace typelattice;
  const auto r = run_cli({"promote", "--explain", "int8", "uint8", "float16"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const PromotionOptions jax;
  const std::string expected = "float16\n" + join_reason(Dtype::int8, Dtype::uint8, Dtype::int16, jax) + "\n" +
                               join_reason(Dtype::int16, Dtype::float16, Dtype::float16, jax) + "\n";
  EXPECT_EQ(r.out, expected);
  EXPECT_NE(r.out.find("int16: the smallest type in JAX's lattice that holds every int8 value"), std::string::npos);
  const auto plain = run_cli({"promote", "int8", "uint8", "float16"});
  EXPECT_EQ(plain.out, "float16\n");
  const auto strict = run_cli({"promote", "--explain", "--mode", "strict", "float32", "int32"});
  EXPECT_EQ(strict.exit_code, 1);
  EXPECT_EQ(strict.out, "");
}
