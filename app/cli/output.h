// Output written in large blocks as it is produced, so that a long run streams (a reader such as `head` gets its
// lines at once) and holds a bounded amount in memory. A write that fails (a full disk, a closed pipe) is sticky:
// every later write is skipped and the command stops; main() then reports it and exits 3.
#pragma once
#include <string>

namespace typelattice::cli {

class Output {
 public:
  std::string& text() { return text_; }
  // Writes the text once it holds more than a block; false when the output can no longer be written.
  bool spill() { return text_.size() < kBlock || flush(); }
  bool flush();  // writes all of it now
  bool failed() const;

 private:
  static constexpr std::size_t kBlock = std::size_t{1} << 16;
  std::string text_;
};

}  // namespace typelattice::cli
