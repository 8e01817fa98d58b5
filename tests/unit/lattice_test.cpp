// Lattice on user graphs: joins, paths, and each kind of counterexample; 1000-node graphs.
#include <gtest/gtest.h>

#include "typelattice/graph_join.h"
#include "typelattice/lattice.h"

namespace {

using namespace typelattice;

Lattice build_lattice(const Graph& g) {
  auto l = Lattice::from_graph(g);
  EXPECT_TRUE(l.ok()) << l.error().message;
  return std::move(l).value();
}

std::vector<std::string> lattice_names_of(const Lattice& l, const std::vector<NodeId>& ids) {
  std::vector<std::string> out;
  for (NodeId id : ids) out.push_back(l.names()[static_cast<std::size_t>(id)]);
  return out;
}

TEST(LatticeGraph, DiamondJoinsAndPaths) {
  const Lattice l = build_lattice({{"bottom", "left", "right", "top"},
                           {{"bottom", "left"}, {"bottom", "right"}, {"left", "top"}, {"right", "top"}}});
  const NodeId bottom = *l.find("bottom"), left = *l.find("left"), right = *l.find("right"), top = *l.find("top");
  EXPECT_EQ(least_upper_bound(l, left, right), top);
  EXPECT_EQ(least_upper_bound(l, bottom, right), right);
  EXPECT_EQ(least_upper_bound(l, left, left), left);
  EXPECT_EQ(least_upper_bound(l, std::vector<NodeId>{bottom, left, right}), top);
  EXPECT_EQ(lattice_names_of(l, l.upper_bounds(left, right)), std::vector<std::string>{"top"});
  EXPECT_EQ(lattice_names_of(l, l.reachable_from(left)), (std::vector<std::string>{"left", "top"}));
  EXPECT_EQ(l.path_to(bottom, top).size(), 3U);
  EXPECT_TRUE(l.path_to(top, bottom).empty());
  EXPECT_TRUE(l.promotes_to(bottom, top));
  EXPECT_FALSE(l.promotes_to(left, right));
  EXPECT_FALSE(l.check().has_value());
}

TEST(LatticeGraph, DesignDocumentsTwoNonLattices) {
  // "The left DAG is not a lattice because there exists no upper bound for nodes B and C"
  const Lattice left = build_lattice({{"A", "B", "C"}, {{"A", "B"}, {"A", "C"}}});
  const auto v = left.check();
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->kind, LatticeViolation::Kind::no_upper_bound);
  EXPECT_EQ(lattice_names_of(left, {v->a, v->b}), (std::vector<std::string>{"B", "C"}));
  EXPECT_EQ(render(left.describe(*v)), "not a lattice: B and C have no common upper bound (nothing both promote to)");
  // "for nodes A and B the least upper bound cannot be uniquely determined: both C and D are candidates"
  const Lattice right = build_lattice({{"A", "B", "C", "D"}, {{"A", "C"}, {"A", "D"}, {"B", "C"}, {"B", "D"}}});
  const auto w = right.check();
  ASSERT_TRUE(w.has_value());
  EXPECT_EQ(w->kind, LatticeViolation::Kind::no_least_upper_bound);
  EXPECT_EQ(lattice_names_of(right, {w->a, w->b}), (std::vector<std::string>{"A", "B"}));
  EXPECT_EQ(lattice_names_of(right, w->competing), (std::vector<std::string>{"C", "D"}));
  EXPECT_FALSE(least_upper_bound(right, *right.find("A"), *right.find("B")).has_value());
  EXPECT_NE(render(right.describe(*w)).find("A and B have 2 minimal upper bounds, C and D"), std::string::npos);
}

TEST(LatticeGraph, CycleIsReportedWithItsNodes) {
  const Lattice l = build_lattice({{"a", "b", "c", "d"}, {{"a", "b"}, {"b", "c"}, {"c", "d"}, {"d", "b"}}});
  const auto v = l.check();
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->kind, LatticeViolation::Kind::cycle);
  EXPECT_EQ(lattice_names_of(l, v->cycle), (std::vector<std::string>{"b", "c", "d", "b"}));
  EXPECT_EQ(render(l.describe(*v)).substr(0, 34), "not a lattice: cycle b -> c -> d -");
}

