// JAX specifics: strict mode, weak types, x64 off, and the newer types placed as jax/_src/dtypes.py places them.
#include <gtest/gtest.h>

#include "typelattice/promotion.h"

namespace {

using namespace typelattice;
using D = Dtype;

const PromotionOptions kStandard{System::jax, Mode::standard, true};
const PromotionOptions kStrict{System::jax, Mode::strict, true};
const PromotionOptions kX32{System::jax, Mode::standard, false};

std::string promoted(D a, D b, const PromotionOptions& o = kStandard) {
  const auto r = promote_types(a, b, o);
  return r.ok() ? std::string(dtype_name(*r)) : "error: " + r.error().message;
}

bool is_weak(D d) { return dtype_info(d).weak; }

TEST(JaxStrict, FailsWithJaxWordingForFloat32AndInt32) {
  const auto r = promote_types(D::float32, D::int32, kStrict);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::promotion);
  EXPECT_EQ(r.error().message,
            "Input dtypes ('float32', 'int32') have no available implicit dtype promotion path when "
            "jax_numpy_dtype_promotion=strict. Try explicitly casting inputs to the desired output type, or set "
            "jax_numpy_dtype_promotion=standard.");
}

TEST(JaxStrict, NoPromotionBetweenDifferentStrongTypes) {
  int pairs = 0;
  for (Dtype da : system_dtypes(kStrict))
    for (Dtype db : system_dtypes(kStrict)) {
      const DtypeInfo &a = dtype_info(da), &b = dtype_info(db);
      if (a.weak || b.weak) continue;
      const auto r = promote_types(a.id, b.id, kStrict);
      if (a.id == b.id) {
        EXPECT_EQ(promoted(a.id, b.id, kStrict), a.name);
      } else {
        ASSERT_FALSE(r.ok()) << a.name << " " << b.name;
        EXPECT_NE(r.error().message.find("jax_numpy_dtype_promotion=strict"), std::string::npos);
        ++pairs;
      }
    }
  EXPECT_EQ(pairs, 32 * 31);
}

TEST(JaxStrict, WeakTypesStillPromote) {
  EXPECT_EQ(promoted(D::float32, D::weak_int, kStrict), "float32");  // x + 1 with x float32: the docs' example
  EXPECT_EQ(promoted(D::int8, D::weak_int, kStrict), "int8");
  EXPECT_EQ(promoted(D::uint4, D::weak_int, kStrict), "uint4");
  EXPECT_EQ(promoted(D::bfloat16, D::weak_float, kStrict), "bfloat16");
  EXPECT_EQ(promoted(D::float8_e4m3fn, D::weak_float, kStrict), "float8_e4m3fn");
  EXPECT_EQ(promoted(D::complex64, D::weak_float, kStrict), "complex64");
  EXPECT_EQ(promoted(D::weak_int, D::weak_float, kStrict), "f*");
  EXPECT_EQ(promoted(D::weak_float, D::weak_complex, kStrict), "c*");
  // Only "safe" weak promotion: a weak float does not fit into an int, nor a weak complex into a float.
  EXPECT_NE(promoted(D::int8, D::weak_float, kStrict).find("strict"), std::string::npos);
  EXPECT_NE(promoted(D::float32, D::weak_complex, kStrict).find("strict"), std::string::npos);
  // bool is in no weak type's list in JAX's strict lattice.
  EXPECT_NE(promoted(D::bool_, D::weak_int, kStrict).find("strict"), std::string::npos);
}

TEST(JaxStrict, StrictAgreesWithStandardWheneverStrictHasAnAnswer) {
  for (const DtypeInfo& a : all_dtypes())
    for (const DtypeInfo& b : all_dtypes()) {
      const auto strict = promote_types(a.id, b.id, kStrict);
      if (strict.ok()) {
        EXPECT_EQ(promoted(a.id, b.id, kStrict), promoted(a.id, b.id)) << a.name << " " << b.name;
      }
    }
}

TEST(JaxX64, OffDiffersOnlyWhereUint32MeetsASignedIntBelow64Bits) {
  std::vector<std::string> differing;
  for (const DtypeInfo& a : all_dtypes())
    for (const DtypeInfo& b : all_dtypes())
      if (promoted(a.id, b.id) != promoted(a.id, b.id, kX32))
        differing.push_back(std::string(a.name) + "+" + std::string(b.name) + "=" + promoted(a.id, b.id, kX32));
  EXPECT_EQ(differing, (std::vector<std::string>{"uint32+int8=int32", "uint32+int16=int32", "uint32+int32=int32",
                                                 "int8+uint32=int32", "int16+uint32=int32", "int32+uint32=int32"}));
  EXPECT_EQ(promoted(D::uint32, D::int32), "int64");
  EXPECT_EQ(promoted(D::uint64, D::int32, kX32), "f*");  // 64-bit inputs are left as they are
}

