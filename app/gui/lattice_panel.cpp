// The Lattice panel: the core's promotion graph at the core's layout positions, drawn with ImDrawList.
#include <SDL.h>
#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string>

#include "app/gui/graph_drawing.h"
#include "typelattice/edge_routes.h"
#include "app/gui/panel.h"

namespace typelattice::gui {

namespace {

// Pan (drag), zoom (wheel, + -), fit (F, 0); a click without a drag on a node toggles it.
void handle_canvas_input(PanelContext& ctx, ImVec2 centre, const std::vector<NodeBox>& nodes, int hovered) {
  AppState& state = ctx.state;
  ImGuiIO& io = ImGui::GetIO();
  ImGuiStorage* storage = ImGui::GetStateStorage();
  const ImGuiID dragged_id = ImGui::GetID("dragged");
  if (ImGui::IsItemActivated()) storage->SetBool(dragged_id, false);
  if (ImGui::IsItemActive() && (ImGui::IsMouseDragging(ImGuiMouseButton_Left) ||
                                ImGui::IsMouseDragging(ImGuiMouseButton_Right) ||
                                ImGui::IsMouseDragging(ImGuiMouseButton_Middle))) {
    storage->SetBool(dragged_id, true);
    state.pan_x += io.MouseDelta.x;
    state.pan_y += io.MouseDelta.y;
  }
  if (ImGui::IsItemDeactivated() && !storage->GetBool(dragged_id) && hovered >= 0)
    state.toggle_selected(nodes[static_cast<std::size_t>(hovered)].label);

  auto zoom_about = [&](ImVec2 point, float factor) {
    const float new_zoom = std::clamp(state.zoom * factor, 0.3f, 4.0f);
    const float k = new_zoom / state.zoom;
    state.pan_x = point.x - centre.x - (point.x - centre.x - state.pan_x) * k;
    state.pan_y = point.y - centre.y - (point.y - centre.y - state.pan_y) * k;
    state.zoom = new_zoom;
  };
  if (ImGui::IsItemHovered() && io.MouseWheel != 0.0f) zoom_about(io.MousePos, std::pow(1.15f, io.MouseWheel));
  if (io.WantTextInput || io.KeyCtrl) return;
  if (ImGui::IsKeyPressed(SDL_SCANCODE_F, false) || ImGui::IsKeyPressed(SDL_SCANCODE_0, false)) {
    state.zoom = 1.0f;
    state.pan_x = state.pan_y = 0.0f;
  }
  if (ImGui::IsKeyPressed(SDL_SCANCODE_EQUALS) || ImGui::IsKeyPressed(SDL_SCANCODE_KP_PLUS))
    zoom_about(centre, 1.2f);
  if (ImGui::IsKeyPressed(SDL_SCANCODE_MINUS) || ImGui::IsKeyPressed(SDL_SCANCODE_KP_MINUS))
    zoom_about(centre, 1.0f / 1.2f);
}

void draw_graph(PanelContext& ctx) {
  const PromotionModel& model = ctx.model;
  const Lattice& lattice = *model.lattice;
  AppState& state = ctx.state;
  ImFont* font = ctx.fonts.regular;
  const float base_size = font->FontSize;
  const float pad_x = 8.0f * ctx.scale, pad_y = 4.0f * ctx.scale;

  const ImVec2 canvas_min = ImGui::GetCursorScreenPos();
  ImVec2 canvas_size = ImGui::GetContentRegionAvail();
  canvas_size.x = std::max(canvas_size.x, 100.0f);
  canvas_size.y = std::max(canvas_size.y, 100.0f);
  const ImVec2 canvas_max = canvas_min + canvas_size;
  ImGui::InvisibleButton("canvas", canvas_size,
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight |
                             ImGuiButtonFlags_MouseButtonMiddle);

  // Node centres: the core's layout (unit box) scaled to the canvas, then zoomed and panned.
  std::vector<NodeBox> nodes(static_cast<std::size_t>(lattice.size()));
  float widest = 0.0f;
  for (NodeId id = 0; id < lattice.size(); ++id) {
    NodeBox& node = nodes[static_cast<std::size_t>(id)];
    node.label = lattice.names()[static_cast<std::size_t>(id)];
    node.lines = label_lines(node.label);
    node.dtype = dtype_of_node(node.label);
    node.role = role_of(model, node.label);
    widest = std::max(widest, label_size(node.lines, font, base_size).x * 0.5f + pad_x);
  }
  for (NodeId id : model.competing) nodes[static_cast<std::size_t>(id)].competing = true;
  // The core's counterexample to "is a lattice": a pair with its competing bounds, or a cycle.
  std::vector<std::pair<NodeId, NodeId>> cycle_edges;
  if (const auto& v = model.lattice_violation) {
    for (NodeId id : v->competing) nodes[static_cast<std::size_t>(id)].competing = true;
    for (NodeId id : {v->a, v->b})
      if (id >= 0) nodes[static_cast<std::size_t>(id)].pair = true;
    for (std::size_t i = 0; i < v->cycle.size(); ++i) {
      nodes[static_cast<std::size_t>(v->cycle[i])].on_cycle = true;
      if (i > 0) cycle_edges.emplace_back(v->cycle[i - 1], v->cycle[i]);
    }
  }
  for (const auto& [from, to] : model.path_edges) {
    nodes[static_cast<std::size_t>(from)].on_path = true;
    nodes[static_cast<std::size_t>(to)].on_path = true;
  }
  // Room around the layout for half a node on each side, and for the legend along the bottom.
  const ImVec2 margin(std::min(widest, canvas_size.x * 0.2f) + 8.0f * ctx.scale, 30.0f * ctx.scale);
  const float legend_height = 28.0f * ctx.scale;
  const ImVec2 base_min = canvas_min + margin;
  const ImVec2 base_extent = canvas_size - margin * 2.0f - ImVec2(0.0f, legend_height);
  const ImVec2 centre = canvas_min + canvas_size * 0.5f;
  for (const NodePosition& p : model.layout) {
    const auto id = lattice.find(p.name);
    if (!id) continue;
    const ImVec2 fitted =
        base_min + ImVec2(static_cast<float>(p.x) * base_extent.x, static_cast<float>(p.y) * base_extent.y);
    nodes[static_cast<std::size_t>(*id)].centre =
        centre + (fitted - centre) * state.zoom + ImVec2(state.pan_x, state.pan_y);
  }
  // Labels keep their size when zooming (so zooming in makes room); they shrink where neighbours would overlap.
  std::vector<ImVec2> label_extent;
  for (const NodeBox& node : nodes) label_extent.push_back(label_size(node.lines, font, base_size));
  float fit = 1.0f;
  for (std::size_t i = 0; i < nodes.size(); ++i)
    for (std::size_t j = i + 1; j < nodes.size(); ++j) {
      const ImVec2 d = nodes[i].centre - nodes[j].centre;
      const ImVec2 a = label_extent[i], b = label_extent[j];
      const float need_x = (a.x + b.x) * 0.5f + 2.0f * pad_x + 4.0f, need_y = (a.y + b.y) * 0.5f + 2.0f * pad_y + 4.0f;
      if (std::fabs(d.y) < need_y && std::fabs(d.x) < need_x)
        fit = std::min(fit, std::max(std::fabs(d.x) / need_x, std::fabs(d.y) / need_y));
    }
  const float font_size = base_size * std::max(fit, 0.6f);
  for (NodeBox& node : nodes) {
    const ImVec2 text = label_size(node.lines, font, font_size);
    node.half = ImVec2(text.x * 0.5f + pad_x * fit, text.y * 0.5f + pad_y * fit);
  }

  int hovered = -1;
  if (ImGui::IsItemHovered())
    for (int i = static_cast<int>(nodes.size()) - 1; i >= 0 && hovered < 0; --i) {
      const NodeBox& n = nodes[static_cast<std::size_t>(i)];
      const ImVec2 m = ImGui::GetIO().MousePos;
      if (std::fabs(m.x - n.centre.x) <= n.half.x && std::fabs(m.y - n.centre.y) <= n.half.y) hovered = i;
    }
  handle_canvas_input(ctx, centre, nodes, hovered);

  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->PushClipRect(canvas_min, canvas_max, true);
  draw->AddRect(canvas_min, canvas_max, colours::grid_line, 6.0f, 0, 1.0f);  // an outline: filling costs a layer
  const float head = 9.0f * ctx.scale;
  auto contains = [](const std::vector<std::pair<NodeId, NodeId>>& edges, NodeId a, NodeId b) {
    return std::find(edges.begin(), edges.end(), std::pair{a, b}) != edges.end();
  };
  // The core routes the edges around the boxes in their way (the playground and <type-lattice> draw the same).
  std::vector<NodeRect> rects;
  for (const NodeBox& node : nodes)
    rects.push_back({node.centre.x, node.centre.y, node.half.x, node.half.y});
  std::vector<EdgeEnds> edge_ids;
  for (const auto& [a, b] : lattice.edges()) edge_ids.push_back({static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b)});
  const auto routes = route_edges(rects, edge_ids, RouteOptions{6.0 * ctx.scale, 2.0});
  for (int pass = 0; pass < 2; ++pass)  // path and cycle edges on top
    for (std::size_t e = 0; e < edge_ids.size(); ++e) {
      const auto [a, b] = lattice.edges()[e];
      const bool on_cycle = contains(cycle_edges, a, b), on_path = !on_cycle && contains(model.path_edges, a, b);
      if ((on_path || on_cycle) != (pass == 1) || routes[e].size() < 2) continue;
      const ImU32 colour = on_cycle ? colours::error : on_path ? colours::edge_path : colours::edge;
      const float thickness = (pass == 1 ? 3.0f : 1.5f) * ctx.scale, tip = pass == 1 ? head * 1.2f : head;
      std::vector<ImVec2> points;
      for (const RoutePoint& p : routes[e]) points.emplace_back(static_cast<float>(p.x), static_cast<float>(p.y));
      draw_route(draw, points, colour, thickness, tip);
      ctx.probes.add_route({lattice.names()[static_cast<std::size_t>(a)], lattice.names()[static_cast<std::size_t>(b)], points});
    }
  const ImVec4 clip(canvas_min.x, canvas_min.y, canvas_max.x, canvas_max.y);
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const NodeBox& node = nodes[i];
    draw_node(draw, node, font, font_size, ctx.scale, static_cast<int>(i) == hovered);
    ctx.probes.add({"node", node.label, std::string(role_name(node.role)), node.centre - node.half,
                    node.centre + node.half, node_fill(node)}, clip);
    // A flagged node's outline, as the band of its top edge between the rounded corners (1 px either side; a
    // short pill's arc stays within it for 4 px around the middle).
    if (const auto [role, colour] = flag_of(node); *role) {
      const float along = std::max(node.half.x - node_rounding(node, ctx.scale), 4.0f);
      const float top = node.centre.y - node.half.y;
      ctx.probes.add({"outline", node.label, role, ImVec2(node.centre.x - along, top - 1.0f),
                      ImVec2(node.centre.x + along, top + 2.0f), colour}, clip);
    }
  }
  draw_legend(draw, ImVec2(canvas_min.x + 12.0f * ctx.scale, canvas_max.y - 24.0f * ctx.scale), ctx.scale, nodes);
  draw->PopClipRect();
  if (hovered >= 0 && nodes[static_cast<std::size_t>(hovered)].dtype) {
    const DtypeInfo& info = dtype_info(*nodes[static_cast<std::size_t>(hovered)].dtype);
    ImGui::SetTooltip("%s: %d bits%s", std::string(info.name).c_str(), info.bits, info.weak ? ", weak" : "");
  }
}

