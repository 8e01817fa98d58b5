#include "app/cli/system_options.h"

#include <iostream>

namespace typelattice::cli {

int usage_error(const std::string& message) {
  std::cerr << "typelattice: " << message << "\n";
  return 2;
}

}  // namespace typelattice::cli
