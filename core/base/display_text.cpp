#include "typelattice/display_text.h"

#include <cstdint>

namespace typelattice {
namespace {

constexpr char kHex[] = "0123456789ABCDEF";

// Unicode's bidirectional formatting characters (ALM, LRM, RLM, the embeddings, overrides and isolates).
bool is_bidi_control(std::uint32_t cp) {
  return cp == 0x061C || cp == 0x200E || cp == 0x200F || (cp >= 0x202A && cp <= 0x202E) ||
         (cp >= 0x2066 && cp <= 0x2069);
}

// The length of the well-formed UTF-8 sequence at `s` and its code point, or 0 when the byte starts none.
std::size_t utf8_sequence(std::string_view s, std::uint32_t& cp) {
  const auto lead = static_cast<unsigned char>(s[0]);
  const std::size_t n = lead >= 0xF0 && lead <= 0xF4 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 && lead <= 0xDF ? 2 : 0;
  if (n == 0 || n > s.size()) return 0;
  cp = lead & (0x7Fu >> n);
  for (std::size_t i = 1; i < n; ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if ((c & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (c & 0x3Fu);
  }
  const std::uint32_t smallest[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < smallest[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return n;
}

}  // namespace

std::string displayed(std::string_view text) { return displayed(text, text.size()); }

std::string displayed(std::string_view text, std::size_t whole) {
  std::string out;
  if (whole > kEchoLimit && text.size() > kEchoLimit) {
    std::size_t cut = kEchoLimit;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // not inside a character
    text = text.substr(0, cut);
  }
  // \xNN (2 digits) for a byte, \u{NNNN} (4) for a code point.
  const auto escape = [&out](const char* open, std::uint32_t value, int digits, const char* close) {
    out += open;
    for (int shift = 4 * (digits - 1); shift >= 0; shift -= 4) out += kHex[(value >> shift) & 15];
    out += close;
  };
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    std::uint32_t cp = c;
    const std::size_t n = c < 0x80 ? 1 : utf8_sequence(text.substr(i), cp);
    if (c == '\\') {
      out += "\\\\";
    } else if (n == 0 || c < 0x20 || c == 0x7F) {  // a control, or a byte that starts no UTF-8 character
      escape("\\x", c, 2, "");
    } else if ((cp >= 0x80 && cp <= 0x9F) || is_bidi_control(cp)) {
      escape("\\u{", cp, 4, "}");
    } else {
      out.append(text.substr(i, n));
    }
    i += n == 0 ? 1 : n;
  }
  if (whole > text.size()) out += "\u2026 (" + std::to_string(whole) + " bytes)";
  return out;
}

// Appended piece by piece: GCC 12 at -O3 warns (-Wrestrict) about "'" + displayed(text) + "'".
std::string quoted(std::string_view text) {
  std::string out = "'";
  out += displayed(text);
  out += '\'';
  return out;
}

}  // namespace typelattice