// One promotion step drawn as chips: [a] + [b] = [result]; the core computes each result.
void draw_step(PanelContext& ctx, Dtype a, Dtype b, bool final_step) {
  auto chip = [&](const std::optional<Dtype>& d, bool outlined) {
    const ImU32 fill = d ? kind_colour(dtype_info(*d).kind) : colours::missing;
    ImGui::PushStyleColor(ImGuiCol_Button, fill);
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered, fill);
    ImGui::PushStyleColor(ImGuiCol_ButtonActive, fill);
    ImGui::PushStyleVar(ImGuiStyleVar_FrameBorderSize, outlined ? 2.0f * ctx.scale : 0.0f);
    ImGui::PushStyleColor(ImGuiCol_Border, colours::error);
    ImGui::Button(d ? std::string(dtype_name(*d)).c_str() : "no promotion");
    ImGui::PopStyleColor(4);
    ImGui::PopStyleVar();
  };
  const auto result = promote_types(a, b, ctx.model.options);
  ImGui::PushID(static_cast<int>(a) * 64 + static_cast<int>(b));
  chip(a, false);
  ImGui::SameLine();
  ImGui::TextUnformatted("+");
  ImGui::SameLine();
  chip(b, false);
  ImGui::SameLine();
  ImGui::TextUnformatted("=");
  ImGui::SameLine();
  chip(result ? std::optional<Dtype>(*result) : std::nullopt, final_step);
  ImGui::PopID();
}

