// The passes over one tensor that `typelattice analyze` and the app's Tensors view make: one, which feeds each slice
// to the statistics and every target, or two when a target takes NVFP4's tensor scale, which needs the tensor's amax
// before the first slice. The targets of a slice run on several threads; a caller can stop the passes between slices
// (Ctrl-C in the CLI, Cancel in the app) and hears of every slice read (its progress bar).
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "app/tensors/tensor_reader.h"
#include "typelattice/tensor_analysis.h"
#include "typelattice/tensor_report.h"

namespace typelattice::tensor_io {

struct PassOptions {
  unsigned threads = 1;
  std::size_t worst_blocks = 1;
  const std::atomic<bool>* stop = nullptr;            // set to stop between slices
  std::function<void(std::uint64_t bytes)> progress;  // after each slice: the file bytes it read
};

enum class PassOutcome { done, read_failed, stopped };

PassOutcome analyze_tensor(TensorReader& reader, const TensorEntry& tensor, const std::vector<AnalysisTarget>& targets,
                           const PassOptions& options, TensorResult& result);

// The file bytes analyze_file reads for the tensors `wanted` takes (each tensor_passes times).
using TensorFilter = std::function<bool(const TensorEntry&)>;
std::uint64_t bytes_to_read(const TensorFileIndex& index, const std::vector<AnalysisTarget>& targets,
                            const TensorFilter& wanted);

// Every tensor of the file that `wanted` takes, in the file's order: each result goes to `take` as soon as it is
// there (take returns false to stop: then the outcome is `stopped`). `failed` names the tensor that could not be read,
// `read_error` why, when the file says more than that it could not be read (TensorReader::read_error). With
// options.threads > 1, tensors of about equal size are analyzed side by side, each thread reading the file through a
// TensorReader of its own (reopen); the results still reach `take` in the file's order.
struct FileOutcome {
  PassOutcome outcome = PassOutcome::done;
  const TensorEntry* failed = nullptr;
  std::string read_error;
  std::size_t analyzed = 0;
};
FileOutcome analyze_file(TensorReader& reader, const std::vector<AnalysisTarget>& targets, const PassOptions& options,
                         const TensorFilter& wanted, const std::function<bool(const TensorResult&)>& take);

// The message for a tensor whose bytes could not be read (after the file's path).
std::string cannot_read_message(const TensorEntry& tensor);

}  // namespace typelattice::tensor_io
