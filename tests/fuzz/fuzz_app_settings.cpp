// Fuzz the app's ini reader (app/gui/settings_text.h), which runs on every start on a file the user may have
// edited: never crash; every value it keeps is one the app can use (zoom and pans finite and in range, the code
// inside the format, the view, system, compare and preset ones the app has); each note is short; and what the
// app writes back reads again with no note and writes the same text (one read and write is a fixed point).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "app/gui/settings_text.h"

using namespace typelattice;
using namespace typelattice::gui;

namespace {

void read_all(AppState& state, std::string_view text) {
  while (!text.empty()) {
    const std::size_t end = std::min(text.find('\n'), text.size());
    read_settings_line(state, text.substr(0, end));
    text.remove_prefix(std::min(end + 1, text.size()));
  }
}

void check_usable(const AppState& state) {
  if (!std::isfinite(state.zoom) || state.zoom < 0.3f || state.zoom > 4.0f) std::abort();
  for (float pan : {state.pan_x, state.pan_y})
    if (!std::isfinite(pan) || std::fabs(pan) > 1e6f) std::abort();
  if (state.code >= code_count(state.format)) std::abort();
  if (!parse_view(view_name(state.view))) std::abort();
  for (const std::string& note : state.settings_notes)
    if (note.size() > 61 + 4096) std::abort();  // key=, the value cut to 60 bytes (keys are ours, but any length)
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  AppState state;
  read_all(state, std::string_view(reinterpret_cast<const char*>(data), size));
  check_usable(state);
  const std::string written = settings_lines(state);
  AppState again;
  read_all(again, written);
  if (!again.settings_notes.empty()) std::abort();
  check_usable(again);
  if (settings_lines(again) != written) std::abort();
  return 0;
}
