// Two systems' promotion tables cell by cell, each difference in one of the classes the JAX docs use to explain
// how JAX differs from NumPy: a weak (Python scalar) operand, an integer meeting a floating type, a type the
// other system does not have, or a real disagreement. Weak results are compared as the concrete type they become
// (f* is float64 with x64 on), so JAX's f* and NumPy's float64 are the same answer.
#pragma once
#include <array>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "typelattice/dtype.h"
#include "typelattice/promotion.h"

namespace typelattice {

enum class CellDifference : std::uint8_t { same, weak_scalar, integer_and_float, missing_type, disagreement };
inline constexpr int kCellDifferenceCount = 5;
std::string_view cell_difference_name(CellDifference d);  // "same", "weak-scalar", "integer-float", ...

struct TableComparison {
  std::vector<Dtype> types;
  // Cell (r, c) at r * types.size() + c: each system's promotion of types[r] and types[c] (nullopt: none).
  std::vector<std::optional<Dtype>> here, there;
  std::vector<CellDifference> kinds;
  std::array<int, kCellDifferenceCount> counts{};  // cells of each class, indexed by CellDifference
};

// Over `types` (empty: here's system_dtypes). A type is missing from a system that does not list it or cannot
// promote it with itself (NumPy's table has a bfloat16 row with no results).
TableComparison compare_tables(const PromotionOptions& here, const PromotionOptions& there,
                               std::span<const Dtype> types = {});

// Where a system's table comes from, for the page that compares it: e.g. "JAX today: jax/_src/dtypes.py at
// jax-ml/jax cec06d1 (Aug 2026)" or "NumPy, as the JAX type promotion design document's appendix (2021) gives it".
std::string_view system_source(System s);

}  // namespace typelattice
