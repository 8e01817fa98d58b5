// Internal to the core: each promotion system's binary join over every dtype, precomputed once, so
// promote_types and the compiled systems answer with one lookup.
#pragma once
#include <array>
#include <cstdint>

#include "typelattice/promotion.h"

namespace typelattice::detail {

inline constexpr std::uint8_t kNoPromotion = 0xFF;

// cells[a * kDtypeCount + b] = promote(a, b) as a Dtype value, or kNoPromotion.
using JoinTable = std::array<std::uint8_t, static_cast<std::size_t>(kDtypeCount) * kDtypeCount>;

// The table of one variant, computed from the systems' own joins (jax.cpp, tables.cpp).
JoinTable build_join_table(const PromotionOptions& options);

// Every variant in one constant, built on first use (thread-safe), never modified. Inline, so promote_types
// costs one guard and an index (docs/performance.md: promote/<system>/<mode>). Table systems have neither mode
// nor x64, so those options share one table; JAX's strict lattice ignores x64.
inline const JoinTable& join_table(const PromotionOptions& options) {
  static const std::array<JoinTable, 7> tables{
      build_join_table({System::jax, Mode::standard, true}), build_join_table({System::jax, Mode::standard, false}),
      build_join_table({System::jax, Mode::strict, true}), build_join_table({System::numpy, Mode::standard, true}),
      build_join_table({System::torch, Mode::standard, true}),
      build_join_table({System::tensorflow, Mode::standard, true}),
      build_join_table({System::jax_lax, Mode::standard, true})};
  std::size_t i = 6;
  switch (options.system) {
    case System::jax: i = options.mode == Mode::strict ? 2 : options.x64 ? 0 : 1; break;
    case System::numpy: i = 3; break;
    case System::torch: i = 4; break;
    case System::tensorflow: i = 5; break;
    case System::jax_lax: i = 6; break;
  }
  return tables[i];
}

}  // namespace typelattice::detail
