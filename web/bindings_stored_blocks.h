// The bindings of blocks as their libraries store them (bindings_stored_blocks.cpp), registered by the tensors part.
#pragma once

namespace typelattice::web {

void register_stored_block_bindings();

}  // namespace typelattice::web
