// Codes, scales and bit patterns in hex, as every front end prints them: "0x" and lowercase digits.
#pragma once
#include <cstdint>
#include <string>

namespace typelattice {

// "0x7e": `value` zero-padded to `digits` hex digits, with more digits when the value needs them. By hand rather
// than with snprintf or std::to_chars, which would pull their code into the wasm module for this one line.
inline std::string hex_text(std::uint64_t value, int digits = 1) {
  int needed = 1;
  for (std::uint64_t rest = value >> 4; rest != 0; rest >>= 4) ++needed;
  std::string out = "0x";
  for (int i = (digits > needed ? digits : needed) - 1; i >= 0; --i) {
    out += "0123456789abcdef"[(value >> (4 * i)) & 15u];
  }
  return out;
}

}  // namespace typelattice
