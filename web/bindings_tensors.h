// Bindings for checkpoint files (the tensors part): the header protocol of tensor_file.h, the file's index, and one
// handle per tensor analysis that takes the tensor's bytes a read at a time (tensor_analysis.h's accumulators).
#pragma once
#include <emscripten/val.h>

#include <vector>

#include "typelattice/result.h"
#include "typelattice/tensor_analysis.h"

namespace typelattice::web {
void register_tensor_bindings();
void register_tensor_summary_bindings();  // bindings_tensor_summary.cpp

// The targets of analyze's options (names undefined: the CLI's default targets), as the CLI parses them.
Result<std::vector<AnalysisTarget>> targets_of(const emscripten::val& names, const emscripten::val& round,
                                               const emscripten::val& saturate, const emscripten::val& scale_mode,
                                               bool tensor_scale);
// A number for JSON: the CLI prints a non-finite figure as null.
emscripten::val json_number(double v);
// A tensor's statistics as the reports key them (`typelattice analyze --format json`'s "stats").
emscripten::val stats_value(const TensorStats& s);
// A target's figures on a report's target object: format, best and rank, bits, the counts, the errors and sums.
void set_target_error(emscripten::val& out, const AnalysisTarget& t, const TargetError& e, std::size_t rank);
}  // namespace typelattice::web
