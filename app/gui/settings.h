// Saves and restores AppState through Dear ImGui's ini file (a "[typelattice][state]" section), the only
// thing the app writes to disk.
#pragma once
#include <string>

#include "app/gui/app_state.h"

namespace typelattice::gui {

// The ini file's path: SDL's per-user preference folder (e.g. ~/.local/share/typelattice/typelattice-app/).
std::string settings_path();
// Registers the handler (before the ini file is loaded); `state` must outlive the ImGui context.
void register_settings(AppState& state);

}  // namespace typelattice::gui
