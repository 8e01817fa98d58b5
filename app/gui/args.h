// The app's command line (CLI11, with the options it shares with the CLI from app/common): interactive by
// default; --headless renders offscreen, writes a screenshot and prints the join (docs/app.md, "Headless mode").
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "app/common/options.h"
#include "app/gui/app_state.h"

namespace typelattice::gui {

struct Arguments {
  bool headless = false;
  std::optional<std::vector<std::string>> select;  // canonical dtype names, or the preset's node names
  std::optional<std::string> preset;
  std::optional<UserLattice> lattice;          // --lattice FILE, loaded and checked while parsing
  options::SystemFlags system_flags;           // --system, --mode, --x64 as given (empty: not given)
  std::optional<View> view;
  std::optional<std::string> operands;         // --operands, checked by the core's parse_operands
  std::optional<System> compare;
  bool compare_none = false;
  std::optional<Format> format;
  std::optional<TaperedFormat> tapered;        // --format posit8, posit16 or hif8 (the cast: saturate alone)
  std::optional<std::uint64_t> code;           // wider than any format: parse_arguments checks the fit
  std::optional<CastRequest> cast;             // --format with any cast flag or --value, checked by the core
  std::optional<std::uint32_t> value_code;     // --value, read and cast as `typelattice cast` does
  std::string value_text;                      // --value as given
  // The blocks view (--view blocks): --format is a block format there; --scale-mode, --tensor-scale, --values.
  std::optional<BlockFormat> block_format;
  std::optional<ScaleMode> block_scale_mode;
  bool block_tensor_scale = false;
  std::optional<std::string> block_values;     // checked as `typelattice quantize` reads them
  std::optional<std::string> stored_format;    // --stored, checked by store_codec_blocks on the values
  std::string stored_packing;                  // --packing
  // The Tensors view: --file (opened while parsing, so a bad file fails as `typelattice analyze` fails) and --to.
  std::optional<std::string> tensor_file;
  std::optional<std::vector<std::string>> tensor_targets;
  bool tensor_whole_file = false;  // --whole-file: the file's summary shown first
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
  std::optional<std::string> batch;  // --batch FILE: headless runs, one a line, in one window (app/gui/batch.h)
};

struct ParsedArguments {
  std::optional<Arguments> arguments;  // none: exit with `exit_code` after printing `output`
  int exit_code = 0;
  std::string output;                  // usage (stdout for --help), or the error (stderr): with the usage after a
                                       // bad flag, alone for a lattice file that does not load
};

ParsedArguments parse_arguments(const std::vector<std::string>& argv);

// Applies the flags over the (possibly restored) state.
void apply_arguments(const Arguments& args, AppState& state);

}  // namespace typelattice::gui
