// A whole file's figures, from its tensors' results (tensor_report.h's TensorResult): what every tensor's values
// give as one set. No pass of its own: the sums the tensors' results keep are added up, tensor after tensor in the
// file's order, so the figures are the same whatever the threads. docs/tensor-analysis.md, "The file's summary".
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "typelattice/tensor_report.h"

namespace typelattice {

struct FileSummary {
  std::uint64_t tensors = 0;  // the tensors analyzed
  // The statistics of every value: counts and the histogram added up, amax the largest, the mean and the
  // population standard deviation of all finite values (Chan et al.'s update, tensor by tensor).
  TensorStats stats;
  // Per target, in the targets' order: the errors over every measured value (its sums added up, MSE and SQNR from
  // them), the largest errors and the counts; for block targets the blocks, the exact blocks and the lowest block
  // SQNR (the percentiles are per tensor only: NaN here). No worst blocks.
  std::vector<TargetError> errors;
  // Per target: the tensor with the lowest SQNR (the first of equal ones; exact tensors last) and that SQNR; an
  // empty name and NaN when no tensor has a measured value.
  std::vector<std::string> worst_tensors;
  std::vector<double> worst_tensor_sqnr_db;
};

class FileSummaryAccumulator {
 public:
  explicit FileSummaryAccumulator(std::size_t targets);
  void add(const TensorResult& r);
  FileSummary summary() const;

 private:
  FileSummary sums_;
};

}  // namespace typelattice
