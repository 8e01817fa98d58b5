// What the core's JSON readers (lattice files, safetensors headers) share in reading a string (RFC 8259 §7): the
// one-character escapes, joining a surrogate pair, and writing the code point of a \uXXXX escape as UTF-8. Each
// reader keeps its own error texts.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

namespace typelattice::json_text {

// The character \<c> stands for, for every escape but \u; nullopt for any other c.
inline std::optional<char> simple_escape(char c) {
  switch (c) {
    case '"': return '"';
    case '\\': return '\\';
    case '/': return '/';
    case 'b': return '\b';
    case 'f': return '\f';
    case 'n': return '\n';
    case 'r': return '\r';
    case 't': return '\t';
    default: return std::nullopt;
  }
}

// The code point a high (D800..DBFF) and a low (DC00..DFFF) surrogate encode together.
inline std::uint32_t join_surrogates(std::uint32_t high, std::uint32_t low) {
  return 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00);
}

// `cp` is at most 0x10FFFF and not a surrogate: the readers check that before they call.
inline void append_utf8(std::string& out, std::uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

}  // namespace typelattice::json_text
