// The table-driven systems: the design document's appendix tables (assets/tables/<system>.csv), looked up as
// they are. Row = left operand, column = right operand; '-' = the library refuses the pair.
#include <array>

#include "core/base/assets.h"
#include "core/promotion/systems.h"

namespace typelattice::detail {
namespace {

struct Table {
  std::vector<Dtype> types;                                    // header order
  std::array<int, kDtypeCount> index{};                        // -1: not in the table
  std::vector<std::vector<std::optional<Dtype>>> cells;        // cells[row][col]
};

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  while (true) {
    const std::size_t at = s.find(sep);
    out.push_back(s.substr(0, at));
    if (at == std::string_view::npos) return out;
    s.remove_prefix(at + 1);
  }
}

std::string_view trim_cr(std::string_view s) { return !s.empty() && s.back() == '\r' ? s.substr(0, s.size() - 1) : s; }

Table load(System system) {
  Table t;
  t.index.fill(-1);
  const auto text = embedded_asset("tables/" + std::string(system_name(system)) + ".csv");
  assert(text && "the comparison tables are embedded at build time");
  if (!text) return t;
  std::vector<std::string_view> lines;
  for (std::string_view line : split(*text, '\n'))
    if (!trim_cr(line).empty()) lines.push_back(trim_cr(line));
  if (lines.empty()) return t;
  const std::vector<std::string_view> header = split(lines[0], ',');
  for (std::size_t c = 1; c < header.size(); ++c) {
    const auto d = parse_dtype(header[c]);
    assert(d.ok());
    if (!d) return Table{};
    t.index[static_cast<std::size_t>(*d)] = static_cast<int>(t.types.size());
    t.types.push_back(*d);
  }
  t.cells.assign(t.types.size(), std::vector<std::optional<Dtype>>(t.types.size()));
  for (std::size_t r = 1; r < lines.size() && r <= t.types.size(); ++r) {
    const std::vector<std::string_view> cells = split(lines[r], ',');
    assert(cells.size() == t.types.size() + 1 && parse_dtype(cells[0]).ok() && *parse_dtype(cells[0]) == t.types[r - 1]);
    for (std::size_t c = 1; c < cells.size() && c <= t.types.size(); ++c) {
      if (cells[c] == "-") continue;
      const auto d = parse_dtype(cells[c]);
      assert(d.ok());
      if (d) t.cells[r - 1][c - 1] = *d;
    }
  }
  return t;
}

const Table& table_for(System system) {
  static const std::array<Table, 4> tables{load(System::numpy), load(System::torch), load(System::tensorflow),
                                           load(System::jax_lax)};
  switch (system) {
    case System::numpy: return tables[0];
    case System::torch: return tables[1];
    case System::tensorflow: return tables[2];
    default: return tables[3];
  }
}

}  // namespace

const std::vector<Dtype>& table_dtypes(System system) { return table_for(system).types; }

std::optional<Dtype> table_join(System system, Dtype a, Dtype b) {
  const Table& t = table_for(system);
  const int row = t.index[static_cast<std::size_t>(a)], col = t.index[static_cast<std::size_t>(b)];
  if (row < 0 || col < 0) return std::nullopt;
  return t.cells[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)];
}

Error table_promotion_error(System system, Dtype a, Dtype b) {
  const Table& t = table_for(system);
  const std::string sys(system_name(system));
  for (Dtype d : {a, b}) {
    if (t.index[static_cast<std::size_t>(d)] >= 0) continue;
    std::string known;
    for (Dtype k : t.types) known += (known.empty() ? "" : ", ") + std::string(dtype_name(k));
    return Error{ErrorKind::promotion,
                 "dtype " + std::string(dtype_name(d)) + " is not in the " + sys +
                     " promotion table (the design document's appendix covers " + known + ")",
                 {}};
  }
  const std::array<Dtype, 2> pair{a, b};
  std::string message = "Input dtypes " + quoted_tuple(pair) + " have no available implicit dtype promotion path in " +
                        sys + " (its table in the design document's appendix has '-' here)";
  if (system == System::tensorflow && table_join(system, b, a))
    message += "; the table is asymmetric: in tf.add(x, y) y must be coercible to x's dtype, and the other order, " +
               std::string(dtype_name(b)) + " with " + std::string(dtype_name(a)) + ", gives " +
               std::string(dtype_name(*table_join(system, b, a)));
  return Error{ErrorKind::promotion, message + ".", {}};
}

}  // namespace typelattice::detail
