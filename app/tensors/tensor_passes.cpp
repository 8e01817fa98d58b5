#include "app/tensors/tensor_passes.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <future>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <thread>

#include "typelattice/block_formats.h"
#include "typelattice/display_text.h"

namespace typelattice::tensor_io {

namespace {

// A slice's work: one task per accumulator, each touching only its own one (the slice is only read), so the
// figures are the same whatever the threads.
using SliceTask = std::function<void(std::span<const float> values, std::uint64_t first)>;

// One pass over the tensor: each slice's tasks run on up to `threads` threads, each thread taking the next task
// not yet taken, while one of them reads the next slice into the other buffer.
PassOutcome run_pass(TensorReader& reader, const TensorEntry& tensor, const TensorSlicing& slicing,
                     const PassOptions& options, const std::vector<SliceTask>& tasks) {
  const std::uint64_t block_bytes = tensor_dtype_bytes(tensor.dtype), block_elements = tensor_dtype_block_elements(tensor.dtype);
  std::array<std::vector<float>, 2> buffers;
  const auto read = [&](std::uint64_t first, std::vector<float>& into) {
    into.resize(static_cast<std::size_t>(slicing.slice_end(first) - first));
    return reader.read(tensor, first, into);
  };
  if (slicing.count == 0) return PassOutcome::done;
  if (!read(0, buffers[0])) return PassOutcome::read_failed;
  for (std::uint64_t first = 0, slice = 0; first < slicing.count; ++slice) {
    if (options.stop != nullptr && options.stop->load()) return PassOutcome::stopped;
    const std::uint64_t end = slicing.slice_end(first);
    const std::vector<float>& values = buffers[slice % 2];
    const std::size_t reads = end < slicing.count ? 1 : 0, count = reads + tasks.size();
    bool next_read = true;
    std::atomic<std::size_t> next_task{0};
    const auto work = [&] {
      for (std::size_t t = next_task++; t < count; t = next_task++) {
        if (t < reads) {
          next_read = read(end, buffers[(slice + 1) % 2]);
        } else {
          tasks[t - reads](values, first);
        }
      }
    };
    std::vector<std::future<void>> others;
    for (std::size_t thread = 1; thread < std::min<std::size_t>(options.threads, count); ++thread) {
      others.push_back(std::async(std::launch::async, work));
    }
    work();
    for (std::future<void>& f : others) f.get();
    if (options.progress) options.progress((end - first) / block_elements * block_bytes);
    if (!next_read) return PassOutcome::read_failed;
    first = end;
  }
  return PassOutcome::done;
}

}  // namespace

PassOutcome analyze_tensor(TensorReader& reader, const TensorEntry& tensor, const std::vector<AnalysisTarget>& targets,
                           const PassOptions& options, TensorResult& result) {
  result = TensorResult{};
  result.tensor = &tensor;
  const TensorSlicing slicing = tensor_slicing(tensor);
  result.count = slicing.count;
  result.row_length = slicing.row_length;
  const std::uint64_t rows = result.row_length;
  TensorStatsAccumulator stats;
  const SliceTask add_stats = [&](std::span<const float> values, std::uint64_t) { stats.add(values); };
  // The statistics get a pass of their own only when a target needs the tensor's amax before its first slice.
  const bool stats_first = analysis_passes(targets) == 2;
  if (stats_first) {
    if (const PassOutcome o = run_pass(reader, tensor, slicing, options, {add_stats}); o != PassOutcome::done) return o;
  }
  std::vector<TargetAccumulator> accumulators;
  for (const AnalysisTarget& target : targets) {
    accumulators.emplace_back(target, stats_first ? stats.stats().amax : 0.0,
                              std::max<std::size_t>(options.worst_blocks, 1));
  }
  // The block targets with the smallest blocks first: they take the longest per element (each block's bookkeeping),
  // and a long task taken last would leave the other threads idle at the slice's end.
  const auto block_size = [&](std::size_t i) {
    const AnalysisTarget& t = targets[i];
    if (t.block) return block_format_spec(*t.block).block_size;
    return t.codec != nullptr ? t.codec->block_size : std::numeric_limits<int>::max();
  };
  std::vector<std::size_t> order(accumulators.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return block_size(a) < block_size(b); });
  std::vector<SliceTask> tasks;
  for (const std::size_t i : order) {
    TargetAccumulator& accumulator = accumulators[i];
    tasks.push_back([&accumulator, rows](std::span<const float> values, std::uint64_t first) {
      // The slice in rows: each row's part goes to the target on its own, so blocks never cross a row's end.
      for (std::uint64_t begin = first; begin < first + values.size();) {
        const std::uint64_t row_end = std::min(first + values.size(), (begin / rows + 1) * rows);
        accumulator.add_row_slice(values.subspan(static_cast<std::size_t>(begin - first),
                                                 static_cast<std::size_t>(row_end - begin)));
        begin = row_end;
      }
    });
  }
  if (!stats_first) tasks.push_back(add_stats);
  if (const PassOutcome o = run_pass(reader, tensor, slicing, options, tasks); o != PassOutcome::done) return o;
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

namespace {

// One tensor after another, each slice's targets on options.threads threads.
FileOutcome analyze_in_turn(TensorReader& reader, const std::vector<const TensorEntry*>& tensors,
                            const std::vector<AnalysisTarget>& targets, const PassOptions& options,
                            const std::function<bool(const TensorResult&)>& take) {
  FileOutcome outcome;
  for (const TensorEntry* tensor : tensors) {
    TensorResult result;
    outcome.outcome = analyze_tensor(reader, *tensor, targets, options, result);
    if (outcome.outcome == PassOutcome::read_failed) {
      outcome.failed = tensor;
      outcome.read_error = reader.read_error();
    }
    if (outcome.outcome != PassOutcome::done) return outcome;
    ++outcome.analyzed;
    if (!take(result)) {
      outcome.outcome = PassOutcome::stopped;
      return outcome;
    }
  }
  return outcome;
}

// Several tensors at once, one per thread, each thread with a reader of its own (the first uses `reader`). The
// results reach `take` in the file's order: one done early waits for those before it. A tensor's figures do not
// depend on the threads, so the output is the same as in turn.
FileOutcome analyze_side_by_side(TensorReader& reader, const std::vector<const TensorEntry*>& tensors,
                                 const std::vector<AnalysisTarget>& targets, const PassOptions& options,
                                 const std::function<bool(const TensorResult&)>& take) {
  std::vector<std::unique_ptr<TensorReader>> more;
  while (more.size() + 1 < std::min<std::size_t>(options.threads, tensors.size())) {
    std::unique_ptr<TensorReader> again = reader.reopen();
    if (!again) break;
    more.push_back(std::move(again));
  }
  std::atomic<bool> halt{false};  // Ctrl-C (options.stop), a failed read delivered, or `take` refusing
  std::atomic<std::size_t> next{0};
  std::mutex mutex;
  std::condition_variable ready;
  std::vector<std::optional<PassOutcome>> outcomes(tensors.size());
  std::vector<TensorResult> results(tensors.size());
  std::vector<std::string> read_errors(tensors.size());
  PassOptions each = options;
  each.threads = 1;
  each.stop = &halt;
  if (options.progress) {
    each.progress = [&](std::uint64_t bytes) {
      const std::lock_guard lock(mutex);
      options.progress(bytes);
    };
  }
  const auto work = [&](TensorReader& own) {
    for (std::size_t i = next++; i < tensors.size() && !halt.load(); i = next++) {
      TensorResult result;
      const PassOutcome o = analyze_tensor(own, *tensors[i], targets, each, result);
      {
        const std::lock_guard lock(mutex);
        results[i] = std::move(result);
        if (o == PassOutcome::read_failed) read_errors[i] = own.read_error();
        outcomes[i] = o;
      }
      ready.notify_all();
      if (o != PassOutcome::done) return;
    }
  };
  std::vector<std::thread> threads;
  threads.emplace_back(work, std::ref(reader));
  for (const std::unique_ptr<TensorReader>& r : more) threads.emplace_back(work, std::ref(*r));

  FileOutcome outcome;
  for (std::size_t k = 0; k < tensors.size() && outcome.outcome == PassOutcome::done; ++k) {
    std::unique_lock lock(mutex);
    // Waits in short steps to see Ctrl-C, which the passes see only between slices.
    while (!outcomes[k] && !halt.load()) {
      if (options.stop != nullptr && options.stop->load()) halt = true;
      ready.wait_for(lock, std::chrono::milliseconds(50));
    }
    if (!outcomes[k] || *outcomes[k] == PassOutcome::stopped) {
      outcome.outcome = PassOutcome::stopped;
    } else if (*outcomes[k] == PassOutcome::read_failed) {
      outcome.outcome = PassOutcome::read_failed;
      outcome.failed = tensors[k];
      outcome.read_error = read_errors[k];
    } else {
      const TensorResult result = std::move(results[k]);
      lock.unlock();
      ++outcome.analyzed;
      if (!take(result)) outcome.outcome = PassOutcome::stopped;
    }
  }
  halt = true;
  for (std::thread& t : threads) t.join();
  return outcome;
}

}  // namespace

FileOutcome analyze_file(TensorReader& reader, const std::vector<AnalysisTarget>& targets, const PassOptions& options,
                         const TensorFilter& wanted, const std::function<bool(const TensorResult&)>& take) {
  std::vector<const TensorEntry*> tensors;
  std::uint64_t total = 0, largest = 0;
  for (const TensorEntry& tensor : reader.index().tensors) {
    if (wanted && !wanted(tensor)) continue;
    tensors.push_back(&tensor);
    total += tensor.end - tensor.begin;
    largest = std::max(largest, tensor.end - tensor.begin);
  }
  // Tensors side by side keep every thread busy when no one tensor holds most of the bytes; otherwise that tensor
  // would run on one thread alone, and the targets of its slices share the threads instead.
  if (options.threads > 1 && tensors.size() > 1 && 2 * largest <= total)
    return analyze_side_by_side(reader, tensors, targets, options, take);
  return analyze_in_turn(reader, tensors, targets, options, take);
}

std::string cannot_read_message(const TensorEntry& tensor) {
  return "cannot read tensor '" + displayed(tensor.name) + "'";
}

}  // namespace typelattice::tensor_io
