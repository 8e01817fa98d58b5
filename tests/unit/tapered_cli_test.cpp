// cast, decode and layout with the tapered formats (posit8, posit16, hif8), run as a user would run them. The
// expected values are worked out by hand from the Posit Standard and the HiFloat8 paper (see each test).
#include <gtest/gtest.h>

#include <string>

#include "tests/unit/cli_run.h"

namespace typelattice {
namespace {

using testing::CliRun;

TEST(TaperedCli, DecodePositCodes) {
  // 0x40 = 1, 0xC0 = -1, NaR = 0x80, maxpos 2^24, minpos 2^-24 (posit8, es = 2).
  CliRun r = typelattice("decode --from posit8 0x40 0xc0 0x80 0x7f 0x01 0");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "0x40 1\n0xc0 -1\n0x80 nan\n0x7f 16777216\n0x01 0.000000059604644775390625\n0x00 0\n");
  r = typelattice("decode --from POSIT16", "0x4000\n0x8000\n\n0x7fff\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "0x4000 1\n0x8000 nan\n0x7fff 72057594037927936\n");  // maxpos 2^56
}

TEST(TaperedCli, CastToPosits) {
  // pi in posit16: r = 0, e = 1, eleven fraction bits 0.5708 × 2048 = 1168.99 -> 1169: 2 × (1 + 1169/2048).
  CliRun r = typelattice("cast --to posit16 3.14159");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "0x4c91 3.1416015625\n");
  // Never to 0 nor NaR; NaN and Inf to NaR; 2^23 rounds up to maxpos on the bit string (midpoint 2^22).
  r = typelattice("cast --to posit8 1e-30 -1e30 inf -nan 8388608 -0");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "0x01 0.000000059604644775390625\n0x81 -16777216\n0x80 nan\n0x80 nan\n0x7f 16777216\n0x00 0\n");
  // float32 bit patterns: 0x3f900000 is 1.125 (posit8 0x41).
  EXPECT_EQ(typelattice("cast --to posit8 --input hex 0x3f900000").out, "0x41 1.125\n");
  // The format's own rounding may be named; --saturate is what posits always do.
  EXPECT_EQ(typelattice("cast --to posit8 --round ties-to-even --saturate 1.0625").out, "0x40 1\n");
}

TEST(TaperedCli, OptionsAPositDoesNotHaveExitTwo) {
  CliRun r = typelattice("cast --to posit8 --no-saturate 1");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("posit8 never overflows"), std::string::npos) << r.err;
  r = typelattice("cast --to posit8 --round toward-zero 1");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("rounds ties-to-even only"), std::string::npos) << r.err;
  r = typelattice("cast --to posit16 --round stochastic --seed 1 1");
  EXPECT_EQ(r.exit_code, 2);
  r = typelattice("cast --to posit8 abc");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("'abc' is not a number"), std::string::npos) << r.err;
  r = typelattice("decode --from posit8 0x100");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("out of range for posit8"), std::string::npos) << r.err;
  r = typelattice("decode --from posit16 0x12 zz");
  EXPECT_EQ(r.exit_code, 2);
  // The code before the bad one is printed: 0 0000000000 1 00 10 is r = -10, e = 0, f = 1/2: 3 × 2^-41.
  EXPECT_EQ(r.out, "0x0012 0.00000000000136424205265939235687255859375\n");
  EXPECT_NE(r.err.find("'zz' is not a code"), std::string::npos) << r.err;
}

TEST(TaperedCli, UnknownNamesSuggestTheTaperedFormats) {
  CliRun r = typelattice("cast --to posit9 1");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("did you mean posit8, posit16"), std::string::npos) << r.err;
  r = typelattice("decode --from hif7 0x00");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("hif8"), std::string::npos) << r.err;
  r = typelattice("layout posit161 1");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("posit16"), std::string::npos) << r.err;
}

// quantize and dequantize are for block formats: an element format's name says which commands take it instead,
// and the commands it names do what it says.
TEST(TaperedCli, QuantizeNamesTheCommandsForAnElementFormat) {
  for (const char* name : {"hif8", "Posit16", "hifloat8", "float8_e4m3fn", "bf16"}) {
    for (const std::string command : {"quantize --to ", "dequantize --from "}) {
      const CliRun r = typelattice(command + name + (command[0] == 'q' ? " 1.5" : ""), "");
      EXPECT_EQ(r.exit_code, 2) << command << name;
      EXPECT_TRUE(r.out.empty());
      EXPECT_NE(r.err.find("is an element format, not a block format: `typelattice cast --to "), std::string::npos)
          << r.err;
    }
  }
  const CliRun r = typelattice("quantize --to posit8 1.5", "");
  EXPECT_NE(r.err.find("`typelattice cast --to posit8 VALUE...` rounds values to it and `typelattice decode --from "
                       "posit8 CODE...` reads its codes"), std::string::npos) << r.err;
  EXPECT_EQ(typelattice("cast --to posit8 1.5").out, "0x44 1.5\n");
  EXPECT_EQ(typelattice("decode --from posit8 0x44").out, "0x44 1.5\n");
  // A name that is neither keeps the block formats' suggestions.
  EXPECT_NE(typelattice("quantize --to nf5 1").err.find("unknown block format 'nf5'; did you mean nf4"), std::string::npos);
}

