#include "typelattice/graph_join.h"
#include "typelattice/display_text.h"

#include <algorithm>

#include "core/base/unknown_name.h"

namespace typelattice {
namespace {

std::string name_list(const Lattice& lattice, std::span<const NodeId> ids) {
  std::string out;
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (i > 0) out += i + 1 == ids.size() ? " and " : ", ";
    out += displayed(lattice.names()[static_cast<std::size_t>(ids[i])]);
  }
  return out;
}

}  // namespace

GraphJoin join_on_graph(const Lattice& lattice, std::span<const NodeId> selected) {
  GraphJoin out;
  if (selected.empty()) {
    out.description = "No nodes are selected.";
    return out;
  }
  std::vector<NodeId> upper;
  for (NodeId u = 0; u < lattice.size(); ++u) {
    if (std::all_of(selected.begin(), selected.end(), [&](NodeId s) { return lattice.promotes_to(s, u); }))
      upper.push_back(u);
  }
  // Minimal: no other upper bound lies strictly below (nodes on a common cycle are all kept).
  for (NodeId u : upper) {
    const bool minimal = std::none_of(upper.begin(), upper.end(), [&](NodeId w) {
      return w != u && lattice.promotes_to(w, u) && !lattice.promotes_to(u, w);
    });
    if (minimal) out.minimal_upper_bounds.push_back(u);
  }
  const std::string inputs = name_list(lattice, selected) + (selected.size() == 1 ? " has" : " have");
  if (out.minimal_upper_bounds.empty()) {
    out.description = inputs + " no common upper bound.";
    return out;
  }
  if (out.minimal_upper_bounds.size() > 1) {
    // In a graph with a cycle the minimal bounds can promote to one another; say so rather than deny it.
    const std::vector<NodeId>& bounds = out.minimal_upper_bounds;
    const bool on_a_cycle = std::any_of(bounds.begin() + 1, bounds.end(), [&](NodeId b) {
      return lattice.promotes_to(bounds.front(), b) && lattice.promotes_to(b, bounds.front());
    });
    out.description = inputs + " no least upper bound: " + name_list(lattice, bounds) + " are minimal upper bounds" +
                      (on_a_cycle ? ", and they promote to one another around a cycle."
                                  : " and none promotes to another.");
    return out;
  }
  out.join = out.minimal_upper_bounds.front();
  for (NodeId s : selected) {
    const std::vector<NodeId> path = lattice.path_to(s, *out.join);
    for (std::size_t i = 0; i + 1 < path.size(); ++i) {
      const std::pair<NodeId, NodeId> edge{path[i], path[i + 1]};
      if (std::find(out.path_edges.begin(), out.path_edges.end(), edge) == out.path_edges.end())
        out.path_edges.push_back(edge);
    }
  }
  return out;
}

Result<NodeId> find_node(const Lattice& lattice, std::string_view name) {
  if (std::optional<NodeId> id = lattice.find(name)) return *id;
  const std::vector<std::string_view> candidates(lattice.names().begin(), lattice.names().end());
  return unknown_name_error("node", name, candidates);
}

}  // namespace typelattice
