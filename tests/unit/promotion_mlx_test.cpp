// The `mlx` system: MLX's promote_types table and what MLX's Python binding does with a Python value. The expected
// answers are MLX's own: python/tests/test_array.py (test_dtype_python_scalar_promotion,
// test_scalar_integer_conversion_overflow) at ml-explore/mlx 846d176, and the differences from JAX that its
// type_rules table has although it says it follows JAX.
#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <vector>

#include "promotion_test_util.h"
#include "typelattice/compare.h"
#include "typelattice/promotion.h"

namespace {

using namespace typelattice;
using D = Dtype;
using promotion_test::compared;

const PromotionOptions kMlx{System::mlx};

// test_dtype_python_scalar_promotion: an array of the dtype times False, 0 and 1.0.
TEST(MlxSystem, PythonScalarsAsMlxsOwnTestExpectsThem) {
  const std::vector<std::tuple<const char*, const char*, const char*>> cases{
      {"bool", "False", "bool"},       {"bool", "0", "int32"},          {"bool", "1.0", "float32"},
      {"float32", "False", "float32"}, {"float32", "0", "float32"},     {"float32", "1.0", "float32"},
      {"float16", "False", "float16"}, {"float16", "0", "float16"},     {"float16", "1.0", "float16"},
  };
  for (const auto& [dtype, value, expected] : cases) EXPECT_EQ(compared(System::mlx, {dtype, value}), expected);
  for (const char* integer : {"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"}) {
    EXPECT_EQ(compared(System::mlx, {integer, "False"}), integer);
    EXPECT_EQ(compared(System::mlx, {integer, "0"}), integer);
    EXPECT_EQ(compared(System::mlx, {integer, "1.0"}), "float32");
  }
}

// test_scalar_integer_conversion_overflow: an int32 array plus 3000000000 raises ValueError; to_array's text.
TEST(MlxSystem, AnIntOutsideTheArraysIntegerDtypeRaises) {
  EXPECT_EQ(compared(System::mlx, {"int32", "3000000000"}),
            "ValueError: Converting 3000000000 to int32 would result in overflow.");
  EXPECT_EQ(compared(System::mlx, {"300", "uint8"}), "ValueError: Converting 300 to uint8 would result in overflow.");
  EXPECT_EQ(compared(System::mlx, {"uint8", "255"}), "uint8");
  EXPECT_EQ(compared(System::mlx, {"int64", "3000000000"}), "int64");  // 64-bit dtypes take any int64 unchecked
  EXPECT_EQ(compared(System::mlx, {"bool", "3000000000"}), "int32");   // a bool array's int is int32, unchecked
  const std::string huge = compared(System::mlx, {"uint64", "18446744073709551615"});
  EXPECT_NE(huge.find("MLX reads a Python int as an int64"), std::string::npos) << huge;
}

// to_arrays: with no array among the operands each value takes its default type.
TEST(MlxSystem, ValuesWithoutAnArrayTakeTheirDefaultTypes) {
  EXPECT_EQ(compared(System::mlx, {"1", "2"}), "int32");
  EXPECT_EQ(compared(System::mlx, {"3000000000", "1"}), "int64");
  EXPECT_EQ(compared(System::mlx, {"1", "2.5"}), "float32");
  EXPECT_EQ(compared(System::mlx, {"2.5", "1j"}), "complex64");
  EXPECT_EQ(compared(System::mlx, {"True", "False"}), "bool");
  const CompareRow row = compare_in(System::mlx, promotion_test::operands({"300", "1.5"}));
  EXPECT_NE(render(row.note).find("MLX gives the Python int 300 its default type"), std::string::npos)
      << render(row.note);
  const CompareRow weak = compare_in(System::mlx, promotion_test::operands({"int8", "1.5"}));
  EXPECT_NE(render(weak.note).find("MLX converts the Python float 1.5 to the array's dtype"), std::string::npos)
      << render(weak.note);
}

// type_rules says "Following Jax type promotion rules": where it differs from JAX's lattice, and two cells where not.
TEST(MlxSystem, CellsBesideJaxs) {
  const std::vector<std::tuple<D, D, D, D>> cells{
      // a, b, MLX, JAX
      {D::uint64, D::int8, D::float32, D::weak_float},
      {D::float64, D::complex64, D::complex64, D::complex128},
      {D::int64, D::complex64, D::complex64, D::complex64},  // and where they agree
      {D::float16, D::bfloat16, D::float32, D::float32},
  };
  for (const auto& [a, b, mlx, jax] : cells) {
    EXPECT_EQ(*promote_types(a, b, kMlx), mlx) << dtype_name(a) << " " << dtype_name(b);
    EXPECT_EQ(*promote_types(b, a, kMlx), mlx) << dtype_name(b) << " " << dtype_name(a);
    EXPECT_EQ(*promote_types(a, b, PromotionOptions{System::jax}), jax) << dtype_name(a) << " " << dtype_name(b);
  }
}

// The table is commutative and idempotent but not associative, and check says so with a triple.
TEST(MlxSystem, IsNotALatticeAndCheckGivesATriple) {
  const auto violation = check_table(kMlx);
  ASSERT_TRUE(violation.has_value());
  EXPECT_EQ(violation->kind, TableViolation::Kind::not_associative);
  ASSERT_EQ(violation->inputs.size(), 3U);
  const D a = violation->inputs[0], b = violation->inputs[1], c = violation->inputs[2];
  const D left = *promote_types(*promote_types(a, b, kMlx), c, kMlx);
  const D right = *promote_types(a, *promote_types(b, c, kMlx), kMlx);
  EXPECT_NE(left, right);
  EXPECT_EQ(violation->left, left);
  EXPECT_EQ(violation->right, right);
  const auto cli = promotion_test::run_cli({"check", "--system", "mlx"});
  EXPECT_EQ(cli.exit_code, 1);
  EXPECT_NE(cli.out.find("mlx is not associative"), std::string::npos) << cli.out << cli.err;
}

TEST(MlxSystem, DtypesOutsideItsTableAreRefusedByName) {
  const auto r = promote_types(D::complex128, D::float32, kMlx);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("complex128 is not in the mlx promotion table"), std::string::npos)
      << r.error().message;
}

}  // namespace
