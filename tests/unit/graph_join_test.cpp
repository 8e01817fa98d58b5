// Joins on graphs (graph_join.h): the join and its paths, or the competing bounds and the one sentence why not.
#include <gtest/gtest.h>

#include "typelattice/graph_join.h"
#include "typelattice/promotion.h"
#include "typelattice/selection.h"

using namespace typelattice;

namespace {
Lattice lattice_of(Graph g) {
  Result<Lattice> l = Lattice::from_graph(g);
  EXPECT_TRUE(l.ok());
  return std::move(l).value();
}
std::vector<std::string> names_of(const Lattice& l, const std::vector<NodeId>& ids) {
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
  EXPECT_EQ(names_of(l, j.minimal_upper_bounds), std::vector<std::string>{"f32"});
  ASSERT_EQ(j.path_edges.size(), 2u);
  EXPECT_TRUE(j.explanation.empty());
}

TEST(GraphJoin, CompetingMinimalUpperBoundsAreNamed) {
  const Lattice l = lattice_of({{"A", "B", "C", "D"}, {{"A", "C"}, {"A", "D"}, {"B", "C"}, {"B", "D"}}});
  const std::vector<NodeId> sel{*l.find("A"), *l.find("B")};
  const GraphJoin j = join_on_graph(l, sel);
  EXPECT_FALSE(j.join.has_value());
  EXPECT_EQ(names_of(l, j.minimal_upper_bounds), (std::vector<std::string>{"C", "D"}));
  EXPECT_TRUE(j.path_edges.empty());
  EXPECT_NE(render(j.explanation).find("A and B"), std::string::npos) << render(j.explanation);
  EXPECT_NE(render(j.explanation).find("C and D"), std::string::npos) << render(j.explanation);
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
  EXPECT_EQ(names_of(l, from_b.minimal_upper_bounds), (std::vector<std::string>{"b", "c"}));
  EXPECT_EQ(render(from_b.explanation),
            "b has no least upper bound: b and c are minimal upper bounds, and they promote to one another around a "
            "cycle.");
}

TEST(GraphJoin, NoUpperBoundAndEmptySelection) {
  const Lattice l = lattice_of({{"A", "B"}, {}});
  const std::vector<NodeId> sel{0, 1};
  const GraphJoin j = join_on_graph(l, sel);
  EXPECT_FALSE(j.join.has_value());
  EXPECT_TRUE(j.minimal_upper_bounds.empty());
  EXPECT_NE(render(j.explanation).find("no common upper bound"), std::string::npos);
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

// Where a built-in system is a graph (JAX's lattice in every mode, the Array API's partial one), the join on that
// graph is the system's promote_types for every pair of its nodes, and a pair without a join is an error there.
TEST(GraphJoin, EveryBuiltInSystemsGraphJoinIsItsPromotion) {
  int graphs = 0;
  for (const SystemInfo& info : all_systems()) {
    for (const Mode mode : {Mode::standard, Mode::strict}) {
      for (const bool x64 : {true, false}) {
        const PromotionOptions options{info.id, mode, x64};
        if (!checked_options(options).ok()) continue;
        const std::optional<Graph> graph = promotion_graph(options);
        if (!graph) continue;
        ++graphs;
        const Lattice l = lattice_of(*graph);
        for (NodeId a = 0; a < l.size(); ++a) {
          for (NodeId b = 0; b < l.size(); ++b) {
            const std::string& na = l.names()[static_cast<std::size_t>(a)];
            const std::string& nb = l.names()[static_cast<std::size_t>(b)];
            SCOPED_TRACE(std::string(info.name) + " " + std::string(mode_name(mode)) + (x64 ? "" : " x64 off") +
                         ": " + na + ", " + nb);
            const Result<Dtype> da = parse_dtype(na), db = parse_dtype(nb);
            ASSERT_TRUE(da.ok() && db.ok());
            const Result<Dtype> promoted = promote_types(*da, *db, options);
            const std::vector<NodeId> pair{a, b};
            const GraphJoin joined = join_on_graph(l, pair);
            EXPECT_EQ(joined.join, least_upper_bound(l, a, b));
            if (joined.join) {
              ASSERT_TRUE(promoted.ok()) << promoted.error().message;
              EXPECT_EQ(dtype_name(*promoted), l.names()[static_cast<std::size_t>(*joined.join)]);
            } else {
              EXPECT_FALSE(promoted.ok()) << dtype_name(*promoted);
            }
          }
        }
      }
    }
  }
  EXPECT_GE(graphs, 2);  // JAX and the Array API at least
}

// A pair with competing bounds: the selection, the join and `check` all give the one sentence.
TEST(GraphJoin, CompetingBoundsGiveOneSentenceEverywhere) {
  const Lattice l = lattice_of({{"a", "b", "c", "d", "top"},
                                {{"a", "c"}, {"a", "d"}, {"b", "c"}, {"b", "d"}, {"c", "top"}, {"d", "top"}}});
  const std::string sentence =
      "not a lattice: a and b have 2 minimal upper bounds, c and d, and none of them promotes to the others, so "
      "their join is not unique";
  const std::vector<NodeId> pair{*l.find("a"), *l.find("b")};
  EXPECT_EQ(render(join_on_graph(l, pair).explanation), sentence);
  const std::vector<std::string> names{"a", "b"};
  EXPECT_EQ(render(select(l, names)->explanation), sentence);
  EXPECT_EQ(render(select(l, names)->text), sentence);
  const std::optional<LatticeViolation> violation = l.check();
  ASSERT_TRUE(violation.has_value());
  EXPECT_EQ(render(l.describe(*violation)), sentence);
  const std::vector<NodeId> bounds = minimal_upper_bounds(l, pair);
  EXPECT_EQ(names_of(l, bounds), (std::vector<std::string>{"c", "d"}));
  EXPECT_EQ(render(no_join_sentence(l, pair, bounds, {})), sentence);

  // No upper bound at all: the same holds.
  const Lattice apart = lattice_of({{"a", "b"}, {}});
  const std::vector<NodeId> both{0, 1};
  const std::string none = "not a lattice: a and b have no common upper bound (nothing both promote to)";
  EXPECT_EQ(render(join_on_graph(apart, both).explanation), none);
  EXPECT_EQ(render(apart.describe(*apart.check())), none);
}

// Bounds on a cycle: the selection names the cycle, in the sentence and as a path of edges.
TEST(GraphJoin, BoundsOnACycleGiveTheCycleSentence) {
  const Lattice l = lattice_of({{"a", "b", "c", "d"}, {{"a", "b"}, {"b", "c"}, {"c", "a"}, {"c", "d"}}});
  const std::vector<NodeId> pair{*l.find("a"), *l.find("b")};
  const GraphJoin joined = join_on_graph(l, pair);
  EXPECT_FALSE(joined.join.has_value());
  EXPECT_EQ(names_of(l, joined.minimal_upper_bounds), (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(names_of(l, joined.cycle), (std::vector<std::string>{"a", "b", "c", "a"}));
  const std::string sentence =
      "a and b have no least upper bound: a, b and c are minimal upper bounds, and they promote to one another "
      "around a cycle.";
  EXPECT_EQ(render(joined.explanation), sentence);
  const std::vector<std::string> names{"a", "b"};
  EXPECT_EQ(render(select(l, names)->text), sentence);
  EXPECT_EQ(select(l, names)->cycle, (std::vector<std::string>{"a", "b", "c", "a"}));
  EXPECT_FALSE(least_upper_bound(l, pair).has_value());
  EXPECT_EQ(least_upper_bound(l, *l.find("c"), *l.find("d")), l.find("d"));
}
