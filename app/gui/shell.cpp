#include "app/gui/shell.h"

#include <SDL.h>
#include <imgui.h>

#include <algorithm>
#include <array>
#include <string>

namespace typelattice::gui {

namespace {

void cycle_system(AppState& state, int step) {
  const int n = static_cast<int>(all_systems().size());
  const int i = static_cast<int>(state.options.system);
  state.choose_system(all_systems()[static_cast<std::size_t>(((i + step) % n + n) % n)].id);
}

// Global shortcuts; inactive while a text field has the keyboard.
bool handle_shortcuts(AppState& state, bool& force_view) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.KeyCtrl && ImGui::IsKeyPressed(SDL_SCANCODE_Q, false)) return false;
  if (io.WantTextInput || io.KeyCtrl || io.KeyAlt) return true;
  const std::array<SDL_Scancode, kViewCount> view_keys = {SDL_SCANCODE_1, SDL_SCANCODE_2, SDL_SCANCODE_3,
                                                           SDL_SCANCODE_4, SDL_SCANCODE_5, SDL_SCANCODE_6};
  for (std::size_t i = 0; i < view_keys.size(); ++i)
    if (ImGui::IsKeyPressed(view_keys[i], false)) {
      state.view = static_cast<View>(i);
      force_view = true;
    }
  // Strict mode and x64 off exist only where the system has JAX's modes (the core refuses them elsewhere).
  const bool modes = system_info(state.options.system).jax_modes && state.preset.empty() && !state.user_lattice_shown();
  if (modes && ImGui::IsKeyPressed(SDL_SCANCODE_S, false))
    state.options.mode = state.options.mode == Mode::strict ? Mode::standard : Mode::strict;
  if (modes && ImGui::IsKeyPressed(SDL_SCANCODE_X, false)) state.options.x64 = !state.options.x64;
  if (ImGui::IsKeyPressed(SDL_SCANCODE_RIGHTBRACKET, false)) cycle_system(state, 1);
  if (ImGui::IsKeyPressed(SDL_SCANCODE_LEFTBRACKET, false)) cycle_system(state, -1);
  if (ImGui::IsKeyPressed(SDL_SCANCODE_ESCAPE, false)) state.selection.clear();
  if (ImGui::IsKeyPressed(SDL_SCANCODE_F1, false)) state.show_help = !state.show_help;
  return true;
}

void draw_help(AppState& state) {
  if (!state.show_help) return;
  ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  if (ImGui::Begin("Keyboard shortcuts", &state.show_help,
                   ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse)) {
    static constexpr std::array<std::array<const char*, 2>, 14> kKeys = {{
        {"1 / 2 / 3 / 4 / 5 / 6", "Lattice / Table / Bits / Blocks / Compare / Tensors view"},
        {"drop a file", "analyze a checkpoint (safetensors, .npy, .npz, GGUF) in the Tensors view"},
        {"S", "toggle strict mode"},
        {"X", "toggle x64"},
        {"[ and ]", "previous / next promotion system"},
        {"Esc", "clear the selection; cancel an analysis (Tensors)"},
        {"click a node or cell", "select / deselect it (the join is highlighted)"},
        {"drag, wheel", "pan and zoom the lattice"},
        {"F  or  0", "fit the lattice to the window"},
        {"+ / -", "zoom in / out"},
        {"Left / Right", "previous / next code (Bits)"},
        {"Up / Down", "next / previous value (Bits)"},
        {"F1", "this help"},
        {"Ctrl+Q", "quit"},
    }};
    if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) {
      for (const auto& [key, action] : kKeys) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::selected), "%s", key);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(action);
      }
      ImGui::EndTable();
    }
  }
  ImGui::End();
}

}  // namespace

bool draw_app(PanelContext& ctx, bool& force_view) {
  AppState& state = ctx.state;
  ctx.tensors.poll();
  const bool running = handle_shortcuts(state, force_view);

  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(viewport->WorkPos);
  ImGui::SetNextWindowSize(viewport->WorkSize);
  // No background: the frame is cleared to the same colour, and a software rasteriser pays for every
  // full-window layer (this keeps llvmpipe within a 60 Hz frame).
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
                                 ImGuiWindowFlags_NoBackground;
  ImGui::Begin("typelattice", nullptr, flags);
  ImGui::PushFont(ctx.fonts.large);
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::text), "typelattice");
  ImGui::PopFont();
  ImGui::SameLine();
  ImGui::SetCursorPosY(ImGui::GetCursorPosY() + 6.0f * ctx.scale);
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::text_dim),
                     "dtype promotion lattices and low-precision float formats");
  ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - 90.0f * ctx.scale);
  if (ImGui::SmallButton("help (F1)")) state.show_help = !state.show_help;

  if (ImGui::BeginTabBar("views")) {
    static constexpr std::array<const char*, kViewCount> kTabs = {"Lattice (1)", "Table (2)", "Bits (3)",
                                                                  "Blocks (4)", "Compare (5)", "Tensors (6)"};
    for (std::size_t i = 0; i < kTabs.size(); ++i) {
      const View view = static_cast<View>(i);
      const ImGuiTabItemFlags tab_flags = force_view && state.view == view ? ImGuiTabItemFlags_SetSelected : 0;
      if (ImGui::BeginTabItem(kTabs[i], nullptr, tab_flags)) {
        if (!force_view) state.view = view;
        switch (view) {
          case View::lattice: draw_lattice_panel(ctx); break;
          case View::table: draw_table_panel(ctx); break;
          case View::bits: draw_bits_panel(ctx); break;
          case View::blocks: draw_blocks_panel(ctx); break;
          case View::compare: draw_compare_panel(ctx); break;
          case View::tensors: draw_tensors_panel(ctx); break;
        }
        ImGui::EndTabItem();
      }
    }
    ImGui::EndTabBar();
  }
  force_view = false;
  ImGui::End();
  draw_help(state);
  return running;
}

}  // namespace typelattice::gui
