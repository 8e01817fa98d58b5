// The built-in data files reach the core intact.
#include <gtest/gtest.h>

#include "core/base/assets.h"

TEST(Assets, ComparisonTablesAreEmbedded) {
  for (const char* name : {"tables/torch.csv", "tables/array-api.csv", "tables/triton.csv", "tables/c.csv", "tables/cpp.csv",
                           "tables/numpy-2021.csv", "tables/torch-2021.csv", "tables/tensorflow-2021.csv",
                           "tables/jax-lax.csv"}) {
    auto text = typelattice::embedded_asset(name);
    ASSERT_TRUE(text.has_value()) << name;
    EXPECT_EQ(text->substr(0, 6), ",bool,") << name;  // the citation lines are dropped when embedding
  }
  EXPECT_FALSE(typelattice::embedded_asset("tables/nonexistent.csv").has_value());
}
