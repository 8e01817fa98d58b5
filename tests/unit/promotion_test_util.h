// Helpers for the promotion tests: read the seed tables from tests/data, run the CLI binary, and ask compare_in
// about operands written as the CLI takes them.
#pragma once
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "typelattice/compare.h"

namespace promotion_test {

inline std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline std::string data_path(const std::string& name) { return std::string(TYPELATTICE_SOURCE_DIR) + "/tests/data/" + name; }

// A CSV table as rows of cells (header row included; '#' lines skipped).
inline std::vector<std::vector<std::string>> parse_csv(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line.front() == '#') continue;  // a seed's citation
    std::vector<std::string> cells;
    std::string cell;
    std::istringstream ls(line);
    while (std::getline(ls, cell, ',')) cells.push_back(cell);
    if (!line.empty() && line.back() == ',') cells.emplace_back();
    rows.push_back(cells);
  }
  return rows;
}

inline std::vector<std::vector<std::string>> seed_table(const std::string& system) {
  return parse_csv(read_text(data_path("seed_" + system + ".csv")));
}

struct CliResult {
  int exit_code = -1;
  std::string out, err;
};

inline std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// Runs `typelattice ARGS...` (each argument quoted), optionally feeding `input` on stdin.
inline CliResult run_cli(const std::vector<std::string>& args, const std::string& input = "") {
  static int counter = 0;
  std::string base = ::testing::TempDir();  // appended piecewise: g++ 12 -O3 warns falsely on operator+ here
  base += "/tl_promotion_cli_";
  base += std::to_string(getpid());  // ctest -j runs tests in parallel processes
  base += '_';
  base += std::to_string(++counter);
  std::string command = shell_quote(TYPELATTICE_CLI);
  for (const std::string& a : args) {
    command += ' ';
    command += shell_quote(a);
  }
  {
    std::ofstream(base + ".in", std::ios::binary) << input;
  }
  for (const char* part : {" <", ".in >", ".out 2>", ".err"}) {
    if (part[0] != ' ') command += base;
    command += part;
  }
  const int status = std::system(command.c_str());
  CliResult r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = read_text(base + ".out");
  r.err = read_text(base + ".err");
  for (const char* ext : {".in", ".out", ".err"}) std::remove((base + ext).c_str());
  return r;
}

// Operands as the CLI's `compare` reads them ("uint8", "300", "1.5"); each must parse.
inline std::vector<typelattice::Operand> operands(std::initializer_list<const char*> texts) {
  std::vector<typelattice::Operand> out;
  for (const char* t : texts) {
    auto op = typelattice::parse_operand(t);
    EXPECT_TRUE(op.ok()) << t;
    if (op) out.push_back(std::move(op).value());
  }
  return out;
}

// What system `s` answers for the operands, left to right: the result's name, or the error text.
inline std::string compared(typelattice::System s, std::initializer_list<const char*> texts) {
  const typelattice::CompareRow row = typelattice::compare_in(s, operands(texts));
  EXPECT_EQ(row.system, s);
  return typelattice::compare_text(row);
}

}  // namespace promotion_test
