// The app's one full-window frame: the tab bar with the three panels, the keyboard shortcuts and the help.
#pragma once
#include "app/gui/panel.h"

namespace typelattice::gui {

// Draws one frame of the UI. `force_view` selects the tab of state.view (first frame, shortcuts).
// Returns false when the user asked to quit.
bool draw_app(PanelContext& ctx, bool& force_view);

}  // namespace typelattice::gui
