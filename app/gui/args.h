// The app's command line: interactive by default; --headless renders offscreen, writes a screenshot and
// prints the join (the headless run, docs/app.md).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "app/gui/app_state.h"

namespace typelattice::gui {

struct Arguments {
  bool headless = false;
  std::optional<std::vector<std::string>> select;  // canonical dtype names, or the preset's node names
  std::optional<std::string> preset;
  std::optional<UserLattice> lattice;          // --lattice FILE, loaded and checked while parsing
  std::optional<System> system;
  std::optional<Mode> mode;
  std::optional<bool> x64;
  std::optional<View> view;
  std::optional<System> compare;
  bool compare_none = false;
  std::optional<Format> format;
  std::optional<std::uint64_t> code;           // wider than any format: parse_arguments checks the fit
  std::optional<double> value;
  int width = 1280, height = 800;
  bool size_given = false;
  std::optional<float> scale;
  std::string screenshot;
  bool print_positions = false;
  // Headless: scripted input, in order: a left click at (x, y), a key press (SDL scancode), or typed text.
  struct Action {
    bool is_key = false;
    int x = 0, y = 0;
    int scancode = 0;
    std::string text;  // typed into the focused text field (neither a click nor a key)
  };
  std::vector<Action> actions;
  int frames = 0;                   // 0: the default (a few frames to settle the layout)
  bool report_frame_time = false;
};

struct ParsedArguments {
  std::optional<Arguments> arguments;  // none: exit with `exit_code` after printing `output`
  int exit_code = 0;
  std::string output;                  // usage (stdout for --help), or the error (stderr): with the usage after a
                                       // bad flag, alone for a lattice file that does not load
};

ParsedArguments parse_arguments(const std::vector<std::string>& argv);
std::string usage_text();

// Applies the flags over the (possibly restored) state.
void apply_arguments(const Arguments& args, AppState& state);

}  // namespace typelattice::gui
