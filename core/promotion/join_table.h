// Internal to the core: each promotion system's binary join over every dtype, precomputed once, so
// promote_types and the compiled systems answer with one lookup.
#pragma once
#include <array>
#include <cstdint>
#include <utility>

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

// Each variant built on first use (thread-safe), never modified: a page that shows one system builds one table,
// not all of them. Inline, so promote_types costs one call through a constant table of getters, a guard and an
// index (docs/performance.md: promote/<system>/<mode>). Systems other than JAX have neither mode nor x64, so
// those options share one table.
template <std::size_t I>
const JoinTable& join_table_of_variant() {
  static const JoinTable table = build_join_table(join_table_options(I));
  return table;
}
template <std::size_t... I>
constexpr std::array<const JoinTable& (*)(), sizeof...(I)> join_table_getters(std::index_sequence<I...>) {
  return {&join_table_of_variant<I>...};
}
inline constexpr auto kJoinTableGetters = join_table_getters(std::make_index_sequence<kJoinTableCount>{});
inline const JoinTable& join_table(const PromotionOptions& options) {
  return kJoinTableGetters[join_table_index(options)]();
}

}  // namespace typelattice::detail
