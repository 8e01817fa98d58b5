// --batch FILE: many headless runs in one start. Starting the app (SDL, the window, the OpenGL context) takes
// most of a headless run's time; here one window serves every line, and each line gets a Dear ImGui context,
// state and models of its own, exactly as a headless start would.
#pragma once
#include "app/gui/args.h"

namespace typelattice::gui {

// Each non-empty line of args.batch is a JSON array of strings: the options of one headless run (--headless is
// implied; --size, --scale and --batch belong to the batch run and are refused on a line). For each line, one
// line of JSON on stdout: {"line": N, "status": S, "stdout": "...", "stderr": "..."}, what that headless run would
// have exited with and printed. Returns 0 when every line was answered, 2 when the file cannot be read, 1 when the
// window cannot be created.
int run_batch(const Arguments& args);

}  // namespace typelattice::gui
