// The bad-input catalogue, through the real CLI: every kind of bad text a person can type gets exit 2 (or 1
// where the input is fine but has no answer) and a message that names the problem, never a crash or garbage.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tests/unit/promotion_test_util.h"

namespace {

using promotion_test::run_cli;

void expect_error(const std::vector<std::string>& args, int exit_code, const std::string& needle,
                  const std::string& input = "") {
  const auto r = run_cli(args, input);
  EXPECT_EQ(r.exit_code, exit_code) << "args[0]=" << args[0] << " stderr: " << r.err;
  EXPECT_NE(r.err.find(needle), std::string::npos) << "stderr lacks '" << needle << "': " << r.err;
  EXPECT_EQ(r.err.find("terminate"), std::string::npos) << r.err;
}

// Joins pieces by appending (g++ 12 at -O3 warns falsely, -Wrestrict, on chains of operator+ here).
std::string cat(std::initializer_list<std::string_view> pieces) {
  std::string out;
  for (std::string_view p : pieces) out.append(p);
  return out;
}

std::string write_temp(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + "/tl_catalogue_" + name;
  std::FILE* f = std::fopen(path.c_str(), "wb");
  std::fwrite(text.data(), 1, text.size(), f);
  std::fclose(f);
  return path;
}

TEST(BadInputCatalogue, UnknownNamesSuggestTheClosest) {
  expect_error({"promote", "flaot16", "int8"}, 2, "float16");
  expect_error({"promote", "int8", "float16", "--system", "numpi"}, 2, "numpy");
  expect_error({"promote", "int8", "float16", "--mode", "strcit"}, 2, "strict");
  expect_error({"cast", "--to", "float8_e4m3fm", "1"}, 2, "float8_e4m3fn");
  expect_error({"decode", "--from", "e4m3", "0x01"}, 2, "float8_");
}

TEST(BadInputCatalogue, EmptyInputs) {
  expect_error({"promote", "", "int8"}, 2, "dtype");
  const auto none = run_cli({"cast", "--to", "float8_e4m3fn"}, "");
  EXPECT_EQ(none.exit_code, 0) << none.err;  // no values on stdin: nothing to print
  EXPECT_EQ(none.out, "");
  expect_error({"cast", "--to", "float8_e4m3fn", ""}, 2, "number");
  expect_error({"check", write_temp("empty.json", "")}, 2, "JSON");
}

TEST(BadInputCatalogue, NumbersThatAreNotNumbers) {
  for (const char* text : {"abc", "1.5.5", "1e", "--", "0x", "1,5", "12abc", "nan(", "infinity and beyond"}) {
    const auto r = run_cli({"cast", "--to", "float8_e4m3fn"}, std::string(text) + "\n");
    EXPECT_EQ(r.exit_code, 2) << text << ": " << r.out;
    EXPECT_NE(r.err.find(text), std::string::npos) << "the message should quote the input: " << r.err;
  }
}

TEST(BadInputCatalogue, SpecialAndExtremeNumbersGetTheRightCodes) {
  // Overflow saturates to max (0x7e = 448); underflow rounds to a signed zero; NaN/Inf follow the saturating
  // table (ONNX's test data: Inf clips to max).
  const auto r = run_cli({"cast", "--to", "float8_e4m3fn"}, "1e300\n-3.4e38\n1e-300\n-1e-45\ninf\n-inf\nnan\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "0x7e 448\n0xfe -448\n0x00 0\n0x80 -0\n0x7e 448\n0xfe -448\n0x7f nan\n");
}

TEST(BadInputCatalogue, DecimalsBeyondFloat64AreRefusedNotChanged) {
  // 1e400 is not a float64: rounding it silently to inf (or 1e-400 to 0) would change what the user typed.
  expect_error({"cast", "--to", "float8_e4m3fn", "1e400"}, 2, "1e400");
  expect_error({"cast", "--to", "float8_e4m3fn", "-1e-400"}, 2, "-1e-400");
}

TEST(BadInputCatalogue, HexOfTheWrongWidth) {
  expect_error({"cast", "--to", "float8_e4m3fn", "--input", "hex", "0x3f80"}, 2, "0x3f80");
  expect_error({"cast", "--to", "float8_e4m3fn", "--input", "hex", "0x3f800000000"}, 2, "0x3f800000000");
  expect_error({"cast", "--to", "float8_e4m3fn", "--input", "hex", "0xzz800000"}, 2, "0xzz800000");
  expect_error({"decode", "--from", "float8_e4m3fn", "0x100"}, 2, "0x100");
  expect_error({"layout", "float4_e2m1fn", "--code", "0x10"}, 2, "0x10");
}

TEST(BadInputCatalogue, HugeStdinCastWorksInOneProcess) {
  std::string input;
  for (int i = 0; i < 200000; ++i) input += std::to_string(i % 500) + "\n";
  const auto r = run_cli({"cast", "--to", "float8_e5m2"}, input);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 200000);
}

TEST(BadInputCatalogue, BrokenLatticeFiles) {
  expect_error({"check", write_temp("trunc.json", R"({"nodes": ["a", "b"], "edges": [["a", )")}, 2, "line 1");
  expect_error({"check", write_temp("unknown.json", R"({"nodes": ["a"], "edges": [["a", "zz"]]})")}, 2, "zz");
  expect_error({"check", write_temp("dupnode.json", R"({"nodes": ["a", "a"], "edges": []})")}, 2, "twice");
  expect_error({"check", write_temp("numbers.json", R"({"nodes": [1e999999], "edges": []})")}, 2,
               "nodes[0] must be a name (a string, or an object with a \"name\"), got a number");
  std::string deep(100000, '[');
  expect_error({"check", write_temp("deep.json", deep)}, 2, "JSON");
  expect_error({"check", "/nonexistent/dir/lattice.json"}, 2, "/nonexistent/dir/lattice.json");
}

// Nesting is refused before anything recurses over it (describing such a value used to overflow the stack), at
// every depth past the limit and whatever the brackets are.
TEST(BadInputCatalogue, DeeplyNestedLatticeFilesAreRefusedWithoutCrashing) {
  for (const int depth : {65, 1000, 100000}) {
    const auto n = static_cast<std::size_t>(depth);
    std::string arrays = cat({std::string(n, '['), std::string(n, ']')});
    std::string objects;
    for (std::size_t i = 0; i < n; ++i) objects += "{\"k\": ";
    objects += '1';
    objects.append(n, '}');
    for (const std::string& nested : {arrays, objects}) {
      const std::string text = cat({R"({"nodes": ["a"], "edges": [], "title": )", nested, "}"});
      expect_error({"check", write_temp(cat({"deep_", std::to_string(depth), ".json"}), text)}, 2,
                   "nested deeper than 64 levels");
      expect_error({"check", "-"}, 2, "nested deeper than 64 levels", text);
    }
  }
  // The depth a real file has is fine, and brackets inside strings do not count.
  const auto fine = run_cli({"check", write_temp("brackets.json", R"({"nodes": ["[[[[", "]]"], "edges": [["[[[[", "]]"]]})")});
  EXPECT_EQ(fine.exit_code, 0) << fine.out << fine.err;
}

// A NUL byte used to end the input early, so what followed it was silently ignored.
TEST(BadInputCatalogue, NulBytesInLatticeJsonAreMalformed) {
  const std::string valid = R"({"nodes": ["a"], "edges": []})";
  const std::string nul(1, '\0');
  for (const std::string& text : {cat({valid, nul, "garbage"}), cat({nul, valid}),
                                  cat({R"({"nodes": ["a)", nul, R"("], "edges": []})"})}) {
    expect_error({"check", write_temp("nul.json", text)}, 2, "NUL byte");
  }
}

// An endless or huge source ends with a message, not with all memory.
TEST(BadInputCatalogue, EndlessAndHugeLatticeSourcesAreRefused) {
  expect_error({"check", "/dev/zero"}, 2, "larger than 16 MiB");
  const std::string huge = cat({R"({"nodes": [")", std::string(17u << 20, 'a'), R"("], "edges": []})"});
  expect_error({"check", write_temp("huge.json", huge)}, 2, "larger than 16 MiB");
}

// Wrongly shaped values are described by kind and size, never dumped whole.
TEST(BadInputCatalogue, BadEdgesAreDescribedNotDumped) {
  const std::string long_edge = cat({R"({"nodes": ["a"], "edges": [[")", std::string(100000, 'x'), R"("]]})"});
  const auto r = run_cli({"check", write_temp("longedge.json", long_edge)});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("edges[0] must be a pair of node names [\"from\", \"to\"], got an array of 1 element"),
            std::string::npos) << r.err.substr(0, 300);
  EXPECT_LT(r.err.size(), 400u);
}

// Output that cannot be written (a full disk, a closed stdout) is an error, not a silent success.
TEST(BadInputCatalogue, WriteErrorsExitNonZero) {
  for (const std::string& args : {std::string("table --format json"), std::string("formats"),
                                  std::string("cast --to float8_e4m3fn 1 2 3"), std::string("promote int8 uint8")}) {
    for (const std::string& redirect : {std::string(" > /dev/full"), std::string(" >&-")}) {
      const std::string command = cat({"'", TYPELATTICE_CLI, "' ", args, redirect, " 2>/dev/null"});
      const int status = std::system(command.c_str());
      ASSERT_TRUE(WIFEXITED(status)) << command;
      EXPECT_EQ(WEXITSTATUS(status), 3) << command;
    }
  }
}

// Names and values the user typed are echoed escaped, in every message: no raw control character (which could
// retitle the terminal or clear it) and no bidi override reaches the terminal.
TEST(BadInputCatalogue, ControlCharactersInInputAreEscapedInMessages) {
  const auto clean = [](const std::string& out) {
    for (char c : out) {
      const auto u = static_cast<unsigned char>(c);
      if ((u < 0x20 && c != '\n') || u == 0x7f) return false;
    }
    return out.find("\xe2\x80\xae") == std::string::npos;
  };
  const std::string esc = "\x1b]0;pwned\x07", rlo = "abc\xe2\x80\xae";
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"promote", esc, "int8"}, {"promote", "int8", rlo}, {"promote", "int8", "int8", "--system", esc},
        {"cast", "--to", esc, "1"}, {"cast", "--to", "float8_e4m3fn", esc}, {"cast", "--to", "float8_e8m0fnu", "--round", esc, "1"},
        {"decode", "--from", "float8_e4m3fn", esc}, {"select", "int8", esc}, {esc}, {"promote", "--" + esc}}) {
    const auto r = run_cli(args);
    EXPECT_EQ(r.exit_code, 2) << args[0];
    EXPECT_TRUE(clean(r.err)) << args[0] << ": " << r.err;
    EXPECT_TRUE(clean(r.out)) << args[0] << ": " << r.out;
  }
  // Node names of a user's graph, in the counterexample `check` prints and in `select`'s line.
  const std::string graph = cat({R"({"nodes": ["\u001b[2J", "b", "c\u202e", "d"], )",
                                 R"("edges": [["\u001b[2J", "c\u202e"], ["\u001b[2J", "d"], ["b", "c\u202e"], ["b", "d"]]})"});
  const std::string file = write_temp("escape.json", graph);
  const auto check = run_cli({"check", file});
  EXPECT_EQ(check.exit_code, 1);
  EXPECT_TRUE(clean(check.out)) << check.out;
  EXPECT_NE(check.out.find("\\x1B[2J and b have 2 minimal upper bounds"), std::string::npos) << check.out;
  const auto select = run_cli({"select", "--lattice", file, "\x1b[2J", "b"});
  EXPECT_TRUE(clean(select.out)) << select.out;
}

TEST(BadInputCatalogue, LatticeFilesThatAreNotLattices) {
  const auto cycle = run_cli({"check", write_temp("cycle.json", R"({"nodes": ["a", "b"], "edges": [["a", "b"], ["b", "a"]]})")});
  EXPECT_EQ(cycle.exit_code, 1);
  EXPECT_NE((cycle.out + cycle.err).find("cycle"), std::string::npos) << cycle.out << cycle.err;
  const auto self = run_cli({"check", write_temp("self.json", R"({"nodes": ["a"], "edges": [["a", "a"]]})")});
  EXPECT_EQ(self.exit_code, 1);
  const auto diamond = run_cli({"check", write_temp("two.json",
      R"({"nodes": ["A", "B", "C", "D"], "edges": [["A", "C"], ["A", "D"], ["B", "C"], ["B", "D"]]})")});
  EXPECT_EQ(diamond.exit_code, 1);
  EXPECT_NE(diamond.out.find("C"), std::string::npos);
  EXPECT_NE(diamond.out.find("D"), std::string::npos);
  // A duplicate edge changes nothing: still a lattice.
  const auto dup = run_cli({"check", write_temp("dupedge.json", R"({"nodes": ["a", "b"], "edges": [["a", "b"], ["a", "b"]]})")});
  EXPECT_EQ(dup.exit_code, 0) << dup.out << dup.err;
}

TEST(BadInputCatalogue, AThousandNodeChainIsALattice) {
  std::string json = R"({"nodes": [)";
  for (int i = 0; i < 1000; ++i) json += (i ? ",\"n" : "\"n") + std::to_string(i) + "\"";
  json += R"(], "edges": [)";
  for (int i = 0; i + 1 < 1000; ++i)
    json += (i ? ",[\"n" : "[\"n") + std::to_string(i) + "\",\"n" + std::to_string(i + 1) + "\"]";
  json += "]}";
  const auto r = run_cli({"check", write_temp("chain.json", json)});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
}

}  // namespace
