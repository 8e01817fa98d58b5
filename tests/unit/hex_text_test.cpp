// hex_text: what a reader sees for a code in every front end.
#include <gtest/gtest.h>

#include <cstdint>

#include "typelattice/cast_request.h"
#include "typelattice/dtype.h"
#include "typelattice/hex_text.h"
#include "typelattice/minifloat.h"

namespace typelattice {
namespace {

TEST(HexText, LowercaseZeroPaddedToTheDigitsAsked) {
  EXPECT_EQ(hex_text(0x7e, 2), "0x7e");
  EXPECT_EQ(hex_text(0xd, 1), "0xd");
  EXPECT_EQ(hex_text(0x3c00, 4), "0x3c00");
  EXPECT_EQ(hex_text(0x5, 4), "0x0005");
  EXPECT_EQ(hex_text(0), "0x0");
  EXPECT_EQ(hex_text(0x3f800000u, 8), "0x3f800000");
}

// A value wider than the digits asked keeps every digit: nothing the reader needs is cut.
TEST(HexText, AValueWiderThanTheDigitsKeepsThemAll) {
  EXPECT_EQ(hex_text(0x1ff, 2), "0x1ff");
  EXPECT_EQ(hex_text(0xffffffffffffffffull), "0xffffffffffffffff");
}

// hex_code pads to the format's width: one digit per 4 bits, rounded up.
TEST(HexText, FormatCodesArePaddedToTheFormatsWidth) {
  EXPECT_EQ(hex_code(Format::float8_e4m3fn, 0x7e), "0x7e");
  EXPECT_EQ(hex_code(Format::float8_e4m3fn, 0x1), "0x01");
  EXPECT_EQ(hex_code(Format::float16, 0x3c00), "0x3c00");
  EXPECT_EQ(hex_code(Format::float16, 0x1), "0x0001");
}

}  // namespace
}  // namespace typelattice
