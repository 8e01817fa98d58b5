// The design story: JAX's type promotion design note (JEP 9407) told stage by stage, each stage drawn in one
// shared frame (a type keeps its place from stage to stage), with what each stage changes: the types and edges
// it adds and removes, and the pairs of types that gain, lose or change their join.
#pragma once
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "typelattice/graph_layout.h"
#include "typelattice/lattice.h"

namespace typelattice {

// A pair of types in both stages whose join differs between them (none: the pair has no unique join).
struct JoinChange {
  std::string a, b;
  std::optional<std::string> before, after;
};

struct StageChanges {
  std::vector<std::string> added_nodes, removed_nodes;
  std::vector<std::pair<std::string, std::string>> added_edges, removed_edges;
  std::vector<JoinChange> gained;   // no join before, one now
  std::vector<JoinChange> lost;     // a join before, none now
  std::vector<JoinChange> changed;  // a different join
};

// What `after` changes relative to `before`. Pairs are those of `after`'s nodes in its node order, only where
// both types are in both graphs; joins are least upper bounds on each graph (Lattice::least_upper_bound), so a
// graph that is not a lattice still answers for the pairs that have a join.
StageChanges compare_stages(const Lattice& before, const Lattice& after);

struct StoryStage {
  std::string name, title;
  Graph graph;
  std::vector<NodePosition> layout;  // in the story's frame (assets/lattices/design-story.positions.txt)
};

// design_presets() in the document's order, then "today": JAX's lattice over the 18 types of the JAX docs'
// table (the playground's Lattice view, drawn in the same place), which adds bool below i*.
std::vector<StoryStage> design_story();

}  // namespace typelattice
