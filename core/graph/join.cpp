#include "typelattice/graph_join.h"
#include "typelattice/display_text.h"

#include <algorithm>

#include "core/base/unknown_name.h"

namespace typelattice {
namespace {

// "a", "a and b", "a, b and c": node names as a user reads them in a sentence (the "and" is a message's word).
Message name_list(const Lattice& lattice, std::span<const NodeId> ids) {
  std::string head;
  for (std::size_t i = 0; i + 1 < ids.size(); ++i) {
    if (i > 0) head += ", ";
    head += displayed(lattice.names()[static_cast<std::size_t>(ids[i])]);
  }
  if (ids.empty()) return {};
  const std::string last = displayed(lattice.names()[static_cast<std::size_t>(ids.back())]);
  return ids.size() == 1 ? literal(last) : message("%1 and %2", {head, last});
}

// Minimal bounds that promote to one another sit on a cycle: the cycle through the first such pair (first node
// repeated at the end), as LatticeViolation::cycle; empty when no two of them do.
std::vector<NodeId> cycle_through(const Lattice& lattice, const std::vector<NodeId>& bounds) {
  for (std::size_t i = 0; i < bounds.size(); ++i) {
    for (std::size_t j = i + 1; j < bounds.size(); ++j) {
      if (!lattice.promotes_to(bounds[i], bounds[j]) || !lattice.promotes_to(bounds[j], bounds[i])) continue;
      std::vector<NodeId> cycle = lattice.path_to(bounds[i], bounds[j]);
      const std::vector<NodeId> back = lattice.path_to(bounds[j], bounds[i]);
      cycle.insert(cycle.end(), back.begin() + 1, back.end());
      return cycle;
    }
  }
  return {};
}

}  // namespace

std::vector<NodeId> minimal_upper_bounds(const Lattice& lattice, std::span<const NodeId> selected) {
  const std::vector<NodeId> upper = lattice.upper_bounds(selected);
  std::vector<NodeId> out;
  for (NodeId u : upper) {
    // u is minimal unless some other bound w lies strictly below it (w ≤ u but not u ≤ w).
    const bool minimal = std::none_of(upper.begin(), upper.end(), [&](NodeId w) {
      return w != u && lattice.promotes_to(w, u) && !lattice.promotes_to(u, w);
    });
    if (minimal) out.push_back(u);
  }
  return out;
}

// The least bound lies below every other, so walking down from any bound to one below it ends there; then it
// must lie below all of them, and nothing else below it (that would be a cycle through it: no unique join).
std::optional<NodeId> least_upper_bound(const Lattice& lattice, std::span<const NodeId> selected) {
  const std::vector<NodeId> upper = lattice.upper_bounds(selected);
  if (upper.empty()) return std::nullopt;
  NodeId least = upper.front();
  for (NodeId u : upper)
    if (lattice.promotes_to(u, least)) least = u;
  for (NodeId u : upper) {
    if (!lattice.promotes_to(least, u)) return std::nullopt;
    if (u != least && lattice.promotes_to(u, least)) return std::nullopt;
  }
  return least;
}

std::optional<NodeId> least_upper_bound(const Lattice& lattice, NodeId a, NodeId b) {
  const NodeId pair[] = {a, b};
  return least_upper_bound(lattice, pair);
}

GraphJoin join_on_graph(const Lattice& lattice, std::span<const NodeId> selected) {
  GraphJoin out;
  out.minimal_upper_bounds = minimal_upper_bounds(lattice, selected);
  if (out.minimal_upper_bounds.size() != 1) {
    out.cycle = cycle_through(lattice, out.minimal_upper_bounds);
    out.explanation = no_join_sentence(lattice, selected, out.minimal_upper_bounds, out.cycle);
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

Message nothing_selected_sentence() { return message("join: none (nothing selected)"); }

Message no_join_sentence(const Lattice& lattice, std::span<const NodeId> selected,
                         std::span<const NodeId> minimal_upper_bounds, std::span<const NodeId> cycle) {
  if (selected.empty()) return nothing_selected_sentence();
  const Message bounds = name_list(lattice, minimal_upper_bounds);
  const Message inputs = name_list(lattice, selected);
  if (selected.size() == 2 && cycle.empty()) {
    // A pair is what `typelattice check` reports as its counterexample: the same words there and here.
    if (minimal_upper_bounds.empty())
      return message("not a lattice: %1 have no common upper bound (nothing both promote to)", {inputs});
    return message("not a lattice: %1 have %2 minimal upper bounds, %3, and none of them promotes to the others, so "
                   "their join is not unique",
                   {inputs, std::to_string(minimal_upper_bounds.size()), bounds});
  }
  // One node, a pair on a cycle, or three or more nodes. A node is its own upper bound, so only two or more can
  // have none, and one node lacks a join only when it sits on a cycle.
  if (minimal_upper_bounds.empty()) return message("%1 have no common upper bound.", {inputs});
  // In a graph with a cycle the minimal bounds can promote to one another; say so rather than deny it.
  if (cycle.empty())
    return message("%1 have no least upper bound: %2 are minimal upper bounds and none promotes to another.",
                   {inputs, bounds});
  return message(selected.size() == 1 ? "%1 has no least upper bound: %2 are minimal upper bounds, and they promote "
                                        "to one another around a cycle."
                                      : "%1 have no least upper bound: %2 are minimal upper bounds, and they promote "
                                        "to one another around a cycle.",
                 {inputs, bounds});
}

Result<NodeId> find_node(const Lattice& lattice, std::string_view name) {
  if (std::optional<NodeId> id = lattice.find(name)) return *id;
  const std::vector<std::string_view> candidates(lattice.names().begin(), lattice.names().end());
  return unknown_name_error("node", name, candidates);
}

}  // namespace typelattice
