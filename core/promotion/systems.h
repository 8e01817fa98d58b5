// Internal to the core: the two kinds of promotion system (a lattice, a table) behind core/include/typelattice/promotion.h. Joins here return nullopt
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
bool in_jax_lattice(Dtype d, const PromotionOptions& options);  // complex32 is in none

// Every other system: its table in assets/tables (tables.cpp), its refusals worded as the system words them
// (refusals.cpp), and for a partial lattice its graph (array-api).
const std::vector<Dtype>& table_dtypes(System system);
bool in_table(System system, Dtype d);
std::optional<Dtype> table_join(System system, Dtype a, Dtype b);  // row a, column b (tensorflow-2021 is asymmetric)
Error table_promotion_error(System system, Dtype a, Dtype b);
Graph table_system_graph(System system);  // the graph asset of a partial lattice

std::string quoted_tuple(std::span<const Dtype> dtypes);  // ('float32', 'int32'), as Python prints a tuple

}  // namespace typelattice::detail
