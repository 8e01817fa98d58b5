// Bindings for the minifloat formats: listings, bulk casts through the wasm heap, layouts, single casts.
#pragma once

namespace typelattice::web {
void register_format_bindings();
}
