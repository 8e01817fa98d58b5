// bitsandbytes' NF4 and FP4 blocks bit for bit against vectors made by torch's own operations
// (tests/data/bnb_blocks/, made as its README.md says).
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "typelattice/bnb_blocks.h"

namespace typelattice {
namespace {

std::vector<std::uint8_t> hex_bytes(const std::string& hex) {
  std::vector<std::uint8_t> out;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2)
    out.push_back(static_cast<std::uint8_t>(std::stoul(hex.substr(i, 2), nullptr, 16)));
  return out;
}

std::vector<float> hex_floats(const std::string& hex) {
  const std::vector<std::uint8_t> bytes = hex_bytes(hex);
  std::vector<float> out;
  for (std::size_t i = 0; i + 4 <= bytes.size(); i += 4)
    out.push_back(std::bit_cast<float>(static_cast<std::uint32_t>(bytes[i] | bytes[i + 1] << 8 | bytes[i + 2] << 16 |
                                                                  static_cast<std::uint32_t>(bytes[i + 3]) << 24)));
  return out;
}

// Bit for bit, but any NaN equals any NaN (torch's NaN payloads are not the rule).
void expect_same_floats(const std::vector<float>& got, const std::vector<float>& want, const std::string& what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (std::isnan(want[i])) EXPECT_TRUE(std::isnan(got[i])) << what << " " << i;
    else EXPECT_EQ(std::bit_cast<std::uint32_t>(got[i]), std::bit_cast<std::uint32_t>(want[i])) << what << " " << i;
  }
}

TEST(BnbVectors, QuantizeAndDequantizeMatchTorch) {
  std::ifstream in(std::filesystem::path(TYPELATTICE_SOURCE_DIR) / "tests/data/bnb_blocks/torch_reference.txt");
  ASSERT_TRUE(in) << "tests/data/bnb_blocks/torch_reference.txt";
  std::vector<float> input;
  int checked = 0;
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::string kind, name, a, b, c;
    words >> kind >> name;
    if (kind == "input") {
      words >> a;
      input = hex_floats(a);
      continue;
    }
    if (kind != "nf4" && kind != "fp4") continue;
    words >> a >> b >> c;
    const BnbBlockType t = kind == "nf4" ? BnbBlockType::nf4 : BnbBlockType::fp4;
    const std::string what = kind + " " + name;
    std::vector<float> absmax(bnb_absmax_count(input.size())), values(input.size());
    std::vector<std::uint8_t> packed(bnb_packed_size(input.size()));
    ASSERT_TRUE(quantize_bnb_blocks(t, input, absmax, packed)) << what;
    expect_same_floats(absmax, hex_floats(a), what + " absmax");
    EXPECT_EQ(packed, hex_bytes(b)) << what;
    ASSERT_TRUE(dequantize_bnb_blocks(t, packed, absmax, values)) << what;
    expect_same_floats(values, hex_floats(c), what + " dequantized");
    ++checked;
  }
  EXPECT_EQ(checked, 2 * 33);
}

}  // namespace
}  // namespace typelattice
