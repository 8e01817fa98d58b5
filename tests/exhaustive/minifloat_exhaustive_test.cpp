// The fast encoder against the reference encoder, for every format and mode, over float32 inputs: all 2^23
// mantissas (both signs) of every binade from three below the format's smallest subnormal to three above its
// max, a sparser stride through the other binades, and every boundary (each value, each midpoint, their float32
// neighbours, max + half an ulp, min subnormal / 2) whatever the stride. TYPELATTICE_STRIDE=N (default 1)
// visits every Nth mantissa, starting at a different offset in each binade, so every binade is still hit.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <string>

#include "typelattice/minifloat.h"
#include "tests/kernels/cast_sweep.h"

namespace typelattice {
namespace {

struct Case {
  Format format;
  CastOptions options;
};

std::string case_name(const ::testing::TestParamInfo<Case>& info) {
  static constexpr const char* kModes[] = {"nearest_even", "up", "down", "nearest"};
  std::string name = std::string(format_spec(info.param.format).name) + (info.param.options.saturate ? "_sat" : "_nosat");
  if (format_spec(info.param.format).is_scale_format()) name += std::string("_") + kModes[static_cast<int>(info.param.options.round)];
  return name;
}

std::vector<Case> all_cases() {
  std::vector<Case> out;
  for (const FormatSpec& spec : minifloat_formats()) {  // float32: float32_format_test.cpp
    const Format f = parse_format(spec.name).value();
    for (bool saturate : {true, false}) {
      if (!spec.is_scale_format()) {
        out.push_back({f, {.saturate = saturate}});
        continue;
      }
      for (RoundMode r : {RoundMode::up, RoundMode::down, RoundMode::nearest, RoundMode::nearest_even}) {
        out.push_back({f, {.saturate = saturate, .round = r}});
      }
    }
  }
  return out;
}

class Exhaustive : public ::testing::TestWithParam<Case> {};

// Every value of the format, every midpoint, and their float32 and float64 neighbours, both signs.
std::vector<double> boundaries(Format f) {
  const FormatSpec& spec = format_spec(f);
  std::vector<double> values;
  for (std::uint32_t code = 0; code < (1u << spec.total_bits()); ++code) {
    const double v = decode_to_float64(f, code);
    if (std::isfinite(v) && v >= 0) values.push_back(v);
  }
  std::sort(values.begin(), values.end());
  const FormatRange range = format_range(f);
  values.push_back(range.max + std::ldexp(1.0, std::ilogb(range.max) - spec.mantissa_bits));  // next past max
  std::vector<double> points{0.0, range.min_subnormal.value_or(range.min_normal) / 2, 0x1p-126, 0x1p-127, 0x1.8p-127};
  for (std::size_t i = 0; i < values.size(); ++i) {
    points.push_back(values[i]);
    if (i + 1 < values.size()) points.push_back((values[i] + values[i + 1]) / 2);
    if (i + 1 < values.size()) points.push_back(values[i] + (values[i + 1] - values[i]) * 0.75);  // E8M0's 1.5 * 2^k
  }
  std::vector<double> out{INFINITY, -INFINITY, NAN, -NAN};
  for (double p : points) {
    const float p32 = static_cast<float>(p);
    for (double q : {p, static_cast<double>(std::nextafter(p32, INFINITY)), static_cast<double>(std::nextafter(p32, 0.0f)),
                     std::nextafter(p, INFINITY), std::nextafter(p, 0.0)}) {
      out.push_back(q);
      out.push_back(-q);
    }
  }
  return out;
}

TEST_P(Exhaustive, FastEncoderMatchesReference) {
  const Case c = GetParam();
  const FormatSpec& spec = format_spec(c.format);
  const ReferenceEncoder reference(c.format);
  const auto stride = static_cast<std::uint32_t>(test::sweep_stride_from_env());
  const FormatRange range = format_range(c.format);
  // float32 binades (biased exponents) to sweep densely.
  const int lowest = std::ilogb(range.min_subnormal.value_or(range.min_normal)) - 3 + 127;
  const int highest = std::ilogb(range.max) + 3 + 127;
  std::uint64_t checked = 0;
  for (std::uint32_t biased = 0; biased < 256; ++biased) {
    const bool dense = static_cast<int>(biased) >= lowest && static_cast<int>(biased) <= highest;
    const std::uint32_t step = dense ? stride : stride * 4099;
    const std::uint32_t start = (biased * 7919u) % step;  // a different mantissa offset in every binade
    for (std::uint32_t sign : {0u, 1u}) {
      for (std::uint32_t mantissa = start; mantissa < (1u << 23); mantissa += step) {
        const std::uint32_t bits = (sign << 31) | (biased << 23) | mantissa;
        const float x = std::bit_cast<float>(bits);
        const std::uint32_t want = reference.encode(x, c.options);
        const std::uint32_t got = encode(c.format, x, c.options);
        if (got != want) {
          FAIL() << spec.name << std::hex << ": float32 0x" << bits << " encodes to 0x" << got << ", reference 0x" << want;
        }
        ++checked;
      }
    }
  }
  for (double x : boundaries(c.format)) {
    ASSERT_EQ(encode(c.format, x, c.options), reference.encode(x, c.options)) << spec.name << std::hexfloat << " " << x;
    ASSERT_EQ(encode(c.format, static_cast<float>(x), c.options), reference.encode(static_cast<float>(x), c.options))
        << spec.name << std::hexfloat << " " << x;
    ++checked;
  }
  RecordProperty("inputs_checked", std::to_string(checked));
  EXPECT_GT(checked, 0u);
}

INSTANTIATE_TEST_SUITE_P(Minifloat, Exhaustive, ::testing::ValuesIn(all_cases()), case_name);

}  // namespace
}  // namespace typelattice
