// Bindings for the block-scaled formats: the table, quantizing and dequantizing through the wasm heap, and one
// block in full.
#pragma once

namespace typelattice::web {
void register_block_bindings();
}
