// Joins of selections on user graphs: the join and its paths, or the competing bounds and a reason.
#include <gtest/gtest.h>

#include "typelattice/graph_join.h"

using namespace typelattice;

namespace {
Lattice lattice_of(Graph g) {
  Result<Lattice> l = Lattice::from_graph(g);
  EXPECT_TRUE(l.ok());
  return std::move(l).value();
}
std::vector<std::string> names(const Lattice& l, const std::vector<NodeId>& ids) {
  std::vector<std::string> out;
  for (NodeId id : ids) out.push_back(l.names()[static_cast<std::size_t>(id)]);
  return out;
}
}  // namespace

TEST(GraphJoin, JoinWithPathsFromEachSelectedNode) {
  const Lattice l = lattice_of({{"f16", "bf16", "f32", "f64"}, {{"f16", "f32"}, {"bf16", "f32"}, {"f32", "f64"}}});
  const std::vector<NodeId> sel{*l.find("f16"), *l.find("bf16")};
  const GraphJoin j = join_on_graph(l, sel);
  ASSERT_TRUE(j.join.has_value());
  EXPECT_EQ(l.names()[static_cast<std::size_t>(*j.join)], "f32");
  EXPECT_EQ(names(l, j.minimal_upper_bounds), std::vector<std::string>{"f32"});
  ASSERT_EQ(j.path_edges.size(), 2u);
  EXPECT_EQ(j.description, "");
}

TEST(GraphJoin, CompetingMinimalUpperBoundsAreNamed) {
  const Lattice l = lattice_of({{"A", "B", "C", "D"}, {{"A", "C"}, {"A", "D"}, {"B", "C"}, {"B", "D"}}});
  const std::vector<NodeId> sel{*l.find("A"), *l.find("B")};
  const GraphJoin j = join_on_graph(l, sel);
  EXPECT_FALSE(j.join.has_value());
  EXPECT_EQ(names(l, j.minimal_upper_bounds), (std::vector<std::string>{"C", "D"}));
  EXPECT_TRUE(j.path_edges.empty());
  EXPECT_NE(j.description.find("A and B"), std::string::npos) << j.description;
  EXPECT_NE(j.description.find("C and D"), std::string::npos) << j.description;
}

// With a cycle, the bounds on it are all minimal and each promotes to the others: the text must not deny that.
TEST(GraphJoin, BoundsOnACycleAreDescribedAsSuch) {
  const Lattice l = lattice_of({{"a", "b", "c"}, {{"a", "b"}, {"b", "c"}, {"c", "b"}}});
  const std::vector<NodeId> sel{*l.find("a")};
  const std::vector<NodeId> sel_b{*l.find("b")};
  const GraphJoin from_a = join_on_graph(l, sel);
  EXPECT_EQ(from_a.join, std::optional<NodeId>(*l.find("a")));  // a itself is least: nothing leads back to it
  const GraphJoin from_b = join_on_graph(l, sel_b);
  EXPECT_FALSE(from_b.join.has_value());
  EXPECT_EQ(names(l, from_b.minimal_upper_bounds), (std::vector<std::string>{"b", "c"}));
  EXPECT_EQ(from_b.description,
            "b has no least upper bound: b and c are minimal upper bounds, and they promote to one another around a "
            "cycle.");
}

TEST(GraphJoin, NoUpperBoundAndEmptySelection) {
  const Lattice l = lattice_of({{"A", "B"}, {}});
  const std::vector<NodeId> sel{0, 1};
  const GraphJoin j = join_on_graph(l, sel);
  EXPECT_FALSE(j.join.has_value());
  EXPECT_TRUE(j.minimal_upper_bounds.empty());
  EXPECT_NE(j.description.find("no common upper bound"), std::string::npos);
  EXPECT_FALSE(join_on_graph(l, {}).join.has_value());
  const std::vector<NodeId> one{1};
  EXPECT_EQ(join_on_graph(l, one).join, std::optional<NodeId>(1));
}

TEST(GraphJoin, FindNodeSuggestsTheClosestName) {
  const Lattice l = lattice_of({{"alpha", "beta"}, {}});
  EXPECT_EQ(*find_node(l, "beta"), 1);
  const Result<NodeId> r = find_node(l, "alpah");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::unknown_name);
  ASSERT_FALSE(r.error().suggestions.empty());
  EXPECT_EQ(r.error().suggestions.front(), "alpha");
}