// The violation as the two orders of evaluation side by side, so the different answers are visible.
void draw_counterexample(PanelContext& ctx, const TableViolation& v) {
  const PromotionOptions& options = ctx.model.options;
  const float column = 330.0f * ctx.scale;
  const ImVec4 dim = ImGui::ColorConvertU32ToFloat4(colours::text_dim);
  auto then = [&] {
    ImGui::SameLine(0.0f, 20.0f * ctx.scale);
    ImGui::TextColored(dim, "then");
    ImGui::SameLine(0.0f, 20.0f * ctx.scale);
  };
  ImGui::Spacing();
  if (v.kind == TableViolation::Kind::not_associative && v.inputs.size() == 3) {
    const Dtype a = v.inputs[0], b = v.inputs[1], c = v.inputs[2];
    const auto ab = promote_types(a, b, options), bc = promote_types(b, c, options);
    ImGui::TextColored(dim, "(%s + %s) + %s", std::string(dtype_name(a)).c_str(), std::string(dtype_name(b)).c_str(),
                       std::string(dtype_name(c)).c_str());
    ImGui::SameLine(column);
    draw_step(ctx, a, b, false);
    if (ab) {
      then();
      draw_step(ctx, *ab, c, true);
    }
    ImGui::TextColored(dim, "%s + (%s + %s)", std::string(dtype_name(a)).c_str(), std::string(dtype_name(b)).c_str(),
                       std::string(dtype_name(c)).c_str());
    ImGui::SameLine(column);
    draw_step(ctx, b, c, false);
    if (bc) {
      then();
      draw_step(ctx, a, *bc, true);
    }
  } else if (v.inputs.size() == 2) {
    draw_step(ctx, v.inputs[0], v.inputs[1], true);
    if (v.kind == TableViolation::Kind::not_commutative) draw_step(ctx, v.inputs[1], v.inputs[0], true);
  } else if (v.inputs.size() == 1) {
    draw_step(ctx, v.inputs[0], v.inputs[0], true);
  }
  ImGui::Spacing();
}

