// `typelattice select`: the app's selection line first, then the path edges or what competes; exit 0 with a
// join, 1 without, 2 on bad input.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "tests/unit/promotion_test_util.h"

using promotion_test::data_path;
using promotion_test::run_cli;

namespace {

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

}  // namespace

TEST(CliSelect, JoinThenOnePathLinePerEdge) {
  const auto r = run_cli({"select", "float16", "bfloat16"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(lines(r.out), (std::vector<std::string>{"join: float32", "path: float16 -> float32",
                                                     "path: bfloat16 -> float32"}));
}

TEST(CliSelect, AgreesWithPromoteOnEverySystem) {
  for (const std::vector<std::string>& system : std::vector<std::vector<std::string>>{
           {}, {"--x64", "off"}, {"--system", "numpy"}, {"--system", "torch"}, {"--system", "array-api"},
           {"--system", "triton"}, {"--system", "numpy-2021"}, {"--system", "torch-2021"}, {"--system", "tensorflow-2021"},
           {"--system", "jax-lax"}}) {
    std::vector<std::string> select{"select", "uint32", "int32"}, promote{"promote", "uint32", "int32"};
    select.insert(select.end(), system.begin(), system.end());
    promote.insert(promote.end(), system.begin(), system.end());
    const auto s = run_cli(select), p = run_cli(promote);
    EXPECT_EQ(s.exit_code, p.exit_code) << s.out << s.err;
    if (p.exit_code == 0) {
      EXPECT_EQ(lines(s.out).at(0), "join: " + lines(p.out).at(0));
    }
  }
}

TEST(CliSelect, NoPromotionPrintsJaxsErrorAndExitsOne) {
  const auto s = run_cli({"select", "float32", "int32", "--mode", "strict"});
  const auto p = run_cli({"promote", "float32", "int32", "--mode", "strict"});
  EXPECT_EQ(s.exit_code, 1);
  EXPECT_EQ(s.out, p.err.substr(std::string("TypePromotionError: ").size()));
}

TEST(CliSelect, UserGraphs) {
  const auto diamond = run_cli({"select", "--lattice", data_path("lattice_diamond.json"), "a", "b"});
  EXPECT_EQ(diamond.exit_code, 0) << diamond.err;
  EXPECT_EQ(lines(diamond.out), (std::vector<std::string>{"join: top", "path: a -> top", "path: b -> top"}));

  // The file's counterexample pair: the line is `check`'s text, then the competing bounds.
  const std::string competing_file = data_path("lattice_competing.json");
  const auto competing = run_cli({"select", "--lattice", competing_file, "a", "b"});
  EXPECT_EQ(competing.exit_code, 1);
  const auto check = run_cli({"check", competing_file});
  EXPECT_EQ(lines(competing.out).at(0), lines(check.out).at(0));
  EXPECT_EQ(lines(competing.out).at(1), "minimal upper bounds: c d");

  const auto cycle = run_cli({"select", "--lattice", data_path("lattice_cycle.json"), "a", "b"});
  EXPECT_EQ(cycle.exit_code, 1);
  ASSERT_EQ(lines(cycle.out).size(), 3u) << cycle.out;
  EXPECT_EQ(lines(cycle.out).at(1), "minimal upper bounds: a b c");
  EXPECT_EQ(lines(cycle.out).at(2), "cycle: a -> b -> c -> a");
}

TEST(CliSelect, DesignStage) {
  const auto r = run_cli({"select", "--preset", "final", "uint8", "int8"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(lines(r.out).at(0), "join: int16");
}

TEST(CliSelect, BadInputExitsTwoWithTheReason) {
  const auto typo = run_cli({"select", "flaot16", "int8"});
  EXPECT_EQ(typo.exit_code, 2);
  EXPECT_NE(typo.err.find("did you mean float16"), std::string::npos) << typo.err;
  const auto node = run_cli({"select", "--lattice", data_path("lattice_diamond.json"), "a", "tpo"});
  EXPECT_EQ(node.exit_code, 2);
  EXPECT_NE(node.err.find("unknown node 'tpo'; did you mean top"), std::string::npos) << node.err;
  EXPECT_EQ(run_cli({"select", "--lattice", data_path("no-such.json"), "a"}).exit_code, 2);
  EXPECT_EQ(run_cli({"select", "--lattice", data_path("lattice_duplicate_node.json"), "a"}).exit_code, 2);
  EXPECT_EQ(run_cli({"select", "--preset", "optoin3", "a"}).exit_code, 2);
  EXPECT_EQ(run_cli({"select", "--system", "nunpy", "int8"}).exit_code, 2);
  EXPECT_EQ(run_cli({"select", "--system", "numpy", "--lattice", data_path("lattice_diamond.json"), "a"}).exit_code,
            2);
  EXPECT_EQ(run_cli({"select"}).exit_code, 2);
}
