// The `keras` system: Keras 3's result_type with the JAX, PyTorch and NumPy backends. Keras's own
// keras/src/backend/common/dtypes_test.py (keras-team/keras 3422977) checks result_type against jnp.result_type, JAX
// with x64 off; this file does the same against this project's JAX lattice, an independent derivation of the cells,
// and checks what Keras adds: the 64-bit types mapped to 32-bit ones and float8 refused.
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

const PromotionOptions kKeras{System::keras};

// What jnp.result_type answers with x64 off: the join, a weak result as its kind's 32-bit default, and 64-bit types
// canonicalised to 32-bit ones.
D jax_x64_off(D a, D b) {
  D r = *promote_types(a, b, PromotionOptions{System::jax});
  switch (r) {
    case D::weak_int: case D::int64: return D::int32;
    case D::weak_float: case D::float64: return D::float32;
    case D::uint64: return D::uint32;
    case D::complex128: return D::complex64;
    default: return r;
  }
}

const std::vector<D> kKerasTypes{D::bool_,    D::uint8,   D::uint16,  D::uint32,    D::uint64,     D::int8,
                                 D::int16,    D::int32,   D::int64,   D::bfloat16,  D::float16,    D::float32,
                                 D::float64,  D::complex64, D::complex128, D::weak_int, D::weak_float};

TEST(KerasSystem, EveryCellIsJaxWithX64Off) {
  for (D a : kKerasTypes)
    for (D b : kKerasTypes) {
      const auto r = promote_types(a, b, kKeras);
      ASSERT_TRUE(r.ok()) << dtype_name(a) << " " << dtype_name(b);
      EXPECT_EQ(*r, jax_x64_off(a, b)) << dtype_name(a) << " " << dtype_name(b);
    }
}

// BIT64_TO_BIT32 applies even to a type with itself, so the table is not idempotent, and check says so.
TEST(KerasSystem, SixtyFourBitTypesBecome32BitEvenWithThemselves) {
  EXPECT_EQ(*promote_types(D::int64, D::int64, kKeras), D::int32);
  EXPECT_EQ(*promote_types(D::float64, D::float64, kKeras), D::float32);
  EXPECT_EQ(*promote_types(D::complex128, D::complex128, kKeras), D::complex64);
  EXPECT_EQ(*promote_types(D::uint64, D::int8, kKeras), D::float32);  // the weak float on the lattice, resolved
  const auto violation = check_table(kKeras);
  ASSERT_TRUE(violation.has_value());
  const auto cli = promotion_test::run_cli({"check", "--system", "keras"});
  EXPECT_EQ(cli.exit_code, 1);
  EXPECT_NE(cli.out.find("keras is not"), std::string::npos) << cli.out << cli.err;
}

TEST(KerasSystem, Float8IsRefusedWithKerassValueError) {
  const auto r = promote_types(D::float8_e4m3fn, D::float32, kKeras);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message,
            "ValueError: There is no implicit conversions from float8 dtypes to others. You must cast it internally. "
            "Received: ('float8_e4m3fn', 'float32')");
  const auto same = promote_types(D::float8_e5m2, D::float8_e5m2, kKeras);
  ASSERT_FALSE(same.ok());
  const auto weak = promote_types(D::weak_int, D::float8_e5m2, kKeras);
  ASSERT_FALSE(weak.ok());
  EXPECT_NE(weak.error().message.find("Received: (<class 'int'>, 'float8_e5m2')"), std::string::npos)
      << weak.error().message;
}

// result_type takes a value's Python type: int and float weak, bool bool, complex complex64; never the value.
TEST(KerasSystem, PythonValuesCountByTheirType) {
  EXPECT_EQ(compared(System::keras, {"uint8", "300"}), "uint8");
  EXPECT_EQ(compared(System::keras, {"bfloat16", "1.5"}), "bfloat16");
  EXPECT_EQ(compared(System::keras, {"int8", "1.5"}), "float32");
  EXPECT_EQ(compared(System::keras, {"float16", "1j"}), "complex64");
  EXPECT_EQ(compared(System::keras, {"True", "3"}), "int32");
  EXPECT_EQ(compared(System::keras, {"3", "2"}), "int32");
  const CompareRow row = compare_in(System::keras, promotion_test::operands({"uint8", "300"}));
  EXPECT_NE(render(row.note).find("Keras's result_type takes the type of the Python int 300"), std::string::npos)
      << render(row.note);
  EXPECT_EQ(*parse_system("keras3"), System::keras);
}

}  // namespace
