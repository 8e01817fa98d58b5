// Bulk cast throughput per instruction set, with memcpy of the same byte volume for scale.
// Names: cast/<src>/<dst>/<sat|nosat|exact>/<impl>/<elements> (ties to even), cast/float32/<dst>/<mode>/<impl>/
// <elements> for the other modes (saturating; "stochastic" draws bits from a seed), items/s; memcpy/<bytes>
// (bytes/s, counted once). Element counts: 4096 (fits L1), 262144 (fits L2), 67108864 (beyond L2 and, on most machines, L3).
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "typelattice/cast_kernels.h"
#include "core/kernels/setup.h"
#include "tests/bench/sample_floats.h"
#include "tests/bench/scalar_novec_kernels.h"

namespace typelattice {
namespace {

constexpr std::int64_t kCastSizes[] = {4096, 262144, 67108864};

using bench::sample_floats;

template <class Code>
std::vector<Code> sample_codes(Format f, std::size_t n) {
  const std::uint32_t mask = (1u << format_spec(f).total_bits()) - 1;
  std::vector<Code> v(n);
  std::uint32_t state = 88675123u;
  for (std::size_t i = 0; i < n; ++i) {
    state = state * 1664525u + 1013904223u;
    v[i] = static_cast<Code>((state >> 8) & mask);
  }
  return v;
}

// impl: an Isa, or the contrast implementations below.
enum class Impl { isa, scalar_novec, scalar_encode };

template <class Code>
void bench_encode(benchmark::State& state, Format f, CastOptions o, Impl impl, Isa isa) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const std::vector<float> in = sample_floats(n);
  std::vector<Code> out(n);
  for (auto _ : state) {
    if (impl == Impl::isa) {
      cast_from_float32(f, in, std::span<Code>(out), o, isa);
    } else if (impl == Impl::scalar_novec) {
      const auto& params = kernels::encode_params(f, o);  // the kernels' modes only (has_rounding_kernel)
      const auto& table = bench::scalar_novec_kernels();
      const int v = static_cast<int>(params.variant);
      if constexpr (sizeof(Code) == 1) {
        table.encode8[v](params, in.data(), out.data(), n);
      } else {
        table.encode16[v](params, in.data(), out.data(), n);
      }
    } else {
      for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<Code>(encode(f, in[i], element_options(o, i)));
    }
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(n));
}

template <class Code>
void bench_decode(benchmark::State& state, Format f, Impl impl, Isa isa) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const std::vector<Code> in = sample_codes<Code>(f, n);
  std::vector<float> out(n);
  const auto& params = kernels::decode_params(f);
  for (auto _ : state) {
    if (impl == Impl::isa) {
      cast_to_float32(f, std::span<const Code>(in), out, isa);
    } else if (impl == Impl::scalar_novec) {
      const auto& table = bench::scalar_novec_kernels();
      if constexpr (sizeof(Code) == 1) {
        table.decode8[params.variant](params, in.data(), out.data(), n);
      } else {
        table.decode16[params.variant](params, in.data(), out.data(), n);
      }
    } else {
      for (std::size_t i = 0; i < n; ++i) out[i] = decode_to_float32(f, in[i]);
    }
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(n));
}

void bench_memcpy(benchmark::State& state) {
  const auto bytes = static_cast<std::size_t>(state.range(0));
  std::vector<char> src(bytes, 1), dst(bytes);
  for (auto _ : state) {
    std::memcpy(dst.data(), src.data(), bytes);
    benchmark::DoNotOptimize(dst.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(bytes));
}

struct Variant {
  std::string name;
  Impl impl;
  Isa isa;
};

std::vector<Variant> variants() {
  std::vector<Variant> out;
  for (Isa isa : available_isas()) out.push_back({std::string(isa_name(isa)), Impl::isa, isa});
  out.push_back({"scalar_novec", Impl::scalar_novec, Isa::scalar});
  out.push_back({"scalar_encode", Impl::scalar_encode, Isa::scalar});  // minifloat.h's encode, per element
  return out;
}

void register_all() {
  for (const std::int64_t n : kCastSizes) {
    // 5n bytes: the bytes a float32 -> 8-bit cast of n elements moves; 5n/2: a copy with the same footprint.
    benchmark::RegisterBenchmark("memcpy", bench_memcpy)->Arg(5 * n / 2)->Arg(5 * n);
  }
  const Format formats[] = {Format::float8_e4m3fn, Format::float8_e4m3fnuz, Format::float8_e5m2,
                            Format::float8_e8m0fnu, Format::float4_e2m1fn, Format::bfloat16, Format::float16};
  for (Format f : formats) {
    const std::string name(format_spec(f).name);
    const bool wide = format_spec(f).total_bits() > 8;
    for (const Variant& v : variants()) {
      for (bool saturate : {true, false}) {
        const CastOptions o{saturate, RoundMode::up};
        const std::string label = "cast/float32/" + name + (saturate ? "/sat/" : "/nosat/") + v.name;
        auto* b = wide ? benchmark::RegisterBenchmark(label.c_str(), bench_encode<std::uint16_t>, f, o, v.impl, v.isa)
                       : benchmark::RegisterBenchmark(label.c_str(), bench_encode<std::uint8_t>, f, o, v.impl, v.isa);
        for (const std::int64_t n : kCastSizes) b->Arg(n);
      }
      const std::string label = "cast/" + name + "/float32/exact/" + v.name;
      if (v.impl != Impl::scalar_novec && f != Format::float8_e8m0fnu) {
        // The other modes, saturating, through the same dispatch: compare with .../sat/<isa>/<n> of the run.
        for (const auto& [mode, round] : {std::pair{"ties-to-away", RoundMode::ties_to_away},
                                          std::pair{"toward-zero", RoundMode::toward_zero},
                                          std::pair{"toward-positive", RoundMode::toward_positive},
                                          std::pair{"to-odd", RoundMode::to_odd},
                                          std::pair{"stochastic", RoundMode::stochastic},
                                          std::pair{"stochastic-given-bits", RoundMode::stochastic}}) {
          CastOptions o{true, round};
          if (round == RoundMode::stochastic && std::string_view(mode) == "stochastic") o.stochastic.seed = 1;
          const std::string mode_label = "cast/float32/" + name + "/" + mode + "/" + v.name;
          auto* m = wide ? benchmark::RegisterBenchmark(mode_label.c_str(), bench_encode<std::uint16_t>, f, o, v.impl, v.isa)
                         : benchmark::RegisterBenchmark(mode_label.c_str(), bench_encode<std::uint8_t>, f, o, v.impl, v.isa);
          for (const std::int64_t n : kCastSizes) m->Arg(n);
        }
      }
      auto* b = wide ? benchmark::RegisterBenchmark(label.c_str(), bench_decode<std::uint16_t>, f, v.impl, v.isa)
                     : benchmark::RegisterBenchmark(label.c_str(), bench_decode<std::uint8_t>, f, v.impl, v.isa);
      for (const std::int64_t n : kCastSizes) b->Arg(n);
    }
  }
}

}  // namespace
}  // namespace typelattice

int main(int argc, char** argv) {
  typelattice::register_all();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
