// The stages of JAX's type promotion design note (JEP 9407,
// https://jax.readthedocs.io/en/latest/jep/9407-type-promotion.html), as data in assets/lattices/design-<name>.txt.
#include <array>

#include "core/base/assets.h"
#include "typelattice/lattice_text.h"
#include "typelattice/promotion.h"

namespace typelattice {

std::vector<LatticePreset> design_presets() {
  // In the document's order; the graphs and titles live in the asset files.
  constexpr std::array<std::string_view, 13> kNames{
      "python", "categories", "numpy-scalar-ints", "python-scalars", "combined", "float-complex", "signed-unsigned",
      "int-float-double-width", "option1", "option2", "option3", "option3-bfloat16", "final"};
  std::vector<LatticePreset> out;
  for (std::string_view name : kNames) {
    const auto text = embedded_asset("lattices/design-" + std::string(name) + ".txt");
    assert(text && "the design presets are embedded at build time");
    if (!text) continue;
    auto parsed = parse_lattice_text(*text);
    assert(parsed.ok());
    if (!parsed) continue;
    out.push_back({std::string(name), parsed->title, parsed->graph});
  }
  return out;
}

}  // namespace typelattice
