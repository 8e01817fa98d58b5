// The Tensors view's analysis: a checkpoint file read and analyzed off the UI thread by the passes `typelattice
// analyze` runs (app/tensors), with its progress, Cancel, and the results so far; the text is the core's report,
// so headless the view prints what the CLI prints.
#pragma once
#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "app/tensors/tensor_passes.h"
#include "typelattice/tensor_report.h"
#include "typelattice/tensor_summary.h"

namespace typelattice::gui {

class TensorModel {
 public:
  TensorModel() = default;
  TensorModel(const TensorModel&) = delete;
  TensorModel& operator=(const TensorModel&) = delete;
  ~TensorModel();

  // Starts analysing `path` against `targets` on a worker thread (an analysis still running is cancelled first).
  void open(const std::string& path, std::vector<AnalysisTarget> targets);
  void cancel();
  // Once a frame: takes over what the worker finished since the last call.
  void poll();

  bool open_file() const { return job_ != nullptr; }
  bool running() const;
  bool cancelled() const { return cancelled_; }
  double progress() const;  // the share of the bytes to read that were read, 0 to 1
  const std::string& path() const { return path_; }
  const TensorFileIndex* index() const { return index_; }
  const std::vector<AnalysisTarget>& targets() const { return targets_; }
  const std::vector<TensorResult>& results() const { return results_; }
  // The file's summary of the results so far (tensor_summary.h), kept up as they come.
  const FileSummary& summary() const { return summary_; }
  // Why the file could not be opened or a tensor read: "PATH: message", as `typelattice analyze` says it.
  const std::string& error() const { return error_; }
  // What `typelattice analyze PATH --to TARGETS...` prints for the results so far (the file's lines once its
  // index is read, then each tensor's).
  std::string report_text() const;

  static constexpr std::size_t kWholeFile = static_cast<std::size_t>(-1);
  std::size_t selected = 0;  // the tensor shown (an index into results()), or kWholeFile: the file's summary

 private:
  struct Job {
    std::string path;
    std::vector<AnalysisTarget> targets;
    std::atomic<bool> stop{false}, finished{false};
    std::atomic<std::uint64_t> done_bytes{0}, total_bytes{0};
    std::mutex mutex;  // guards the members below, written by the worker
    std::unique_ptr<tensor_io::TensorReader> reader;
    bool index_ready = false;
    std::vector<TensorResult> results;
    std::string error;
    bool stopped = false;
  };
  static void run(Job& job);
  void finish_job();

  std::unique_ptr<Job> job_;
  std::thread worker_;
  std::string path_, error_;
  std::vector<AnalysisTarget> targets_;
  const TensorFileIndex* index_ = nullptr;
  std::vector<TensorResult> results_;
  std::unique_ptr<FileSummaryAccumulator> summing_;
  FileSummary summary_;
  bool cancelled_ = false, finished_ = false;
};

// The target names in the view's field, separated by spaces or commas (the core's analysis_targets reads them).
std::vector<std::string> split_target_names(std::string_view text);

}  // namespace typelattice::gui
