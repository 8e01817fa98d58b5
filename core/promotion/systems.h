// Internal to the core: the two kinds of promotion system (a lattice, a table) behind core/include/typelattice/promotion.h. Joins here return nullopt
// for "no promotion"; promotion.cpp turns that into the user-facing error.
#pragma once
#include <optional>
#include <span>
#include <vector>

#include "typelattice/message.h"
#include "typelattice/promotion.h"

namespace typelattice::detail {

// x64 off: JAX's lattice for it (_type_promotion_lattice(x64=False) in jax/_src/dtypes.py, assets/lattices/jax.txt)
// has uint32 -> int32 where x64 on has uint32 -> int64, the one promotion that forms a 64-bit type from narrower ones.
struct X32Edge {
  Dtype from, x64_to, x32_to;
};
inline constexpr X32Edge kX32Edge{Dtype::uint32, Dtype::int64, Dtype::int32};

// JAX: a lattice from assets/lattices (jax.txt, with x64 off its one edge moved, or jax-strict.txt).
std::optional<Dtype> jax_join(std::span<const Dtype> dtypes, const PromotionOptions& options);
Error jax_promotion_error(std::span<const Dtype> dtypes, const PromotionOptions& options);
Graph jax_graph(const PromotionOptions& options);
bool in_jax_lattice(Dtype d, const PromotionOptions& options);  // complex32 is in none

// Every other system: its table in assets/tables (tables.cpp), its refusals worded as the system words them
// (refusals.cpp), and for a partial lattice its graph (array-api).
const std::vector<Dtype>& table_dtypes(System system);
bool in_table(System system, Dtype d);
std::optional<Dtype> table_join(System system, Dtype a, Dtype b);  // row a, column b (tensorflow-2021 is asymmetric)
// The refusal of row a, column b (refusals.cpp): a message where this project words it, a literal where the library
// raises its own; table_promotion_error's text is its English.
Message table_refusal(System system, Dtype a, Dtype b);
Error table_promotion_error(System system, Dtype a, Dtype b);
Graph table_system_graph(System system);  // the graph asset of a partial lattice

std::string quoted_tuple(std::span<const Dtype> dtypes);  // ('float32', 'int32'), as Python prints a tuple

}  // namespace typelattice::detail
