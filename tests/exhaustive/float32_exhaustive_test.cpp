// Every float32 code (thinned by TYPELATTICE_STRIDE): decoding is the bit pattern, the code's own value
// encodes back to it, and the midpoint to the next code, with the doubles just beside it, rounds as the
// platform's IEEE 754 double -> float conversion does. Both signs, saturating and not.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "typelattice/minifloat.h"
#include "tests/kernels/cast_sweep.h"

namespace typelattice {
namespace {

constexpr Format kF32 = Format::float32;

TEST(Float32Sweep, EveryCodeDecodesAndEveryMidpointRounds) {
  const std::uint64_t stride = test::sweep_stride_from_env();
  const float max = std::numeric_limits<float>::max();
  std::uint64_t checked = 0;
  for (std::uint64_t c = 0; c < (std::uint64_t{1} << 32); c += stride) {
    const auto code = static_cast<std::uint32_t>(c);
    const float x = std::bit_cast<float>(code);
    const double decoded = decode_to_float64(kF32, code);
    if (std::isnan(x)) {
      ASSERT_TRUE(std::isnan(decoded) && std::signbit(decoded) == std::signbit(x)) << std::hex << code;
      continue;
    }
    ASSERT_EQ(std::bit_cast<std::uint64_t>(decoded), std::bit_cast<std::uint64_t>(static_cast<double>(x)))
        << std::hex << code;
    for (bool saturate : {false, true}) {
      const CastOptions o{.saturate = saturate};
      const std::uint32_t own = std::isinf(x) && saturate ? std::bit_cast<std::uint32_t>(std::copysign(max, x)) : code;
      ASSERT_EQ(encode(kF32, decoded, o), own) << std::hex << code;
      if (std::isinf(x)) continue;
      // Halfway to the next code away from zero (for ±max, halfway to 2^128).
      const double next = std::fabs(x) == max ? std::ldexp(1.0, 128)
                                              : std::nextafter(x, std::copysign(INFINITY, x));
      const double midpoint = (decoded + next) / 2;  // exact: at most 26 significant bits
      for (double v : {std::nextafter(midpoint, 0.0), midpoint, std::nextafter(midpoint, 2 * midpoint)}) {
        const float platform = static_cast<float>(v);
        const std::uint32_t want = std::isinf(platform) && saturate
                                       ? std::bit_cast<std::uint32_t>(std::copysign(max, platform))
                                       : std::bit_cast<std::uint32_t>(platform);
        ASSERT_EQ(encode(kF32, v, o), want) << std::hexfloat << v << " saturate " << saturate;
      }
    }
    ++checked;
  }
  RecordProperty("checked", static_cast<int>(checked));
  EXPECT_GT(checked, 0u);
}

}  // namespace
}  // namespace typelattice
