// The text `typelattice layout` prints for a code of a tapered format (posit8, posit16, hif8): shared by the CLI
// and the app's headless Bits view, which prints the same bytes. The fields and facts are the core's
// (tapered_formats.h); this only lays them out.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "typelattice/tapered_formats.h"

namespace typelattice::options {

// One code's layout; `input` (the value as typed) and its cast facts head and close it when the code came from
// a cast, as `typelattice layout F V` prints them (empty for `layout F --code C`).
std::string tapered_layout_text(TaperedFormat f, std::uint32_t code, std::string_view input,
                                const std::vector<CastFact>& facts);

}  // namespace typelattice::options
