// The `c` system: C23's usual arithmetic conversions (6.3.1.1, 6.3.1.8) on x86-64 Linux, and C's typed constants.
// Expected answers are worked out from the standard's rules; tests/conformance/c_usual_conversions.py asks GCC and
// Clang for every cell.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "promotion_test_util.h"
#include "typelattice/compare.h"
#include "typelattice/promotion.h"

namespace {

using namespace typelattice;
using D = Dtype;
using promotion_test::compared;

D join(D a, D b) { return *promote_types(a, b, PromotionOptions{System::c}); }


TEST(CSystem, IntegerPromotionsAndTheUnsignedRules) {
  EXPECT_EQ(join(D::int8, D::int8), D::int32);      // both promote to int
  EXPECT_EQ(join(D::bool_, D::bool_), D::int32);
  EXPECT_EQ(join(D::uint16, D::uint8), D::int32);   // int holds every uint16: no unsigned result
  EXPECT_EQ(join(D::int32, D::uint32), D::uint32);  // equal rank: the unsigned one
  EXPECT_EQ(join(D::int8, D::uint32), D::uint32);
  EXPECT_EQ(join(D::int64, D::uint32), D::int64);   // long holds every unsigned int
  EXPECT_EQ(join(D::int64, D::uint64), D::uint64);
  EXPECT_EQ(join(D::int32, D::uint64), D::uint64);
}

TEST(CSystem, FloatingAndComplex) {
  EXPECT_EQ(join(D::int64, D::float16), D::float16);      // a floating operand wins, whatever its width
  EXPECT_EQ(join(D::float16, D::float32), D::float32);
  EXPECT_EQ(join(D::uint64, D::float32), D::float32);
  EXPECT_EQ(join(D::float16, D::complex64), D::complex64);
  EXPECT_EQ(join(D::float64, D::complex64), D::complex128);
}

TEST(CSystem, ConstantsHaveTheirOwnTypes) {
  EXPECT_EQ(compared(System::c, {"uint8", "300"}), "int32");
  EXPECT_EQ(compared(System::c, {"int32", "3000000000"}), "int64");   // no int holds it: long
  EXPECT_EQ(compared(System::c, {"uint32", "3000000000"}), "int64");
  EXPECT_EQ(compared(System::c, {"uint64", "-1"}), "uint64");
  EXPECT_EQ(compared(System::c, {"float16", "1.5"}), "float64");      // 1.5 is a double
  EXPECT_EQ(compared(System::c, {"float32", "1"}), "float32");
  EXPECT_EQ(compared(System::c, {"int8", "1j"}), "complex128");
  EXPECT_EQ(compared(System::c, {"True", "True"}), "int32");
  EXPECT_EQ(compared(System::c, {"1", "2"}), "int32");
  const std::string huge = compared(System::c, {"int64", "100000000000000000000"});
  EXPECT_NE(huge.find("too large for long"), std::string::npos) << huge;
  const CompareRow row = compare_in(System::c, std::vector<Operand>{*parse_operand("uint8"), *parse_operand("300")});
  EXPECT_NE(render(row.note).find("C types the constant 300 as int32"), std::string::npos) << render(row.note);
}

// C is not a join: bool + bool is int, so the table is not idempotent, and `check` says so with that pair.
TEST(CSystem, IsNotALattice) {
  const auto v = check_table(PromotionOptions{System::c});
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->kind, TableViolation::Kind::not_idempotent);
  EXPECT_NE(v->description.find("promote(bool, bool) = int32"), std::string::npos) << v->description;
}

TEST(CSystem, HasNoBfloat16) {
  const auto r = promote_types(D::bfloat16, D::float32, PromotionOptions{System::c});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("bfloat16"), std::string::npos) << r.error().message;
}

}  // namespace