TEST(TaperedCli, LayoutShowsTheFieldsOfEachCode) {
  // 3.3 in posit8: 0 10 01 101 = (1 + 5/8) × 2^1 = 3.25, between 3.25 (0x4d) and 3.5 (0x4e).
  CliRun r = typelattice("layout posit8 3.3");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("code         0x4d\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("sign:        0  (bits 7, 0)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("regime:      10  (bits 6..5, 2)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("exponent:    01  (bits 4..3, 1)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("fraction:    101  (bits 2..0, 5)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("value        3.25\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("exact        no"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("between      0x4d 3.25 and 0x4e 3.5\n"), std::string::npos) << r.out;
  // posit16 0x7ffd: a run of 13 ones and its terminator leave one exponent bit; the other is cut off.
  r = typelattice("layout posit16 --code 0x7ffd");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("regime:      11111111111110  (bits 14..1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("exponent:    1  (bits 0, 1)"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("fraction:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("value        1125899906842624\n"), std::string::npos) << r.out;  // 2^(4×12 + 2)
  EXPECT_NE(r.out.find("next up      0x7ffe 4503599627370496\n"), std::string::npos) << r.out;  // 2^52
  r = typelattice("layout posit8 1.5 --code 0x40");
  EXPECT_EQ(r.exit_code, 2);
  r = typelattice("layout posit8 1 --no-saturate");
  EXPECT_EQ(r.exit_code, 2);
  // An exact input says so.
  r = typelattice("layout posit8 -- -1");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("code         0xc0\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("exact        yes\n"), std::string::npos) << r.out;
}

// HiFloat8 (arXiv 2409.16626): TA rounding (to nearest, ties away), one zero, NaN 0x80, ±Inf 0x6f/0xef.
TEST(TaperedCli, CastAndDecodeHiF8) {
  // 1000 = 1.953 × 2^9 has one mantissa bit (|E| ≥ 8) and rounds up to 2^10: dot 11, exponent 0010, mantissa 0.
  // 40960 = 1.25 × 2^15 is halfway between max 2^15 and 1.5 × 2^15 (the Inf code's bits): away, to Inf.
  // 1.0625 is halfway between 1 and 1.125: away. A tiny negative value gives the one zero, never 0x80.
  CliRun r = typelattice("cast --to hif8 1000 40960 40959 -1e-9 1.0625 nan -inf");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "0x64 1024\n0x6f inf\n0x6e 32768\n0x00 0\n0x09 1.125\n0x80 nan\n0xef -inf\n");
  r = typelattice("cast --to hif8 --saturate 40960 -inf");
  EXPECT_EQ(r.out, "0x6e 32768\n0xee -32768\n");
  r = typelattice("decode --from HiFloat8 0x01 0x6e 0x6f 0x80 0xef");  // 2^-22, max, Inf, NaN, -Inf
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "0x01 0.0000002384185791015625\n0x6e 32768\n0x6f inf\n0x80 nan\n0xef -inf\n");
  r = typelattice("cast --to hif8 --round ties-to-even 1");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("hif8 rounds ties-to-away only"), std::string::npos) << r.err;
  EXPECT_EQ(typelattice("cast --to hif8 --round rna 1").out, "0x08 1\n");
}

TEST(TaperedCli, HiF8LayoutShowsTheDotField) {
  // 11.3 -> 0x2b = 0 01 01 011: dot 01 (a 2-bit exponent), exponent +(2 + 1) = 3, mantissa 3/8: 11.
  CliRun r = typelattice("layout hif8 11.3");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("code         0x2b\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("dot:         01  (bits 6..5, 1)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("exponent:    01  (bits 4..3, 1)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("mantissa:    011  (bits 2..0, 3)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("between      0x2b 11 and 0x2c 12\n"), std::string::npos) << r.out;
  // A denormal: 1 0000 101 is −2^(5 − 23); no exponent field.
  r = typelattice("layout hif8 --code 0x85");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("dot:         0000  (bits 6..3, 0)"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("exponent:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("category     denormal\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("value        -0.000003814697265625\n"), std::string::npos) << r.out;
  r = typelattice("layout hif8 1e-9");
  EXPECT_NE(r.out.find("clamped      below half the smallest denormal: flushed to 0\n"), std::string::npos) << r.out;
}

TEST(TaperedCli, FormatsListsTheTaperedFormats) {
  const CliRun r = typelattice("formats");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("posit8      8 2^24      2^-24"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("posit16    16 2^56      2^-56"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("hif8        8 32768     2^-22"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace typelattice
