// Format names, numbers, bit patterns and codes from text: what is accepted and the errors for what is not.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "typelattice/minifloat.h"

namespace typelattice {
namespace {

std::string error_of(const Result<double>& r) { return r.ok() ? "<ok>" : r.error().message; }

TEST(MinifloatParse, FormatNames) {
  for (const FormatSpec& spec : all_formats()) {
    auto parsed = parse_format(spec.name);
    ASSERT_TRUE(parsed.ok()) << spec.name;
    EXPECT_EQ(format_spec(*parsed).name, spec.name);
  }
  const std::pair<const char*, Format> onnx[] = {
      {"FLOAT8E4M3FN", Format::float8_e4m3fn}, {"FLOAT8E4M3FNUZ", Format::float8_e4m3fnuz},
      {"FLOAT8E5M2", Format::float8_e5m2},     {"FLOAT8E5M2FNUZ", Format::float8_e5m2fnuz},
      {"FLOAT8E8M0", Format::float8_e8m0fnu},  {"FLOAT4E2M1", Format::float4_e2m1fn},
      {"BFLOAT16", Format::bfloat16},          {"FLOAT16", Format::float16},
      {"float8e4m3fn", Format::float8_e4m3fn}, {"Float8_E5M2FNUZ", Format::float8_e5m2fnuz},
  };
  for (const auto& [name, f] : onnx) {
    auto parsed = parse_format(name);
    ASSERT_TRUE(parsed.ok()) << name;
    EXPECT_EQ(*parsed, f) << name;
  }
  auto typo = parse_format("float8_e4m3fnn");
  ASSERT_FALSE(typo.ok());
  EXPECT_EQ(typo.error().kind, ErrorKind::unknown_name);
  ASSERT_FALSE(typo.error().suggestions.empty());
  EXPECT_EQ(typo.error().suggestions[0], "float8_e4m3fn");
  EXPECT_NE(typo.error().message.find("float8_e4m3fnn"), std::string::npos);
  EXPECT_NE(typo.error().message.find("did you mean float8_e4m3fn"), std::string::npos);
  EXPECT_EQ(parse_format("FLOAT8E5M2FNU").error().suggestions[0], "float8_e5m2fnuz");
  EXPECT_FALSE(parse_format("").ok());
  EXPECT_FALSE(parse_format("float64").ok());  // a dtype, but not a format of the Bits view
}

TEST(MinifloatParse, Numbers) {
  EXPECT_EQ(parse_number("1.5").value(), 1.5);
  EXPECT_EQ(parse_number(" -3e-4\r").value(), -3e-4);
  EXPECT_EQ(parse_number("+2").value(), 2.0);
  EXPECT_EQ(parse_number("0.1").value(), 0.1);  // correctly rounded to the nearest double
  EXPECT_EQ(parse_number("1000").value(), 1000.0);
  EXPECT_EQ(parse_number("inf").value(), INFINITY);
  EXPECT_EQ(parse_number("-Infinity").value(), -INFINITY);
  EXPECT_TRUE(std::isnan(parse_number("NaN").value()));
  EXPECT_TRUE(std::signbit(parse_number("-nan").value()));
  EXPECT_TRUE(std::signbit(parse_number("-0").value()));

  EXPECT_EQ(parse_number(".5").value(), 0.5);
  EXPECT_EQ(parse_number("5.").value(), 5.0);
  EXPECT_EQ(parse_number("1E3").value(), 1000.0);
  EXPECT_EQ(parse_number("0e999999").value(), 0.0);
  EXPECT_EQ(parse_number("4.9e-324").value(), std::numeric_limits<double>::denorm_min());  // subnormal: fine
  EXPECT_EQ(parse_number("1.7976931348623157e308").value(), std::numeric_limits<double>::max());
  EXPECT_NE(error_of(parse_number("1e-400")).find("out of the range of float64"), std::string::npos);
  EXPECT_NE(error_of(parse_number("1e")).find("trailing characters after the number: 'e'"), std::string::npos);
  EXPECT_NE(error_of(parse_number(".")).find("not a number"), std::string::npos);
  EXPECT_NE(error_of(parse_number("0x1p3")).find("hex"), std::string::npos);
  EXPECT_NE(error_of(parse_number("1,5")).find("trailing"), std::string::npos);
  EXPECT_NE(error_of(parse_number("")).find("empty"), std::string::npos);
  EXPECT_NE(error_of(parse_number("   ")).find("empty"), std::string::npos);
  EXPECT_NE(error_of(parse_number("abc")).find("'abc' is not a number"), std::string::npos);
  EXPECT_NE(error_of(parse_number("1.5x")).find("trailing characters"), std::string::npos);
  EXPECT_NE(error_of(parse_number("1.5 2")).find("trailing"), std::string::npos);
  EXPECT_NE(error_of(parse_number("--1")).find("not a number"), std::string::npos);
  EXPECT_NE(error_of(parse_number("1e400")).find("out of the range of float64"), std::string::npos);
  EXPECT_NE(error_of(parse_number("0x3f800000")).find("hex"), std::string::npos);
  EXPECT_EQ(parse_number("abc").error().kind, ErrorKind::bad_value);
}

TEST(MinifloatParse, Float32NumbersRoundOnceFromTheDecimal) {
  // 1.00000005960464477539062500001 is just above the midpoint between 1 and the next float32: a double would
  // round it to the midpoint and then (to even) down to 1.
  EXPECT_EQ(parse_number_float32("1.00000005960464477539062500001").value(), 1.0000001f);
  EXPECT_EQ(parse_number_float32("0.1").value(), 0.1f);
  EXPECT_EQ(parse_number_float32("-inf").value(), -INFINITY);
  EXPECT_NE(parse_number_float32("1e39").error().message.find("out of the range of float32"), std::string::npos);
  EXPECT_FALSE(parse_number_float32("1..2").ok());
}

TEST(MinifloatParse, HexBitPatterns) {
  EXPECT_EQ(parse_hex_bits("0x3f800000", 32).value(), 1.0);
  EXPECT_EQ(parse_hex_bits("0xC3E00000", 32).value(), -448.0);
  EXPECT_EQ(parse_hex_bits("0x3ff0000000000000", 64).value(), 1.0);
  EXPECT_EQ(parse_hex_bits("0x3fb999999999999a", 64).value(), 0.1);
  EXPECT_TRUE(std::isnan(parse_hex_bits("0x7fc00000", 32).value()));
  EXPECT_NE(error_of(parse_hex_bits("0x3f80000", 32)).find("has 7 hex digits"), std::string::npos);
  EXPECT_NE(error_of(parse_hex_bits("0x3f800000", 64)).find("exactly 16 hex digits"), std::string::npos);
  EXPECT_NE(error_of(parse_hex_bits("3f800000", 32)).find("0x and exactly 8 hex digits"), std::string::npos);
  EXPECT_NE(error_of(parse_hex_bits("0xzz800000", 32)).find("not hex digits"), std::string::npos);
  EXPECT_FALSE(parse_hex_bits("0x3f800000", 16).ok());
}

TEST(MinifloatParse, Codes) {
  EXPECT_EQ(parse_code(Format::float8_e4m3fn, "0x7e").value(), 0x7eu);
  EXPECT_EQ(parse_code(Format::float8_e4m3fn, "0X7E").value(), 0x7eu);
  EXPECT_EQ(parse_code(Format::float8_e4m3fn, "0b01111110").value(), 0x7eu);
  EXPECT_EQ(parse_code(Format::float8_e4m3fn, "126").value(), 0x7eu);
  EXPECT_EQ(parse_code(Format::float16, "0x7bff").value(), 0x7bffu);
  const auto out_of_range = parse_code(Format::float8_e4m3fn, "0x1ff");
  ASSERT_FALSE(out_of_range.ok());
  EXPECT_EQ(out_of_range.error().message, "code 0x1ff is out of range for float8_e4m3fn (8 bits: 0x0 to 0xff)");
  EXPECT_NE(parse_code(Format::float4_e2m1fn, "0x10").error().message.find("4 bits: 0x0 to 0xf"), std::string::npos);
  EXPECT_FALSE(parse_code(Format::float6_e2m3fn, "64").ok());
  EXPECT_FALSE(parse_code(Format::float8_e4m3fn, "0xffffffffffffffffffff").ok());
  for (const char* bad : {"", "0x", "7e", "0x7g", "-1", "0x7e junk"}) {
    EXPECT_FALSE(parse_code(Format::float8_e4m3fn, bad).ok()) << bad;
  }
}

}  // namespace
}  // namespace typelattice
