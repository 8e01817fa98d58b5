// Drawing a promotion graph's parts with ImDrawList: node boxes (coloured by role or dtype kind, outlined when
// the core's check flags them), arrows, and the legend. Used by the Lattice panel; knows nothing of layout.
#pragma once
#include <imgui.h>

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "app/gui/panel.h"

namespace typelattice::gui {

struct NodeBox {
  std::string label;
  std::vector<std::string> lines;  // the label, split after the family ("float8" / "e4m3fn") to stay narrow
  std::optional<Dtype> dtype;
  ImVec2 centre, half;
  Role role = Role::plain;
  bool on_path = false;
  bool competing = false;  // one of several minimal upper bounds: the join is not unique
  bool on_cycle = false;   // on the cycle the core's check found
  bool pair = false;       // one of the pair the core's check found without a unique join
};

// An edge along the core's route (typelattice/edge_routes.h), with the arrowhead on its last segment.
void draw_route(ImDrawList* draw, const std::vector<ImVec2>& points, ImU32 colour, float thickness, float head);

// The dtype a node stands for, for its colour: design stages also write int8* (a weakly typed int8) and u*.
// Only canonical names count: in a user's graph "b" is a node, not NumPy's code for int8.
std::optional<Dtype> dtype_of_node(std::string_view label);
// The fill of a node: its role's colour, else its dtype kind's (the probes report it too).
ImU32 node_fill(const NodeBox& node);
std::vector<std::string> label_lines(const std::string& label);
ImVec2 label_size(const std::vector<std::string>& lines, ImFont* font, float font_size);
float node_rounding(const NodeBox& node, float scale);
// The outline that flags a node in a counterexample: its probe role and colour (role empty: none).
std::pair<const char*, ImU32> flag_of(const NodeBox& node);
void draw_node(ImDrawList* draw, const NodeBox& node, ImFont* font, float font_size, float scale, bool hovered);
void draw_legend(ImDrawList* draw, ImVec2 at, float scale, const std::vector<NodeBox>& nodes);

}  // namespace typelattice::gui
