#include "app/tensors/tensor_passes.h"

#include <algorithm>
#include <future>

#include "typelattice/display_text.h"

namespace typelattice::tensor_io {

PassOutcome analyze_tensor(TensorReader& reader, const TensorEntry& tensor, const std::vector<AnalysisTarget>& targets,
                           const PassOptions& options, TensorResult& result) {
  result = TensorResult{};
  result.tensor = &tensor;
  const TensorSlicing slicing = tensor_slicing(tensor);
  result.count = slicing.count;
  result.row_length = slicing.row_length;
  const std::uint64_t rows = result.row_length;
  const std::uint64_t block_bytes = tensor_dtype_bytes(tensor.dtype), block_elements = tensor_dtype_block_elements(tensor.dtype);
  std::vector<float> values;
  auto for_each_slice = [&](auto&& take) {
    for (std::uint64_t first = 0; first < result.count;) {
      if (options.stop != nullptr && options.stop->load()) return PassOutcome::stopped;
      const std::uint64_t end = slicing.slice_end(first);
      values.resize(static_cast<std::size_t>(end - first));
      if (!reader.read(tensor, first, values)) return PassOutcome::read_failed;
      take(first);
      if (options.progress) options.progress((end - first) / block_elements * block_bytes);
      first = end;
    }
    return PassOutcome::done;
  };
  // The statistics get a pass of their own only when a target needs the tensor's amax before its first slice.
  const bool stats_first = analysis_passes(targets) == 2;
  TensorStatsAccumulator stats;
  if (stats_first) {
    if (const PassOutcome o = for_each_slice([&](std::uint64_t) { stats.add(values); }); o != PassOutcome::done) return o;
  }
  std::vector<TargetAccumulator> accumulators;
  for (const AnalysisTarget& target : targets) {
    accumulators.emplace_back(target, stats_first ? stats.stats().amax : 0.0,
                              std::max<std::size_t>(options.worst_blocks, 1));
  }
  // Target i runs on thread i mod n: each accumulator is touched by one thread, the slice is only read.
  const std::size_t threads = std::clamp<std::size_t>(options.threads, 1, std::max<std::size_t>(accumulators.size(), 1));
  auto run_share = [&](std::size_t share, std::uint64_t first) {
    // The slice in rows: each row's part goes to the targets on its own, so blocks never cross a row's end.
    for (std::uint64_t begin = first; begin < first + values.size();) {
      const std::uint64_t row_end = std::min(first + values.size(), (begin / rows + 1) * rows);
      const std::span<const float> row(values.data() + (begin - first), static_cast<std::size_t>(row_end - begin));
      for (std::size_t i = share; i < accumulators.size(); i += threads) accumulators[i].add_row_slice(row);
      begin = row_end;
    }
  };
  const PassOutcome second = for_each_slice([&](std::uint64_t first) {
    std::vector<std::future<void>> others;
    for (std::size_t share = 1; share < threads; ++share) {
      others.push_back(std::async(std::launch::async, run_share, share, first));
    }
    if (!stats_first) stats.add(values);
    run_share(0, first);
    for (std::future<void>& f : others) f.get();
  });
  if (second != PassOutcome::done) return second;
  result.stats = stats.stats();
  for (const TargetAccumulator& a : accumulators) {
    result.errors.push_back(a.error());
    result.tensor_scales.push_back(a.tensor_scale());
  }
  return PassOutcome::done;
}

std::uint64_t bytes_to_read(const TensorFileIndex& index, const std::vector<AnalysisTarget>& targets,
                            const TensorFilter& wanted) {
  std::uint64_t total = 0;
  for (const TensorEntry& tensor : index.tensors)
    if (!wanted || wanted(tensor)) total += analysis_passes(targets) * (tensor.end - tensor.begin);
  return total;
}

FileOutcome analyze_file(TensorReader& reader, const std::vector<AnalysisTarget>& targets, const PassOptions& options,
                         const TensorFilter& wanted, const std::function<bool(const TensorResult&)>& take) {
  FileOutcome outcome;
  for (const TensorEntry& tensor : reader.index().tensors) {
    if (wanted && !wanted(tensor)) continue;
    TensorResult result;
    outcome.outcome = analyze_tensor(reader, tensor, targets, options, result);
    if (outcome.outcome == PassOutcome::read_failed) outcome.failed = &tensor;
    if (outcome.outcome != PassOutcome::done) return outcome;
    ++outcome.analyzed;
    if (!take(result)) {
      outcome.outcome = PassOutcome::stopped;
      return outcome;
    }
  }
  return outcome;
}

std::string cannot_read_message(const TensorEntry& tensor) {
  return "cannot read tensor '" + displayed(tensor.name) + "'";
}

}  // namespace typelattice::tensor_io
