// User text in messages: control characters, bytes that are not UTF-8, C1 controls and bidi controls are escaped
// (so an echoed name cannot retitle a terminal or reorder what is read); everything else is kept as typed.
#include <gtest/gtest.h>

#include <string>

#include "typelattice/display_text.h"

namespace {

using typelattice::displayed;

TEST(DisplayedText, OrdinaryTextIsKept) {
  for (const char* text : {"float16", "a b", "<img src=x>", "\xc3\xa9t\xc3\xa9", "\xe4\xb8\xad\xe6\x96\x87",
                           "\xf0\x9f\x98\x80", "x/y'\"", ""}) {
    EXPECT_EQ(displayed(text), text);
  }
}

TEST(DisplayedText, ControlsAndBadBytesAreEscaped) {
  EXPECT_EQ(displayed("\x1b]0;pwned\x07"), "\\x1B]0;pwned\\x07");
  EXPECT_EQ(displayed(std::string("a\0b", 3)), "a\\x00b");
  EXPECT_EQ(displayed("tab\there\nnew\rline\x7f"), "tab\\x09here\\x0Anew\\x0Dline\\x7F");
  EXPECT_EQ(displayed("\xff\xfe"), "\\xFF\\xFE");                  // not UTF-8
  EXPECT_EQ(displayed("\xc0\x80"), "\\xC0\\x80");                  // an overlong NUL
  EXPECT_EQ(displayed("\xed\xa0\x80"), "\\xED\\xA0\\x80");         // a UTF-8-encoded surrogate
  EXPECT_EQ(displayed("a\xe2\x82"), "a\\xE2\\x82");                // cut short
  EXPECT_EQ(displayed("\xc2\x9b" "31m"), "\\u{009B}31m");           // C1 CSI
  EXPECT_EQ(displayed("abc\xe2\x80\xae" "fdp.exe"), "abc\\u{202E}fdp.exe");  // right-to-left override
  EXPECT_EQ(displayed("\xe2\x81\xa6x\xe2\x81\xa9\xe2\x80\x8f\xd8\x9c"), "\\u{2066}x\\u{2069}\\u{200F}\\u{061C}");
  // A backslash is doubled, so typed "\x1B" and an escaped ESC differ.
  EXPECT_EQ(displayed("\\x1B"), "\\\\x1B");
}

TEST(DisplayText, AHugeInputIsShownByItsStartAndItsLength) {
  EXPECT_EQ(displayed(std::string(256, 'a')), std::string(256, 'a'));  // up to kEchoLimit: whole
  EXPECT_EQ(displayed(std::string(257, 'a')), std::string(256, 'a') + "\u2026 (257 bytes)");
  EXPECT_EQ(displayed(std::string(10'000'000, '7')), std::string(256, '7') + "\u2026 (10000000 bytes)");
  // The cut never splits a character: 255 ASCII bytes, then a 2-byte letter across byte 256.
  const std::string letters = std::string(255, 'x') + "\xc3\xa9" + std::string(100, 'y');
  EXPECT_EQ(displayed(letters), std::string(255, 'x') + "\u2026 (357 bytes)");
  // Escapes still apply in the part shown; a reader that kept only the start gives the whole size.
  EXPECT_EQ(displayed(std::string(300, '\x1b')).substr(0, 8), "\\x1B\\x1B");
  EXPECT_EQ(displayed(std::string(257, 'k'), 5'000'000), std::string(256, 'k') + "\u2026 (5000000 bytes)");
}

}  // namespace
