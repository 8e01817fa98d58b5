// JAX's promotion as a lattice join, checked from the outside through promote_types over every pair and triple
// of dtypes in each mode: commutative, idempotent, associative, an upper bound, and the least one.
#include <gtest/gtest.h>

#include "typelattice/promotion.h"

namespace {

using namespace typelattice;

struct Setting {
  const char* name;
  PromotionOptions options;
};
const Setting kJaxSettings[] = {{"standard x64", {System::jax, Mode::standard, true}},
                                {"standard x32", {System::jax, Mode::standard, false}},
                                {"strict", {System::jax, Mode::strict, true}}};

std::optional<Dtype> join(Dtype a, Dtype b, const PromotionOptions& o) {
  const auto r = promote_types(a, b, o);
  return r.ok() ? std::optional<Dtype>(*r) : std::nullopt;
}

bool below(Dtype a, Dtype b, const PromotionOptions& o) { return join(a, b, o) == b; }  // a may promote to b

TEST(JaxLaws, CommutativeAndIdempotentOverEveryPair) {
  for (const Setting& s : kJaxSettings) {
    const auto types = system_dtypes(s.options);
    ASSERT_EQ(types.size(), static_cast<std::size_t>(kDtypeCount) - 1);  // all but PyTorch's complex32
    for (Dtype a : types) {
      EXPECT_EQ(join(a, a, s.options), a) << s.name << " " << dtype_name(a);
      for (Dtype b : types) EXPECT_EQ(join(a, b, s.options), join(b, a, s.options)) << s.name << " " << dtype_name(a) << " " << dtype_name(b);
    }
  }
}

TEST(JaxLaws, AssociativeOverEveryTriple) {
  for (const Setting& s : kJaxSettings) {
    const auto types = system_dtypes(s.options);
    for (Dtype a : types)
      for (Dtype b : types)
        for (Dtype c : types) {
          const auto ab = join(a, b, s.options), bc = join(b, c, s.options);
          const auto left = ab ? join(*ab, c, s.options) : std::nullopt;
          const auto right = bc ? join(a, *bc, s.options) : std::nullopt;
          // On a (partial) lattice both groupings exist together and agree; so does the n-ary join.
          ASSERT_EQ(left, right) << s.name << " " << dtype_name(a) << " " << dtype_name(b) << " " << dtype_name(c);
          const std::vector<Dtype> three{a, b, c};
          const auto n_ary = result_type(three, s.options);
          ASSERT_EQ(n_ary.ok() ? std::optional<Dtype>(*n_ary) : std::nullopt, left);
        }
  }
}

TEST(JaxLaws, JoinIsTheLeastUpperBound) {
  for (const Setting& s : kJaxSettings) {
    const auto types = system_dtypes(s.options);
    for (Dtype a : types)
      for (Dtype b : types) {
        const auto r = join(a, b, s.options);
        int common_bounds = 0;
        for (Dtype c : types) {
          if (!below(a, c, s.options) || !below(b, c, s.options)) continue;
          ++common_bounds;
          ASSERT_TRUE(r.has_value()) << s.name << ": " << dtype_name(a) << ", " << dtype_name(b)
                                     << " share the upper bound " << dtype_name(c) << " but have no join";
          EXPECT_TRUE(below(*r, c, s.options)) << s.name << " " << dtype_name(a) << " " << dtype_name(b);
        }
        if (r) {
          EXPECT_TRUE(below(a, *r, s.options) && below(b, *r, s.options));
        } else {
          EXPECT_EQ(common_bounds, 0);
        }
      }
  }
}

TEST(JaxLaws, EveryLatticeSystemPassesTheTableCheck) {
  for (const Setting& s : kJaxSettings) EXPECT_FALSE(check_table(s.options).has_value()) << s.name;
}

}  // namespace
