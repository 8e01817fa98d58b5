// Every cell of the seed tables (tests/data/seed_*.csv, transcribed from the JAX docs page and the design
// document's appendix) through the public API and through the CLI.
#include <gtest/gtest.h>

#include <map>

#include "typelattice/promotion.h"
#include "promotion_test_util.h"

namespace {

using namespace typelattice;
using promotion_test::run_cli;
using promotion_test::seed_table;

struct SeedCase {
  const char* seed;  // tests/data/seed_<seed>.csv
  System system;
};
const SeedCase kSeeds[] = {{"jax_docs", System::jax},           {"numpy", System::numpy},
                           {"numpy-2021", System::numpy_2021},   {"torch-2021", System::torch_2021},
                           {"tensorflow-2021", System::tensorflow_2021}, {"jax-lax", System::jax_lax}};

std::string trim(const std::string& s) {
  const std::size_t first = s.find_first_not_of(' ');
  return first == std::string::npos ? std::string() : s.substr(first, s.find_last_not_of(' ') - first + 1);
}

Dtype must_parse(const std::string& name) {
  const auto d = parse_dtype(name);
  EXPECT_TRUE(d.ok()) << name;
  return d.ok() ? *d : Dtype::bool_;
}

TEST(PromotionSeeds, EveryCellThroughTheApi) {
  for (const SeedCase& s : kSeeds) {
    const auto rows = seed_table(s.seed);
    ASSERT_EQ(rows.size(), 19U) << s.seed;
    ASSERT_EQ(rows[0].size(), 19U) << s.seed;
    int cells = 0;
    for (std::size_t r = 1; r < rows.size(); ++r) {
      for (std::size_t c = 1; c < rows[r].size(); ++c) {
        const Dtype a = must_parse(rows[r][0]), b = must_parse(rows[0][c]);
        const auto got = promote_types(a, b, {s.system, Mode::standard, true});
        const std::string& want = rows[r][c];
        if (want == "-") {
          EXPECT_FALSE(got.ok()) << s.seed << ": " << rows[r][0] << " with " << rows[0][c] << " gave "
                                 << (got.ok() ? dtype_name(*got) : "");
          if (!got.ok()) {
            EXPECT_EQ(got.error().kind, ErrorKind::promotion);
          }
        } else {
          ASSERT_TRUE(got.ok()) << s.seed << ": " << rows[r][0] << " with " << rows[0][c] << ": " << got.error().message;
          EXPECT_EQ(dtype_name(*got), want) << s.seed << ": " << rows[r][0] << " with " << rows[0][c];
        }
        ++cells;
      }
    }
    EXPECT_EQ(cells, 18 * 18);
  }
}

TEST(PromotionSeeds, JaxNumpyAppendixTableEqualsTheDocsTable) {
  // Two independent transcriptions of jax.numpy's table (the docs page and the design document's appendix).
  EXPECT_EQ(seed_table("jax-numpy"), seed_table("jax_docs"));
}

TEST(PromotionSeeds, PromotionTableMatchesEveryCell) {
  for (const SeedCase& s : kSeeds) {
    const auto rows = seed_table(s.seed);
    std::vector<Dtype> types;
    for (std::size_t c = 1; c < rows[0].size(); ++c) types.push_back(must_parse(rows[0][c]));
    const PromotionTable t = promotion_table({s.system, Mode::standard, true}, types);
    ASSERT_EQ(t.cells.size(), 18U);
    for (std::size_t r = 0; r < 18; ++r)
      for (std::size_t c = 0; c < 18; ++c)
        EXPECT_EQ(t.cells[r][c] ? std::string(dtype_name(*t.cells[r][c])) : "-", rows[r + 1][c + 1])
            << s.seed << " " << rows[r + 1][0] << " " << rows[0][c + 1];
  }
}

TEST(PromotionSeeds, CliCsvTableEqualsEverySeedTable) {
  for (const SeedCase& s : kSeeds) {
    const auto r = run_cli({"table", "--system", std::string(system_name(s.system)), "--format", "csv"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(promotion_test::parse_csv(r.out), seed_table(s.seed)) << s.seed;
  }
}

// The docs page prints its table with NumPy byte-width codes; this legend is the one on that page.
const std::map<std::string, std::string> kDocsCode{
    {"bool", "b1"}, {"uint8", "u1"}, {"uint16", "u2"}, {"uint32", "u4"}, {"uint64", "u8"}, {"int8", "i1"},
    {"int16", "i2"}, {"int32", "i4"}, {"int64", "i8"}, {"bfloat16", "bf"}, {"float16", "f2"}, {"float32", "f4"},
    {"float64", "f8"}, {"complex64", "c8"}, {"complex128", "c16"}, {"i*", "i*"}, {"f*", "f*"}, {"c*", "c*"}};

TEST(PromotionSeeds, CliMarkdownShortReproducesTheDocsTable) {
  const auto r = run_cli({"table", "--system", "jax", "--format", "markdown", "--short"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::vector<std::vector<std::string>> got;
  std::istringstream in(r.out);
  std::string line;
  while (std::getline(in, line)) {
    ASSERT_TRUE(line.starts_with("|") && line.ends_with("|")) << line;
    if (line.starts_with("|---")) continue;
    std::vector<std::string> cells;
    std::string cell;
    std::istringstream ls(line.substr(1, line.size() - 2));
    while (std::getline(ls, cell, '|')) cells.push_back(trim(cell));
    got.push_back(cells);
  }
  auto want = seed_table("jax_docs");
  for (auto& row : want)
    for (auto& cell : row)
      if (!cell.empty()) cell = kDocsCode.at(cell);
  EXPECT_EQ(got, want);
}

TEST(PromotionSeeds, CliPromoteAgreesWithTheSeedsOnEveryDiagonalAndSomeCells) {
  const auto rows = seed_table("jax_docs");
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const std::size_t j = (i * 7) % 18 + 1;  // a spread of off-diagonal cells as well as the diagonal
    for (std::size_t c : {i, j}) {
      const auto r = run_cli({"promote", rows[i][0], rows[0][c]});
      EXPECT_EQ(r.exit_code, 0) << r.err;
      EXPECT_EQ(r.out, rows[i][c] + "\n") << rows[i][0] << " " << rows[0][c];
    }
  }
  const auto np = seed_table("numpy-2021");
  const auto r = run_cli({"promote", "bfloat16", "int8", "--system", "numpy-2021"});
  EXPECT_EQ(np[10][6], "-");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("Input dtypes ('bfloat16', 'int8')"), std::string::npos) << r.err;
}

}  // namespace
