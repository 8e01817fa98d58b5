// typelattice: dtype promotion and minifloat formats from the command line.
#include <CLI/CLI.hpp>
#include <iostream>

#include "app/cli/commands.h"

int main(int argc, char** argv) {
  CLI::App app{"typelattice: dtype promotion lattices and low-precision float formats", "typelattice"};
  app.require_subcommand(1);
  typelattice::cli::Runner run;
  typelattice::cli::add_promotion_commands(app, run);
  typelattice::cli::add_format_commands(app, run);
  typelattice::cli::add_select_command(app, run);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "typelattice: " << e.what() << "\n" << "Run 'typelattice --help' for usage.\n";
    return 2;
  }
  return run ? run() : 2;
}
