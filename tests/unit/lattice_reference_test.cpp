// Lattice against a slow, obviously right reference: boolean matrices, Warshall's closure, and every pair's upper
// bounds listed and compared one by one. Thousands of random graphs, acyclic and not, sparse and dense.
#include <gtest/gtest.h>

#include <optional>
#include <random>
#include <string>
#include <vector>

#include "typelattice/graph_join.h"
#include "typelattice/lattice.h"

namespace {

using namespace typelattice;
using Matrix = std::vector<std::vector<bool>>;

struct ReferenceOrder {
  Matrix le;  // le[a][b]: a may promote to b (reflexive, transitive)
  std::optional<LatticeViolation> violation;
};

// Appending, not "v" + to_string(i): g++ 12 at -O3 warns falsely (-Wrestrict) on that operator+.
std::string labelled(const char* prefix, int i) {
  std::string name = prefix;
  name += std::to_string(i);
  return name;
}

std::vector<int> upper_bounds(const Matrix& le, int a, int b) {
  std::vector<int> out;
  for (int c = 0; c < static_cast<int>(le.size()); ++c)
    if (le[a][c] && le[b][c]) out.push_back(c);
  return out;
}

ReferenceOrder reference(int n, const std::vector<std::pair<int, int>>& edges) {
  ReferenceOrder r{Matrix(n, std::vector<bool>(n, false)), std::nullopt};
  for (int i = 0; i < n; ++i) r.le[i][i] = true;
  for (auto [a, b] : edges) r.le[a][b] = true;
  for (int k = 0; k < n; ++k)
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        if (r.le[i][k] && r.le[k][j]) r.le[i][j] = true;
  // The documented order of reports: the first edge that closes a cycle; else the first pair (a < b) with
  // competing minimal upper bounds; else the first pair with no upper bound.
  for (auto [a, b] : edges) {
    if (r.le[b][a]) {
      r.violation = LatticeViolation{LatticeViolation::Kind::cycle, -1, -1, {}, {}};
      return r;
    }
  }
  std::optional<LatticeViolation> missing;
  for (int a = 0; a < n; ++a) {
    for (int b = a + 1; b < n; ++b) {
      const std::vector<int> ubs = upper_bounds(r.le, a, b);
      std::vector<int> minimal;
      for (int c : ubs) {
        bool has_smaller = false;
        for (int d : ubs) has_smaller = has_smaller || (d != c && r.le[d][c]);
        if (!has_smaller) minimal.push_back(c);
      }
      if (ubs.empty() && !missing) missing = LatticeViolation{LatticeViolation::Kind::no_upper_bound, a, b, {}, {}};
      if (minimal.size() > 1) {
        r.violation = LatticeViolation{LatticeViolation::Kind::no_least_upper_bound, a, b, minimal, {}};
        return r;
      }
    }
  }
  r.violation = missing;
  return r;
}

void expect_agrees(int n, const std::vector<std::pair<int, int>>& edges, const std::string& what) {
  Graph g;
  for (int i = 0; i < n; ++i) g.nodes.push_back(labelled("v", i));
  for (auto [a, b] : edges) g.edges.emplace_back(g.nodes[a], g.nodes[b]);
  auto built = Lattice::from_graph(g);
  ASSERT_TRUE(built.ok()) << built.error().message;
  const Lattice& l = built.value();
  const ReferenceOrder r = reference(n, edges);
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b) ASSERT_EQ(l.promotes_to(a, b), r.le[a][b]) << what << ": " << a << " <= " << b;

