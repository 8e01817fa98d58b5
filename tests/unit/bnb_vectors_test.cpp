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

#include "tests/unit/hex_vectors.h"
#include "typelattice/bnb_blocks.h"

namespace typelattice {
namespace {

using test_vectors::expect_same_floats;
using test_vectors::hex_bytes;
using test_vectors::hex_le_floats;

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
      input = hex_le_floats(a);
      continue;
    }
    if (kind != "nf4" && kind != "fp4") continue;
    words >> a >> b >> c;
    const BnbBlockType t = kind == "nf4" ? BnbBlockType::nf4 : BnbBlockType::fp4;
    const std::string what = kind + " " + name;
    std::vector<float> absmax(bnb_absmax_count(input.size())), values(input.size());
    std::vector<std::uint8_t> packed(bnb_packed_size(input.size()));
    ASSERT_TRUE(quantize_bnb_blocks(t, input, absmax, packed)) << what;
    expect_same_floats(absmax, hex_le_floats(a), what + " absmax");
    EXPECT_EQ(packed, hex_bytes(b)) << what;
    ASSERT_TRUE(dequantize_bnb_blocks(t, packed, absmax, values)) << what;
    expect_same_floats(values, hex_le_floats(c), what + " dequantized");
    ++checked;
  }
  EXPECT_EQ(checked, 2 * 33);
}

}  // namespace
}  // namespace typelattice
