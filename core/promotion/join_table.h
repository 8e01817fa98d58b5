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

// The variants: one per system, then JAX's two others (x64 off, strict; JAX's strict lattice ignores x64).
inline constexpr std::size_t kJoinTableCount = static_cast<std::size_t>(kSystemCount) + 2;
inline constexpr std::size_t join_table_index(const PromotionOptions& options) {
  if (options.system != System::jax || (options.mode == Mode::standard && options.x64))
    return static_cast<std::size_t>(options.system);
  return static_cast<std::size_t>(kSystemCount) + (options.mode == Mode::strict ? 1 : 0);
}
PromotionOptions join_table_options(std::size_t index);  // the options of variant `index`

// Every variant in one constant, built on first use (thread-safe), never modified. Inline, so promote_types
// costs one guard and an index (docs/performance.md: promote/<system>/<mode>). Systems other than JAX have neither
// mode nor x64, so those options share one table.
std::array<JoinTable, kJoinTableCount> build_join_tables();
inline const JoinTable& join_table(const PromotionOptions& options) {
  static const std::array<JoinTable, kJoinTableCount> tables = build_join_tables();
  return tables[join_table_index(options)];
}

}  // namespace typelattice::detail
