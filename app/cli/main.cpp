// typelattice: dtype promotion and minifloat formats from the command line.
#include <CLI/CLI.hpp>
#include <cerrno>
#include <cstdio>
#include <csignal>
#include <cstring>
#include <exception>
#include <iostream>
#include <new>

#include "app/cli/commands.h"
#include "typelattice/display_text.h"

namespace {

int run_cli(int argc, char** argv) {
  CLI::App app{"typelattice: dtype promotion lattices and low-precision float formats", "typelattice"};
  app.require_subcommand(1);
  typelattice::cli::Runner run;
  typelattice::cli::add_promotion_commands(app, run);
  typelattice::cli::add_format_commands(app, run);
  typelattice::cli::add_select_command(app, run);
  typelattice::cli::add_block_commands(app, run);
  typelattice::cli::add_systems_commands(app, run);
  typelattice::cli::add_analyze_command(app, run);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // CLI11 echoes the offending argument: escaped, so that it cannot reach the terminal as control characters.
    std::cerr << "typelattice: " << typelattice::displayed(e.what()) << "\n" << "Run 'typelattice --help' for usage.\n";
    return 2;
  }
  const int status = run ? run() : 2;
  // Output that never arrived (a full disk, a closed stdout) must not look like success: say so and exit 3.
  std::cout.flush();
  const bool lost = !std::cout || std::fflush(stdout) != 0 || std::ferror(stdout);
  if (lost) {
    std::cerr << "typelattice: cannot write the output: " << std::strerror(errno != 0 ? errno : EIO) << "\n";
    return 3;
  }
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  // A reader that closes the pipe early (`| head`) must end the run with exit 3 like any other lost output, not
  // kill it with SIGPIPE: ignored, the next write fails with EPIPE and the commands stop there.
  std::signal(SIGPIPE, SIG_IGN);
  // A read that fails (an allocation for a huge line or word) must not look like the end of the input: badbit
  // rethrows what failed, which ends below as a message.
  std::cin.exceptions(std::ios::badbit);
  try {
    return run_cli(argc, argv);
  } catch (const std::bad_alloc&) {
    std::cerr << "typelattice: out of memory: the input needs more memory than this process may use\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "typelattice: " << typelattice::displayed(e.what()) << "\n";
    return 2;
  }
}
