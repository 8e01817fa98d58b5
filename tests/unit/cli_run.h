// Runs the built CLI as a user would, with `stdin_text` on its standard input, and returns its exit code and
// what it wrote to stdout and stderr (shared by the unit tests that run `typelattice`).
#pragma once
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace typelattice::testing {

struct CliRun {
  int exit_code;
  std::string out, err;
};

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The files live in a folder of this test's own (process and test name), removed afterwards.
inline CliRun run_cli(const std::string& args, const std::string& stdin_text = "") {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("typelattice_cli_" + std::to_string(::getpid()) + "_" +
                    ::testing::UnitTest::GetInstance()->current_test_info()->test_suite_name() + "_" +
                    ::testing::UnitTest::GetInstance()->current_test_info()->name());
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "in") << stdin_text;
  const std::string command = std::string("'") + TYPELATTICE_CLI + "' " + args + " < '" + (dir / "in").string() +
                              "' > '" + (dir / "out").string() + "' 2> '" + (dir / "err").string() + "'";
  const int status = std::system(command.c_str());
  CliRun r{WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(dir / "out"), slurp(dir / "err")};
  std::filesystem::remove_all(dir);
  return r;
}

// dequantize's output, one value a line, as float32s.
inline std::vector<float> lines_as_floats(const std::string& text) {
  std::vector<float> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(std::strtof(line.c_str(), nullptr));
  return out;
}

}  // namespace typelattice::testing

namespace typelattice {

// `typelattice ARGS` run as a user would, the way the CLI tests read best.
inline testing::CliRun typelattice(const std::string& args, const std::string& stdin_text = "") {
  return testing::run_cli(args, stdin_text);
}

}  // namespace typelattice
