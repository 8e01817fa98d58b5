// Every kernel (each instruction set this machine runs) against the scalar codecs, element by element:
// rounding boundaries and specials of every format and mode, random inputs, every code's decoding,
// misaligned spans and all short lengths, format-to-format casts (also in place), and bad span sizes.
#include <gtest/gtest.h>

#include <bit>
#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

#include "typelattice/cast_kernels.h"
#include "core/kernels/setup.h"
#include "tests/unit/cast_test_inputs.h"
#include "tests/unit/kernel_encode.h"
#include "tests/unit/sanitizer_sample.h"

namespace typelattice {
namespace {

std::vector<Format> all_format_values() {
  std::vector<Format> out;
  for (int i = 0; i < kMinifloatFormatCount; ++i) out.push_back(static_cast<Format>(i));
  return out;
}

using testing::is_wide;
using testing::kernel_encode;

std::string describe(Format f, Isa isa, const CastOptions& o) {
  return std::string(format_spec(f).name) + " " + std::string(isa_name(isa)) +
         (o.saturate ? " sat" : " nosat") + " round=" + std::to_string(static_cast<int>(o.round));
}

std::string hex(std::uint32_t x) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", x);
  return buf;
}


void expect_encode_matches_scalar(Format f, const std::vector<float>& in) {
  for (const CastOptions& o : test::kernel_test_modes(f)) {
    std::vector<std::uint32_t> want(in.size());
    for (std::size_t i = 0; i < in.size(); ++i) want[i] = encode(f, in[i], element_options(o, i));
    for (Isa isa : available_isas()) {
      const auto got = kernel_encode(f, in, o, isa);
      int reported = 0;
      for (std::size_t i = 0; i < in.size() && reported < 5; ++i) {
        if (got[i] != want[i]) {
          ADD_FAILURE() << describe(f, isa, o) << ": input " << hex(std::bit_cast<std::uint32_t>(in[i])) << " ("
                        << in[i] << ") -> " << hex(got[i]) << ", scalar encode gives " << hex(want[i]);
          ++reported;
        }
      }
    }
  }
}

TEST(CastKernels, IsaListStartsScalarEndsWithTheBest) {
  const auto isas = available_isas();
  ASSERT_FALSE(isas.empty());
  EXPECT_EQ(isas.front(), Isa::scalar);
  EXPECT_EQ(isas.back(), best_isa());
  EXPECT_EQ(isa_name(Isa::avx512), "avx512");
#if defined(__x86_64__)
  auto has = [&isas](Isa isa) { return std::find(isas.begin(), isas.end(), isa) != isas.end(); };
  EXPECT_EQ(has(Isa::sse41), __builtin_cpu_supports("sse4.1") != 0);
  EXPECT_EQ(has(Isa::avx2), __builtin_cpu_supports("avx2") != 0);
  EXPECT_EQ(has(Isa::avx512), __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                                  __builtin_cpu_supports("avx512vl"));
#endif
}

TEST(CastKernels, EncodeBoundariesTiesAndSpecialsMatchScalar) {
  for (Format f : all_format_values()) expect_encode_matches_scalar(f, test::boundary_inputs(f));
}

TEST(CastKernels, EncodeRandomInputsMatchScalar) {
  for (Format f : all_format_values()) expect_encode_matches_scalar(f, test::random_inputs(f, 20000, 12345u));
}

// Stochastic rounding with given bits: every bit pattern of 1 to 5 bits, and wider n (up to all 32 bits, where
// the kernels' unsigned compare and float-to-integer conversion meet their edges) with the least, a middling,
// and the greatest bits. (The sanitizer build tries a sample of them: sanitizer_sample.h.)
TEST(CastKernels, StochasticEveryGivenBitsMatchesScalar) {
  for (Format f : all_format_values()) {
    if (format_spec(f).is_scale_format()) continue;
    const std::vector<float> in = test::boundary_inputs(f);
    std::vector<CastOptions> modes;
    for (int n = 1; n <= 5; ++n) {
      for (std::uint32_t bits = 0; bits < (1u << n); ++bits) {
        if (!test::in_sanitizer_case_sample(bits, 1u << n)) continue;
        modes.push_back(CastOptions{n % 2 == 0, RoundMode::stochastic, StochasticBits{n, bits}});
      }
    }
    for (int n : {9, 16, 22, 23, 24, 25, 31, 32}) {
      const std::uint32_t top = n == 32 ? 0xFFFFFFFFu : (1u << n) - 1u;
      const std::uint32_t given[] = {0u, 1u, top / 2, top / 2 + 1, top};
      for (std::size_t j = 0; j < std::size(given); ++j) {
        if (!test::in_sanitizer_case_sample(j, std::size(given))) continue;
        modes.push_back(CastOptions{n % 2 == 0, RoundMode::stochastic, StochasticBits{n, given[j]}});
      }
    }
    for (const CastOptions& o : modes) {
      for (Isa isa : available_isas()) {
        const auto got = kernel_encode(f, in, o, isa);
        for (std::size_t i = 0; i < in.size(); ++i) {
          ASSERT_EQ(got[i], encode(f, in[i], o)) << describe(f, isa, o) << " n=" << o.stochastic.num_bits
                                                 << " bits=" << o.stochastic.bits << ": input " << in[i];
        }
      }
    }
  }
}

// The kernel tables leave out variants no format of that width selects; every format, saturation and mode
// must find a kernel in every table this CPU runs.
TEST(CastKernels, EveryFormatAndModeHasAnEncodeKernel) {
  std::vector<const kernels::KernelTable*> tables{kernels::scalar_kernels()};
  if (kernels::sse41_kernels() != nullptr) tables.push_back(kernels::sse41_kernels());
  if (kernels::avx2_kernels() != nullptr) tables.push_back(kernels::avx2_kernels());
  if (kernels::avx512_kernels() != nullptr) tables.push_back(kernels::avx512_kernels());
  for (Format f : all_format_values()) {
    for (bool saturate : {false, true}) {
      for (int r = 0; r <= static_cast<int>(RoundMode::stochastic); ++r) {
        const CastOptions o{saturate, static_cast<RoundMode>(r)};
        const auto v = static_cast<int>(kernels::encode_params(f, o).variant);
        for (const kernels::KernelTable* t : tables) {
          EXPECT_TRUE(is_wide(f) ? t->encode16[v] != nullptr : t->encode8[v] != nullptr) << describe(f, Isa::scalar, o);
        }
      }
    }
  }
}

TEST(CastKernels, DecodeEveryCodeMatchesScalar) {
  for (Format f : all_format_values()) {
    const FormatSpec& s = format_spec(f);
    const std::uint32_t codes = 1u << s.total_bits();
    for (Isa isa : available_isas()) {
      std::vector<float> got(codes);
      if (is_wide(f)) {
        std::vector<std::uint16_t> in(codes);
        for (std::uint32_t c = 0; c < codes; ++c) in[c] = static_cast<std::uint16_t>(c);
        ASSERT_EQ(cast_to_float32(f, in, got, isa), codes);
      } else {
        std::vector<std::uint8_t> in(codes);
        for (std::uint32_t c = 0; c < codes; ++c) in[c] = static_cast<std::uint8_t>(c);
        ASSERT_EQ(cast_to_float32(f, in, got, isa), codes);
      }
      int reported = 0;
      for (std::uint32_t c = 0; c < codes && reported < 5; ++c) {
        const auto want = std::bit_cast<std::uint32_t>(decode_to_float32(f, c));
        if (std::bit_cast<std::uint32_t>(got[c]) != want) {
          ADD_FAILURE() << s.name << " " << isa_name(isa) << ": code " << hex(c) << " decodes to "
                        << hex(std::bit_cast<std::uint32_t>(got[c])) << ", scalar gives " << hex(want);
          ++reported;
        }
      }
    }
  }
}

// The dispatcher may prefer another path (AVX-512 decodes 8-bit codes by table lookups where the CPU has
// VBMI); every compiled kernel table this CPU runs is checked here on its own, for every code.
TEST(CastKernels, EveryCompiledDecodeTableMatchesScalar) {
  std::vector<const kernels::KernelTable*> tables{kernels::scalar_kernels()};
  for (Isa isa : available_isas()) {
    if (isa == Isa::sse41) tables.push_back(kernels::sse41_kernels());
    if (isa == Isa::avx2) tables.push_back(kernels::avx2_kernels());
    if (isa == Isa::avx512) tables.push_back(kernels::avx512_kernels());
    if (isa == Isa::wasm_simd128) tables.push_back(kernels::wasm_simd128_kernels());
  }
  for (Format f : all_format_values()) {
    const auto& p = kernels::decode_params(f);
    const std::uint32_t codes = 1u << format_spec(f).total_bits();
    for (std::size_t t = 0; t < tables.size(); ++t) {
      std::vector<float> got(codes);
      if (is_wide(f)) {
        std::vector<std::uint16_t> in(codes);
        for (std::uint32_t c = 0; c < codes; ++c) in[c] = static_cast<std::uint16_t>(c);
        tables[t]->decode16[p.variant](p, in.data(), got.data(), codes);
      } else {
        std::vector<std::uint8_t> in(codes);
        for (std::uint32_t c = 0; c < codes; ++c) in[c] = static_cast<std::uint8_t>(c);
        tables[t]->decode8[p.variant](p, in.data(), got.data(), codes);
      }
      for (std::uint32_t c = 0; c < codes; ++c) {
        ASSERT_EQ(std::bit_cast<std::uint32_t>(got[c]), std::bit_cast<std::uint32_t>(decode_to_float32(f, c)))
            << format_spec(f).name << " table " << t << " code " << hex(c);
      }
    }
  }
}

// Every length 0..67 from every start offset 0..3: a lane-order, tail or overrun bug shows here.
TEST(CastKernels, MisalignedSpansAndShortLengths) {
  const std::vector<float> pool = test::random_inputs(Format::float8_e4m3fn, 80, 777u);
  constexpr std::uint8_t kGuard = 0xA5;
  for (Format f : {Format::float8_e4m3fn, Format::float8_e5m2, Format::float8_e4m3fnuz, Format::float8_e8m0fnu,
                   Format::float4_e2m1fn}) {
    const CastOptions o{};
    for (Isa isa : available_isas()) {
      for (std::size_t offset = 0; offset < 4; ++offset) {
        for (std::size_t n = 0; n <= 67; ++n) {
          std::vector<float> floats(n + 8);
          std::copy(pool.begin(), pool.begin() + static_cast<std::ptrdiff_t>(n), floats.begin() + offset);
          std::vector<std::uint8_t> codes(n + 8, kGuard);
          std::span<const float> in(floats.data() + offset, n);
          std::span<std::uint8_t> out(codes.data() + offset, n);
          ASSERT_EQ(cast_from_float32(f, in, out, o, isa), n);
          for (std::size_t i = 0; i < codes.size(); ++i) {
            const bool inside = i >= offset && i < offset + n;
            const std::uint32_t want = inside ? encode(f, floats[i], o) : kGuard;
            ASSERT_EQ(codes[i], want) << describe(f, isa, o) << " offset " << offset << " n " << n << " i " << i;
          }
          std::vector<float> back(n + 8, -1.0f);
          ASSERT_EQ(cast_to_float32(f, std::span<const std::uint8_t>(out), std::span<float>(back.data() + offset, n),
                                    isa), n);
          for (std::size_t i = 0; i < back.size(); ++i) {
            const bool inside = i >= offset && i < offset + n;
            const float want = inside ? decode_to_float32(f, codes[i]) : -1.0f;
            ASSERT_EQ(std::bit_cast<std::uint32_t>(back[i]), std::bit_cast<std::uint32_t>(want))
                << format_spec(f).name << " decode " << isa_name(isa) << " offset " << offset << " n " << n;
          }
        }
      }
    }
  }
}

TEST(CastKernels, WideFormatsMisalignedAndShort) {
  const std::vector<float> pool = test::random_inputs(Format::float16, 80, 99u);
  for (Format f : {Format::bfloat16, Format::float16}) {
    for (Isa isa : available_isas()) {
      for (std::size_t n = 0; n <= 67; ++n) {
        std::vector<std::uint16_t> codes(n + 2, 0xBEEF);
        ASSERT_EQ(cast_from_float32(f, std::span<const float>(pool.data() + 1, n),
                                    std::span<std::uint16_t>(codes.data() + 1, n), CastOptions{}, isa), n);
        EXPECT_EQ(codes.front(), 0xBEEF);
        EXPECT_EQ(codes.back(), 0xBEEF);
        for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(codes[i + 1], encode(f, pool[i + 1], CastOptions{}));
      }
    }
  }
}

// Format to format: every code of every 8-bit format, equal to rounding the exact value once; also in place.
TEST(CastKernels, CastBetweenRoundsTheExactValueOnce) {
  std::vector<std::uint8_t> all(256);
  for (int c = 0; c < 256; ++c) all[c] = static_cast<std::uint8_t>(c);
  for (Format from : all_format_values()) {
    if (is_wide(from)) continue;
    const std::size_t codes = std::size_t{1} << format_spec(from).total_bits();
    const std::span<const std::uint8_t> in(all.data(), codes);
    for (Format to : all_format_values()) {
      if (is_wide(to)) continue;
      for (bool saturate : {true, false}) {
        const CastOptions o{saturate, RoundMode::up};
        std::vector<std::uint8_t> out(codes);
        ASSERT_EQ(cast_between(from, to, in, out, o), codes);
        std::vector<std::uint8_t> in_place(in.begin(), in.end());
        ASSERT_EQ(cast_between(from, to, in_place, in_place, o), codes);
        for (std::size_t c = 0; c < codes; ++c) {
          const std::uint32_t want = encode(to, decode_to_float64(from, static_cast<std::uint32_t>(c)), o);
          ASSERT_EQ(out[c], want) << format_spec(from).name << " -> " << format_spec(to).name << " code " << c;
          ASSERT_EQ(in_place[c], want) << "in place " << format_spec(from).name << " -> " << format_spec(to).name;
        }
      }
    }
  }
}

TEST(CastKernels, SizeAndWidthMismatchesWriteNothingOutOfBounds) {
  std::vector<float> in{1.0f, 2.0f, 3.0f};
  std::vector<std::uint8_t> out(2, 0);
  EXPECT_EQ(cast_from_float32(Format::float8_e4m3fn, in, out), 2u);  // the shorter span bounds the work
  EXPECT_EQ(out[1], encode(Format::float8_e4m3fn, 2.0f));
  std::vector<std::uint8_t> bytes(3, 7);
  EXPECT_EQ(cast_from_float32(Format::bfloat16, in, bytes), 0u);  // 16-bit codes do not fit bytes
  EXPECT_EQ(bytes, std::vector<std::uint8_t>(3, 7));
  std::vector<std::uint16_t> halves(3, 7);
  EXPECT_EQ(cast_from_float32(Format::float8_e4m3fn, in, halves), 0u);
  std::vector<float> none;
  std::vector<std::uint8_t> empty;
  EXPECT_EQ(cast_from_float32(Format::float8_e4m3fn, none, empty), 0u);
  EXPECT_EQ(cast_to_float32(Format::float8_e4m3fn, empty, none), 0u);
}

}  // namespace
}  // namespace typelattice
