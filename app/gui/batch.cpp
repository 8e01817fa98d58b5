#include "app/gui/batch.h"

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "app/gui/headless.h"
#include "app/gui/platform.h"

namespace typelattice::gui {
namespace {

struct Answer {
  int status = 0;
  std::string out, err;
};

std::string read_all(std::FILE* file) {
  std::string text;
  std::rewind(file);
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, file)) > 0;) text.append(buffer, n);
  return text;
}

void flush_all() {
  std::cout.flush();
  std::cerr.flush();
  std::fflush(stdout);
  std::fflush(stderr);
}

// Runs `answer` with file descriptors 1 and 2 sent to temporary files: a headless run prints with both iostreams
// and printf, as a process of its own would.
template <class F>
Answer captured(F answer) {
  Answer a;
  std::FILE* out = std::tmpfile();
  std::FILE* err = std::tmpfile();
  if (out == nullptr || err == nullptr) {
    if (out) std::fclose(out);
    if (err) std::fclose(err);
    return {1, "", "typelattice-app: --batch: cannot create a temporary file for the output\n"};
  }
  flush_all();
  const int saved_out = ::dup(1), saved_err = ::dup(2);
  ::dup2(::fileno(out), 1);
  ::dup2(::fileno(err), 2);
  a.status = answer();
  flush_all();
  ::dup2(saved_out, 1);
  ::dup2(saved_err, 2);
  ::close(saved_out);
  ::close(saved_err);
  a.out = read_all(out);
  a.err = read_all(err);
  std::fclose(out);
  std::fclose(err);
  return a;
}

Answer refused(const std::string& message) { return {2, "", "typelattice-app: " + message + "\n"}; }

Answer answer_line(const std::string& text, std::size_t line_no, Platform& platform) {
  const std::string where = "--batch line " + std::to_string(line_no) + ": ";
  const nlohmann::json line = nlohmann::json::parse(text, nullptr, false);
  if (line.is_discarded() || !line.is_array()) return refused(where + "expected a JSON array of strings");
  std::vector<std::string> argv{"typelattice-app", "--headless"};
  for (const nlohmann::json& item : line) {
    if (!item.is_string()) return refused(where + "expected a JSON array of strings");
    argv.push_back(item.get<std::string>());
  }
  const ParsedArguments parsed = parse_arguments(argv);
  if (!parsed.arguments) return {parsed.exit_code, parsed.exit_code == 0 ? parsed.output : "",
                                 parsed.exit_code == 0 ? "" : parsed.output};
  const Arguments& args = *parsed.arguments;
  if (args.batch || args.size_given || args.scale)
    return refused(where + "--size, --scale and --batch belong to the --batch run, not to a line");
  return captured([&] { return answer_headless(args, platform); });
}

}  // namespace

int run_batch(const Arguments& args) {
  std::ifstream file(*args.batch);
  if (!file) {
    std::cerr << "typelattice-app: --batch: cannot read '" << *args.batch << "'\n";
    return 2;
  }
  std::string error;
  auto platform = Platform::create({true, args.width, args.height, args.scale.value_or(0.0f)}, error);
  if (!platform) {
    std::cerr << "typelattice-app: " << error << "\n";
    return 1;
  }
  std::size_t line_no = 0;
  for (std::string text; std::getline(file, text);) {
    ++line_no;
    if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
    const Answer a = answer_line(text, line_no, *platform);
    const nlohmann::json record{{"line", line_no}, {"status", a.status}, {"stdout", a.out}, {"stderr", a.err}};
    // The answers are the core's text, UTF-8 with any other byte escaped (displayed()); replace is a backstop.
    std::cout << record.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << std::endl;
  }
  return 0;
}

}  // namespace typelattice::gui
