// Reachability as rows of 64-bit words, so a 1000-node graph closes in a few million word operations.
#include "typelattice/lattice.h"
#include "typelattice/display_text.h"

#include <algorithm>
#include <bit>
#include <deque>
#include <set>

#include "core/base/unknown_name.h"

namespace typelattice {
namespace {

using Row = std::vector<std::uint64_t>;

bool test_bit(const Row& row, int i) { return (row[static_cast<std::size_t>(i) / 64] >> (i % 64)) & 1U; }
void set_bit(Row& row, int i) { row[static_cast<std::size_t>(i) / 64] |= std::uint64_t{1} << (i % 64); }

Row row_and(const Row& a, const Row& b) {
  Row out(a.size());
  for (std::size_t w = 0; w < a.size(); ++w) out[w] = a[w] & b[w];
  return out;
}

int popcount(const Row& row) {
  int n = 0;
  for (std::uint64_t w : row) n += std::popcount(w);
  return n;
}

std::vector<NodeId> members(const Row& row) {
  std::vector<NodeId> out;
  for (std::size_t w = 0; w < row.size(); ++w) {
    for (std::uint64_t bits = row[w]; bits != 0; bits &= bits - 1)
      out.push_back(static_cast<NodeId>(w * 64 + static_cast<std::size_t>(std::countr_zero(bits))));
  }
  return out;
}

std::string join_names(const std::vector<std::string>& names, const std::vector<NodeId>& ids, std::string_view sep) {
  std::string out;
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (i > 0) out += (i + 1 == ids.size() && sep == ", ") ? " and " : std::string(sep);
    out += displayed(names[static_cast<std::size_t>(ids[i])]);
  }
  return out;
}

}  // namespace

Result<Lattice> Lattice::from_graph(const Graph& graph) {
  Lattice l;
  if (graph.nodes.size() > static_cast<std::size_t>(kMaxNodes))
    return Error{ErrorKind::invalid_lattice,
                 "the graph has " + std::to_string(graph.nodes.size()) + " nodes; at most " +
                     std::to_string(kMaxNodes) + " are supported",
                 {}};
  for (const std::string& name : graph.nodes) {
    if (name.empty()) return Error{ErrorKind::invalid_lattice, "a node has an empty name", {}};
    if (!l.index_.emplace(name, static_cast<NodeId>(l.names_.size())).second)
      return Error{ErrorKind::invalid_lattice, "node '" + displayed(name) + "' is listed twice", {}};
    l.names_.push_back(name);
  }
  const std::size_t words = (l.names_.size() + 63) / 64;
  l.closure_.assign(l.names_.size(), Row(words, 0));
  for (std::size_t i = 0; i < l.names_.size(); ++i) set_bit(l.closure_[i], static_cast<int>(i));

  std::set<std::pair<NodeId, NodeId>> seen;  // a repeated edge says nothing new; keep the first
  for (const auto& [from, to] : graph.edges) {
    const auto a = l.find(from), b = l.find(to);
    for (const auto& [name, id] : {std::pair{from, a}, std::pair{to, b}}) {
      if (!id) {
        const std::vector<std::string_view> known(l.names_.begin(), l.names_.end());
        Error unknown = unknown_name_error("node", name, known, 1);
        return Error{ErrorKind::invalid_lattice, "edge [\"" + from + "\", \"" + to + "\"] names " + unknown.message,
                     std::move(unknown.suggestions)};
      }
    }
    if (seen.insert({*a, *b}).second) {
      l.edges_.emplace_back(*a, *b);
      set_bit(l.closure_[static_cast<std::size_t>(*a)], *b);
    }
  }
  // Warshall's algorithm on bit rows: if i reaches k, i reaches everything k reaches.
  for (std::size_t k = 0; k < l.names_.size(); ++k) {
    for (std::size_t i = 0; i < l.names_.size(); ++i) {
      if (i == k || !test_bit(l.closure_[i], static_cast<int>(k))) continue;
      for (std::size_t w = 0; w < words; ++w) l.closure_[i][w] |= l.closure_[k][w];
    }
  }
  for (const Row& row : l.closure_) l.reach_count_.push_back(popcount(row));
  return l;
}

std::optional<NodeId> Lattice::find(std::string_view name) const {
  const auto it = index_.find(name);
  if (it == index_.end()) return std::nullopt;
  return it->second;
}

bool Lattice::promotes_to(NodeId from, NodeId to) const { return test_bit(closure_[static_cast<std::size_t>(from)], to); }

std::vector<NodeId> Lattice::upper_bounds(NodeId a, NodeId b) const {
  return members(row_and(closure_[static_cast<std::size_t>(a)], closure_[static_cast<std::size_t>(b)]));
}

std::vector<NodeId> Lattice::minimal_upper_bounds(NodeId a, NodeId b) const {
  const std::vector<NodeId> ubs = upper_bounds(a, b);
  std::vector<NodeId> out;
  for (NodeId c : ubs) {
    // c is minimal unless some other bound d lies strictly below it (d <= c but not c <= d).
    const bool minimal = std::none_of(ubs.begin(), ubs.end(), [&](NodeId d) {
      return d != c && promotes_to(d, c) && !promotes_to(c, d);
    });
    if (minimal) out.push_back(c);
  }
  return out;
}

