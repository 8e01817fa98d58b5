// route_edges: on every built-in graph, drawn as the playground draws it, no edge passes through a node it does
// not join (checked by walking each segment in half-pixel steps, not with the router's own test), every route
// starts and ends at its own boxes, and edges stay straight where nothing is in the way.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <sstream>
#include <string>

#include "typelattice/design_story.h"
#include "typelattice/edge_routes.h"
#include "typelattice/graph_layout.h"
#include "typelattice/promotion.h"

namespace {

using namespace typelattice;

struct Drawing {
  std::vector<std::string> names;
  std::vector<NodeRect> boxes;
  std::vector<EdgeEnds> edges;
};

// Boxes as the playground sizes them: 7.9 px per character of a 13 px monospace label, names over ten
// characters on two lines, on a 1100 x 560 canvas.
Drawing draw(const Graph& graph, const std::vector<NodePosition>& layout) {
  Drawing d;
  std::map<std::string, std::size_t> id;
  for (const NodePosition& p : layout) {
    const std::size_t cut = p.name.find('_');
    const bool two_lines = p.name.size() > 10 && cut != std::string::npos;
    const std::size_t chars = two_lines ? std::max(cut + 1, p.name.size() - cut - 1) : p.name.size();
    const double width = std::max(40.0, std::ceil(static_cast<double>(chars) * 7.9) + 18);
    const double height = 14 + 15 * (two_lines ? 2 : 1);
    id[p.name] = d.boxes.size();
    d.names.push_back(p.name);
    d.boxes.push_back({24 + 80 + p.x * (1100 - 48 - 160), 24 + 22 + p.y * (560 - 48 - 44), width / 2, height / 2});
  }
  for (const auto& [from, to] : graph.edges) d.edges.push_back({static_cast<std::uint32_t>(id.at(from)), static_cast<std::uint32_t>(id.at(to))});
  return d;
}

bool near_border(RoutePoint p, const NodeRect& box, double gap) {
  const double ex = std::fabs(std::fabs(p.x - box.x) - (box.half_width + gap));
  const double ey = std::fabs(std::fabs(p.y - box.y) - (box.half_height + gap));
  const bool within_x = std::fabs(p.x - box.x) <= box.half_width + gap + 1e-6;
  const bool within_y = std::fabs(p.y - box.y) <= box.half_height + gap + 1e-6;
  return (ex < 1e-6 && within_y) || (ey < 1e-6 && within_x);
}

// Every box other than the edge's own that some point of the route comes within `margin` of.
std::vector<std::string> boxes_crossed(const Drawing& d, std::size_t edge, const std::vector<RoutePoint>& route,
                                       double margin) {
  std::vector<std::string> out;
  const auto [from, to] = d.edges[edge];
  for (std::size_t k = 0; k < d.boxes.size(); ++k) {
    if (k == from || k == to) continue;
    const NodeRect& b = d.boxes[k];
    bool hit = false;
    for (std::size_t s = 1; s < route.size() && !hit; ++s) {
      const RoutePoint p = route[s - 1], q = route[s];
      const int steps = static_cast<int>(std::hypot(q.x - p.x, q.y - p.y) * 2) + 1;
      for (int i = 0; i <= steps && !hit; ++i) {
        const double t = static_cast<double>(i) / steps;
        const double x = p.x + (q.x - p.x) * t, y = p.y + (q.y - p.y) * t;
        hit = std::fabs(x - b.x) < b.half_width + margin && std::fabs(y - b.y) < b.half_height + margin;
      }
    }
    if (hit) out.push_back(d.names[k]);
  }
  return out;
}

void expect_clear_routes(const Drawing& d, const std::string& what) {
  const RouteOptions options;
  const auto routes = route_edges(d.boxes, d.edges, options);
  ASSERT_EQ(routes.size(), d.edges.size());
  for (std::size_t e = 0; e < d.edges.size(); ++e) {
    const auto [from, to] = d.edges[e];
    const std::string edge = what + ": " + d.names[from] + " -> " + d.names[to];
    const auto& route = routes[e];
    ASSERT_GE(route.size(), 2u) << edge;
    EXPECT_TRUE(near_border(route.front(), d.boxes[from], options.end_gap)) << edge << " starts off its box";
    EXPECT_TRUE(near_border(route.back(), d.boxes[to], options.end_gap)) << edge << " ends off its box";
    const auto crossed = boxes_crossed(d, e, route, options.clearance - 0.5);
    if (!crossed.empty()) {
      std::ostringstream text;
      for (const RoutePoint& p : route) text << "(" << p.x << ", " << p.y << ") ";
      ADD_FAILURE() << edge << " passes through " << crossed.front() << "; route " << text.str();
    }
  }
}

TEST(EdgeRoutes, NoEdgeOfAJaxGraphPassesThroughANode) {
  for (Mode mode : {Mode::standard, Mode::strict})
    for (bool x64 : {true, false}) {
      const Graph graph = *promotion_graph({System::jax, mode, x64});
      expect_clear_routes(draw(graph, layout_for(graph, "jax")), std::string(mode == Mode::strict ? "strict" : "standard") +
                                                  (x64 ? "" : ", x64 off"));
    }
}

TEST(EdgeRoutes, NoEdgeOfADesignStoryStagePassesThroughANode) {
  for (const StoryStage& s : design_story()) expect_clear_routes(draw(s.graph, s.layout), s.name);
}

// The drawing the issue reported: in strict mode f* -> float64 ran straight through float32, which read as an
// edge float32 -> float64 that strict mode does not have. Likewise c* -> complex128 through complex64.
TEST(EdgeRoutes, StrictWeakFloatEdgesBendAroundTheConcreteTypes) {
  const Graph graph = *promotion_graph({System::jax, Mode::strict, true});
  const Drawing d = draw(graph, layout_for(graph, "jax"));
  const auto routes = route_edges(d.boxes, d.edges);
  int checked = 0;
  for (std::size_t e = 0; e < d.edges.size(); ++e) {
    const std::string from = d.names[d.edges[e].from], to = d.names[d.edges[e].to];
    if ((from == "f*" && to == "float64") || (from == "c*" && to == "complex128")) {
      ++checked;
      EXPECT_GT(routes[e].size(), 2u) << from << " -> " << to << " is drawn straight";
      std::vector<EdgeEnds> one{d.edges[e]};
      const auto straight = std::vector<RoutePoint>{{d.boxes[one[0].from].x, d.boxes[one[0].from].y},
                                                    {d.boxes[one[0].to].x, d.boxes[one[0].to].y}};
      EXPECT_FALSE(boxes_crossed(d, e, straight, 0).empty()) << "the straight line was clear: nothing to test";
    }
  }
  EXPECT_EQ(checked, 2);
}

TEST(EdgeRoutes, ClearEdgesStayStraight) {
  const std::vector<NodeRect> boxes{{0, 0, 20, 10}, {200, 0, 20, 10}, {100, 100, 20, 10}};
  const std::vector<EdgeEnds> edges{{0, 1}, {0, 2}};
  const auto routes = route_edges(boxes, edges);
  ASSERT_EQ(routes.size(), 2u);
  ASSERT_EQ(routes[0].size(), 2u);
  EXPECT_DOUBLE_EQ(routes[0][0].x, 23);   // the border (20) plus end_gap (3)
  EXPECT_DOUBLE_EQ(routes[0][1].x, 177);
  EXPECT_DOUBLE_EQ(routes[0][0].y, 0);
  EXPECT_EQ(routes[1].size(), 2u);
}

TEST(EdgeRoutes, ABoxInTheWayIsGoneAroundWithClearance) {
  const std::vector<NodeRect> boxes{{0, 0, 20, 10}, {300, 0, 20, 10}, {150, 2, 20, 10}};
  const std::vector<EdgeEnds> edges{{0, 1}};
  const auto routes = route_edges(boxes, edges);
  ASSERT_GT(routes[0].size(), 2u);
  Drawing d{{"a", "b", "c"}, boxes, edges};
  EXPECT_TRUE(boxes_crossed(d, 0, routes[0], 5.5).empty());
  // The middle box sits a little below the line: the shorter way is over it.
  for (std::size_t i = 1; i + 1 < routes[0].size(); ++i) EXPECT_LT(routes[0][i].y, 0);
}

TEST(EdgeRoutes, TheTwoEdgesOfATwoNodeCycleAreDrawnApart) {
  const std::vector<NodeRect> boxes{{0, 0, 20, 10}, {200, 0, 20, 10}};
  const std::vector<EdgeEnds> edges{{0, 1}, {1, 0}};
  const auto routes = route_edges(boxes, edges);
  EXPECT_EQ(routes[0].size(), 2u);
  ASSERT_GT(routes[1].size(), 2u);
  EXPECT_GT(std::fabs(routes[1][1].y), 10);
}

TEST(EdgeRoutes, SelfLoopsAndUnknownIndicesHaveNothingToDraw) {
  const std::vector<NodeRect> boxes{{0, 0, 20, 10}, {200, 0, 20, 10}};
  const std::vector<EdgeEnds> edges{{0, 0}, {0, 7}, {7, 1}, {0, 1}};
  const auto routes = route_edges(boxes, edges);
  ASSERT_EQ(routes.size(), 4u);
  EXPECT_TRUE(routes[0].empty());
  EXPECT_TRUE(routes[1].empty());
  EXPECT_TRUE(routes[2].empty());
  EXPECT_EQ(routes[3].size(), 2u);
  EXPECT_TRUE(route_edges({}, {}).empty());
}

TEST(EdgeRoutes, LargeGraphsAreDrawnStraight) {
  std::vector<NodeRect> boxes;
  for (std::size_t i = 0; i <= kMaxRoutedBoxes; ++i) boxes.push_back({static_cast<double>(i) * 50, 0, 10, 10});
  const std::vector<EdgeEnds> edges{{0, 2}};
  const auto routes = route_edges(boxes, edges);
  EXPECT_EQ(routes[0].size(), 2u);
  boxes.pop_back();
  EXPECT_GT(route_edges(boxes, edges)[0].size(), 2u);
}

TEST(EdgeRoutes, SegmentCrossesBoxOnlyThroughItsInside) {
  const NodeRect box{0, 0, 10, 5};
  EXPECT_TRUE(segment_crosses_box({-20, 0}, {20, 0}, box, 0));
  EXPECT_TRUE(segment_crosses_box({-20, -20}, {20, 20}, box, 0));
  EXPECT_FALSE(segment_crosses_box({-20, 5}, {20, 5}, box, 0));    // along the top border
  EXPECT_TRUE(segment_crosses_box({-20, 5}, {20, 5}, box, 1));     // inside once the box has a margin
  EXPECT_FALSE(segment_crosses_box({-20, 0}, {-10, 0}, box, 0));   // ends at the border
  EXPECT_FALSE(segment_crosses_box({-20, 10}, {20, 30}, box, 0));
  EXPECT_TRUE(segment_crosses_box({0, 0}, {0, 0}, box, 0) == false);  // a point has no length
}

// Finite boxes at the ends of the double range, with subnormal sizes, or both: every point is a finite number
// (a NaN or Inf in an SVG path makes the browser drop the edge). The cases and variations of each.
bool all_finite(const std::vector<std::vector<RoutePoint>>& routes) {
  for (const auto& route : routes)
    for (const RoutePoint& p : route)
      if (!std::isfinite(p.x) || !std::isfinite(p.y)) return false;
  return true;
}

TEST(EdgeRoutes, EveryPointIsFiniteAtTheEndsOfTheDoubleRangeAndWithSubnormalSizes) {
  constexpr double kHuge = 1.7e308, kTiny = 5e-324;
  const std::vector<std::vector<NodeRect>> cases{
      {{-kHuge, 0, 20, 10}, {kHuge, 0, 20, 10}},                       // the centres' distance overflows
      {{0, -kHuge, 20, 10}, {0, kHuge, 20, 10}},
      {{-kHuge, -kHuge, 20, 10}, {kHuge, kHuge, 20, 10}},
      {{-kHuge, 0, 20, 10}, {kHuge, 0, 20, 10}, {0, 0, 1e307, 1e307}},  // a huge box in the way: a bend
      {{kHuge, kHuge, 1e308, 1e308}, {-kHuge, kHuge, 1e308, 1e308}},    // boxes reaching past the range
      {{0, 0, kTiny, kTiny}, {kTiny, 0, kTiny, kTiny}},                // a subnormal step along x only
      {{0, 0, kTiny, kTiny}, {0, 2 * kTiny, kTiny, kTiny}},
      {{0, 0, 0, 0}, {kTiny, kTiny, 0, 0}},
      {{0, 0, kTiny, kTiny}, {100, kTiny, kTiny, kTiny}, {50, 0, kTiny, kTiny}},
      {{-kHuge, kTiny, kTiny, 0}, {kHuge, -kTiny, 0, kTiny}, {0, 0, 1e300, kTiny}},  // mixed
      {{1e-310, kHuge, kTiny, 1e308}, {-1e-310, -kHuge, 1e308, kTiny}},
  };
  for (std::size_t c = 0; c < cases.size(); ++c) {
    const std::vector<EdgeEnds> edges{{0, 1}, {1, 0}};
    for (const RouteOptions& options : {RouteOptions{}, RouteOptions{0, 0}, RouteOptions{kTiny, kTiny},
                                        RouteOptions{1e308, 1e308}}) {
      const auto routes = route_edges(cases[c], edges, options);
      ASSERT_EQ(routes.size(), 2u);
      EXPECT_GE(routes[0].size(), 2u) << "case " << c;
      EXPECT_GE(routes[1].size(), 2u) << "case " << c;  // the reverse edge of a two-node cycle
      EXPECT_TRUE(all_finite(routes)) << "case " << c << ", clearance " << options.clearance;
    }
  }
}

// Scaled up to near the top of the range, a drawing keeps its shape: the same number of bends, ends on the
// borders plus the gap, and no segment through the box in the way.
TEST(EdgeRoutes, AHugeDrawingIsRoutedLikeItsSmallOriginal) {
  const std::vector<NodeRect> small{{0, 0, 20, 10}, {300, 0, 20, 10}, {150, 2, 20, 10}};
  const std::vector<EdgeEnds> edges{{0, 1}};
  const auto original = route_edges(small, edges);
  for (const double factor : {0x1p900, 0x1p1015, 1.0 / 3e-300}) {
    std::vector<NodeRect> big;
    for (const NodeRect& b : small) big.push_back({b.x * factor, b.y * factor, b.half_width * factor, b.half_height * factor});
    const RouteOptions options{6 * factor, 3 * factor};
    const auto routes = route_edges(big, edges, options);
    ASSERT_TRUE(all_finite(routes)) << factor;
    ASSERT_EQ(routes[0].size(), original[0].size()) << factor;
    // The ends leave their boxes sideways, as the original's: on the border plus the gap (the bends may sit a
    // little closer, relatively: corners are grown by the clearance plus one drawing unit, which does not scale).
    EXPECT_NEAR(routes[0].front().x / factor, original[0].front().x, 1e-9) << factor;
    EXPECT_NEAR(routes[0].back().x / factor, original[0].back().x, 1e-9) << factor;
    for (std::size_t i = 1; i < routes[0].size(); ++i)
      EXPECT_FALSE(segment_crosses_box(routes[0][i - 1], routes[0][i], big[2], 0)) << factor << " segment " << i;
  }
  // segment_crosses_box itself at the ends of the range (a crossing counts from 1e-9 of the segment's length).
  EXPECT_TRUE(segment_crosses_box({-1.7e308, 0}, {1.7e308, 0}, {0, 0, 1e300, 1e300}, 0));
  EXPECT_FALSE(segment_crosses_box({-1.7e308, 2e300}, {1.7e308, 2e300}, {0, 0, 1e300, 1e300}, 0));
  EXPECT_FALSE(segment_crosses_box({-1.7e308, 0}, {1.7e308, 0}, {0, 0, 1, 1}, 0));  // 2 of 3.4e308: below 1e-9
  EXPECT_TRUE(segment_crosses_box({-1.7e308, -1.7e308}, {1.7e308, 1.7e308}, {1e308, 1e308, 1e300, 1e300}, 0));
}

TEST(EdgeRoutes, BoxesWithANaNOrInfinityHaveNothingToDraw) {
  const double nan = std::nan(""), inf = HUGE_VAL;
  const std::vector<NodeRect> boxes{{0, 0, 20, 10}, {nan, 0, 20, 10}, {200, inf, 20, 10}, {0, 200, inf, 10}, {200, 200, 20, 10}};
  const std::vector<EdgeEnds> edges{{0, 1}, {2, 0}, {0, 3}, {0, 4}};
  const auto routes = route_edges(boxes, edges);
  EXPECT_TRUE(routes[0].empty());
  EXPECT_TRUE(routes[1].empty());
  EXPECT_TRUE(routes[2].empty());
  EXPECT_GE(routes[3].size(), 2u);
  EXPECT_TRUE(all_finite(routes));
}

}  // namespace
