// promote, table, check: filled in with the promotion systems.
#include "app/cli/commands.h"

namespace typelattice::cli {
void add_promotion_commands(CLI::App&, Runner&) {}
}  // namespace typelattice::cli
