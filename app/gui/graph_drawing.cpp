// Drawing a promotion graph's parts with ImDrawList (see graph_drawing.h).
#include "app/gui/graph_drawing.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

namespace typelattice::gui {

void draw_route(ImDrawList* draw, const std::vector<ImVec2>& points, ImU32 colour, float thickness, float head) {
  const ImVec2 from = points[points.size() - 2], to = points.back();
  const ImVec2 d = to - from;
  const float length = std::sqrt(d.x * d.x + d.y * d.y);
  if (length < 1.0f) return;
  const ImVec2 dir = d * (1.0f / length);
  const ImVec2 normal(-dir.y, dir.x);
  const ImVec2 base = to - dir * head;
  // The line stops under the arrowhead so its end does not poke out of the tip.
  std::vector<ImVec2> line(points.begin(), points.end());
  line.back() = to - dir * (head * 0.8f);
  draw->AddPolyline(line.data(), static_cast<int>(line.size()), colour, ImDrawFlags_None, thickness);
  draw->AddTriangleFilled(to, base + normal * (head * 0.45f), base - normal * (head * 0.45f), colour);
}

std::optional<Dtype> dtype_of_node(std::string_view label) {
  auto canonical = [](std::string_view name) -> std::optional<Dtype> {
    if (auto d = parse_dtype(name); d && dtype_name(*d) == name) return *d;
    return std::nullopt;
  };
  if (auto d = canonical(label)) return d;
  if (label.size() > 1 && label.back() == '*')
    if (auto d = canonical(label.substr(0, label.size() - 1))) return d;
  if (label == "u*") return Dtype::uint64;
  return std::nullopt;
}

ImU32 node_fill(const NodeBox& node) {
  switch (node.role) {
    case Role::join: return colours::join;
    case Role::selected: return colours::selected;
    case Role::plain: break;
  }
  return node.dtype ? kind_colour(dtype_info(*node.dtype).kind) : colours::missing;
}

std::vector<std::string> label_lines(const std::string& label) {
  const std::size_t underscore = label.find('_');
  if (underscore == std::string::npos) return {label};
  return {label.substr(0, underscore), label.substr(underscore + 1)};
}

ImVec2 label_size(const std::vector<std::string>& lines, ImFont* font, float font_size) {
  ImVec2 size(0.0f, 0.0f);
  for (const std::string& line : lines) {
    size.x = std::max(size.x, font->CalcTextSizeA(font_size, FLT_MAX, 0.0f, line.c_str()).x);
    size.y += font_size;
  }
  return size;
}

float node_rounding(const NodeBox& node, float scale) {
  return node.label.back() == '*' ? node.half.y : 6.0f * scale;  // weak types are pills
}

std::pair<const char*, ImU32> flag_of(const NodeBox& node) {
  if (node.competing) return {"competing", colours::error};
  if (node.on_cycle) return {"cycle", colours::error};
  if (node.pair) return {"counterexample", colours::counterexample};
  return {"", 0};
}

void draw_node(ImDrawList* draw, const NodeBox& node, ImFont* font, float font_size, float scale, bool hovered) {
  const ImVec2 min = node.centre - node.half, max = node.centre + node.half;
  const float rounding = node_rounding(node, scale);
  draw->AddRectFilled(min, max, node_fill(node), rounding);
  if (const auto [role, colour] = flag_of(node); *role)
    draw->AddRect(min, max, colour, rounding, 0, 3.0f * scale);
  else if (node.on_path && node.role == Role::plain)
    draw->AddRect(min, max, colours::edge_path, rounding, 0, 2.5f * scale);
  else if (hovered)
    draw->AddRect(min, max, colours::text, rounding, 0, 2.0f);
  const ImU32 text = node.role == Role::plain ? colours::text : colours::text_on_bright;
  float y = node.centre.y - label_size(node.lines, font, font_size).y * 0.5f;
  for (const std::string& line : node.lines) {
    const float width = font->CalcTextSizeA(font_size, FLT_MAX, 0.0f, line.c_str()).x;
    draw->AddText(font, font_size, ImVec2(node.centre.x - width * 0.5f, y), text, line.c_str());
    y += font_size;
  }
}

void draw_legend(ImDrawList* draw, ImVec2 at, float scale, const std::vector<NodeBox>& nodes) {
  const float box = 12.0f * scale;
  auto any = [&](bool NodeBox::*flag) {
    return std::any_of(nodes.begin(), nodes.end(), [&](const NodeBox& n) { return n.*flag; });
  };
  struct Item { ImU32 colour; const char* label; bool shown; };
  const Item items[] = {{colours::selected, "selected", true},
                        {colours::join, "join, and the paths to it", true},
                        {colours::counterexample, "pair without a unique join", any(&NodeBox::pair)},
                        {colours::error, "competing upper bounds: no unique join", any(&NodeBox::competing)},
                        {colours::error, "a cycle", any(&NodeBox::on_cycle)}};
  for (const Item& item : items) {
    if (!item.shown) continue;
    draw->AddRectFilled(at, at + ImVec2(box, box), item.colour, 3.0f);
    draw->AddText(at + ImVec2(box + 5.0f * scale, -2.0f * scale), colours::text_dim, item.label);
    at.x += box + ImGui::CalcTextSize(item.label).x + 18.0f * scale;
  }
  draw->AddText(at, colours::text_dim, "click: select   drag: pan   wheel: zoom   F: fit");
}

}  // namespace typelattice::gui
