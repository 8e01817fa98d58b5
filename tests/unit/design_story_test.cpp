// The design story: every stage in one frame (a type keeps its place), the last stage drawn exactly as the
// Lattice view draws JAX's 18 docs types, and compare_stages' added/removed types and edges and its
// gained/lost/changed joins, on the document's stages and on small graphs checked by hand.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "typelattice/design_story.h"
#include "typelattice/dtype.h"
#include "typelattice/promotion.h"

namespace {

using namespace typelattice;

StageChanges compare(const Graph& before, const Graph& after) {
  return compare_stages(*Lattice::from_graph(before), *Lattice::from_graph(after));
}

TEST(DesignStory, IsTheDocumentsStagesThenToday) {
  const auto story = design_story();
  const auto presets = design_presets();
  ASSERT_EQ(story.size(), presets.size() + 1);
  for (std::size_t i = 0; i < presets.size(); ++i) {
    EXPECT_EQ(story[i].name, presets[i].name);
    EXPECT_EQ(story[i].graph.nodes, presets[i].graph.nodes);
    EXPECT_EQ(story[i].graph.edges, presets[i].graph.edges);
  }
  EXPECT_EQ(story.back().name, "today");
  EXPECT_EQ(story.back().graph.nodes.size(), 18u);
}

TEST(DesignStory, ATypeKeepsItsPlaceInEveryStage) {
  std::map<std::string, std::pair<double, double>> place;
  for (const StoryStage& stage : design_story()) {
    ASSERT_EQ(stage.layout.size(), stage.graph.nodes.size()) << stage.name;
    for (const NodePosition& p : stage.layout) {
      EXPECT_TRUE(p.x >= 0 && p.x <= 1 && p.y >= 0 && p.y <= 1) << stage.name << ": " << p.name;
      const auto [it, first] = place.emplace(p.name, std::pair{p.x, p.y});
      if (!first) {
        EXPECT_DOUBLE_EQ(it->second.first, p.x) << p.name << " moves in " << stage.name;
        EXPECT_DOUBLE_EQ(it->second.second, p.y) << p.name << " moves in " << stage.name;
      }
    }
  }
  // No two types share a place (the scalar ints and u* have their own spots).
  std::map<std::pair<double, double>, std::string> owner;
  for (const auto& [name, xy] : place) EXPECT_TRUE(owner.emplace(xy, name).second) << name << " on " << owner[xy];
}

// The Lattice view draws JAX's whole lattice at jax.positions.txt's places, keeps the docs' types and stretches
// them back to the unit box: the last stage must be that picture.
TEST(DesignStory, TheLastStageIsTheLatticeView) {
  const Graph jax = *promotion_graph({System::jax, Mode::standard, true});
  std::map<std::string, std::pair<double, double>> view;
  double min_x = 1, max_x = 0, min_y = 1, max_y = 0;
  for (const NodePosition& p : layout_for(jax, "jax")) {
    const auto d = parse_dtype(p.name);
    if (!d || dtype_info(*d).short_code.empty()) continue;
    view[p.name] = {p.x, p.y};
    min_x = std::min(min_x, p.x);
    max_x = std::max(max_x, p.x);
    min_y = std::min(min_y, p.y);
    max_y = std::max(max_y, p.y);
  }
  const StoryStage today = design_story().back();
  ASSERT_EQ(today.layout.size(), view.size());
  for (const NodePosition& p : today.layout) {
    ASSERT_TRUE(view.count(p.name)) << p.name;
    EXPECT_NEAR(p.x, (view[p.name].first - min_x) / (max_x - min_x), 1e-12) << p.name;
    EXPECT_NEAR(p.y, (view[p.name].second - min_y) / (max_y - min_y), 1e-12) << p.name;
  }
  std::size_t kept = 0;
  for (const auto& [from, to] : jax.edges) kept += view.count(from) && view.count(to);
  EXPECT_EQ(today.graph.edges.size(), kept);
}

TEST(CompareStages, FinalAddsUint64ToFStarSoUint64JoinsTheSignedInts) {
  const auto story = design_story();
  const auto at = [&](std::string_view name) {
    return *std::find_if(story.begin(), story.end(), [&](const StoryStage& s) { return s.name == name; });
  };
  const auto changes = compare(at("option3-bfloat16").graph, at("final").graph);
  EXPECT_TRUE(changes.added_nodes.empty());
  EXPECT_TRUE(changes.removed_nodes.empty());
  EXPECT_EQ(changes.added_edges, (std::vector<std::pair<std::string, std::string>>{{"uint64", "f*"}}));
  EXPECT_TRUE(changes.removed_edges.empty());
  EXPECT_TRUE(changes.lost.empty());
  EXPECT_TRUE(changes.changed.empty());
  bool int8_uint64 = false;
  for (const JoinChange& c : changes.gained) {
    EXPECT_FALSE(c.before.has_value());
    ASSERT_TRUE(c.after.has_value());
    if ((c.a == "int8" && c.b == "uint64") || (c.a == "uint64" && c.b == "int8")) int8_uint64 = *c.after == "f*";
  }
  EXPECT_TRUE(int8_uint64);
  // Today adds bool below i*, and nothing else changes for the types both have.
  const auto today = compare(at("final").graph, at("today").graph);
  EXPECT_EQ(today.added_nodes, std::vector<std::string>{"bool"});
  EXPECT_EQ(today.added_edges, (std::vector<std::pair<std::string, std::string>>{{"bool", "i*"}}));
  EXPECT_TRUE(today.removed_edges.empty());
  EXPECT_TRUE(today.gained.empty() && today.lost.empty() && today.changed.empty());
}

TEST(CompareStages, GainedLostAndChangedJoinsOnSmallGraphs) {
  const Graph before{{"a", "b", "c", "d"}, {{"a", "c"}, {"b", "c"}, {"c", "d"}}};
  // a -> d directly; b no longer reaches anything; a new node e above d.
  const Graph after{{"a", "b", "c", "d", "e"}, {{"a", "d"}, {"c", "d"}, {"d", "e"}, {"b", "a"}}};
  const auto changes = compare(before, after);
  EXPECT_EQ(changes.added_nodes, std::vector<std::string>{"e"});
  EXPECT_EQ(changes.added_edges, (std::vector<std::pair<std::string, std::string>>{{"a", "d"}, {"d", "e"}, {"b", "a"}}));
  EXPECT_EQ(changes.removed_edges, (std::vector<std::pair<std::string, std::string>>{{"a", "c"}, {"b", "c"}}));
  std::map<std::string, std::pair<std::optional<std::string>, std::optional<std::string>>> seen;
  for (const auto* list : {&changes.gained, &changes.lost, &changes.changed})
    for (const JoinChange& c : *list) seen[c.a + c.b] = {c.before, c.after};
  // Before: a∨b = c, a∨c = c, b∨c = c, a∨d = d, b∨d = d, c∨d = d. After: b -> a -> d, c -> d.
  EXPECT_EQ(seen["ab"], (std::pair<std::optional<std::string>, std::optional<std::string>>{"c", "a"}));
  EXPECT_EQ(seen["ac"], (std::pair<std::optional<std::string>, std::optional<std::string>>{"c", "d"}));
  EXPECT_EQ(seen["bc"], (std::pair<std::optional<std::string>, std::optional<std::string>>{"c", "d"}));
  EXPECT_EQ(seen.size(), 3u);  // a∨d, b∨d, c∨d stay d; pairs with e are new
  EXPECT_EQ(changes.changed.size(), 3u);
  // A pair that loses its only upper bound, and one that gains one.
  const auto split = compare(Graph{{"x", "y", "z"}, {{"x", "z"}, {"y", "z"}}}, Graph{{"x", "y", "z"}, {{"x", "z"}}});
  ASSERT_EQ(split.lost.size(), 2u);  // x∨y and y∨z
  EXPECT_EQ(split.lost[0].a + split.lost[0].b, "xy");
  const auto joined = compare(Graph{{"x", "y", "z"}, {{"x", "z"}}}, Graph{{"x", "y", "z"}, {{"x", "z"}, {"y", "z"}}});
  EXPECT_EQ(joined.gained.size(), 2u);
}

}  // namespace
