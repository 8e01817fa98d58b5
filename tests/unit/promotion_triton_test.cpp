// Triton (the triton system): its documented examples, its four rules written here from
// docs/python-api/triton-semantics.rst (triton-lang/triton 0c2e95d) against every cell, the scalar rules, and the
// non-associativity the check finds.
#include <gtest/gtest.h>

#include "promotion_test_util.h"
#include "typelattice/promotion.h"

namespace {

using namespace typelattice;
using D = Dtype;

const PromotionOptions kTriton{System::triton};

D triton_promoted(D a, D b) {
  const auto r = promote_types(a, b, kTriton);
  EXPECT_TRUE(r.ok()) << dtype_name(a) << " " << dtype_name(b);
  return r.ok() ? *r : D::bool_;
}

TEST(Triton, TheDocsOwnExamples) {
  EXPECT_EQ(triton_promoted(D::int32, D::float16), D::float16);       // kind
  EXPECT_EQ(triton_promoted(D::bfloat16, D::int8), D::float32);       // bfloat16 with an integer
  EXPECT_EQ(triton_promoted(D::float32, D::float16), D::float32);     // width
  EXPECT_EQ(triton_promoted(D::bfloat16, D::float8_e4m3fn), D::bfloat16);  // float8e4nv
  EXPECT_EQ(triton_promoted(D::float16, D::bfloat16), D::float16);    // prefer float16
  EXPECT_EQ(triton_promoted(D::float8_e4m3fn, D::float8_e5m2), D::float16);
  EXPECT_EQ(triton_promoted(D::int32, D::uint32), D::uint32);         // prefer unsigned
  EXPECT_EQ(triton_promoted(D::uint8, D::weak_int), D::uint8);        // (uint8, int) -> uint8
  EXPECT_EQ(triton_promoted(D::int16, D::weak_float), D::float32);    // (int16, 4.0) -> float32
}

// The rules, from the page: 1. kind (bool < integers < floats; bfloat16 with an integer: float32); 2. width;
// 3. equal width, different floats: float16; 4. equal width, different signedness: the unsigned one.
int kind(D d) { return d == D::bool_ ? 0 : dtype_info(d).kind == DtypeKind::floating ? 2 : 1; }

D by_the_rules(D a, D b) {
  if (a == b) return a;
  const DtypeInfo &x = dtype_info(a), &y = dtype_info(b);
  if (kind(a) != kind(b)) {
    const D high = kind(a) > kind(b) ? a : b, low = high == a ? b : a;
    return high == D::bfloat16 && kind(low) == 1 ? D::float32 : high;
  }
  if (x.bits != y.bits) return x.bits > y.bits ? a : b;
  if (kind(a) == 2) return D::float16;
  return x.kind == DtypeKind::unsigned_int ? a : b;
}

TEST(Triton, EveryPairOfTensorDtypesFollowsTheFourRules) {
  int cells = 0;
  for (D a : system_dtypes(kTriton))
    for (D b : system_dtypes(kTriton)) {
      if (dtype_info(a).weak || dtype_info(b).weak) continue;
      EXPECT_EQ(triton_promoted(a, b), by_the_rules(a, b)) << dtype_name(a) << " " << dtype_name(b);
      ++cells;
    }
  EXPECT_EQ(cells, 17 * 17);  // bool, 8 integers, bfloat16, float16, float32, float64, 4 float8 types
}

TEST(Triton, AScalarOfAHigherKindGivesInt32OrFloat32) {
  for (D t : system_dtypes(kTriton)) {
    if (dtype_info(t).weak) continue;
    EXPECT_EQ(triton_promoted(t, D::weak_int), kind(t) >= 1 ? t : D::int32) << dtype_name(t);
    EXPECT_EQ(triton_promoted(D::weak_float, t), kind(t) == 2 ? t : D::float32) << dtype_name(t);
  }
}

TEST(Triton, CheckFindsItIsNotAssociative) {
  EXPECT_EQ(triton_promoted(triton_promoted(D::int8, D::bfloat16), D::float16), D::float32);
  EXPECT_EQ(triton_promoted(D::int8, triton_promoted(D::bfloat16, D::float16)), D::float16);
  const auto v = check_table(kTriton);
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->kind, TableViolation::Kind::not_associative) << v->description;
  const auto r = promotion_test::run_cli({"check", "--system", "triton"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(r.out.starts_with("triton is not associative: ")) << r.out;
  const auto seed = promotion_test::seed_table("triton");
  const auto table = promotion_test::run_cli({"table", "--system", "triton", "--all", "--format", "csv"});
  ASSERT_EQ(table.exit_code, 0) << table.err;
  EXPECT_EQ(promotion_test::parse_csv(table.out), seed);
}

}  // namespace
