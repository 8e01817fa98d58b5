// promote_types per call, for every system and mode: promote/<system>/<mode> (jax also with x64 off:
// promote/jax/<mode>/x64-off). Each iteration promotes the next pair of the system's dtypes that has a result, so
// the figure is the lookup over the whole table; pairs without a result build JAX's error text and are excluded.
// check_table/<system> is the law check over every pair and triple of the system's table, which `typelattice
// check --system`, the module's `checkSystem` and a system handle's `check()` (the playground's status line) run.
#include <benchmark/benchmark.h>

#include <string>
#include <utility>
#include <vector>

#include "typelattice/promotion.h"

namespace typelattice {
namespace {

void bench_promote(benchmark::State& state, PromotionOptions options) {
  std::vector<std::pair<Dtype, Dtype>> pairs;
  for (Dtype a : system_dtypes(options))
    for (Dtype b : system_dtypes(options))
      if (promote_types(a, b, options).ok()) pairs.emplace_back(a, b);
  if (pairs.empty()) {
    state.SkipWithError("no pair of this system promotes");
    return;
  }
  std::size_t i = 0;
  for (auto _ : state) {
    const auto [a, b] = pairs[i];
    Result<Dtype> r = promote_types(a, b, options);
    benchmark::DoNotOptimize(r);
    i = i + 1 == pairs.size() ? 0 : i + 1;
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["pairs"] = static_cast<double>(pairs.size());
}

void bench_check_table(benchmark::State& state, PromotionOptions options) {
  for (auto _ : state) {
    auto violation = check_table(options);
    benchmark::DoNotOptimize(violation);
  }
  state.counters["types"] = static_cast<double>(system_dtypes(options).size());
}

bool register_promote_benchmarks() {
  for (const SystemInfo& info : all_systems()) {
    const System system = info.id;
    for (Mode mode : {Mode::standard, Mode::strict}) {
      if (!info.jax_modes && mode == Mode::strict) continue;  // only JAX has modes and x64
      for (bool x64 : {true, false}) {
        if (!info.jax_modes && !x64) continue;
        const std::string name = "promote/" + std::string(system_name(system)) + "/" + std::string(mode_name(mode)) +
                                 (x64 ? "" : "/x64-off");
        benchmark::RegisterBenchmark(name.c_str(), bench_promote, PromotionOptions{system, mode, x64});
      }
    }
    benchmark::RegisterBenchmark(("check_table/" + std::string(system_name(system))).c_str(), bench_check_table,
                                 PromotionOptions{system, Mode::standard, true});
  }
  return true;
}

[[maybe_unused]] const bool promote_benchmarks_registered = register_promote_benchmarks();

}  // namespace
}  // namespace typelattice