TEST(LatticeGraph, SelfLoopIsACycle) {
  const Lattice l = build_lattice({{"a", "b"}, {{"a", "b"}, {"b", "b"}}});
  const auto v = l.check();
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->kind, LatticeViolation::Kind::cycle);
  EXPECT_EQ(lattice_names_of(l, v->cycle), (std::vector<std::string>{"b", "b"}));
}

TEST(LatticeGraph, DuplicateEdgeIsHarmless) {
  const Lattice l = build_lattice({{"a", "b"}, {{"a", "b"}, {"a", "b"}}});
  EXPECT_EQ(l.edges().size(), 1U);
  EXPECT_FALSE(l.check().has_value());
}

TEST(LatticeGraph, BadGraphsAreRejectedWithTheirName) {
  const auto unknown = Lattice::from_graph({{"int8", "int16"}, {{"int8", "int61"}}});
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.error().kind, ErrorKind::invalid_lattice);
  EXPECT_NE(unknown.error().message.find("unknown node 'int61'; did you mean int16?"), std::string::npos)
      << unknown.error().message;
  const auto duplicate = Lattice::from_graph({{"a", "b", "a"}, {}});
  ASSERT_FALSE(duplicate.ok());
  EXPECT_NE(duplicate.error().message.find("'a' is listed twice"), std::string::npos);
  EXPECT_FALSE(Lattice::from_graph({{""}, {}}).ok());
}

TEST(LatticeGraph, EmptyAndSingleNodeGraphsAreLattices) {
  EXPECT_FALSE(build_lattice({}).check().has_value());
  const Lattice one = build_lattice({{"x"}, {}});
  EXPECT_FALSE(one.check().has_value());
  EXPECT_EQ(least_upper_bound(one, 0, 0), 0);
  EXPECT_FALSE(least_upper_bound(one, std::vector<NodeId>{}).has_value());
}

// Appending, not "n" + to_string(i): g++ 12 at -O3 warns falsely (-Wrestrict) on that operator+.
std::string node_name(int i) {
  std::string name = "n";
  name += std::to_string(i);
  return name;
}

Graph chain(int n) {
  Graph g;
  for (int i = 0; i < n; ++i) g.nodes.push_back(node_name(i));
  for (int i = 0; i + 1 < n; ++i) g.edges.emplace_back(g.nodes[i], g.nodes[i + 1]);
  return g;
}

// How long checks take is measured by typelattice_bench (lattice_check/<shape>/<n>), not asserted here.
TEST(LatticeGraph, ThousandNodeChainCloses) {
  const Lattice l = build_lattice(chain(1000));
  EXPECT_FALSE(l.check().has_value());
  EXPECT_TRUE(l.promotes_to(0, 999));
  EXPECT_FALSE(l.promotes_to(999, 0));
  EXPECT_EQ(least_upper_bound(l, 17, 923), 923);
  EXPECT_EQ(l.path_to(0, 999).size(), 1000U);
  EXPECT_EQ(l.reachable_from(990).size(), 10U);
}

TEST(LatticeGraph, ThousandNodeChainWithABackEdgeReportsTheWholeCycle) {
  Graph g = chain(1000);
  g.edges.emplace_back("n999", "n0");
  const Lattice l = build_lattice(g);
  const auto v = l.check();
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->kind, LatticeViolation::Kind::cycle);
  EXPECT_EQ(v->cycle.size(), 1001U);
}

TEST(LatticeGraph, ThousandNodeAntichainUnderOneTopIsALattice) {
  Graph g;
  g.nodes.push_back("top");
  for (int i = 0; i < 999; ++i) {
    g.nodes.push_back(node_name(i));
    g.edges.emplace_back(g.nodes.back(), "top");
  }
  const Lattice l = build_lattice(g);
  EXPECT_FALSE(l.check().has_value());
  EXPECT_EQ(least_upper_bound(l, 3, 400), 0);
}

TEST(LatticeGraph, TooManyNodesIsAClearErrorNotAnOutOfMemory) {
  Graph g;
  for (int i = 0; i <= Lattice::kMaxNodes; ++i) g.nodes.push_back(node_name(i));
  const auto r = Lattice::from_graph(g);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("has 4097 nodes; at most 4096 are supported"), std::string::npos) << r.error().message;
  g.nodes.pop_back();
  EXPECT_TRUE(Lattice::from_graph(g).ok());
}

}  // namespace
