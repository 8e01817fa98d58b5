// The table-driven systems: every system with a table asset (assets/tables/<name>.csv), looked up as it is.
// Lines starting with '#' are the citation; then a header row of dtypes, and one row per dtype. Row = left operand,
// column = right operand; '-' = no promotion, worded by the system's Refusal (refusals.cpp).
#include <array>

#include "core/base/assets.h"
#include "typelattice/lattice_text.h"
#include "core/promotion/system_list.h"
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

Table load_table(std::string_view asset) {
  Table t;
  t.index.fill(-1);
  if (asset.empty()) return t;
  const auto text = embedded_asset(asset);
  assert(text && "the promotion tables are embedded at build time");
  if (!text) return t;
  std::vector<std::string_view> lines;
  for (std::string_view line : split(*text, '\n'))
    if (!trim_cr(line).empty() && trim_cr(line).front() != '#') lines.push_back(trim_cr(line));
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

template <std::size_t... I>
std::array<Table, kSystemCount> load_all(std::index_sequence<I...>) {
  return {load_table(kSystemRows[I].table_asset)...};
}

// Built once, then only read.
const Table& table_for(System system) {
  static const std::array<Table, kSystemCount> tables = load_all(std::make_index_sequence<kSystemCount>{});
  return tables[static_cast<std::size_t>(system)];
}

}  // namespace

const std::vector<Dtype>& table_dtypes(System system) { return table_for(system).types; }

bool in_table(System system, Dtype d) { return table_for(system).index[static_cast<std::size_t>(d)] >= 0; }

std::optional<Dtype> table_join(System system, Dtype a, Dtype b) {
  const Table& t = table_for(system);
  const int row = t.index[static_cast<std::size_t>(a)], col = t.index[static_cast<std::size_t>(b)];
  if (row < 0 || col < 0) return std::nullopt;
  return t.cells[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)];
}

Graph table_system_graph(System system) {
  const auto text = embedded_asset(system_row(system).graph_asset);
  assert(text && "the partial lattices are embedded at build time");
  if (!text) return {};
  auto parsed = parse_lattice_text(*text);
  assert(parsed.ok());
  if (!parsed) return {};
  return std::move(parsed).value().graph;
}

}  // namespace typelattice::detail
