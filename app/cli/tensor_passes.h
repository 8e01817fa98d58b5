// The passes `analyze` makes over one tensor: one, which feeds each slice to the statistics and every target, or two
// when a target takes NVFP4's tensor scale, which needs the tensor's amax before the first slice. The targets of a slice run on several threads; a progress line goes
// to stderr when it is a terminal; Ctrl-C stops between slices.
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>
#include <vector>

#include "app/cli/tensor_reader.h"
#include "typelattice/tensor_analysis.h"

namespace typelattice::cli {

// "\r<bytes> of <total>, <rate>, ETA <s>" at most five times a second, and a cleared line at the end.
class Progress {
 public:
  Progress(std::uint64_t total_bytes, bool shown);
  void advance(std::uint64_t bytes);
  void finish();

 private:
  std::uint64_t total_, done_ = 0;
  bool shown_;
  std::chrono::steady_clock::time_point start_, last_;
};

struct TensorResult {
  const TensorEntry* tensor = nullptr;
  std::uint64_t count = 1, row_length = 1;
  TensorStats stats;
  std::vector<TargetError> errors;
  std::vector<float> tensor_scales;
};

struct PassOptions {
  unsigned threads = 1;
  std::size_t worst_blocks = 1;
  const std::atomic<bool>* stop = nullptr;  // set (by the SIGINT handler) to stop between slices
  Progress* progress = nullptr;
};

enum class PassOutcome { done, read_failed, stopped };

// How many times analyze_tensor reads a tensor for these targets: 2 with a tensor-scale target, else 1.
std::uint64_t tensor_passes(const std::vector<AnalysisTarget>& targets);

PassOutcome analyze_tensor(TensorReader& reader, const TensorEntry& tensor, const std::vector<AnalysisTarget>& targets,
                           const PassOptions& options, TensorResult& result);

}  // namespace typelattice::cli
