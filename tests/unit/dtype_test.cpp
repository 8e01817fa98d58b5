// The dtype universe: every name of the JAX docs' table and of jax/_src/dtypes.py's newer types, the aliases users type, and suggestions for typos.
#include <gtest/gtest.h>

#include <set>

#include "typelattice/dtype.h"

namespace {

using namespace typelattice;
using D = Dtype;

TEST(DtypeTable, HoldsEveryDesignNameOnceInEnumOrder) {
  const std::vector<std::string> design{
      "bool", "uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32", "int64", "bfloat16", "float16",
      "float32", "float64", "complex64", "complex128", "i*", "f*", "c*", "uint1", "uint2", "uint4", "int1", "int2",
      "int4", "float8_e4m3fn", "float8_e4m3fnuz", "float8_e5m2", "float8_e5m2fnuz", "float8_e4m3b11fnuz",
      "float8_e3m4", "float8_e4m3", "float8_e8m0fnu", "float6_e2m3fn", "float6_e3m2fn", "float4_e2m1fn",
      "complex32"};  // PyTorch's (issue 13), after JAX's types
  ASSERT_EQ(all_dtypes().size(), design.size());
  for (std::size_t i = 0; i < design.size(); ++i) {
    const DtypeInfo& info = all_dtypes()[i];
    EXPECT_EQ(info.name, design[i]);
    EXPECT_EQ(static_cast<std::size_t>(info.id), i);
    EXPECT_EQ(&dtype_info(info.id), &info);
    EXPECT_EQ(*parse_dtype(info.name), info.id);  // canonical names round-trip
  }
}

TEST(DtypeTable, KindsAndWidths) {
  EXPECT_EQ(dtype_info(D::bool_).kind, DtypeKind::boolean);
  EXPECT_EQ(dtype_info(D::uint4).kind, DtypeKind::unsigned_int);
  EXPECT_EQ(dtype_info(D::uint4).bits, 4);
  EXPECT_EQ(dtype_info(D::int1).bits, 1);
  EXPECT_EQ(dtype_info(D::float6_e3m2fn).bits, 6);
  EXPECT_EQ(dtype_info(D::float4_e2m1fn).bits, 4);
  EXPECT_EQ(dtype_info(D::float8_e8m0fnu).bits, 8);
  EXPECT_EQ(dtype_info(D::complex128).bits, 128);
  EXPECT_TRUE(dtype_info(D::weak_float).weak);
  EXPECT_EQ(dtype_info(D::weak_float).kind, DtypeKind::floating);
  EXPECT_FALSE(dtype_info(D::float32).weak);
}

TEST(DtypeParse, NumpyTypestrCodesAreByteWidths) {
  const std::pair<const char*, D> codes[] = {
      {"b1", D::bool_}, {"u1", D::uint8}, {"u2", D::uint16}, {"u4", D::uint32}, {"u8", D::uint64},
      {"i1", D::int8}, {"i2", D::int16}, {"i4", D::int32}, {"i8", D::int64}, {"f2", D::float16},
      {"f4", D::float32}, {"f8", D::float64}, {"c8", D::complex64}, {"c16", D::complex128}, {"bf", D::bfloat16}};
  for (const auto& [code, d] : codes) {
    EXPECT_EQ(*parse_dtype(code), d) << code;
    EXPECT_EQ(dtype_info(d).short_code, code);
  }
}

TEST(DtypeParse, BitNamesWeakNamesOnnxNamesAndCase) {
  const std::pair<const char*, D> names[] = {
      {"bf16", D::bfloat16}, {"f16", D::float16}, {"f32", D::float32}, {"f64", D::float64}, {"i16", D::int16},
      {"i32", D::int32}, {"i64", D::int64}, {"u16", D::uint16}, {"u32", D::uint32}, {"u64", D::uint64},
      {"c64", D::complex64}, {"c128", D::complex128}, {"b", D::bool_}, {"int", D::weak_int},
      {"float", D::weak_float}, {"complex", D::weak_complex}, {"i*", D::weak_int}, {"F*", D::weak_float},
      {"FLOAT8E4M3FN", D::float8_e4m3fn}, {"FLOAT8E5M2FNUZ", D::float8_e5m2fnuz}, {"BFLOAT16", D::bfloat16},
      {"FLOAT16", D::float16}, {"DOUBLE", D::float64}, {"INT8", D::int8}, {"UINT4", D::uint4},
      {"FLOAT4E2M1", D::float4_e2m1fn}, {"FLOAT8E8M0", D::float8_e8m0fnu}, {"Float32", D::float32},
      {"BOOL", D::bool_}, {"Float8_E4M3FN", D::float8_e4m3fn}};
  for (const auto& [text, d] : names) {
    const auto r = parse_dtype(text);
    ASSERT_TRUE(r.ok()) << text << ": " << r.error().message;
    EXPECT_EQ(*r, d) << text;
  }
  // The design document's 8-bit names clash with NumPy's 8-byte codes; NumPy wins.
  EXPECT_EQ(*parse_dtype("u8"), D::uint64);
  EXPECT_EQ(*parse_dtype("i8"), D::int64);
}

TEST(DtypeParse, UnknownNamesSuggestTheClosest) {
  const auto r = parse_dtype("flaot16");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::unknown_name);
  ASSERT_FALSE(r.error().suggestions.empty());
  EXPECT_EQ(r.error().suggestions[0], "float16");
  EXPECT_TRUE(r.error().message.starts_with("unknown dtype 'flaot16'; did you mean float16, ")) << r.error().message;
  EXPECT_EQ(parse_dtype("float8_e4m3").ok(), true);
  const auto near_e4m3 = parse_dtype("float8_e4m3f").error().suggestions;  // one edit from two names
  ASSERT_EQ(near_e4m3.size(), 3U);
  EXPECT_EQ((std::set<std::string>{near_e4m3[0], near_e4m3[1]}), (std::set<std::string>{"float8_e4m3", "float8_e4m3fn"}));
  EXPECT_EQ(parse_dtype("unit8").error().suggestions[0], "uint8");
  EXPECT_EQ(parse_dtype("INT3").error().suggestions.size(), 3U);
  for (const char* junk : {"", " ", "float32 ", "-", "\xff\xfe", "float32\n"}) EXPECT_FALSE(parse_dtype(junk).ok()) << junk;
}

TEST(DtypeParse, ClosestNamesRanksByEditDistance) {
  const std::vector<std::string_view> candidates{"alpha", "beta", "gamma"};
  EXPECT_EQ(closest_names("bta", candidates, 1), std::vector<std::string>{"beta"});
  EXPECT_EQ(closest_names("gamma", candidates, 2), (std::vector<std::string>{"gamma", "alpha"}));
  EXPECT_TRUE(closest_names("x", std::vector<std::string_view>{}, 3).empty());
}

}  // namespace
