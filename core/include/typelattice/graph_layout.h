// Node positions for drawing a promotion graph: hand-tuned for the built-in JAX lattice (from assets/),
// a layered (longest-path + barycentre) layout for anything else.
#pragma once
#include <string>
#include <vector>

#include "typelattice/lattice.h"

namespace typelattice {

struct NodePosition {
  std::string name;
  double x, y;   // in a unit box: x in [0, 1] left to right (promotion direction), y in [0, 1] top to bottom
};

std::vector<NodePosition> layered_layout(const Graph& graph);
// The hand-tuned positions from assets/lattices/<preset>.positions.txt when they cover the graph, else layered;
// scaled by the box of the graph's own nodes. Presets with positions: "jax" (every JAX graph: standard,
// strict, x64 off) and "design-story" (every stage of design_presets(), see design_story.h).
std::vector<NodePosition> layout_for(const Graph& graph, std::string_view preset_name = {});
// The same positions scaled by the box of every node the positions file lists, so that drawings of different
// graphs from one file line up: a node has the same place in each (the design story's stages).
std::vector<NodePosition> framed_layout(const Graph& graph, std::string_view preset_name);

}  // namespace typelattice
