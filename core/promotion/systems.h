// Internal to the core: the two kinds of promotion system behind core/include/typelattice/promotion.h. Joins here return nullopt
// for "no promotion"; promotion.cpp turns that into the user-facing error.
#pragma once
#include <optional>
#include <span>
#include <vector>

#include "typelattice/promotion.h"

namespace typelattice::detail {

// JAX: a lattice from assets/lattices (jax.txt, jax-x32.txt or jax-strict.txt, picked by mode and x64).
std::optional<Dtype> jax_join(std::span<const Dtype> dtypes, const PromotionOptions& options);
Error jax_promotion_error(std::span<const Dtype> dtypes, const PromotionOptions& options);
Graph jax_graph(const PromotionOptions& options);

// numpy, torch, tensorflow, jax-lax: the design document's appendix tables in assets/tables.
const std::vector<Dtype>& table_dtypes(System system);
std::optional<Dtype> table_join(System system, Dtype a, Dtype b);  // row a, column b (tensorflow is asymmetric)
Error table_promotion_error(System system, Dtype a, Dtype b);

std::string quoted_tuple(std::span<const Dtype> dtypes);  // ('float32', 'int32'), as Python prints a tuple

}  // namespace typelattice::detail
