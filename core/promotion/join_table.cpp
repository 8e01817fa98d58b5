#include "core/promotion/join_table.h"

#include "core/promotion/systems.h"

namespace typelattice::detail {

JoinTable build_join_table(const PromotionOptions& options) {
  JoinTable t{};
  for (int a = 0; a < kDtypeCount; ++a) {
    for (int b = 0; b < kDtypeCount; ++b) {
      const auto da = static_cast<Dtype>(a), db = static_cast<Dtype>(b);
      std::optional<Dtype> d;
      if (options.system == System::jax) {
        const std::array<Dtype, 2> pair{da, db};
        d = jax_join(pair, options);
      } else {
        d = table_join(options.system, da, db);
      }
      t[static_cast<std::size_t>(a * kDtypeCount + b)] = d ? static_cast<std::uint8_t>(*d) : kNoPromotion;
    }
  }
  return t;
}

PromotionOptions join_table_options(std::size_t index) {
  if (index < static_cast<std::size_t>(kSystemCount)) return {static_cast<System>(index), Mode::standard, true};
  if (index == static_cast<std::size_t>(kSystemCount)) return {System::jax, Mode::standard, false};
  return {System::jax, Mode::strict, true};
}

const JoinTable& build_join_table_once(JoinTableCache& cache, std::size_t index) {
  const std::lock_guard lock(cache.building);
  if (!cache.built[index].load(std::memory_order_relaxed)) {
    cache.tables[index] = build_join_table(join_table_options(index));
    cache.built[index].store(true, std::memory_order_release);
  }
  return cache.tables[index];
}

}  // namespace typelattice::detail
