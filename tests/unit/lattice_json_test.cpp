// The lattice JSON reader: good files become graphs; each kind of bad file gets an error naming the place.
#include <gtest/gtest.h>

#include "app/cli/lattice_json.h"

namespace {

using typelattice::cli::parse_lattice_json;

std::string error_of(std::string_view text) {
  const auto r = parse_lattice_json(text);
  EXPECT_FALSE(r.ok()) << text;
  return r.ok() ? "" : r.error().message;
}

TEST(LatticeJson, ReadsNodesAndEdges) {
  const auto g = parse_lattice_json(R"({"nodes": ["a", "b", "c"], "edges": [["a", "b"], ["b", "c"]]})");
  ASSERT_TRUE(g.ok()) << g.error().message;
  EXPECT_EQ(g->nodes, (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(g->edges.size(), 2U);
  EXPECT_EQ(g->edges[1], (std::pair<std::string, std::string>{"b", "c"}));
}

TEST(LatticeJson, AcceptsTheJsModulesNodeObjectsAndNoEdges) {
  const auto g = parse_lattice_json(R"({"title": "t", "nodes": [{"name": "a", "x": 0, "y": 1}, "b"]})");
  ASSERT_TRUE(g.ok()) << g.error().message;
  EXPECT_EQ(g->nodes, (std::vector<std::string>{"a", "b"}));
  EXPECT_TRUE(g->edges.empty());
}

TEST(LatticeJson, MalformedJsonNamesLineAndColumn) {
  const std::string e = error_of("{\n  \"nodes\": [\"a\",\n  \"b\" \"c\"]\n}");
  EXPECT_TRUE(e.starts_with("malformed JSON: line 3, column")) << e;
  EXPECT_TRUE(error_of("").starts_with("malformed JSON: line 1, column 1")) << error_of("");
  EXPECT_TRUE(error_of("{\"nodes\": [\"a\"]").starts_with("malformed JSON:"));
}

TEST(LatticeJson, WrongTypesAreNamed) {
  EXPECT_NE(error_of("[1, 2]").find("expected a JSON object"), std::string::npos);
  EXPECT_NE(error_of(R"({"edges": []})").find("missing \"nodes\""), std::string::npos);
  EXPECT_NE(error_of(R"({"nodes": "a"})").find("\"nodes\" must be an array"), std::string::npos);
  EXPECT_NE(error_of(R"({"nodes": ["a", 7]})").find("nodes[1] must be a name"), std::string::npos);
  EXPECT_NE(error_of(R"({"nodes": ["a"], "edges": [["a"]]})").find("edges[0] must be a pair"), std::string::npos);
  EXPECT_NE(error_of(R"({"nodes": ["a"], "edges": {"a": "a"}})").find("\"edges\" must be an array"), std::string::npos);
  EXPECT_NE(error_of(R"({"nodes": ["a"], "edge": []})").find("unknown key \"edge\""), std::string::npos);
  EXPECT_NE(error_of(R"({"nodes": [""]})").find("nodes[0] is an empty name"), std::string::npos);
}

TEST(LatticeJson, UnknownNodeAndDuplicateNodeAreNamed) {
  EXPECT_EQ(error_of(R"({"nodes": ["int8", "int16"], "edges": [["int8", "int16"], ["int16", "int61"]]})"),
            "edges[1] [\"int16\", \"int61\"] names unknown node \"int61\"; did you mean \"int16\"?");
  EXPECT_EQ(error_of(R"({"nodes": ["a", "b", "a"]})"), "node \"a\" is listed twice (nodes[2])");
}

}  // namespace
