// What every panel gets each frame: the user's state to change, the core's results to draw, the fonts, and
// where to record highlights for the headless probes.
#pragma once
#include <imgui.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "app/gui/app_state.h"
#include "app/gui/bits_model.h"
#include "app/gui/block_model.h"
#include "app/gui/probes.h"
#include "app/gui/tensor_model.h"
#include "app/gui/theme.h"

namespace typelattice::gui {

// Vector arithmetic for drawing (Dear ImGui 1.86 keeps its own operators in imgui_internal.h, behind a macro).
inline ImVec2 operator+(ImVec2 a, ImVec2 b) { return {a.x + b.x, a.y + b.y}; }
inline ImVec2 operator-(ImVec2 a, ImVec2 b) { return {a.x - b.x, a.y - b.y}; }
inline ImVec2 operator*(ImVec2 a, float k) { return {a.x * k, a.y * k}; }

struct PanelContext {
  AppState& state;
  const PromotionModel& model;
  BlockModel& blocks;
  BitsModel& bits;
  TensorModel& tensors;
  const Fonts& fonts;
  Probes& probes;
  float scale;
};

// What one Dear ImGui context draws from: the fonts (built into the current context), the models and the panels'
// context over them. One per context: the interactive window has one, each headless run (and --batch line) its own.
struct PanelSession {
  PanelSession(AppState& state, float ui_scale)
      : fonts(setup_style(ui_scale)), ctx{state, model, blocks, bits, tensors, fonts, probes, ui_scale} {}
  PanelSession(const PanelSession&) = delete;
  PanelSession& operator=(const PanelSession&) = delete;

  Fonts fonts;
  PromotionModel model;
  Probes probes;
  BlockModel blocks;
  BitsModel bits;
  TensorModel tensors;
  PanelContext ctx;  // last: it refers to the members above
};

// The role a node (a dtype name, or a design stage's node) plays in the current selection.
enum class Role { plain, selected, join };
Role role_of(const PromotionModel& model, std::string_view name);
std::string_view role_name(Role role);

// The promotion controls shared by the lattice and table panels: system, strict, x64, selection, join.
void draw_promotion_toolbar(PanelContext& ctx);

// How many of `names` columns a table can draw: Dear ImGui 1.86 asserts beyond 64 columns, the row header and 63
// names. When some are left out the panel says so (every row is still drawn).
int table_columns(int names);

// A labelled text field and the button beside it, both recorded for the probes ("field" `field_probe`, "button"
// `button_probe`): true when the user asks for the action (Enter in the field, or the button).
struct FieldWithButton {
  const char* label;
  const char* id;    // the field's Dear ImGui id ("##name")
  const char* hint;  // shown while the field is empty
  float width;       // at ui scale 1
  const char* button;
  const char* field_probe;
  const char* button_probe;
};
bool draw_field_with_button(PanelContext& ctx, const FieldWithButton& row, std::string& text);

// The user's lattice file (user_lattice.cpp): the "Lattice file" path field with Open, and the graph's join table.
void draw_lattice_file_row(PanelContext& ctx);
void draw_user_join_table(PanelContext& ctx);

void draw_lattice_panel(PanelContext& ctx);
void draw_table_panel(PanelContext& ctx);
void draw_bits_panel(PanelContext& ctx);
// The Bits panel's parts that serve every format: the page slider of a format wider than a byte (`hex` writes a
// code as the format does), and the number line of the model's finite values (8-bit formats).
void draw_page_control(PanelContext& ctx, int total_bits, const std::function<std::string(std::uint32_t)>& hex);
void draw_number_line(PanelContext& ctx, std::uint32_t current);
// The Bits panels' value row: the field (labelled decimal or hex, as the state reads it) and its "cast" button,
// true when the user asks for a cast; then the last cast's error, if any.
bool draw_cast_field(PanelContext& ctx);
void draw_cast_error(const AppState& state);
// The code's neighbours as buttons ("< next down", "next up >") and keys: Up/Down step by value, Left/Right by
// code within the format's codes.
void draw_code_steps(AppState& state, std::optional<std::uint32_t> next_down, std::optional<std::uint32_t> next_up);
// One cell of a Bits panel's code grid, from `min` to `max`: the code's last hex digits above its value (fitted
// to the cell by dropping digits, in `font_size`), filled with the category's colour or the selected one; a click
// selects the code, hovering shows `exact_value`, and a "code" probe names it.
struct CodeCell {
  std::uint32_t code;
  std::string hex;  // as the format writes it
  double value;
  std::string exact_value;
  std::string category;
  ImU32 category_fill;
};
void draw_code_cell(PanelContext& ctx, const CodeCell& cell, ImVec2 min, ImVec2 max, float font_size,
                    const ImVec4& probe_clip);
// The Bits panel for a tapered format (tapered_bits_panel.cpp): fields of varying width, value, cast, codes.
void draw_tapered_bits(PanelContext& ctx);
void draw_blocks_panel(PanelContext& ctx);
// The Blocks panel's "As libraries store them" section (stored_blocks_panel.cpp).
void draw_stored_section(PanelContext& ctx);
void draw_compare_panel(PanelContext& ctx);
void draw_tensors_panel(PanelContext& ctx);
// Analyzes `path` in the Tensors view against the targets field's formats (or says why they do not parse).
void open_tensor_file(PanelContext& ctx, const std::string& path);
// Under the bits panel's cast: the core's facts about the value last cast and, for stochastic rounding, its
// draws (rounding_panel.cpp).
void draw_cast_explained(PanelContext& ctx);

}  // namespace typelattice::gui
