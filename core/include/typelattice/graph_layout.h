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
// The hand-tuned positions from assets/lattices/<preset>.positions.txt when they cover the graph, else layered.
// Presets with positions: "jax" (every JAX graph: standard, strict, x64 off) and "design-<name>" for each of
// design_presets() (e.g. "design-final").
std::vector<NodePosition> layout_for(const Graph& graph, std::string_view preset_name = {});

}  // namespace typelattice
