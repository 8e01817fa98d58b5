// Reachability as rows of 64-bit words, so a 1000-node graph closes in a few million word operations.
#include "typelattice/lattice.h"
#include "typelattice/display_text.h"
#include "typelattice/graph_join.h"

#include <algorithm>
#include <bit>
#include <set>

#include "core/base/unknown_name.h"

namespace typelattice {
namespace {

using Row = std::vector<std::uint64_t>;
using Words = const std::uint64_t*;  // one row of the closure: `words` 64-bit words

// Forced inline: at -Oz (the wasm module) the compiler keeps promotes_to a call, and the check's pair loop
// makes tens of millions of them (a 4096-node check ran 4x slower).
[[gnu::always_inline]] inline bool test_bit(Words row, NodeId i) {
  return (row[static_cast<std::size_t>(i) / 64] >> (i % 64)) & 1U;
}

// x ≤ y in a closure stored as consecutive rows of `words` words.
[[gnu::always_inline]] inline bool at_most(Words rows, std::size_t words, NodeId x, NodeId y) {
  return test_bit(rows + static_cast<std::size_t>(x) * words, y);
}

void set_bit(std::uint64_t* row, int i) { row[static_cast<std::size_t>(i) / 64] |= std::uint64_t{1} << (i % 64); }

Row row_and(Words a, Words b, std::size_t words) {
  Row out(words);
  for (std::size_t w = 0; w < words; ++w) out[w] = a[w] & b[w];
  return out;
}

int popcount(Words row, std::size_t words) {
  int n = 0;
  for (std::size_t w = 0; w < words; ++w) n += std::popcount(row[w]);
  return n;
}

std::vector<NodeId> members(Words row, std::size_t words) {
  std::vector<NodeId> out;
  for (std::size_t w = 0; w < words; ++w) {
    for (std::uint64_t bits = row[w]; bits != 0; bits &= bits - 1)
      out.push_back(static_cast<NodeId>(w * 64 + static_cast<std::size_t>(std::countr_zero(bits))));
  }
  return out;
}

// "a -> b -> a": a cycle as `check` prints it.
std::string arrow_path(const std::vector<std::string>& names, const std::vector<NodeId>& ids) {
  std::string out;
  for (std::size_t i = 0; i < ids.size(); ++i)
    out += (i > 0 ? " -> " : "") + displayed(names[static_cast<std::size_t>(ids[i])]);
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
  l.words_ = (l.names_.size() + 63) / 64;
  l.closure_.assign(l.names_.size() * l.words_, 0);

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
    if (seen.insert({*a, *b}).second) l.edges_.emplace_back(*a, *b);
  }
  l.close_over_edges();
  for (NodeId i = 0; i < l.size(); ++i) l.reach_count_.push_back(popcount(l.row(i), l.words_));
  return l;
}

// The closure in O(edges · n/64) word operations: Tarjan's strongly connected components finish each component
// after every component it reaches, so a component's row is its members plus the rows of the components its
// edges lead to, all already final. Iterative, so a 4096-node chain cannot exhaust the stack.
void Lattice::close_over_edges() {
  const std::size_t n = names_.size();
  out_start_.assign(n + 1, 0);
  for (const auto& [a, b] : edges_) ++out_start_[static_cast<std::size_t>(a) + 1];
  for (std::size_t i = 0; i < n; ++i) out_start_[i + 1] += out_start_[i];
  out_.assign(edges_.size(), 0);
  std::vector<std::size_t> fill(out_start_.begin(), out_start_.end() - 1);
  for (const auto& [a, b] : edges_) out_[fill[static_cast<std::size_t>(a)]++] = b;

  std::vector<int> order(n, -1), low(n, 0), component(n, -1);
  std::vector<NodeId> stack;                                  // Tarjan's stack of open nodes
  std::vector<std::pair<NodeId, std::size_t>> calls;          // the depth-first walk: node, next edge
  int visited = 0, components = 0;
  for (std::size_t root = 0; root < n; ++root) {
    if (order[root] != -1) continue;
    calls.emplace_back(static_cast<NodeId>(root), out_start_[root]);
    while (!calls.empty()) {
      auto& [v, next] = calls.back();
      const auto vi = static_cast<std::size_t>(v);
      if (next == out_start_[vi]) {  // first visit
        order[vi] = low[vi] = visited++;
        stack.push_back(v);
      }
      if (next < out_start_[vi + 1]) {
        const auto w = static_cast<std::size_t>(out_[next++]);
        if (order[w] == -1) calls.emplace_back(static_cast<NodeId>(w), out_start_[w]);
        else if (component[w] == -1) low[vi] = std::min(low[vi], order[w]);
        continue;
      }
      if (low[vi] == order[vi]) {  // v roots a component: pop it and give all its members one row
        std::size_t first = stack.size();
        while (stack[first - 1] != v) --first;
        --first;
        std::uint64_t* row = closure_.data() + vi * words_;
        for (std::size_t i = first; i < stack.size(); ++i) {
          component[static_cast<std::size_t>(stack[i])] = components;
          set_bit(row, stack[i]);
        }
        for (std::size_t i = first; i < stack.size(); ++i) {
          const auto u = static_cast<std::size_t>(stack[i]);
          for (std::size_t e = out_start_[u]; e < out_start_[u + 1]; ++e) {
            if (component[static_cast<std::size_t>(out_[e])] == components) continue;  // inside: not final yet
            const Words reached = this->row(out_[e]);
            for (std::size_t w = 0; w < words_; ++w) row[w] |= reached[w];
          }
        }
        for (std::size_t i = first; i < stack.size(); ++i)
          if (stack[i] != v) std::copy(row, row + words_, closure_.data() + static_cast<std::size_t>(stack[i]) * words_);
        stack.resize(first);
        ++components;
      }
      calls.pop_back();
      if (!calls.empty()) {
        const auto parent = static_cast<std::size_t>(calls.back().first);
        low[parent] = std::min(low[parent], low[vi]);
      }
    }
  }
}

std::optional<NodeId> Lattice::find(std::string_view name) const {
  const auto it = index_.find(name);
  if (it == index_.end()) return std::nullopt;
  return it->second;
}


std::vector<NodeId> Lattice::upper_bounds(std::span<const NodeId> nodes) const {
  if (nodes.empty()) return {};
  Row common(row(nodes[0]), row(nodes[0]) + words_);
  for (NodeId n : nodes) common = row_and(common.data(), row(n), words_);
  return members(common.data(), words_);
}

std::vector<NodeId> Lattice::upper_bounds(NodeId a, NodeId b) const {
  return members(row_and(row(a), row(b), words_).data(), words_);
}

std::vector<NodeId> Lattice::reachable_from(NodeId a) const { return members(row(a), words_); }

std::vector<NodeId> Lattice::path_to(NodeId from, NodeId to) const {
  if (from == to) return {from};
  std::vector<NodeId> parent(names_.size(), -1);
  std::vector<NodeId> queue{from};  // breadth first: every node enters once, so a vector and an index suffice
  parent[static_cast<std::size_t>(from)] = from;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const NodeId n = queue[head];
    for (std::size_t e = out_start_[static_cast<std::size_t>(n)]; e < out_start_[static_cast<std::size_t>(n) + 1]; ++e) {
      const NodeId m = out_[e];
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
  //    which only make the order partial; each kind is reported for its first pair (a, b), a < b.
  //    One row of joins a ∨ b at a time, b from the top of the order down: b's upper set is b and the upper sets
  //    of its edges' targets b', so a ∨ b is the least of the joins a ∨ b' when one of them lies below all the
  //    others. That is O(nodes + edges) per row instead of a scan of n/64 words per pair.
  const int n = size();
  // Acyclic now, so b below b' means b reaches strictly more nodes: fewer first is an order from the top
  // (a counting sort: the counts lie in 1..n).
  std::vector<std::size_t> start(static_cast<std::size_t>(n) + 2, 0);
  for (int c : reach_count_) ++start[static_cast<std::size_t>(c) + 1];
  for (std::size_t c = 1; c < start.size(); ++c) start[c] += start[c - 1];
  std::vector<NodeId> top_down(static_cast<std::size_t>(n));
  for (NodeId i = 0; i < n; ++i) top_down[start[static_cast<std::size_t>(reach_count_[static_cast<std::size_t>(i)])]++] = i;
  constexpr NodeId kNoBound = -1, kNoLeast = -2;
  std::vector<NodeId> join_row(static_cast<std::size_t>(n));
  std::optional<LatticeViolation> missing;
  // The loop reads plain arrays: at -Oz (the wasm module) vector and member accessors stay calls, and tens of
  // millions of them made a 4096-node check 4x slower.
  const Words rows = closure_.data();
  const std::size_t words = words_;
  const std::size_t* out_start = out_start_.data();
  const NodeId* out = out_.data();
  NodeId* join = join_row.data();
  const NodeId* order = top_down.data();
  for (NodeId a = 0; a < n; ++a) {
    const Words up = rows + static_cast<std::size_t>(a) * words;
    for (const NodeId* next = order; next != order + n; ++next) {
      const NodeId b = *next;
      NodeId j = kNoBound;
      if (test_bit(up, b)) {
        j = b;
      } else if (at_most(rows, words, b, a)) {
        j = a;
      } else {
        const std::size_t first = out_start[b], last = out_start[b + 1];
        bool exact = false;  // some a ∨ b' is not unique, and a ∨ b may still be: decide it on the bit rows
        for (std::size_t e = first; e < last && !exact; ++e) {
          const NodeId c = join[out[e]];
          exact = c == kNoLeast;
          if (c >= 0 && (j == kNoBound || at_most(rows, words, c, j))) j = c;  // if one lies below all, it ends up in j
        }
        for (std::size_t e = first; e < last && j >= 0 && !exact; ++e) {
          const NodeId c = join[out[e]];
          if (c >= 0 && !at_most(rows, words, j, c)) j = kNoLeast;
        }
        if (exact) {
          const NodeId pair[] = {a, b};
          const std::optional<NodeId> least = least_upper_bound(*this, pair);
          j = least ? *least : upper_bounds(a, b).empty() ? kNoBound : kNoLeast;
        }
      }
      join[b] = j;
    }
    for (NodeId b = a + 1; b < n; ++b) {
      const NodeId j = join[static_cast<std::size_t>(b)];
      if (j == kNoLeast)
        return LatticeViolation{LatticeViolation::Kind::no_least_upper_bound, a, b,
                                typelattice::minimal_upper_bounds(*this, std::vector<NodeId>{a, b}), {}};
      if (j == kNoBound && !missing) missing = LatticeViolation{LatticeViolation::Kind::no_upper_bound, a, b, {}, {}};
    }
  }
  return missing;
}

Message Lattice::describe(const LatticeViolation& v) const {
  if (v.kind == LatticeViolation::Kind::cycle)
    return message("not a lattice: cycle %1 (promotion must never lead back to where it started)",
                   {arrow_path(names_, v.cycle)});
  const NodeId pair[] = {v.a, v.b};
  return no_join_sentence(*this, pair, v.competing, {});
}

}  // namespace typelattice