std::optional<NodeId> Lattice::least_upper_bound(NodeId a, NodeId b) const {
  if (promotes_to(a, b)) return promotes_to(b, a) && a != b ? std::nullopt : std::optional<NodeId>(b);
  if (promotes_to(b, a)) return a;
  return least_of(row_and(closure_[static_cast<std::size_t>(a)], closure_[static_cast<std::size_t>(b)]));
}

std::optional<NodeId> Lattice::least_upper_bound(const std::vector<NodeId>& nodes) const {
  if (nodes.empty()) return std::nullopt;
  Row common = closure_[static_cast<std::size_t>(nodes[0])];
  for (NodeId n : nodes) common = row_and(common, closure_[static_cast<std::size_t>(n)]);
  return least_of(common);
}

// The least element of a set of common upper bounds: the member whose own upper set is the whole set
// (every member's upper set lies inside it, so the least one is the member reaching the most).
std::optional<NodeId> Lattice::least_of(const std::vector<std::uint64_t>& bounds) const {
  const int count = popcount(bounds);
  std::optional<NodeId> found;
  for (std::size_t w = 0; w < bounds.size(); ++w) {
    for (std::uint64_t bits = bounds[w]; bits != 0; bits &= bits - 1) {
      const auto c = static_cast<NodeId>(w * 64 + static_cast<std::size_t>(std::countr_zero(bits)));
      if (reach_count_[static_cast<std::size_t>(c)] != count) continue;
      if (found) return std::nullopt;  // two nodes with the same upper set: they sit on a cycle
      found = c;
    }
  }
  return found;
}

std::vector<NodeId> Lattice::reachable_from(NodeId a) const { return members(closure_[static_cast<std::size_t>(a)]); }

std::vector<NodeId> Lattice::path_to(NodeId from, NodeId to) const {
  if (from == to) return {from};
  std::vector<std::vector<NodeId>> out_edges(names_.size());
  for (const auto& [a, b] : edges_) out_edges[static_cast<std::size_t>(a)].push_back(b);
  std::vector<NodeId> parent(names_.size(), -1);
  std::deque<NodeId> queue{from};
  parent[static_cast<std::size_t>(from)] = from;
  while (!queue.empty()) {
    const NodeId n = queue.front();
    queue.pop_front();
    for (NodeId m : out_edges[static_cast<std::size_t>(n)]) {
      if (parent[static_cast<std::size_t>(m)] != -1) continue;
      parent[static_cast<std::size_t>(m)] = n;
      if (m == to) {
        std::vector<NodeId> path{to};
        for (NodeId p = n; p != from; p = parent[static_cast<std::size_t>(p)]) path.push_back(p);
        path.push_back(from);
        std::reverse(path.begin(), path.end());
        return path;
      }
      queue.push_back(m);
    }
  }
  return {};
}

std::optional<LatticeViolation> Lattice::check() const {
  // 1. Cycles (a self-loop counts, as in JAX's own lattice check): an order has none.
  for (const auto& [a, b] : edges_) {
    if (!promotes_to(b, a)) continue;
    std::vector<NodeId> cycle{a};
    const std::vector<NodeId> back = a == b ? std::vector<NodeId>{a} : path_to(b, a);  // b ... a
    cycle.insert(cycle.end(), back.begin(), back.end());
    return LatticeViolation{LatticeViolation::Kind::cycle, -1, -1, {}, std::move(cycle)};
  }
  // 2. Competing minimal upper bounds break associativity, so they are reported before missing bounds,
  //    which only make the order partial. Comparable pairs are skipped: their join is the larger one.
  std::optional<LatticeViolation> missing;
  const int n = size();
  Row common(closure_.empty() ? 0 : closure_[0].size());
  for (NodeId a = 0; a < n; ++a) {
    for (NodeId b = a + 1; b < n; ++b) {
      if (promotes_to(a, b) || promotes_to(b, a)) continue;
      const Row& ra = closure_[static_cast<std::size_t>(a)];
      const Row& rb = closure_[static_cast<std::size_t>(b)];
      for (std::size_t w = 0; w < common.size(); ++w) common[w] = ra[w] & rb[w];  // reused: no allocation per pair
      if (std::all_of(common.begin(), common.end(), [](std::uint64_t w) { return w == 0; })) {
        if (!missing) missing = LatticeViolation{LatticeViolation::Kind::no_upper_bound, a, b, {}, {}};
        continue;
      }
      if (least_of(common)) continue;
      return LatticeViolation{LatticeViolation::Kind::no_least_upper_bound, a, b, minimal_upper_bounds(a, b), {}};
    }
  }
  return missing;
}

std::string Lattice::describe(const LatticeViolation& v) const {
  auto name = [&](NodeId id) { return displayed(names_[static_cast<std::size_t>(id)]); };
  switch (v.kind) {
    case LatticeViolation::Kind::cycle:
      return "not a lattice: cycle " + join_names(names_, v.cycle, " -> ") +
             " (promotion must never lead back to where it started)";
    case LatticeViolation::Kind::no_upper_bound:
      return "not a lattice: " + name(v.a) + " and " + name(v.b) +
             " have no common upper bound (nothing both promote to)";
    case LatticeViolation::Kind::no_least_upper_bound:
      return "not a lattice: " + name(v.a) + " and " + name(v.b) + " have " + std::to_string(v.competing.size()) +
             " minimal upper bounds, " + join_names(names_, v.competing, ", ") +
             ", and none of them promotes to the others, so their join is not unique";
  }
  return {};
}

}  // namespace typelattice
