// A bulk cast through one instruction set's kernel, widened to 32-bit codes, for the tests that hold the
// kernels against the scalar encoder.
#pragma once
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "typelattice/cast_kernels.h"

namespace typelattice::testing {

inline bool is_wide(Format f) { return format_spec(f).total_bits() > 8; }

inline std::vector<std::uint32_t> kernel_encode(Format f, const std::vector<float>& in, const CastOptions& o, Isa isa) {
  std::vector<std::uint32_t> out(in.size());
  if (is_wide(f)) {
    std::vector<std::uint16_t> codes(in.size());
    EXPECT_EQ(cast_from_float32(f, in, codes, o, isa), in.size());
    std::copy(codes.begin(), codes.end(), out.begin());
  } else {
    std::vector<std::uint8_t> codes(in.size());
    EXPECT_EQ(cast_from_float32(f, in, codes, o, isa), in.size());
    std::copy(codes.begin(), codes.end(), out.begin());
  }
  return out;
}

}  // namespace typelattice::testing
