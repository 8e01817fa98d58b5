// Bindings for checkpoint files (the tensors part): the header protocol of tensor_file.h, the file's index, and one
// handle per tensor analysis that takes the tensor's bytes a read at a time (tensor_analysis.h's accumulators).
#pragma once

namespace typelattice::web {
void register_tensor_bindings();
}