// What each selected type promotes to with every type of the system: its rows of the core's table.
void draw_selected_rows(PanelContext& ctx) {
  const PromotionTable& table = ctx.model.table;
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  for (const std::string& name : ctx.model.selection) {
    const auto row = std::find_if(table.types.begin(), table.types.end(), [&](Dtype t) { return dtype_name(t) == name; });
    if (row == table.types.end()) continue;
    const Dtype d = *row;
    const std::size_t r = static_cast<std::size_t>(row - table.types.begin());
    ImGui::Spacing();
    ImGui::Spacing();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::text_dim), "%s + each type gives:",
                       std::string(dtype_name(d)).c_str());
    for (std::size_t c = 0; c < table.types.size(); ++c) {
      const std::optional<Dtype>& result = table.cells[r][c];
      std::string text(dtype_name(table.types[c]));
      text.append(" -> ").append(result ? dtype_name(*result) : std::string_view("-"));
      const ImVec2 size = ImGui::CalcTextSize(text.c_str()) + ImVec2(16.0f, 8.0f) * ctx.scale;
      if (c > 0) {
        ImGui::SameLine();
        if (ImGui::GetCursorScreenPos().x + size.x > right) ImGui::NewLine();
      }
      const ImVec2 min = ImGui::GetCursorScreenPos();
      ImGui::Dummy(size);
      ImDrawList* draw = ImGui::GetWindowDrawList();
      draw->AddRectFilled(min, min + size, result ? kind_colour(dtype_info(*result).kind) : colours::missing,
                          4.0f * ctx.scale);
      draw->AddText(min + ImVec2(8.0f, 4.0f) * ctx.scale, colours::text, text.c_str());
    }
  }
}

