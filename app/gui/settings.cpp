#include "app/gui/settings.h"

#include <SDL.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <optional>
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

std::vector<std::string> parse_selection(std::string_view text) {
  std::vector<std::string> names;
  while (!text.empty()) {
    const std::size_t comma = std::min(text.find(','), text.size());
    if (comma > 0) names.emplace_back(text.substr(0, comma));
    text.remove_prefix(std::min(comma + 1, text.size()));
  }
  return names;
}

// A finite number within [lo, hi], else nothing: a hand-edited or damaged ini file (zoom=nan, pan_y=inf) must
// not reach the drawing code, which would crash on every start until the file is deleted.
std::optional<float> parse_float(std::string_view text, float lo, float hi) {
  float value = 0.0f;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value) || value < lo || value > hi)
    return std::nullopt;
  return value;
}

bool parse_flag(std::string_view text, bool& flag) {
  if (text != "0" && text != "1") return false;
  flag = text == "1";
  return true;
}

// Every value is checked; one that does not parse or is out of range leaves the default in place and is noted
// in state.settings_notes, which main prints once.
void read_line(AppState& state, std::string_view line) {
  const std::size_t eq = line.find('=');
  if (eq == std::string_view::npos) return;
  const std::string_view key = line.substr(0, eq), value = line.substr(eq + 1);
  bool ok = true;
  if (key == "system") {
    auto s = parse_system(value);
    if ((ok = static_cast<bool>(s))) state.options.system = *s;
  } else if (key == "mode") {
    auto m = parse_mode(value);
    if ((ok = static_cast<bool>(m))) state.options.mode = *m;
  } else if (key == "x64") {
    ok = parse_flag(value, state.options.x64);
  } else if (key == "view") {
    auto v = parse_view(value);
    if ((ok = v.has_value())) state.view = *v;
  } else if (key == "compare") {
    if (value == "none") {
      state.compare.reset();
    } else {
      auto s = parse_system(value);
      if ((ok = static_cast<bool>(s))) state.compare = *s;
    }
  } else if (key == "preset") {
    const std::vector<std::string> names = preset_names();
    ok = value.empty() || std::find(names.begin(), names.end(), value) != names.end();
    if (ok) state.preset = value;
  } else if (key == "selection") {
    state.selection = parse_selection(value);
  } else if (key == "format") {
    auto f = parse_format(value);
    if ((ok = static_cast<bool>(f))) state.format = *f;
  } else if (key == "code") {
    std::uint64_t code = 0;
    auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), code);
    ok = ec == std::errc() && end == value.data() + value.size() && code < code_count(state.format);
    if (ok) state.code = static_cast<std::uint32_t>(code);
  } else if (key == "cast_saturate") {  // not "saturate": that key held every format's choice, not an override
    bool saturate = false;
    if ((ok = parse_flag(value, saturate))) state.cast_saturate = saturate;
  } else if (key == "zoom") {
    const auto zoom = parse_float(value, 0.3f, 4.0f);  // the range the zoom controls allow
    if ((ok = zoom.has_value())) state.zoom = *zoom;
  } else if (key == "pan_x" || key == "pan_y") {
    const auto pan = parse_float(value, -1e6f, 1e6f);
    if ((ok = pan.has_value())) (key == "pan_x" ? state.pan_x : state.pan_y) = *pan;
  } else if (key == "lattice_file") {
    state.set_lattice_path_input(value);
  } else if (key == "lattice_shown") {
    ok = parse_flag(value, state.show_user_lattice);  // main reopens the file (the graph itself is not saved)
  }
  if (!ok) {
    std::string note(key);
    note += '=';
    note.append(value.substr(0, 60));
    state.settings_notes.push_back(std::move(note));
  }
}

void write_all(ImGuiContext*, ImGuiSettingsHandler* handler, ImGuiTextBuffer* out) {
  const AppState& state = *static_cast<const AppState*>(handler->UserData);
  std::string selection;
  for (const std::string& name : state.selection) {
    if (!selection.empty()) selection += ',';
    selection.append(name);
  }
  out->appendf("[%s][state]\n", handler->TypeName);
  out->appendf("system=%s\n", std::string(system_name(state.options.system)).c_str());
  out->appendf("mode=%s\n", std::string(mode_name(state.options.mode)).c_str());
  out->appendf("preset=%s\n", state.preset.c_str());
  out->appendf("x64=%d\n", state.options.x64 ? 1 : 0);
  out->appendf("view=%s\n", std::string(view_name(state.view)).c_str());
  out->appendf("compare=%s\n", state.compare ? std::string(system_name(*state.compare)).c_str() : "none");
  out->appendf("selection=%s\n", selection.c_str());
  out->appendf("format=%s\n", std::string(format_spec(state.format).name).c_str());
  out->appendf("code=%u\n", state.code);
  if (state.cast_saturate) out->appendf("cast_saturate=%d\n", *state.cast_saturate ? 1 : 0);
  out->appendf("lattice_file=%s\n", state.user_lattice ? state.user_lattice->path.c_str() : "");
  out->appendf("lattice_shown=%d\n", state.user_lattice_shown() ? 1 : 0);
  out->appendf("zoom=%g\npan_x=%g\npan_y=%g\n\n", static_cast<double>(state.zoom), static_cast<double>(state.pan_x),
               static_cast<double>(state.pan_y));
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
    read_line(*static_cast<AppState*>(entry), line);
  };
  handler.WriteAllFn = write_all;
  handler.UserData = &state;
  ImGui::GetCurrentContext()->SettingsHandlers.push_back(handler);
}

}  // namespace typelattice::gui
