// The app's flags over the state it restored from its ini file (args.h): parse_arguments checked each of them.
#include <algorithm>

#include "app/gui/args.h"

namespace typelattice::gui {

void apply_arguments(const Arguments& args, AppState& state) {
  if (args.select) {
    state.selection.clear();
    for (const std::string& name : *args.select)  // a repeated name selects once
      if (std::find(state.selection.begin(), state.selection.end(), name) == state.selection.end())
        state.selection.push_back(name);
  }
  const bool system_given = !args.system_flags.system.empty();
  // The flags were checked together when parsed; over the restored state they may still meet a saved strict
  // mode or x64 off that the new system does not have: then that system's defaults apply under the flags.
  auto applied = options::apply_system_flags(args.system_flags, state.options);
  if (!applied) applied = options::apply_system_flags(args.system_flags, PromotionOptions{state.options.system});
  state.options = applied ? *applied : PromotionOptions{};
  if (args.preset) state.preset = *args.preset;
  if (system_given && !args.preset) state.preset.clear();
  if (system_given || args.preset) state.show_user_lattice = false;
  if (args.lattice) show_user_lattice(state, *args.lattice);
  if (args.lattice && !args.select) state.selection.clear();  // names saved for another graph
  if (args.view) state.view = *args.view;
  if (args.operands) state.operands_input = *args.operands;
  if (args.compare) state.compare = *args.compare;
  if (args.compare_none) state.compare.reset();
  if (args.format) state.format = *args.format;
  // A code or a cast was checked against --format or, without it, the default format: use that one.
  if ((args.code || args.cast) && !args.format && !args.tapered) state.format = AppState{}.format;
  if (args.tapered) state.tapered = args.tapered;
  else if (args.format || args.code || args.cast) state.tapered.reset();
  if (args.code) state.code = static_cast<std::uint32_t>(*args.code);  // parse_arguments checked that it fits
  if (args.cast) {
    state.cast_saturate = args.cast->saturate;
    state.cast_round = args.cast->round;
    state.cast_sr_num_bits = args.cast->sr_num_bits;
    state.cast_sr_bits = args.cast->sr_bits;
    state.cast_seed = args.cast->seed;
    state.cast_input = args.cast->input;
    state.cast_from = args.cast->from;
  }
  if (!args.value_text.empty()) {
    state.cast_value = args.value_text;
    state.value_input = args.value_text;
  }
  if (args.value_code) state.code = *args.value_code;
  if (args.block_format) state.block_format = *args.block_format;
  if (args.block_scale_mode) state.block_scale_mode = *args.block_scale_mode;
  state.block_tensor_scale = args.block_tensor_scale;
  if (args.block_values) state.block_values_input = *args.block_values;
  if (args.stored_format) {
    state.stored_format = *args.stored_format;
    state.stored_packing = args.stored_packing;
  }
  if (args.tensor_file) {
    state.tensor_path_input = *args.tensor_file;
    if (!args.view) state.view = View::tensors;
  }
  if (args.tensor_targets) {
    state.tensor_targets_input.clear();
    for (const std::string& name : *args.tensor_targets)
      state.tensor_targets_input += (state.tensor_targets_input.empty() ? "" : " ") + name;
  }
  state.code &= state.shown_code_mask();
}

}  // namespace typelattice::gui
