#include "app/gui/settings.h"
#include "app/gui/settings_text.h"

#include <SDL.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <string_view>

namespace typelattice::gui {

std::string settings_path() {
  char* folder = SDL_GetPrefPath("typelattice", "typelattice-app");
  if (!folder) return "typelattice-app.ini";
  std::string path = std::string(folder) + "imgui.ini";
  SDL_free(folder);
  return path;
}

namespace {

void write_all(ImGuiContext*, ImGuiSettingsHandler* handler, ImGuiTextBuffer* out) {
  const AppState& state = *static_cast<const AppState*>(handler->UserData);
  out->appendf("[%s][state]\n", handler->TypeName);
  const std::string lines = settings_lines(state);
  out->append(lines.data(), lines.data() + lines.size());
  out->append("\n");
}

}  // namespace

void register_settings(AppState& state) {
  ImGuiSettingsHandler handler;
  handler.TypeName = "typelattice";
  handler.TypeHash = ImHashStr("typelattice");
  handler.ReadOpenFn = [](ImGuiContext*, ImGuiSettingsHandler* h, const char* name) -> void* {
    return std::string_view(name) == "state" ? h->UserData : nullptr;
  };
  handler.ReadLineFn = [](ImGuiContext*, ImGuiSettingsHandler*, void* entry, const char* line) {
    read_settings_line(*static_cast<AppState*>(entry), line);
  };
  handler.WriteAllFn = write_all;
  handler.UserData = &state;
  ImGui::GetCurrentContext()->SettingsHandlers.push_back(handler);
}

}  // namespace typelattice::gui
