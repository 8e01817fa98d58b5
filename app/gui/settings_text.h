// The app's saved state ([typelattice][state] in its ini file) as text, without ImGui: settings.cpp hands these
// lines to and from Dear ImGui's settings handler.
#pragma once
#include <string>
#include <string_view>

#include "app/gui/app_state.h"

namespace typelattice::gui {

// Applies one `key=value` line. A value that does not parse or is out of range keeps the state's value and adds
// `key=value` (the value cut to 60 bytes) to state.settings_notes; unknown keys and lines without '=' are ignored.
void read_settings_line(AppState& state, std::string_view line);

// The state as `key=value` lines, each ending in '\n'; read_settings_line reads every one of them back.
std::string settings_lines(const AppState& state);

}  // namespace typelattice::gui