TEST(JaxNewerTypes, NarrowIntsPromoteOnlyWithWeakIntsAndBool) {
  for (D n : {D::int1, D::int2, D::int4, D::uint1, D::uint2, D::uint4}) {
    EXPECT_EQ(promoted(n, D::weak_int), dtype_name(n));
    EXPECT_EQ(promoted(D::bool_, n), dtype_name(n));
    EXPECT_EQ(promoted(n, n), dtype_name(n));
    for (const DtypeInfo& other : all_dtypes()) {
      if (other.id == n || other.id == D::weak_int || other.id == D::bool_) continue;
      const auto r = promote_types(n, other.id, kStandard);
      ASSERT_FALSE(r.ok()) << dtype_name(n) << " " << other.name;
      // JAX checks for 8/6/4-bit floats before narrow ints.
      const bool minifloat = other.kind == DtypeKind::floating && other.bits < 16;
      if (!minifloat && !is_weak(other.id)) {
        EXPECT_NE(r.error().message.find("1-bit, 2-bit and 4-bit integers do not support implicit promotion"),
                  std::string::npos) << r.error().message;
      }
    }
  }
  EXPECT_EQ(promoted(D::int4, D::int8),
            "error: Input dtypes ('int4', 'int8') have no available implicit dtype promotion path. To avoid "
            "unintended promotion, 1-bit, 2-bit and 4-bit integers do not support implicit promotion. If you'd like "
            "your inputs to be promoted to another type, you can do so explicitly using e.g. x.astype('int32')");
}

TEST(JaxNewerTypes, MinifloatsTakeIntsAndWeakFloatsButNoOtherFloat) {
  const D minifloats[] = {D::float8_e4m3fn, D::float8_e4m3fnuz, D::float8_e5m2, D::float8_e5m2fnuz,
                          D::float8_e4m3b11fnuz, D::float8_e3m4, D::float8_e4m3, D::float8_e8m0fnu,
                          D::float6_e2m3fn, D::float6_e3m2fn, D::float4_e2m1fn};
  for (D m : minifloats) {
    const std::string name(dtype_name(m));
    // Every standard int (and bool, i*, f*) sits below f*, and f* below each minifloat.
    for (D i : {D::bool_, D::uint8, D::uint64, D::int8, D::int64, D::weak_int, D::weak_float})
      EXPECT_EQ(promoted(i, m), name) << dtype_name(i);
    for (D f : {D::bfloat16, D::float16, D::float32, D::float64, D::complex64, D::weak_complex}) {
      const std::string got = promoted(m, f);
      const int bits = dtype_info(m).bits;
      EXPECT_NE(got.find("To avoid unintended promotion, " + std::to_string(bits) + "-bit floats do not support"),
                std::string::npos) << got;
      EXPECT_NE(got.find("x.astype('float32')"), std::string::npos);
    }
    for (D other : minifloats)
      if (other != m) {
        EXPECT_TRUE(promoted(m, other).starts_with("error: ")) << name << " " << dtype_name(other);
      }
  }
  EXPECT_EQ(promoted(D::float8_e4m3fn, D::float16),
            "error: Input dtypes ('float8_e4m3fn', 'float16') have no available implicit dtype promotion path. To "
            "avoid unintended promotion, 8-bit floats do not support implicit promotion. If you'd like your inputs to "
            "be promoted to another type, you can do so explicitly using e.g. x.astype('float32')");
  // Precedence as in JAX: an 8-bit float is named before a narrow int; strict mode before both.
  EXPECT_NE(promoted(D::int4, D::float8_e5m2).find("8-bit floats"), std::string::npos);
  EXPECT_NE(promoted(D::float8_e5m2, D::float16, kStrict).find("jax_numpy_dtype_promotion=strict"), std::string::npos);
}

TEST(JaxResultType, NaryJoinWithTheSameErrors) {
  const std::vector<D> mixed{D::int8, D::uint8, D::weak_float};
  const auto r = result_type(mixed, kStandard);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(*r, D::weak_float);  // int8, uint8 -> int16; int16 with f* -> f*
  const std::vector<D> three{D::float32, D::weak_int, D::int32};
  const auto strict = result_type(three, kStrict);
  ASSERT_FALSE(strict.ok());
  EXPECT_NE(strict.error().message.find("('float32', 'i*', 'int32')"), std::string::npos) << strict.error().message;
  EXPECT_FALSE(result_type(std::vector<D>{}, kStandard).ok());
  EXPECT_EQ(*result_type(std::vector<D>{D::int4}, kStandard), D::int4);
}

}  // namespace
