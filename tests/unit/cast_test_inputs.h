// Inputs that exercise every rounding decision of a format: each representable value, the ties between
// neighbours (and the floats just beside them), the overflow tie past the largest finite value, zeros,
// infinities, NaNs with both signs and several payloads, float32 subnormals. Shared by the unit and the
// exhaustive cast-kernel tests.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <utility>
#include <vector>

#include "typelattice/cast_kernels.h"
#include "typelattice/minifloat.h"

namespace typelattice::test {

inline constexpr double kInf = std::numeric_limits<double>::infinity();

// Bit pattern <-> float (std::bit_cast is missing from the libc++ of Debian's Emscripten 3.1.6, where the
// sweep also runs).
inline float float_from_bits(std::uint32_t bits) {
  float x;
  std::memcpy(&x, &bits, sizeof x);
  return x;
}
inline std::uint32_t bits_from_float(float x) {
  std::uint32_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  return bits;
}

// Ties to even (E8M0: its four modes), saturating or not: the modes ONNX's casts use.
inline std::vector<CastOptions> cast_modes(Format f) {
  std::vector<CastOptions> modes;
  const bool scale = format_spec(f).is_scale_format();
  for (bool saturate : {true, false}) {
    for (RoundMode r : {RoundMode::nearest_even, RoundMode::up, RoundMode::down, RoundMode::nearest}) {
      if (scale || r == RoundMode::up) modes.push_back(CastOptions{saturate, r});
    }
  }
  return modes;
}

// Those, and for every format but E8M0 the IEEE directions, to-odd and stochastic rounding with given bits.
inline std::vector<CastOptions> all_cast_modes(Format f) {
  std::vector<CastOptions> modes = cast_modes(f);
  if (format_spec(f).is_scale_format()) return modes;
  for (bool saturate : {true, false}) {
    for (RoundMode r : {RoundMode::ties_to_away, RoundMode::toward_zero, RoundMode::toward_positive,
                        RoundMode::toward_negative, RoundMode::to_odd}) {
      modes.push_back(CastOptions{saturate, r});
    }
    // Stochastic rounding with given bits: the least, a middling and the greatest of 4 bits, and no bits.
    for (auto [n, bits] : {std::pair{4, 0u}, std::pair{4, 7u}, std::pair{4, 15u}, std::pair{0, 0u}}) {
      modes.push_back(CastOptions{saturate, RoundMode::stochastic, StochasticBits{n, bits}});
    }
  }
  return modes;
}

// Those, and seeded stochastic rounding: 8 bits from index 0, and all 32 bits from a stream index just below
// 2^32, so a long run crosses the point where the stream's key changes.
inline std::vector<CastOptions> kernel_test_modes(Format f) {
  std::vector<CastOptions> modes = all_cast_modes(f);
  if (format_spec(f).is_scale_format()) return modes;
  CastOptions eight{true, RoundMode::stochastic, StochasticBits{8, 0}};
  eight.stochastic.seed = 7;
  CastOptions all_bits{false, RoundMode::stochastic, StochasticBits{32, 0}};
  all_bits.stochastic.seed = 0x5EED;
  all_bits.stochastic.index = (std::uint64_t{1} << 32) - 1000;
  modes.push_back(eight);
  modes.push_back(all_bits);
  return modes;
}

inline std::vector<float> boundary_inputs(Format f) {
  const FormatSpec& s = format_spec(f);
  const std::uint32_t magnitudes = 1u << (s.exponent_bits + s.mantissa_bits);
  std::vector<double> values;
  for (std::uint32_t m = 0; m < magnitudes; ++m) {
    const double v = decode_to_float64(f, m);
    if (std::isfinite(v)) values.push_back(v);
  }
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  std::vector<double> points = values;
  for (std::size_t i = 0; i + 1 < values.size(); ++i) points.push_back((values[i] + values[i + 1]) / 2);
  if (values.size() >= 2) {  // past the largest finite value: the overflow tie, then one more step
    const double top = values.back(), step = top - values[values.size() - 2];
    points.push_back(top + step / 2);
    points.push_back(top + step);
    points.push_back(2 * top);
  }
  points.push_back(values.front() / 2);  // below the smallest (E8M0 has no zero)
  points.push_back(values.front() / 4);
  std::vector<float> out;
  auto add = [&out](float x) {
    out.push_back(x);
    out.push_back(-x);
  };
  for (double p : points) {
    const auto x = static_cast<float>(p);
    if (!std::isfinite(x)) continue;
    add(x);
    add(std::nextafter(x, 0.0f));
    add(std::nextafter(x, std::numeric_limits<float>::infinity()));
  }
  constexpr float kFloatInf = std::numeric_limits<float>::infinity();
  for (float x : {0.0f, kFloatInf, std::numeric_limits<float>::max(), std::numeric_limits<float>::min(),
                  std::numeric_limits<float>::denorm_min(), 0x1.fffffcp-127f, 0x1p-127f, 0x1.8p-127f,
                  0x1.800002p-127f, 0x1.7ffffcp-127f, 1.0f, 0x1.8p127f, 0x1p127f, 0x1.fffffep127f}) {
    add(x);
  }
  for (std::uint32_t nan : {0x7FC00000u, 0x7F800001u, 0x7FFFFFFFu, 0x7FA00000u, 0x7FC00001u}) {
    add(float_from_bits(nan));
  }
  return out;
}

// Deterministic pseudo-random bit patterns (xorshift) and values spread over the format's range.
inline std::vector<float> random_inputs(Format f, std::size_t count, std::uint32_t seed) {
  std::vector<float> out;
  std::uint32_t state = seed;
  auto next = [&state] {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    return state;
  };
  const double top = decode_to_float64(f, (1u << (format_spec(f).exponent_bits + format_spec(f).mantissa_bits)) - 2);
  const double range = std::isfinite(top) ? std::fabs(top) : 1e4;
  for (std::size_t i = 0; i < count; ++i) {
    if (i % 2 == 0) {
      out.push_back(float_from_bits(next()));
    } else {
      const double unit = static_cast<double>(next()) / 4294967296.0 * 2.0 - 1.0;
      out.push_back(static_cast<float>(unit * range * std::ldexp(1.0, static_cast<int>(next() % 40) - 30)));
    }
  }
  return out;
}

}  // namespace typelattice::test
