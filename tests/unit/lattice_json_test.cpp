// The lattice JSON reader: good files become graphs; each kind of bad file gets an error naming the place.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "typelattice/lattice_json.h"

namespace {

using typelattice::parse_lattice_json;

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

// Strict JSON: what a lenient parser would accept or silently change is an error naming line and column.
TEST(LatticeJson, StrictJsonIsRequired) {
  const auto starts = [](const std::string& text, const std::string& prefix) {
    const std::string e = error_of(text);
    EXPECT_TRUE(e.starts_with(prefix)) << "input: " << text << "\nerror: " << e;
  };
  starts(R"({"nodes": ["a",]})", "malformed JSON: line 1, column 16: unexpected ']'");
  starts(R"({"nodes": ["a"],})", "malformed JSON: line 1, column 17: unexpected '}'; expected a key");
  starts(R"({"nodes": ['a']})", "malformed JSON: line 1, column 12: unexpected '''");
  starts("// c\n{\"nodes\": []}", "malformed JSON: line 1, column 1: unexpected '/'");
  starts(R"({"nodes": [01]})", "malformed JSON: line 1, column 13: unexpected '1'");
  starts(R"({"nodes": [1.]})", "malformed JSON: line 1, column 14: unexpected ']' in a number");
  starts(R"({"nodes": [-]})", "malformed JSON: line 1, column 13: unexpected ']' in a number");
  starts(R"({"nodes": [tru]})", "malformed JSON: line 1, column 12: unexpected 't'");
  starts(R"({"nodes": []} x)", "malformed JSON: line 1, column 15: unexpected 'x' after the JSON value");
  starts(R"({"nodes": ["a\qb"]})", "malformed JSON: line 1, column 14: invalid escape '\\q'");
  starts("{\"nodes\": [\"a\tb\"]}", "malformed JSON: line 1, column 14: a raw control character (byte 0x09)");
  starts(R"({"nodes": ["a"], "nodes": []})", "malformed JSON: line 1, column 18: key \"nodes\" appears twice");
  starts(R"({"nodes": ["a)", "malformed JSON: line 1, column 14: unexpected end of input in a string");
  starts("{\n  \"nodes\": [\"a\", \"b\",],\n  \"edges\": [[\"a\", \"b\"]]\n}", "malformed JSON: line 2, column 22:");
}

TEST(LatticeJson, NulBytesAndBadTextAreRefusedNotTruncated) {
  const std::string valid = R"({"nodes": ["a"], "edges": []})";
  const std::string nul(1, '\0');
  EXPECT_NE(error_of(valid + nul + "garbage").find("NUL byte"), std::string::npos);
  EXPECT_NE(error_of(R"({"nodes": ["a)" + nul + R"("]})").find("NUL byte in a string"), std::string::npos);
  EXPECT_NE(error_of(R"({"nodes": ["a\u0000"]})").find("NUL character"), std::string::npos);
  // Invalid UTF-8: a stray byte, an overlong form, a UTF-8-encoded surrogate, a character cut short.
  for (const std::string bad : {"\xff", "\xc0\x80", "\xed\xa0\x80", "\xe2\x82"}) {
    EXPECT_NE(error_of(R"({"nodes": [")" + bad + R"("]})").find("invalid UTF-8"), std::string::npos) << bad.size();
  }
}

// A name is kept exactly: escapes decode, a surrogate pair is one character, and a lone surrogate (which a
// UTF-8 name cannot hold) is an error rather than a silently different name.
TEST(LatticeJson, NamesAreKeptExactlyAndLoneSurrogatesRefused) {
  const auto g = parse_lattice_json(R"({"nodes": ["a\"b", "\u00e9t\u00e9", "\ud83d\ude00", "x\/y"]})");
  ASSERT_TRUE(g.ok()) << g.error().message;
  EXPECT_EQ(g->nodes, (std::vector<std::string>{"a\"b", "\xc3\xa9t\xc3\xa9", "\xf0\x9f\x98\x80", "x/y"}));
  EXPECT_NE(error_of("{\"nodes\": [\"\xc3\xa9\", \"\\u00e9\"]}").find("listed twice"), std::string::npos);
  for (const char* bad : {R"({"nodes": ["a\ud800b"]})", R"({"nodes": ["a\udc00"]})", R"({"nodes": ["\ud800\u0041"]})",
                          R"({"nodes": ["\ud800"]})"}) {
    const std::string e = error_of(bad);
    EXPECT_NE(e.find("surrogate (ill-formed UTF-16)"), std::string::npos) << bad << ": " << e;
  }
}

TEST(LatticeJson, NestingIsBounded) {
  const auto nested = [](int depth) {
    const auto n = static_cast<std::size_t>(depth - 1);  // the document's own object is the first level
    std::string text = R"({"nodes": ["a"], "title": )";
    text.append(n, '[');
    text.append(n, ']');
    text += '}';
    return text;
  };
  EXPECT_TRUE(parse_lattice_json(nested(typelattice::kMaxLatticeJsonDepth)).ok());
  for (const int depth : {typelattice::kMaxLatticeJsonDepth + 1, 1000, 1000000}) {
    EXPECT_NE(error_of(nested(depth)).find("nested deeper than 64 levels"), std::string::npos) << depth;
  }
}

// Long values are described, never echoed: an error about a 1 MB name is a short message.
TEST(LatticeJson, LongValuesAreDescribedBySize) {
  const std::string big(1 << 20, 'q');
  for (const std::string& text : {R"({"nodes": ["a"], "edges": [[")" + big + R"("]]})",
                                  R"({"nodes": ["a"], "edges": [["a", ")" + big + R"("]]})",
                                  R"({"nodes": ["a"], ")" + big + R"(": 1})",
                                  R"({"nodes": [")" + big + R"(", ")" + big + R"("]})"}) {
    const std::string e = error_of(text);
    EXPECT_LT(e.size(), 300u) << e.substr(0, 300);
  }
}

}  // namespace
