// The app's saved state as ini lines: read back value by value (each checked, a bad one noted and dropped) and
// written from the state. No ImGui or SDL here, so tests/fuzz/fuzz_app_settings.cpp can drive it directly.
#include "app/gui/settings_text.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <optional>

namespace typelattice::gui {

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

}  // namespace

// Every value is checked; one that does not parse or is out of range leaves the default in place and is noted
// in state.settings_notes, which main prints once.
void read_settings_line(AppState& state, std::string_view line) {
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
  } else if (key == "format") {  // a tapered format's name, or one parse_format reads
    state.tapered = find_tapered_format(value);
    auto f = parse_format(value);
    ok = state.tapered.has_value() || static_cast<bool>(f);
    if (f) state.format = *f;
    // A code read before this line, for another format, may not fit this one: noted and back to 0.
    if (ok && state.code > state.shown_code_mask()) {
      state.settings_notes.push_back("code=" + std::to_string(state.code) + " (not a code of " +
                                     std::string(value.substr(0, 60)) + ")");
      state.code = 0;
    }
  } else if (key == "code") {
    std::uint64_t code = 0;
    auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), code);
    ok = ec == std::errc() && end == value.data() + value.size() && code <= state.shown_code_mask();
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


std::string settings_lines(const AppState& state) {
  std::string out;
  const auto line = [&out](std::string_view key, std::string_view value) {
    out.append(key);
    out += '=';
    out.append(value);
    out += '\n';
  };
  std::string selection;
  for (const std::string& name : state.selection) {
    if (!selection.empty()) selection += ',';
    selection.append(name);
  }
  line("system", system_name(state.options.system));
  line("mode", mode_name(state.options.mode));
  line("preset", state.preset);
  line("x64", state.options.x64 ? "1" : "0");
  line("view", view_name(state.view));
  line("compare", state.compare ? system_name(*state.compare) : "none");
  line("selection", selection);
  line("format", state.tapered ? std::string(tapered_format_name(*state.tapered)) : format_name(state.format));
  line("code", std::to_string(state.code));
  if (state.cast_saturate) line("cast_saturate", *state.cast_saturate ? "1" : "0");
  line("lattice_file", state.user_lattice ? state.user_lattice->path : std::string());
  line("lattice_shown", state.user_lattice_shown() ? "1" : "0");
  char number[32];
  for (const auto& [key, value] : {std::pair{"zoom", state.zoom}, {"pan_x", state.pan_x}, {"pan_y", state.pan_y}}) {
    std::snprintf(number, sizeof number, "%g", static_cast<double>(value));
    line(key, number);
  }
  return out;
}

}  // namespace typelattice::gui
