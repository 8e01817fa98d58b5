// The hex forms of the reference-vector files in tests/data (bytes as pairs of digits, float32 values as the
// 8 digits of their bits, or as their 4 bytes in memory order), read and written by the tests apart from the core's
// own hex text, and the comparison every vector test makes with them.
#pragma once
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
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

// float32 values written as the bytes of a little-endian float32 array (torch's .numpy().tobytes()).
inline std::vector<float> hex_le_floats(const std::string& hex) {
  const std::vector<std::uint8_t> bytes = hex_bytes(hex);
  std::vector<float> out;
  for (std::size_t i = 0; i + 4 <= bytes.size(); i += 4)
    out.push_back(std::bit_cast<float>(static_cast<std::uint32_t>(bytes[i] | bytes[i + 1] << 8 | bytes[i + 2] << 16 |
                                                                  static_cast<std::uint32_t>(bytes[i + 3]) << 24)));
  return out;
}

inline std::string bytes_hex(std::span<const std::uint8_t> bytes) {
  std::string out;
  char digits[3];
  for (const std::uint8_t b : bytes) {
    std::snprintf(digits, sizeof digits, "%02x", b);
    out += digits;
  }
  return out;
}

// Same float32 bits, or both NaN: the references' NaN payloads come from their hardware's arithmetic, which
// neither C nor torch fixes, so they are not the rule.
inline void expect_same_floats(std::span<const float> got, std::span<const float> want, const std::string& where) {
  ASSERT_EQ(got.size(), want.size()) << where;
  for (std::size_t j = 0; j < want.size(); ++j) {
    if (std::isnan(want[j])) {
      EXPECT_TRUE(std::isnan(got[j])) << where << " element " << j;
    } else {
      EXPECT_EQ(std::bit_cast<std::uint32_t>(got[j]), std::bit_cast<std::uint32_t>(want[j]))
          << where << " element " << j << ": " << got[j] << " vs the reference's " << want[j];
    }
  }
}

}  // namespace typelattice::test_vectors
