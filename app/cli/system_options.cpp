#include "app/cli/system_options.h"

#include "app/common/options.h"

#include <CLI/CLI.hpp>
#include <iostream>

namespace typelattice::cli {

int usage_error(const std::string& message) {
  std::cerr << "typelattice: " << message << "\n";
  return 2;
}

void add_system_options(CLI::App* cmd, SystemArgs& args) { options::add_system_flags(*cmd, args); }

Result<PromotionOptions> to_options(const SystemArgs& args) { return options::apply_system_flags(args); }

}  // namespace typelattice::cli
