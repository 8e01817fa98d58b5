#include "app/gui/tensor_model.h"

#include <algorithm>

#include "typelattice/display_text.h"

namespace typelattice::gui {

TensorModel::~TensorModel() {
  if (job_) job_->stop = true;
  if (worker_.joinable()) worker_.join();
}

void TensorModel::run(Job& job) {
  Result<std::unique_ptr<tensor_io::TensorReader>> reader = tensor_io::TensorReader::open(job.path);
  if (!reader) {
    const std::lock_guard lock(job.mutex);
    job.error = displayed(job.path) + ": " + reader.error().message;
    job.finished = true;
    return;
  }
  tensor_io::TensorReader& file = **reader;
  job.total_bytes = tensor_io::bytes_to_read(file.index(), job.targets, nullptr);
  {
    const std::lock_guard lock(job.mutex);
    job.reader = std::move(reader).value();
    job.index_ready = true;
  }
  tensor_io::PassOptions options;
  // One core fewer than the CLI takes: the UI thread (and a software rasteriser) keeps one.
  options.threads = std::max(2u, std::thread::hardware_concurrency()) - 1;
  options.stop = &job.stop;
  options.progress = [&job](std::uint64_t bytes) { job.done_bytes += bytes; };
  const tensor_io::FileOutcome outcome =
      tensor_io::analyze_file(file, job.targets, options, nullptr, [&job](const TensorResult& r) {
        const std::lock_guard lock(job.mutex);
        job.results.push_back(r);
        return true;
      });
  const std::lock_guard lock(job.mutex);
  if (outcome.outcome == tensor_io::PassOutcome::read_failed)
    job.error = displayed(job.path) + ": " + tensor_io::cannot_read_message(*outcome.failed) +
                (outcome.read_error.empty() ? "" : ": " + outcome.read_error);
  job.stopped = outcome.outcome == tensor_io::PassOutcome::stopped;
  job.finished = true;
}

void TensorModel::finish_job() {
  if (job_) job_->stop = true;
  if (worker_.joinable()) worker_.join();
  job_.reset();
  index_ = nullptr;
  results_.clear();
  summing_.reset();
  summary_ = FileSummary{};
  error_.clear();
  cancelled_ = finished_ = false;
  selected = 0;
}

void TensorModel::open(const std::string& path, std::vector<AnalysisTarget> targets) {
  finish_job();
  path_ = path;
  targets_ = targets;
  summing_ = std::make_unique<FileSummaryAccumulator>(targets_.size());
  summary_ = summing_->summary();
  job_ = std::make_unique<Job>();
  job_->path = path;
  job_->targets = std::move(targets);
  worker_ = std::thread(run, std::ref(*job_));
}

void TensorModel::cancel() {
  if (job_) job_->stop = true;
}

void TensorModel::poll() {
  if (!job_ || finished_) return;
  const bool finished = job_->finished;
  const std::lock_guard lock(job_->mutex);
  if (job_->index_ready) index_ = &job_->reader->index();
  // Results only grow: copy the new ones (a TensorResult points at its entry in the reader's index, which the
  // job keeps as long as this model shows it).
  const std::size_t had = results_.size();
  for (std::size_t i = had; i < job_->results.size(); ++i) {
    results_.push_back(job_->results[i]);
    summing_->add(results_.back());
  }
  if (results_.size() != had) summary_ = summing_->summary();
  if (finished) {
    error_ = job_->error;
    cancelled_ = job_->stopped;
    finished_ = true;
    worker_.join();
  }
}

bool TensorModel::running() const { return job_ != nullptr && !finished_; }

double TensorModel::progress() const {
  if (!job_) return 0.0;
  const std::uint64_t total = job_->total_bytes, done = job_->done_bytes;
  return total == 0 ? (finished_ ? 1.0 : 0.0) : std::min(1.0, static_cast<double>(done) / static_cast<double>(total));
}

std::string TensorModel::report_text() const {
  if (index_ == nullptr) return "";
  std::string out = tensor_report_text_file(path_, *index_);
  for (const TensorResult& r : results_) append_tensor_report_text(out, r, targets_, 0);
  if (results_.size() > 1) append_file_summary_text(out, summary_, targets_);  // as the CLI writes it
  return out;
}

std::vector<std::string> split_target_names(std::string_view text) {
  std::vector<std::string> names;
  std::string word;
  for (const char c : std::string(text) + " ") {
    if (c == ' ' || c == ',' || c == '\t') {
      if (!word.empty()) names.push_back(word);
      word.clear();
    } else {
      word += c;
    }
  }
  return names;
}

}  // namespace typelattice::gui
