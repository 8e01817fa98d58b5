// A promotion graph as data (nodes, "may promote to" edges) and the order-theoretic questions about it:
// reachability, least upper bounds, and whether it is a lattice (with a counterexample when it is not).
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "typelattice/message.h"
#include "typelattice/result.h"

namespace typelattice {

using NodeId = int;

// What a user (or a built-in preset) writes down: named nodes and directed edges between them.
struct Graph {
  std::vector<std::string> nodes;
  std::vector<std::pair<std::string, std::string>> edges;  // from, to: `from` may promote to `to`
};

// Why a graph is not a lattice. Exactly one reason is reported, the first found in node order among, in turn:
// cycles (a self-loop included), pairs with competing minimal upper bounds, pairs with no upper bound at all.
struct LatticeViolation {
  enum class Kind { cycle, no_upper_bound, no_least_upper_bound };
  Kind kind;
  NodeId a = -1, b = -1;            // the pair (no_upper_bound / no_least_upper_bound)
  std::vector<NodeId> competing;    // the minimal upper bounds that compete (no_least_upper_bound)
  std::vector<NodeId> cycle;        // nodes around the cycle, first repeated at the end (cycle)
};

// The reflexive-transitive closure of the edges, as rows of bits (any number of nodes). Joins on it (minimal
// upper bounds, the least one, the paths to it, why there is none) are in graph_join.h.
class Lattice {
 public:
  // The closure takes n² bits and the check visits every pair: 4096 nodes is 2 MiB and a fraction of a second.
  static constexpr int kMaxNodes = 4096;

  // Fails (ErrorKind::invalid_lattice) on an edge naming an unknown node, a duplicate node, an empty name, or
  // more than kMaxNodes nodes.
  // A cycle is not an error here: check() reports it, so a user sees their graph and the cycle in it.
  static Result<Lattice> from_graph(const Graph& graph);

  int size() const { return static_cast<int>(names_.size()); }
  const std::vector<std::string>& names() const { return names_; }
  std::optional<NodeId> find(std::string_view name) const;
  const std::vector<std::pair<NodeId, NodeId>>& edges() const { return edges_; }

  bool promotes_to(NodeId from, NodeId to) const {         // from ≤ to (reflexive, transitive)
    return (row(from)[static_cast<std::size_t>(to) / 64] >> (to % 64)) & 1U;
  }
  std::vector<NodeId> upper_bounds(std::span<const NodeId> nodes) const;  // all of them promote to: empty for none
  std::vector<NodeId> upper_bounds(NodeId a, NodeId b) const;
  std::vector<NodeId> reachable_from(NodeId a) const;     // everything `a` may promote to, itself included
  std::vector<NodeId> path_to(NodeId from, NodeId to) const;  // one shortest edge path, empty if none

  std::optional<LatticeViolation> check() const;           // nullopt: it is a lattice
  // e.g. "not a lattice: int8 and uint8 have 2 minimal upper bounds, ..." (a pair: graph_join.h's no_join_sentence)
  Message describe(const LatticeViolation& v) const;

 private:
  std::vector<std::string> names_;
  std::map<std::string, NodeId, std::less<>> index_;  // name -> id, for find()
  std::vector<std::pair<NodeId, NodeId>> edges_;
  std::size_t words_ = 0;                            // 64-bit words per row of the closure
  std::vector<std::uint64_t> closure_;               // row a (words_ words from a · words_): bit b set <=> a ≤ b
  std::vector<int> reach_count_;                     // bits set in closure_[a]: how many nodes a reaches
  std::vector<std::size_t> out_start_;               // edges leaving a: out_[out_start_[a] .. out_start_[a + 1])
  std::vector<NodeId> out_;

  const std::uint64_t* row(NodeId a) const { return closure_.data() + static_cast<std::size_t>(a) * words_; }
  void close_over_edges();
};

}  // namespace typelattice
