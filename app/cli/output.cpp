#include "app/cli/output.h"

#include <iostream>

namespace typelattice::cli {

bool Output::flush() {
  if (!text_.empty() && std::cout) std::cout.write(text_.data(), static_cast<std::streamsize>(text_.size()));
  text_.clear();
  std::cout.flush();
  return !failed();
}

bool Output::failed() const { return !std::cout; }

}  // namespace typelattice::cli