// Table-driven systems have no graph: say why they are not a lattice, and let the user pick their types.
void draw_table_system(PanelContext& ctx) {
  const PromotionModel& model = ctx.model;
  const std::string system(system_name(model.options.system));
  ImGui::PushFont(ctx.fonts.large);
  ImGui::TextUnformatted((system + " promotes by table, not by a lattice").c_str());
  ImGui::PopFont();
  ImGui::PushTextWrapPos(0.0f);
  if (model.table_violation) {
    const TableViolation& v = *model.table_violation;
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::error), "Counterexample: %s", v.description.c_str());
    ImGui::PopTextWrapPos();
    draw_counterexample(ctx, v);
    ImGui::PushTextWrapPos(0.0f);
  } else {
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::ok),
                       "Its table is commutative, idempotent and associative on every pair and triple it defines.");
  }
  ImGui::PopTextWrapPos();
  ImGui::Spacing();
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::text_dim), "%s's types (click to select):",
                     system.c_str());

  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec4 clip(-FLT_MAX, -FLT_MAX, FLT_MAX, FLT_MAX);
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  for (std::size_t i = 0; i < model.system_types.size(); ++i) {
    const Dtype d = model.system_types[i];
    const std::string name(dtype_name(d));
    const Role role = role_of(model, name);
    const ImVec2 size = ImGui::CalcTextSize(name.c_str()) + ImVec2(20.0f, 12.0f) * ctx.scale;
    if (i > 0) {
      ImGui::SameLine();
      if (ImGui::GetCursorScreenPos().x + size.x > right) ImGui::NewLine();
    }
    const ImVec2 min = ImGui::GetCursorScreenPos();
    if (ImGui::InvisibleButton(name.c_str(), size)) ctx.state.toggle_selected(name);
    const ImU32 fill = role == Role::join       ? colours::join
                       : role == Role::selected ? colours::selected
                                                : kind_colour(dtype_info(d).kind);
    draw->AddRectFilled(min, min + size, fill, 6.0f * ctx.scale);
    if (ImGui::IsItemHovered()) draw->AddRect(min, min + size, colours::text, 6.0f * ctx.scale, 0, 2.0f);
    draw->AddText(min + ImVec2(10.0f, 6.0f) * ctx.scale, role == Role::plain ? colours::text : colours::text_on_bright,
                  name.c_str());
    ctx.probes.add({"node", name, std::string(role_name(role)), min, min + size, fill}, clip);
  }
  draw_selected_rows(ctx);
}

}  // namespace

void draw_lattice_panel(PanelContext& ctx) {
  const PromotionModel& model = ctx.model;
  draw_promotion_toolbar(ctx);
  draw_lattice_file_row(ctx);
  if (model.lattice) {
    const std::size_t edges = model.lattice->edges().size();
    if (!model.user_path.empty())
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::text_dim), "your lattice %s: %d nodes, %zu edges",
                         model.user_path.c_str(), model.lattice->size(), edges);
    else if (!model.preset_title.empty())
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::text_dim), "design stage: %s: %d types, %zu edges",
                         model.preset_title.c_str(), model.lattice->size(), edges);
    else
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::text_dim),
                         "%s %s lattice, x64 %s: %d types, %zu edges",
                         std::string(system_name(model.options.system)).c_str(),
                         std::string(mode_name(model.options.mode)).c_str(), model.options.x64 ? "on" : "off",
                         model.lattice->size(), edges);
    ImGui::SameLine();
    ImGui::PushTextWrapPos(0.0f);
    if (model.lattice_violation)
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::error), "%s", model.lattice_violation_text.c_str());
    else
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::ok), "is a lattice: every pair has a unique join");
    ImGui::PopTextWrapPos();
    draw_graph(ctx);
  } else if (!model.graph_error.empty()) {
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::error), "%s", model.graph_error.c_str());
  } else {
    draw_table_system(ctx);
  }
}

}  // namespace typelattice::gui
