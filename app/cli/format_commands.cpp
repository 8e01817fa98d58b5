// cast, decode, layout, formats: filled in with the minifloat codecs.
#include "app/cli/commands.h"

namespace typelattice::cli {
void add_format_commands(CLI::App&, Runner&) {}
}  // namespace typelattice::cli
