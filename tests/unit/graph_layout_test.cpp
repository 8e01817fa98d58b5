// graph_layout, directly: every node placed once, inside the unit box, every edge drawn left to right where the
// graph allows it, and the same picture every time.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

#include "typelattice/graph_layout.h"
#include "typelattice/promotion.h"

namespace {

using namespace typelattice;

std::map<std::string, NodePosition> by_name(const Graph& g, const std::vector<NodePosition>& positions) {
  std::map<std::string, NodePosition> out;
  for (const NodePosition& p : positions) {
    EXPECT_TRUE(p.x >= 0 && p.x <= 1 && p.y >= 0 && p.y <= 1) << p.name << " at " << p.x << ", " << p.y;
    EXPECT_TRUE(out.emplace(p.name, p).second) << p.name << " placed twice";
  }
  EXPECT_EQ(out.size(), g.nodes.size());
  for (const std::string& n : g.nodes) EXPECT_TRUE(out.count(n)) << n << " not placed";
  return out;
}

// A DAG with several sources, sinks, long and short edges, drawn from a fixed-seed generator.
Graph random_dag(unsigned seed, int n) {
  Graph g;
  for (int i = 0; i < n; ++i) g.nodes.push_back(std::string(1, static_cast<char>('a' + i)));
  unsigned state = seed;
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) {
      state = state * 1103515245u + 12345u;
      const auto from = static_cast<std::size_t>(i), to = static_cast<std::size_t>(j);
      if ((state >> 16) % 5 == 0) g.edges.emplace_back(g.nodes[from], g.nodes[to]);
    }
  }
  return g;
}

std::vector<Graph> promotion_graphs() {
  std::vector<Graph> out;
  for (Mode mode : {Mode::standard, Mode::strict})
    for (bool x64 : {true, false}) out.push_back(*promotion_graph({System::jax, mode, x64}));
  for (const LatticePreset& p : design_presets()) out.push_back(p.graph);
  return out;
}

TEST(GraphLayout, LayeredPlacesEveryNodeOnceAndDrawsEveryEdgeLeftToRight) {
  std::vector<Graph> graphs = promotion_graphs();
  for (unsigned seed = 1; seed <= 20; ++seed) graphs.push_back(random_dag(seed, 3 + static_cast<int>(seed)));  // a..w
  for (const Graph& g : graphs) {
    const auto placed = by_name(g, layered_layout(g));
    for (const auto& [a, b] : g.edges) EXPECT_LT(placed.at(a).x, placed.at(b).x) << a << " -> " << b;
    // Nodes in one column never overlap.
    std::set<std::pair<double, double>> points;
    for (const auto& [name, p] : placed) EXPECT_TRUE(points.insert({p.x, p.y}).second) << name << " overlaps";
  }
}

TEST(GraphLayout, IsDeterministic) {
  for (const Graph& g : promotion_graphs()) {
    const auto first = layered_layout(g), second = layered_layout(g);
    ASSERT_EQ(first.size(), second.size());
    for (std::size_t i = 0; i < first.size(); ++i) {
      EXPECT_EQ(first[i].name, g.nodes[i]);  // in the graph's node order
      EXPECT_EQ(first[i].x, second[i].x);
      EXPECT_EQ(first[i].y, second[i].y);
    }
  }
}

TEST(GraphLayout, DegenerateGraphsStillGetPositions) {
  EXPECT_TRUE(layered_layout(Graph{}).empty());
  const auto one = layered_layout(Graph{{"only"}, {}});
  ASSERT_EQ(one.size(), 1U);
  EXPECT_EQ(one[0].x, 0.5);
  EXPECT_EQ(one[0].y, 0.5);
  // Cycles, self loops and edges naming unknown nodes do not stop the layout: every node is still placed.
  const Graph cyclic{{"a", "b", "c"}, {{"a", "b"}, {"b", "c"}, {"c", "a"}, {"b", "b"}, {"a", "ghost"}}};
  by_name(cyclic, layered_layout(cyclic));
  const Graph unconnected{{"x", "y", "z"}, {}};
  const auto column = by_name(unconnected, layered_layout(unconnected));
  EXPECT_EQ(column.at("x").x, column.at("z").x);
}

TEST(GraphLayout, PresetsUseTheirHandTunedPositionsAndFallBackToLayered) {
  for (const LatticePreset& p : design_presets()) by_name(p.graph, framed_layout(p.graph, "design-story"));
  for (Mode mode : {Mode::standard, Mode::strict}) {
    for (bool x64 : {true, false}) {
      const Graph g = *promotion_graph({System::jax, mode, x64});
      const auto tuned = layout_for(g, "jax"), layered = layered_layout(g);
      by_name(g, tuned);
      bool differs = false;  // the docs figure's positions, not the layered ones
      for (std::size_t i = 0; i < tuned.size(); ++i)
        differs |= tuned[i].x != layered[i].x || tuned[i].y != layered[i].y;
      EXPECT_TRUE(differs);
    }
  }
  // A graph the positions do not cover, or an unknown preset: the layered layout.
  const Graph small{{"a", "b"}, {{"a", "b"}}};
  for (const char* preset : {"jax", "no-such-preset", ""}) {
    const auto placed = layout_for(small, preset);
    ASSERT_EQ(placed.size(), 2U);
    EXPECT_EQ(placed[0].x, 0.0);
    EXPECT_EQ(placed[1].x, 1.0);
  }
}

}  // namespace
