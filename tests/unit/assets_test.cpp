// The built-in data files reach the core intact.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/base/assets.h"

TEST(Assets, ComparisonTablesAreEmbedded) {
  for (const char* name : {"tables/torch.csv", "tables/array-api.csv", "tables/triton.csv", "tables/c.csv", "tables/cpp.csv",
                           "tables/tfjs.csv", "tables/jax-js.csv",
                           "tables/numpy-2021.csv", "tables/torch-2021.csv", "tables/tensorflow-2021.csv",
                           "tables/jax-lax.csv"}) {
    auto text = typelattice::embedded_asset(name);
    ASSERT_TRUE(text.has_value()) << name;
    EXPECT_EQ(text->substr(0, 6), ",bool,") << name;  // the citation lines are dropped when embedding
  }
  EXPECT_FALSE(typelattice::embedded_asset("tables/nonexistent.csv").has_value());
}

// Every file of assets/ unpacks to its own lines, byte for byte, but for the whole-line comments and blank lines.
TEST(Assets, EveryFileUnpacksToItsLinesWithoutComments) {
  namespace fs = std::filesystem;
  std::size_t files = 0;
  for (const char* folder : {"tables", "lattices"}) {
    for (const auto& entry : fs::directory_iterator(fs::path(TYPELATTICE_SOURCE_DIR) / "assets" / folder)) {
      const std::string name = std::string(folder) + "/" + entry.path().filename().string();
      std::ifstream in(entry.path(), std::ios::binary);
      std::string expected, line;
      while (std::getline(in, line))
        if (!line.empty() && line[0] != '#') expected += line + "\n";
      const auto text = typelattice::embedded_asset(name);
      ASSERT_TRUE(text.has_value()) << name;
      EXPECT_EQ(*text, expected) << name;
      ++files;
    }
  }
  EXPECT_EQ(files, typelattice::embedded_asset_names().size());
}
