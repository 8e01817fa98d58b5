// analyze's progress line on stderr when it is a terminal: "\r<bytes> of <total>, <rate>, ETA <s>" at most five
// times a second, and a cleared line at the end.
#pragma once
#include <chrono>
#include <cstdint>

namespace typelattice::cli {

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

}  // namespace typelattice::cli