  const auto v = l.check();
  ASSERT_EQ(v.has_value(), r.violation.has_value()) << what << ": " << (v ? render(l.describe(*v)) : "");
  if (!v) return;
  ASSERT_EQ(v->kind, r.violation->kind) << what << ": " << render(l.describe(*v));
  if (v->kind == LatticeViolation::Kind::cycle) {  // any cycle will do, as long as it is one along edges
    ASSERT_GE(v->cycle.size(), 2U) << what;
    EXPECT_EQ(v->cycle.front(), v->cycle.back()) << what;
    for (std::size_t i = 0; i + 1 < v->cycle.size(); ++i) {
      const std::pair<int, int> step{v->cycle[i], v->cycle[i + 1]};
      EXPECT_NE(std::find(edges.begin(), edges.end(), step), edges.end()) << what << ": not an edge in the cycle";
    }
    return;
  }
  EXPECT_EQ(v->a, r.violation->a) << what;
  EXPECT_EQ(v->b, r.violation->b) << what;
  EXPECT_EQ(v->competing, r.violation->competing) << what;
  // On an acyclic graph the join of every pair is the unique bound below all the others, or none.
  for (int a = 0; a < n; ++a) {
    for (int b = 0; b < n; ++b) {
      std::optional<NodeId> least;
      const std::vector<int> ubs = upper_bounds(r.le, a, b);
      for (int c : ubs) {
        bool below_all = true;
        for (int d : ubs) below_all = below_all && r.le[c][d];
        if (below_all) least = c;
      }
      ASSERT_EQ(least_upper_bound(l, a, b), least) << what << ": " << a << " v " << b;
    }
  }
}

// Random graphs of 1 to 12 nodes: forward edges only (acyclic) or any edges, at several densities.
TEST(LatticeReference, RandomGraphsAgreeWithTheReference) {
  std::mt19937 rng(20261123);
  int lattices = 0, competing = 0, missing = 0, cycles = 0;
  for (int trial = 0; trial < 6000; ++trial) {
    const int n = 1 + static_cast<int>(rng() % 12);
    const bool acyclic = trial % 3 != 0;
    const double density = std::uniform_real_distribution<double>(0.05, 0.6)(rng);
    std::vector<std::pair<int, int>> edges;
    for (int a = 0; a < n; ++a)
      for (int b = 0; b < n; ++b)
        if ((!acyclic || a < b) && std::uniform_real_distribution<double>(0, 1)(rng) < density) edges.emplace_back(a, b);
    std::shuffle(edges.begin(), edges.end(), rng);
    if (acyclic && trial % 2 == 0) {  // relabel so node order is not a topological order
      std::vector<int> perm(n);
      for (int i = 0; i < n; ++i) perm[i] = i;
      std::shuffle(perm.begin(), perm.end(), rng);
      for (auto& [a, b] : edges) a = perm[a], b = perm[b];
    }
    expect_agrees(n, edges, labelled("trial ", trial));
    if (HasFatalFailure()) return;
    const auto v = reference(n, edges).violation;
    if (!v) ++lattices;
    else if (v->kind == LatticeViolation::Kind::no_least_upper_bound) ++competing;
    else if (v->kind == LatticeViolation::Kind::no_upper_bound) ++missing;
    else ++cycles;
  }
  // The random graphs reach every verdict often enough for the comparison to mean something.
  EXPECT_GT(lattices, 300);
  EXPECT_GT(competing, 300);
  EXPECT_GT(missing, 300);
  EXPECT_GT(cycles, 300);
}

// Larger shapes where a join is decided through long chains of other joins: a grid (a product of two chains,
// a lattice), the grid with one cover removed (competing bounds far from the first pair), and a random DAG.
TEST(LatticeReference, LargerShapesAgreeWithTheReference) {
  const int side = 9;
  std::vector<std::pair<int, int>> grid;
  for (int i = 0; i < side; ++i)
    for (int j = 0; j < side; ++j) {
      if (i + 1 < side) grid.emplace_back(i * side + j, (i + 1) * side + j);
      if (j + 1 < side) grid.emplace_back(i * side + j, i * side + j + 1);
    }
  expect_agrees(side * side, grid, "grid");
  auto holed = grid;
  holed.erase(holed.begin() + 40);
  expect_agrees(side * side, holed, "grid without one edge");
  std::mt19937 rng(7);
  std::vector<std::pair<int, int>> dag;
  for (int a = 0; a + 1 < 90; ++a)
    for (int k = 0; k < 2; ++k) dag.emplace_back(a, a + 1 + static_cast<int>(rng() % static_cast<unsigned>(89 - a)));
  expect_agrees(90, dag, "random DAG");
}

}  // namespace
