// The options every promotion subcommand shares (--system, --mode, --x64) and the CLI's bad-input exit.
#pragma once
#include <string>

#include "app/common/options.h"
#include "typelattice/promotion.h"
#include "typelattice/result.h"

namespace CLI { class App; }

namespace typelattice::cli {

// Bad usage or bad input: exit 2 with the message on stderr.
int usage_error(const std::string& message);

// The flags as given (empty: not given); app/common/options.h defines them for the CLI and the app alike.
using SystemArgs = options::SystemFlags;

void add_system_options(CLI::App* cmd, SystemArgs& args);

// The core's options, or why not: an unknown system or mode (did you mean), --x64 not on/off, or --mode/--x64
// given for a table system.
Result<PromotionOptions> to_options(const SystemArgs& args);

}  // namespace typelattice::cli
