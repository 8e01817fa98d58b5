#include "app/cli/progress.h"

#include <algorithm>
#include <cstdio>
#include <string>

namespace typelattice::cli {
namespace {

std::string megabytes(std::uint64_t bytes) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f MB", static_cast<double>(bytes) / 1e6);
  return buffer;
}

}  // namespace

Progress::Progress(std::uint64_t total_bytes, bool shown)
    : total_(total_bytes), shown_(shown), start_(std::chrono::steady_clock::now()), last_(start_) {}

void Progress::advance(std::uint64_t bytes) {
  done_ += bytes;
  if (!shown_) return;
  const auto now = std::chrono::steady_clock::now();
  if (now - last_ < std::chrono::milliseconds(200)) return;
  last_ = now;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  const double rate = static_cast<double>(done_) / std::max(seconds, 1e-9);
  const double eta = rate > 0 ? static_cast<double>(total_ - std::min(done_, total_)) / rate : 0;
  std::fprintf(stderr, "\r%s of %s, %s/s, ETA %.0f s   ", megabytes(done_).c_str(), megabytes(total_).c_str(),
               megabytes(static_cast<std::uint64_t>(rate)).c_str(), eta);
  std::fflush(stderr);
}

void Progress::finish() {
  if (shown_) std::fprintf(stderr, "\r\033[K");
}

}  // namespace typelattice::cli
