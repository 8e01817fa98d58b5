// What the user chose (AppState, saved in ImGui's ini file) and what the core computed from it
// (PromotionModel). Panels draw the model; they never compute a promotion, a layout or a cast themselves.
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "app/gui/user_lattice.h"
#include "typelattice/block_formats.h"
#include "typelattice/cast_request.h"
#include "typelattice/compare.h"
#include "typelattice/compiled_system.h"
#include "typelattice/dtype.h"
#include "typelattice/graph_layout.h"
#include "typelattice/lattice.h"
#include "typelattice/minifloat.h"
#include "typelattice/promotion.h"
#include "typelattice/tapered_formats.h"

namespace typelattice::gui {

enum class View { lattice, table, bits, blocks, compare, tensors };
inline constexpr int kViewCount = 6;
std::string_view view_name(View v);
std::optional<View> parse_view(std::string_view text);

// analyze's default targets, as the Tensors panel's targets field shows them: "float8_e4m3fn float8_e5m2 ...".
std::string default_tensor_targets_text();

// The design stages' names, in the document's order, and the title of one ("" when unknown).
std::vector<std::string> preset_names();

// How many codes a format has and the mask of its code bits: 64-bit because float32 has 2^32 codes.
std::uint64_t code_count(Format f);
std::uint32_t code_mask(Format f);

struct AppState {
  PromotionOptions options;
  std::string preset;                              // a design-document stage to draw instead of the system
  std::vector<std::string> selection;              // node names: dtype names, or a stage's nodes such as u*
  View view = View::lattice;
  std::optional<System> compare = System::numpy;  // the table panel's "compare with"
  Format format = Format::float8_e4m3fn;
  std::uint32_t code = 0x38;                       // 1.0 in float8_e4m3fn
  // When set, the Bits panel shows this tapered format (posit8, posit16, hif8) instead of `format`: `code` is
  // its code, and its cast takes cast_saturate (HiF8's only option) and the value field.
  std::optional<TaperedFormat> tapered;
  // The bits panel's cast options as the user set them; unset ones are the format's ONNX defaults, as in
  // `typelattice cast` and the module's castValue.
  std::optional<bool> cast_saturate;
  std::optional<RoundMode> cast_round;
  std::optional<int> cast_sr_num_bits;             // stochastic rounding's bits, and srbits or a seed, as the
  std::optional<std::uint32_t> cast_sr_bits;       // CLI's flags
  std::optional<std::uint64_t> cast_seed;
  // How the value field is read, as the CLI's --input and --from: a decimal (with cast_from float32, rounded to
  // float32 first) or the hex bit pattern of a float32 or float64.
  InputKind cast_input = InputKind::decimal;
  std::optional<SourceType> cast_from;
  std::string value_input;                         // the bits panel's "cast a value" field
  std::string value_error;                         // why the last value did not parse
  std::string cast_value;                          // the text of the value last cast: the panel explains it
  // The Blocks panel: its format, scale mode (unset: the format's default), NVFP4's tensor scale, and the values.
  BlockFormat block_format = BlockFormat::mxfp4_e2m1;
  std::optional<ScaleMode> block_scale_mode;
  bool block_tensor_scale = false;
  std::string block_values_input = "7.5, 1, 1, 1, 1, 1, 1, 1";
  // Its "As libraries store them" section: the format laid out (one store_codec_blocks takes; empty: the section
  // is closed) and the integer groups' packing (empty: gptq).
  std::string stored_format;
  std::string stored_packing;
  // The compare panel's expression: dtypes and Python values, as `typelattice compare` takes them.
  std::string operands_input = "uint8, 300";
  // The Tensors panel: the file path field, the targets field (analyze's --to names), the tensor list's filter.
  std::string tensor_path_input;
  std::string tensor_targets_input = default_tensor_targets_text();
  std::string tensor_filter;
  std::string tensor_targets_error;  // why the targets field does not parse
  int draws = 1000;                                // stochastic rounding: how many draws the panel shows
  bool show_help = false;
  std::vector<std::string> table_scrolled_to;     // the selection the table last scrolled to
  float zoom = 1.0f;                               // lattice view: 1 = fit to the panel
  float pan_x = 0.0f, pan_y = 0.0f;                // lattice view offset, in pixels
  // The user's own lattice file: the last one that loaded (drawn instead of the system while shown), the path
  // field, and why the last Open failed. Each load counts up `user_lattice_loads`, so the model sees a new file.
  std::optional<UserLattice> user_lattice;
  bool show_user_lattice = false;
  int user_lattice_loads = 0;
  std::string lattice_path_input;
  std::string lattice_error;
  std::vector<std::string> settings_notes;  // "key=value" pairs of the ini file that were ignored as invalid

