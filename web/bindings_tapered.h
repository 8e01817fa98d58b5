// The tapered formats' bindings (bindings_tapered.cpp), registered by the tensors part.
#pragma once

namespace typelattice::web {

void register_tapered_bindings();

}  // namespace typelattice::web
