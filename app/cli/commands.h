// The CLI's subcommands. Each add_* registers its subcommands on `app`; when one of them is chosen, its
// callback stores the work in `run`, which main() calls after parsing and whose value is the exit code
// (0 ok, 1 promotion/cast/lattice failure, 2 bad usage or bad input).
#pragma once
#include <functional>

namespace CLI { class App; }

namespace typelattice::cli {

using Runner = std::function<int()>;

void add_promotion_commands(CLI::App& app, Runner& run);  // promote, table, check
void add_format_commands(CLI::App& app, Runner& run);     // cast, decode, layout, formats
void add_select_command(CLI::App& app, Runner& run);       // select
void add_block_commands(CLI::App& app, Runner& run);       // quantize, dequantize
void add_systems_commands(CLI::App& app, Runner& run);     // systems, compare
void add_analyze_command(CLI::App& app, Runner& run);      // analyze

}  // namespace typelattice::cli
