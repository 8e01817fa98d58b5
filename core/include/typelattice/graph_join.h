// The join of a set of selected nodes on any promotion graph, with what a viewer draws around it: the paths up
// to the join, or the competing minimal upper bounds and a sentence saying why there is no join.
#pragma once
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "typelattice/lattice.h"

namespace typelattice {

struct GraphJoin {
  std::optional<NodeId> join;                      // the least upper bound of the selection, if unique
  std::vector<NodeId> minimal_upper_bounds;        // the join alone, or the competitors (empty: no upper bound)
  std::vector<std::pair<NodeId, NodeId>> path_edges;  // edges of one shortest path from each selected node to the join
  std::string description;                         // why there is no join; empty when there is one
};

GraphJoin join_on_graph(const Lattice& lattice, std::span<const NodeId> selected);

// A node by name; an unknown name gives ErrorKind::unknown_name with the closest node names.
Result<NodeId> find_node(const Lattice& lattice, std::string_view name);

}  // namespace typelattice
