// `typelattice table --lattice FILE`: the joins of a user's graph as a table, with the answers worked out by hand
// from each graph's shape, agreeing with `select` cell by cell, and names that hold the separators kept intact.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/unit/promotion_test_util.h"

using promotion_test::run_cli;

namespace {

std::string write_graph(const std::string& name, const std::string& json) {
  const std::filesystem::path path = std::filesystem::temp_directory_path() / ("typelattice_table_" + name + ".json");
  std::ofstream(path) << json;
  return path.string();
}

// A diamond with a tail: bottom -> a, b -> top -> tip. Every pair has a join.
const char* kDiamond = R"({"nodes": ["bottom", "a", "b", "top", "tip"],
  "edges": [["bottom", "a"], ["bottom", "b"], ["a", "top"], ["b", "top"], ["top", "tip"]]})";

// Two minimal upper bounds: x and y both promote to p and to q, and p, q are unrelated.
const char* kBowtie = R"({"nodes": ["x", "y", "p", "q"], "edges": [["x", "p"], ["x", "q"], ["y", "p"], ["y", "q"]]})";

TEST(CliTableLattice, JsonCellsAreTheJoinsWorkedOutByHand) {
  const auto r = run_cli({"table", "--lattice", write_graph("diamond", kDiamond), "--format", "json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto doc = nlohmann::json::parse(r.out);
  EXPECT_EQ(doc["types"], nlohmann::json({"bottom", "a", "b", "top", "tip"}));
  const nlohmann::json want = {{"bottom", "a", "b", "top", "tip"},
                               {"a", "a", "top", "top", "tip"},
                               {"b", "top", "b", "top", "tip"},
                               {"top", "top", "top", "top", "tip"},
                               {"tip", "tip", "tip", "tip", "tip"}};
  EXPECT_EQ(doc["cells"], want);
}

TEST(CliTableLattice, PairsWithoutAJoinAreNullAndDashAsSelectSays) {
  const std::string path = write_graph("bowtie", kBowtie);
  const auto json = run_cli({"table", "--lattice", path, "--format", "json"});
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const auto doc = nlohmann::json::parse(json.out);
  const std::vector<std::string> nodes = {"x", "y", "p", "q"};
  for (std::size_t a = 0; a < nodes.size(); ++a) {
    for (std::size_t b = 0; b < nodes.size(); ++b) {
      const auto s = run_cli({"select", "--lattice", path, nodes[a], nodes[b]});
      const nlohmann::json& cell = doc["cells"][a][b];
      if (s.exit_code == 0) {
        EXPECT_EQ(s.out.substr(0, s.out.find('\n')), "join: " + cell.get<std::string>()) << nodes[a] << nodes[b];
      } else {
        EXPECT_EQ(s.exit_code, 1);
        EXPECT_TRUE(cell.is_null()) << nodes[a] << " " << nodes[b];
      }
    }
  }
  EXPECT_TRUE(doc["cells"][0][1].is_null());  // x, y: p and q compete
  EXPECT_TRUE(doc["cells"][2][3].is_null());  // p, q: nothing above both
  const auto markdown = run_cli({"table", "--lattice", path});
  EXPECT_NE(markdown.out.find("| x | x | - | p | q |"), std::string::npos) << markdown.out;
}

TEST(CliTableLattice, NamesWithSeparatorsAreQuotedInCsvAndEscapedInMarkdown) {
  const std::string path = write_graph("names", R"({"nodes": ["lo", "a,b", "c|d", "say \"hi\""],
    "edges": [["lo", "a,b"], ["lo", "c|d"], ["a,b", "say \"hi\""], ["c|d", "say \"hi\""]]})");
  const auto csv = run_cli({"table", "--lattice", path, "--format", "csv"});
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  EXPECT_EQ(csv.out.substr(0, csv.out.find('\n')), R"(,lo,"a,b",c|d,"say ""hi""")");
  const auto md = run_cli({"table", "--lattice", path});
  EXPECT_NE(md.out.find(R"(| c\|d | c\|d | say "hi" | c\|d | say "hi" |)"), std::string::npos) << md.out;
}

TEST(CliTableLattice, BadCombinationsAndFilesExitTwo) {
  const std::string path = write_graph("diamond2", kDiamond);
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"table", "--lattice", path, "--system", "numpy"},
           {"table", "--lattice", path, "--types", "int8"},
           {"table", "--lattice", path, "--compare", "torch"},
           {"table", "--lattice", path, "--format", "xml"},
           {"table", "--lattice", write_graph("cycle", R"({"nodes": ["a"], "edges": [["a", "b"]]})")},
           {"table", "--lattice", "/nonexistent/graph.json"}}) {
    const auto r = run_cli(args);
    EXPECT_EQ(r.exit_code, 2) << args.back() << ": " << r.out;
    EXPECT_FALSE(r.err.empty());
  }
}

// The diamond A -> B, A -> C, B -> D, C -> D read from stdin, every cell worked out by hand: a node with itself is
// itself, A with anything is the other node (A is below all), B and C meet only at D, D is above all.
TEST(CliTableLattice, StdinDiamondCsvAndMarkdownByHand) {
  const std::string diamond = R"({"nodes": ["A", "B", "C", "D"],
    "edges": [["A", "B"], ["A", "C"], ["B", "D"], ["C", "D"]]})";
  const auto csv = run_cli({"table", "--lattice", "-", "--format", "csv"}, diamond);
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  EXPECT_EQ(csv.out, ",A,B,C,D\nA,A,B,C,D\nB,B,B,D,D\nC,C,D,C,D\nD,D,D,D,D\n");
  const auto md = run_cli({"table", "--lattice", "-"}, diamond);
  ASSERT_EQ(md.exit_code, 0) << md.err;
  EXPECT_EQ(md.out,
            "|  | A | B | C | D |\n|---|---|---|---|---|\n| A | A | B | C | D |\n| B | B | B | D | D |\n"
            "| C | C | D | C | D |\n| D | D | D | D | D |\n");
  const auto json = run_cli({"table", "--lattice", "-", "--format", "json"}, diamond);
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const auto doc = nlohmann::json::parse(json.out);
  EXPECT_EQ(doc["lattice"], "-");
  EXPECT_EQ(doc["cells"][1][2], "D");
}

// Not a lattice: a -> b -> c -> a is a cycle with d above it. The table is still printed (exit 0, as a system's
// table with '-' cells): a, b and c all sit above each of them, so no pair among them (nor one with itself) has a
// least one; d is above everything.
TEST(CliTableLattice, CycleGivesDashesWhereCheckFindsTheCycle) {
  const std::string cycle = R"({"nodes": ["a", "b", "c", "d"],
    "edges": [["a", "b"], ["b", "c"], ["c", "a"], ["c", "d"]]})";
  const auto csv = run_cli({"table", "--lattice", "-", "--format", "csv"}, cycle);
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  EXPECT_EQ(csv.out, ",a,b,c,d\na,-,-,-,d\nb,-,-,-,d\nc,-,-,-,d\nd,d,d,d,d\n");
  const auto check = run_cli({"check", "-"}, cycle);
  EXPECT_EQ(check.exit_code, 1);
  EXPECT_NE(check.out.find("cycle a -> b -> c -> a"), std::string::npos) << check.out;
}

// Whatever `check` refuses as input (exit 2), `table --lattice` refuses with the same message, from a file or stdin.
TEST(CliTableLattice, RefusesWhatCheckRefusesWithTheSameWords) {
  const std::vector<std::string> texts = {
      R"({"nodes": ["a", "b",], "edges": []})",            // malformed JSON
      R"({"nodes": ["a"], "edges": [["a", "nowhere"]]})",  // an edge to an unknown node
      R"({"nodes": ["a", "b", "a"], "edges": []})",        // a node listed twice
      R"({"nodes": "a"})",                                  // a wrongly typed entry
  };
  for (std::size_t i = 0; i < texts.size(); ++i) {
    const auto check = run_cli({"check", "-"}, texts[i]);
    const auto table = run_cli({"table", "--lattice", "-"}, texts[i]);
    EXPECT_EQ(check.exit_code, 2) << texts[i];
    EXPECT_EQ(table.exit_code, 2) << texts[i];
    EXPECT_EQ(table.err, check.err) << texts[i];
    EXPECT_TRUE(table.out.empty()) << table.out;
    const std::string path = write_graph("refused" + std::to_string(i), texts[i]);
    const auto check_file = run_cli({"check", path});
    const auto table_file = run_cli({"table", "--lattice", path});
    EXPECT_EQ(table_file.exit_code, 2);
    EXPECT_EQ(table_file.err, check_file.err);
  }
  const auto missing = run_cli({"table", "--lattice", "/nonexistent/graph.json"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(missing.err, run_cli({"check", "/nonexistent/graph.json"}).err);
  EXPECT_NE(missing.err.find("cannot read '/nonexistent/graph.json'"), std::string::npos) << missing.err;
}

}  // namespace
