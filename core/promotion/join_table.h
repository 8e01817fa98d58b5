// Internal to the core: each promotion system's binary join over every dtype, precomputed once, so
// promote_types and the compiled systems answer with one lookup.
#pragma once
#include <array>
#include <atomic>
#include <cstdint>
#include <mutex>

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

// Each variant is built on first use (thread-safe) and never modified after: a page that shows one system builds
// one table, not all of them. The cache is constant-initialized, so promote_types costs an acquire load, a branch
// and an index, with no guard (docs/performance.md: promote/<system>/<mode>). Systems other than JAX have neither
// mode nor x64, so those options share one table.
struct JoinTableCache {
  std::array<JoinTable, kJoinTableCount> tables{};
  std::array<std::atomic<bool>, kJoinTableCount> built{};
  std::mutex building;
};
const JoinTable& build_join_table_once(JoinTableCache& cache, std::size_t index);
inline const JoinTable& join_table(const PromotionOptions& options) {
  static constinit JoinTableCache cache;
  const std::size_t index = join_table_index(options);
  if (cache.built[index].load(std::memory_order_acquire)) return cache.tables[index];
  return build_join_table_once(cache, index);
}

}  // namespace typelattice::detail
