// Stored tensor elements to float32: every 8- and 16-bit float code against minifloat.h's decoder, float64
// around float32's rounding ties, and the integer types' extremes. Inputs are written little-endian here.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "tests/unit/tensor_file_builders.h"
#include "typelattice/minifloat.h"
#include "typelattice/tensor_file.h"

namespace {

using namespace tensor_test;
using typelattice::Format;
using typelattice::TensorDtype;

std::uint32_t bits_of(float f) {
  std::uint32_t b;
  std::memcpy(&b, &f, sizeof b);
  return b;
}

std::vector<float> converted(TensorDtype d, const Bytes& in) {
  std::vector<float> out(in.size() / typelattice::tensor_dtype_bytes(d), -1.0f);
  typelattice::tensor_elements_to_float32(d, in, out);
  return out;
}

TEST(TensorFileElements, NamesAndWidthsAreTheSafetensorsOnes) {
  EXPECT_EQ(typelattice::tensor_dtype_name(TensorDtype::f8_e4m3fn), "F8_E4M3");
  EXPECT_EQ(typelattice::tensor_dtype_name(TensorDtype::bf16), "BF16");
  EXPECT_EQ(typelattice::tensor_dtype_name(TensorDtype::i32), "I32");
  EXPECT_EQ(typelattice::tensor_dtype_bytes(TensorDtype::f64), 8U);
  EXPECT_EQ(typelattice::tensor_dtype_bytes(TensorDtype::f8_e8m0), 1U);
  EXPECT_EQ(typelattice::tensor_dtype_bytes(TensorDtype::i16), 2U);
}

TEST(TensorFileElements, EverySixteenBitCodeDecodesAsTheCodec) {
  for (auto [dtype, format] : {std::pair{TensorDtype::f16, Format::float16}, std::pair{TensorDtype::bf16, Format::bfloat16}}) {
    Bytes in;
    for (std::uint32_t code = 0; code < 65536; ++code) append_le(in, code, 2);
    const auto out = converted(dtype, in);
    for (std::uint32_t code = 0; code < 65536; ++code)
      ASSERT_EQ(bits_of(out[code]), bits_of(typelattice::decode_to_float32(format, code))) << code;
  }
}

TEST(TensorFileElements, EveryEightBitCodeDecodesAsTheCodec) {
  const std::pair<TensorDtype, Format> cases[] = {{TensorDtype::f8_e4m3fn, Format::float8_e4m3fn},
                                                  {TensorDtype::f8_e5m2, Format::float8_e5m2},
                                                  {TensorDtype::f8_e8m0, Format::float8_e8m0fnu}};
  for (auto [dtype, format] : cases) {
    Bytes in;
    for (std::uint32_t code = 0; code < 256; ++code) in.push_back(static_cast<std::uint8_t>(code));
    const auto out = converted(dtype, in);
    for (std::uint32_t code = 0; code < 256; ++code)
      ASSERT_EQ(bits_of(out[code]), bits_of(typelattice::decode_to_float32(format, code))) << code;
  }
}

Bytes f64_bytes(std::initializer_list<double> values) {
  Bytes out;
  for (double v : values) {
    std::uint64_t b;
    std::memcpy(&b, &v, sizeof b);
    append_le(out, b, 8);
  }
  return out;
}

TEST(TensorFileElements, Float64RoundsToNearestEvenFloat32) {
  const double ulp = std::ldexp(1.0, -23);  // float32's spacing in [1, 2)
  const auto out = converted(TensorDtype::f64, f64_bytes({1.0 + ulp / 2, 1.0 + 3 * ulp / 2, 1.0 + ulp / 2 + std::ldexp(1.0, -50),
                                                          -(1.0 + ulp / 2), 1e300, -0.0, 0.1}));
  EXPECT_EQ(out[0], 1.0f);                                    // tie: to the even 1.0
  EXPECT_EQ(out[1], static_cast<float>(1.0 + 2 * ulp));       // tie: to the even 1 + 2 ulp (exact in float)
  EXPECT_EQ(out[2], std::nextafter(1.0f, 2.0f));              // just above the tie: up
  EXPECT_EQ(out[3], -1.0f);
  EXPECT_EQ(out[4], std::numeric_limits<float>::infinity());  // past float32's range
  EXPECT_EQ(bits_of(out[5]), 0x80000000U);
  EXPECT_EQ(out[6], 0.1f);
  const auto nan = converted(TensorDtype::f64, f64_bytes({std::numeric_limits<double>::quiet_NaN()}));
  EXPECT_TRUE(std::isnan(nan[0]));
}

TEST(TensorFileElements, Float32IsCopiedBitForBit) {
  Bytes in;
  for (std::uint32_t bits : {0x3f800000U, 0x7fc00001U, 0x00000001U, 0xff800000U}) append_le(in, bits, 4);
  const auto out = converted(TensorDtype::f32, in);
  EXPECT_EQ(bits_of(out[0]), 0x3f800000U);
  EXPECT_EQ(bits_of(out[1]), 0x7fc00001U);
  EXPECT_EQ(bits_of(out[2]), 0x00000001U);
  EXPECT_EQ(bits_of(out[3]), 0xff800000U);
}

TEST(TensorFileElements, IntegersAtTheirExtremes) {
  EXPECT_EQ(converted(TensorDtype::i8, Bytes{0x80, 0x7f, 0xff}), (std::vector<float>{-128.0f, 127.0f, -1.0f}));
  EXPECT_EQ(converted(TensorDtype::u8, Bytes{0x00, 0xff}), (std::vector<float>{0.0f, 255.0f}));
  EXPECT_EQ(converted(TensorDtype::i16, Bytes{0x00, 0x80, 0xff, 0x7f, 0x34, 0x12}),
            (std::vector<float>{-32768.0f, 32767.0f, 4660.0f}));
  Bytes i32;
  for (std::uint32_t v : {0x80000000U, 0x7fffffffU, 16777217U, 16777219U, 0xffffffffU}) append_le(i32, v, 4);
  const auto out = converted(TensorDtype::i32, i32);
  EXPECT_EQ(out[0], -2147483648.0f);  // -2^31: exact
  EXPECT_EQ(out[1], 2147483648.0f);   // 2^31 - 1 rounds to 2^31
  EXPECT_EQ(out[2], 16777216.0f);     // 2^24 + 1: tie, to even
  EXPECT_EQ(out[3], 16777220.0f);     // 2^24 + 3: tie, to even
  EXPECT_EQ(out[4], -1.0f);
}

}  // namespace