  CastRequest cast_request() const;  // decimal input, read as float64 (as the CLI's default)
  // A cast into a tapered format, as `typelattice cast --to F [--saturate]` reads it; checked by the core.
  Result<TaperedCastRequest> tapered_cast_request(TaperedFormat to) const;
  std::uint32_t shown_code_mask() const;  // the code bits of the format the Bits panel shows
  // Draws system `s`; a system without JAX's modes takes only standard mode with x64 on (checked_options).
  void choose_system(System s);
  void toggle_selected(std::string_view name);
  void set_lattice_path_input(std::string_view path) { lattice_path_input = path; }
  bool user_lattice_shown() const { return show_user_lattice && user_lattice; }
};

// The Bits panel's value field: its label and placeholder say how it is read (AppState::cast_input).
const char* value_field_label(const AppState& state);
const char* value_field_hint(const AppState& state);

// Everything the panels draw about promotion, recomputed by the core when the user's choices change.
struct PromotionModel {
  PromotionOptions options;
  std::string preset;
  std::optional<System> compare;
  std::vector<std::string> selection;
  std::string preset_title;                     // the stage's title when a preset is drawn
  std::string user_path;                        // the user's lattice file when it is drawn

  std::optional<CompiledSystem> system;           // the options' system, compiled once per change
  std::vector<Dtype> system_types;
  std::optional<Graph> graph;                   // jax or a design stage: the lattice; table systems: none
  std::optional<Lattice> lattice;
  std::string graph_error;                      // the core rejected the graph (should not happen for built-ins)
  std::vector<NodePosition> layout;             // unit-box positions from the core's graph_layout
  std::optional<LatticeViolation> lattice_violation;
  std::string lattice_violation_text;
  std::optional<TableViolation> table_violation;  // table systems: why the table is not a lattice join
  PromotionTable table;
  std::optional<PromotionTable> compare_table;

  // The core's selection (selection.h): the join, or join_error, the line saying why there is none.
  std::optional<std::string> join;
  std::string join_error;
  std::string selection_line;  // the core's line for it, as `typelattice select` prints first (headless output)
  std::string join_reason;     // the core's sentence: why this join (`typelattice promote --explain`)
  // The compare panel: the core's rows for the operands field (compare.h), or why the field does not parse.
  std::optional<std::string> operands;  // the field's text the rows are for (none before the first refresh)
  std::vector<CompareRow> compare_rows;
  std::string operands_error;

  std::vector<std::pair<NodeId, NodeId>> path_edges;  // edges on a path from a selected node to the join
  std::vector<NodeId> competing;                      // no unique join: the minimal upper bounds that compete

  // Recomputes what `state` invalidated; returns true when anything changed.
  bool refresh(const AppState& state);

 private:
  bool initialised_ = false;
  int user_lattice_loads_ = 0;
  std::vector<LatticePreset> presets_ = design_presets();
  void compute_system(const AppState& state);
  void compute_compare();
  void compute_join();
};

bool same_options(const PromotionOptions& a, const PromotionOptions& b);

}  // namespace typelattice::gui
