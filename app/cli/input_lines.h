// The input loop of the commands that take values or codes one at a time (cast, decode), shared by the
// minifloat and the tapered-format commands.
#pragma once
#include <iostream>
#include <string>
#include <vector>

#include "app/cli/output.h"
#include "app/cli/system_options.h"

namespace typelattice::cli {

// Runs `each` on every argument, or on every line of stdin when there are none; stops at the first error or when
// the output can no longer be written (main() reports that). `each` appends its lines to the Output and may write
// them itself (Output::spill) when it produces many; `drain` appends whatever `each` has buffered (a batch of
// casts) before every write.
template <class Each, class Drain>
int for_each_input(const std::vector<std::string>& args, Each each, Drain drain) {
  Output out;
  auto flush = [&out, &drain] {
    drain(out);
    return out.flush();
  };
  // 0 to go on, an exit code to stop with.
  auto handle = [&](const std::string& text, const std::string& where) {
    std::string error;
    if (!each(text, out, error)) {
      if (out.failed()) return 3;
      flush();
      return usage_error(where + error);
    }
    return out.spill() ? 0 : 3;
  };
  if (!args.empty()) {
    for (const std::string& a : args) {
      if (const int rc = handle(a, ""); rc != 0) return rc;
    }
  } else {
    std::ios::sync_with_stdio(false);
    std::string line;
    for (std::size_t number = 1; std::getline(std::cin, line); ++number) {
      if (line.find_first_not_of(" \t\r") == std::string::npos) continue;  // blank lines are skipped
      if (const int rc = handle(line, "line " + std::to_string(number) + ": "); rc != 0) return rc;
    }
  }
  return flush() ? 0 : 3;
}

}  // namespace typelattice::cli
