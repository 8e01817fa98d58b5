#include "typelattice/selection.h"
#include "typelattice/display_text.h"

#include <algorithm>

#include "typelattice/graph_join.h"
#include "typelattice/join_reason.h"

namespace typelattice {
namespace {

std::string name_of(const Lattice& lattice, NodeId id) { return lattice.names()[static_cast<std::size_t>(id)]; }

std::vector<std::pair<std::string, std::string>> edge_names(const Lattice& lattice,
                                                            const std::vector<std::pair<NodeId, NodeId>>& edges) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [from, to] : edges) out.emplace_back(name_of(lattice, from), name_of(lattice, to));
  return out;
}

Selection nothing_selected() {
  Selection s;
  s.explanation = nothing_selected_sentence();  // as an empty selection on a graph says
  s.text = s.explanation;
  return s;
}

// "c: the least node that a and b both promote to in this graph (a → c; b → x → c)".
Message graph_reason(const Lattice& lattice, const std::vector<NodeId>& selected, NodeId join) {
  std::vector<NodeId> ids;  // a node selected twice is one node (the app's selection toggles); order kept
  for (NodeId id : selected)
    if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
  const auto node = [&](NodeId id) { return literal(displayed(name_of(lattice, id))); };
  if (ids.size() == 1) return message("%1: the only node selected", {node(join)});
  if (ids.size() != 2) {
    return message("%1: the least node that all %2 selected nodes promote to in this graph",
                   {node(join), literal(std::to_string(ids.size()))});
  }
  std::string paths[2];  // "a → x → c": names and arrows only, the same in every language
  for (std::size_t i = 0; i < 2; ++i) {
    for (NodeId step : lattice.path_to(ids[i], join)) {
      if (step != ids[i]) paths[i] += " → ";
      paths[i] += displayed(name_of(lattice, step));
    }
  }
  return message("%1: the least node that %2 and %3 both promote to in this graph (%4; %5)",
                 {node(join), node(ids[0]), node(ids[1]), literal(paths[0]), literal(paths[1])});
}

}  // namespace

Result<Selection> select(const Lattice& lattice, std::span<const std::string> names) {
  std::vector<NodeId> ids;
  for (const std::string& name : names) {
    Result<NodeId> id = find_node(lattice, name);
    if (!id) return id.error();
    ids.push_back(*id);
  }
  const GraphJoin joined = join_on_graph(lattice, ids);
  Selection s;
  if (joined.join) {
    s.join = name_of(lattice, *joined.join);
    s.path_edges = edge_names(lattice, joined.path_edges);
    s.text = message("join: %1", {displayed(*s.join)});
    s.reason = graph_reason(lattice, ids, *joined.join);
    return s;
  }
  for (NodeId id : joined.minimal_upper_bounds) s.minimal_upper_bounds.push_back(name_of(lattice, id));
  for (NodeId id : joined.cycle) s.cycle.push_back(name_of(lattice, id));
  s.explanation = joined.explanation;
  s.text = s.explanation;
  return s;
}

Result<Selection> select(const CompiledSystem& system, std::span<const std::string> names) {
  std::vector<Dtype> dtypes;  // a dtype selected twice is one (the app's selection toggles); order kept
  for (const std::string& name : names) {
    Result<Dtype> d = parse_dtype(name);
    if (!d) return d.error();
    if (std::find(dtypes.begin(), dtypes.end(), *d) == dtypes.end()) dtypes.push_back(*d);
  }
  if (dtypes.empty()) return nothing_selected();
  Selection s;
  Result<Dtype> joined = system.result_type(dtypes);
  if (!joined) {
    // A refusal in this project's words is a message (translated by a front end), a library's own a literal.
    s.explanation = joined.error().kind == ErrorKind::promotion ? promotion_refusal(dtypes, system.options())
                                                                : literal(joined.error().message);
    s.text = s.explanation;
    return s;
  }
  s.join = std::string(dtype_name(*joined));
  s.text = message("join: %1", {displayed(*s.join)});
  if (dtypes.size() <= 2) s.reason = join_reason_message(dtypes.front(), dtypes.back(), *joined, system.options());
  if (!system.lattice()) return s;
  // The drawn lattice's own join of the selection, if it is the system's, gives the paths to draw.
  const Lattice& lattice = *system.lattice();
  std::vector<NodeId> ids;
  for (Dtype d : dtypes) {
    const std::optional<NodeId> id = lattice.find(dtype_name(d));
    if (!id) return s;
    ids.push_back(*id);
  }
  const GraphJoin on_graph = join_on_graph(lattice, ids);
  if (on_graph.join && name_of(lattice, *on_graph.join) == *s.join)
    s.path_edges = edge_names(lattice, on_graph.path_edges);
  return s;
}

}  // namespace typelattice
