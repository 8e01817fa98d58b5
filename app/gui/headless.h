// The headless run (docs/app.md, "Headless"): render offscreen (with scripted clicks), print the join, the drawn
// regions and frame times, write the screenshot.
#pragma once
#include "app/gui/args.h"
#include "app/gui/panel.h"
#include "app/gui/platform.h"

namespace typelattice::gui {

// Returns the process exit status (0, or 1 when the screenshot cannot be written).
int run_headless(const Arguments& args, Platform& platform, PanelContext& ctx, PromotionModel& model);

// One headless run on `platform`'s window: a Dear ImGui context of its own, the state the arguments give (no
// settings file), the frames and the printed answer. Returns the exit status as run_headless does.
int answer_headless(const Arguments& args, Platform& platform);

}  // namespace typelattice::gui
