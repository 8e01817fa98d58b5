// parse_lattice_text, directly: the statements of the built-in lattice files, and an error naming the line for
// everything else.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "core/base/assets.h"
#include "typelattice/lattice_text.h"

namespace {

using namespace typelattice;
using Edges = std::vector<std::pair<std::string, std::string>>;

TEST(LatticeText, ReadsTitleNodesEdgesAndComments) {
  const Result<LatticeText> r = parse_lattice_text(
      "# a comment line\n"
      "title:   Small lattice  \n"
      "\n"
      "nodes: bool int8\tuint8   # trailing comment\n"
      "bool -> int8 uint8\r\n"
      "  int8 ->\tint16\n"
      "uint8 -> int16");
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->title, "Small lattice");
  // Nodes in order of first mention, each once; edges in order, one per target.
  EXPECT_EQ(r->graph.nodes, (std::vector<std::string>{"bool", "int8", "uint8", "int16"}));
  EXPECT_EQ(r->graph.edges, (Edges{{"bool", "int8"}, {"bool", "uint8"}, {"int8", "int16"}, {"uint8", "int16"}}));
}

TEST(LatticeText, EmptyAndCommentOnlyTextIsAnEmptyGraph) {
  for (const char* text : {"", "\n\n", "# only a comment\n   # another\n", " \t \r\n"}) {
    const Result<LatticeText> r = parse_lattice_text(text);
    ASSERT_TRUE(r.ok()) << text;
    EXPECT_TRUE(r->title.empty());
    EXPECT_TRUE(r->graph.nodes.empty());
    EXPECT_TRUE(r->graph.edges.empty());
  }
}

TEST(LatticeText, RepeatedEdgesAndNodesAreKeptForTheLatticeToJudge) {
  const Result<LatticeText> r = parse_lattice_text("nodes: a a b\na -> b\na -> b\nb -> b");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->graph.nodes, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(r->graph.edges, (Edges{{"a", "b"}, {"a", "b"}, {"b", "b"}}));
}

TEST(LatticeText, EveryErrorNamesItsLine) {
  const std::pair<const char*, const char*> cases[] = {
      {"nodes: a b\na b -> c", "line 2: expected one node before '->'"},
      {"-> c", "line 1: expected one node before '->'"},
      {"# c\n\na ->   # nothing after", "line 3: expected at least one node after '->'"},
      {"title: t\nnodes: a\na => b", "line 3: expected 'title: ...', 'nodes: ...' or 'A -> B ...', got 'a => b'"},
      {"Title: capitalised", "line 1: expected 'title: ...', 'nodes: ...' or 'A -> B ...', got 'Title: capitalised'"},
      {"a", "line 1: expected 'title: ...', 'nodes: ...' or 'A -> B ...', got 'a'"},
  };
  for (const auto& [text, message] : cases) {
    const Result<LatticeText> r = parse_lattice_text(text);
    ASSERT_FALSE(r.ok()) << text;
    EXPECT_EQ(r.error().kind, ErrorKind::invalid_lattice);
    EXPECT_EQ(r.error().message, message);
  }
}

TEST(LatticeText, EveryBuiltInLatticeFileParses) {
  int files = 0;
  for (std::string_view name : embedded_asset_names()) {
    if (!name.starts_with("lattices/") || !name.ends_with(".txt") || name.ends_with(".positions.txt")) continue;
    ++files;
    const Result<LatticeText> r = parse_lattice_text(*embedded_asset(name));
    ASSERT_TRUE(r.ok()) << name << ": " << r.error().message;
    EXPECT_FALSE(r->title.empty()) << name;
    EXPECT_FALSE(r->graph.edges.empty()) << name;
  }
  EXPECT_GE(files, 2);  // jax, jax-strict at least
}

}  // namespace
