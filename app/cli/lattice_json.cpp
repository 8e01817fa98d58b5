#include "app/cli/lattice_json.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <istream>
#include <string>

#include "typelattice/display_text.h"

namespace typelattice::cli {
namespace {

Error fail(std::string message) { return Error{ErrorKind::invalid_lattice, std::move(message), {}}; }

}  // namespace

Result<Graph> read_lattice_stream(std::istream& in, const std::string& given_name) {
  const std::string name = displayed(given_name);  // a path as typed: escaped and, if huge, shortened
  // Read at most one block past the limit, so an endless source (/dev/zero, a pipe) ends with an error, not
  // with all memory.
  std::string text;
  char buffer[1 << 16];
  while (text.size() <= kMaxLatticeJsonBytes && in.read(buffer, sizeof buffer).gcount() > 0)
    text.append(buffer, static_cast<std::size_t>(in.gcount()));
  if (in.bad()) return fail("cannot read '" + name + "': " + std::strerror(errno));
  if (text.size() > kMaxLatticeJsonBytes)
    return fail(name + ": larger than " + std::to_string(kMaxLatticeJsonBytes >> 20) +
                " MiB; a lattice file is read whole, so larger ones are refused");
  Result<Graph> graph = parse_lattice_json(text);
  if (!graph) return fail(name + ": " + graph.error().message);
  return graph;
}

Result<Graph> read_lattice_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return fail("cannot read '" + displayed(path) + "': it is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail("cannot read '" + displayed(path) + "': " + std::strerror(errno));
  return read_lattice_stream(in, path);
}

}  // namespace typelattice::cli
