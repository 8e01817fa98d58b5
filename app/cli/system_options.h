// The CLI's bad-input exit, shared by its subcommands. The options every promotion subcommand shares
// (--system, --mode, --x64) are app/common/options.h's, as the app's are.
#pragma once
#include <string>

#include "app/common/options.h"

namespace typelattice::cli {

// Bad usage or bad input: exit 2 with the message on stderr.
int usage_error(const std::string& message);

}  // namespace typelattice::cli
