// What the Bits panel draws, computed by the core when its inputs change rather than every frame: the shown
// code's layout, the grid's page of up to 256 layouts, the format's finite values for the number line, and the
// value last cast with its facts and, for stochastic rounding, its draws. For a tapered format (posit8, posit16,
// hif8) the same from tapered_formats.h.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/gui/app_state.h"
#include "typelattice/cast_request.h"
#include "typelattice/minifloat.h"
#include "typelattice/tapered_formats.h"

namespace typelattice::gui {

struct BitsModel {
  Format format = Format::float8_e4m3fn;
  Layout current;                                   // the layout of the state's code
  std::uint32_t page = 0;                           // the grid's page: the codes page << 8 | 0x00..0xff
  std::vector<Layout> grid;                         // the page's codes (all of them for formats up to 8 bits)
  std::vector<std::pair<double, std::uint32_t>> finite_values;  // (value, code) of an 8-bit format: the number line
  // The value last cast (AppState::cast_value) with the options in effect: what the core makes of it, or why not.
  std::optional<CastOutcome> cast;
  std::vector<CastFact> facts;                      // cast_facts of the cast, as `typelattice layout` prints them
  std::vector<std::uint32_t> samples;               // stochastic rounding: the first `draws` codes of the stream
  std::string cast_error;
  // A tapered format (AppState::tapered) instead: its code's layout, the page's layouts, and the code the value
  // cast came to (the facts above are then tapered_cast_facts).
  std::optional<TaperedFormat> tapered;
  TaperedLayout tapered_current;
  std::vector<TaperedLayout> tapered_grid;
  std::optional<std::uint32_t> tapered_cast_code;

  // Recomputes what the state's changes invalidate; returns true when anything was recomputed.
  bool refresh(const AppState& state);

 private:
  bool initialised_ = false;
  std::optional<std::uint32_t> current_code_;
  std::string grid_key_, cast_key_;
};

}  // namespace typelattice::gui
