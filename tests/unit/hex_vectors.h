// The hex forms of the reference-vector files in tests/data (bytes as pairs of digits, float32 values as the
// 8 digits of their bits), read and written by the tests, apart from the core's own hex text.
#pragma once
#include <bit>
#include <cstdint>
#include <cstdio>
#include <span>
#include <string>
#include <vector>

namespace typelattice::test_vectors {

inline std::vector<std::uint8_t> hex_bytes(const std::string& hex) {
  std::vector<std::uint8_t> out;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2)
    out.push_back(static_cast<std::uint8_t>(std::stoul(hex.substr(i, 2), nullptr, 16)));
  return out;
}

inline std::vector<float> hex_floats(const std::string& hex) {
  std::vector<float> out;
  for (std::size_t j = 0; 8 * j + 8 <= hex.size(); ++j)
    out.push_back(std::bit_cast<float>(static_cast<std::uint32_t>(std::stoul(hex.substr(8 * j, 8), nullptr, 16))));
  return out;
}

inline std::string hex_text(std::span<const std::uint8_t> bytes) {
  std::string out;
  char digits[3];
  for (const std::uint8_t b : bytes) {
    std::snprintf(digits, sizeof digits, "%02x", b);
    out += digits;
  }
  return out;
}

}  // namespace typelattice::test_vectors
