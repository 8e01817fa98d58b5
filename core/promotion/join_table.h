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

// Built on first use for each (system, mode, x64) that matters, then only read. Table systems have neither
// mode nor x64, so those options share one table.
const JoinTable& join_table(const PromotionOptions& options);

}  // namespace typelattice::detail
