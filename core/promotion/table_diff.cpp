// Table comparison: the classes are decided in order (missing type, same, weak operand, integer with float,
// disagreement), so a cell gets the first explanation that applies.
#include "typelattice/table_diff.h"

#include "typelattice/join_reason.h"

namespace typelattice {
namespace {

constexpr std::array<std::string_view, kCellDifferenceCount> kNames = {"same", "weak-scalar", "integer-float",
                                                                       "missing-type", "disagreement"};

bool is_integer(Dtype d) {
  const DtypeKind k = dtype_info(d).kind;
  return k == DtypeKind::boolean || k == DtypeKind::signed_int || k == DtypeKind::unsigned_int;
}

bool is_inexact(Dtype d) {
  const DtypeKind k = dtype_info(d).kind;
  return k == DtypeKind::floating || k == DtypeKind::complex_floating;
}

}  // namespace

std::string_view cell_difference_name(CellDifference d) { return kNames[static_cast<std::size_t>(d)]; }

std::string_view system_source(System s) { return system_info(s).source; }

TableComparison compare_tables(const PromotionOptions& here, const PromotionOptions& there,
                               std::span<const Dtype> types) {
  // Both systems' own tables over the same types; a type is missing from a system whose table has no d ∨ d.
  const PromotionTable mine = promotion_table(here, types), theirs = promotion_table(there, mine.types);
  TableComparison out;
  out.types = mine.types;
  const std::size_t n = out.types.size();
  for (std::size_t r = 0; r < n; ++r) {
    for (std::size_t c = 0; c < n; ++c) {
      const Dtype a = out.types[r], b = out.types[c];
      const std::optional<Dtype> x = mine.cells[r][c], y = theirs.cells[r][c];
      const auto concrete = [](const std::optional<Dtype>& d, bool x64) {
        return d ? std::optional<Dtype>(concrete_type(*d, x64)) : std::nullopt;
      };
      CellDifference kind = CellDifference::disagreement;
      if (!theirs.cells[r][r] || !theirs.cells[c][c]) kind = CellDifference::missing_type;
      else if (concrete(x, here.x64) == concrete(y, there.x64)) kind = CellDifference::same;
      else if (dtype_info(a).weak || dtype_info(b).weak) kind = CellDifference::weak_scalar;
      else if ((is_integer(a) && is_inexact(b)) || (is_inexact(a) && is_integer(b))) kind = CellDifference::integer_and_float;
      out.here.push_back(x);
      out.there.push_back(y);
      out.kinds.push_back(kind);
      ++out.counts[static_cast<std::size_t>(kind)];
    }
  }
  return out;
}

}  // namespace typelattice
