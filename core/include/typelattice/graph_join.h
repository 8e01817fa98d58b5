// Joins on any promotion graph, computed in one place for every caller (the lattice check, selections, the CLI,
// the app and the JS graph handles): the minimal upper bounds of a set of nodes, its join, the paths up to the
// join, and the one sentence saying why there is no join.
#pragma once
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "typelattice/lattice.h"
#include "typelattice/result.h"

namespace typelattice {

// The common upper bounds of `selected` that have no other common upper bound strictly below them (nodes on a
// common cycle are all kept), in node order. Empty for an empty selection or when nothing is above all of it.
std::vector<NodeId> minimal_upper_bounds(const Lattice& lattice, std::span<const NodeId> selected);

// The join: the least upper bound of `selected`, if there is exactly one (nullopt for an empty selection).
std::optional<NodeId> least_upper_bound(const Lattice& lattice, std::span<const NodeId> selected);
std::optional<NodeId> least_upper_bound(const Lattice& lattice, NodeId a, NodeId b);

struct GraphJoin {
  std::optional<NodeId> join;                         // the least upper bound of the selection, if unique
  std::vector<NodeId> minimal_upper_bounds;           // the join alone, or the competitors (empty: no upper bound)
  std::vector<std::pair<NodeId, NodeId>> path_edges;  // edges of one shortest path from each selected node to the join
  std::vector<NodeId> cycle;        // competitors that promote to one another: a cycle through them, first repeated
  Message explanation;              // no_join_sentence(); empty when there is a join
};

GraphJoin join_on_graph(const Lattice& lattice, std::span<const NodeId> selected);

// Why `selected` has no join, given its minimal upper bounds (none, or two or more) and the cycle they sit on
// (empty if none). This is the only place that says so: a selection's explanation, `typelattice check`'s
// counterexample for a pair (Lattice::describe) and the JS handles' text all come from here. E.g.
//   "not a lattice: a and b have 2 minimal upper bounds, c and d, and none of them promotes to the others, so
//    their join is not unique"   (a pair, as `check` reports it)
//   "b has no least upper bound: b and c are minimal upper bounds, and they promote to one another around a cycle."
Message no_join_sentence(const Lattice& lattice, std::span<const NodeId> selected,
                             std::span<const NodeId> minimal_upper_bounds, std::span<const NodeId> cycle);

// What no_join_sentence() says of an empty selection, and a built-in system's selection of no dtypes too.
Message nothing_selected_sentence();

// A node by name; an unknown name gives ErrorKind::unknown_name with the closest node names.
Result<NodeId> find_node(const Lattice& lattice, std::string_view name);

}  // namespace typelattice
