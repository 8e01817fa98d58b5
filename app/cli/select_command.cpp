// select: what the app shows for a selection, as text (core/include/typelattice/selection.h; docs/promotion.md).
#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <memory>

#include "app/cli/commands.h"
#include "app/cli/lattice_json.h"
#include "app/cli/system_options.h"
#include "typelattice/display_text.h"
#include "typelattice/selection.h"

namespace typelattice::cli {
namespace {

struct SelectArgs {
  options::SystemFlags system;
  std::vector<CLI::Option*> system_options;  // --system, --mode, --x64
  std::string lattice_file, preset;
  std::vector<std::string> names;
  bool explain = false;
};

// The selection's line (the app's headless line), then the path edges and what competes.
int print_selection(const Result<Selection>& selection, bool explain) {
  if (!selection) return usage_error(selection.error().message);
  std::cout << render(selection->text) << "\n";
  if (const std::string why = render(selection->reason); explain && !why.empty()) std::cout << "why: " << why << "\n";
  // Node names are the user's: escaped as the core's messages escape them (typelattice/display_text.h).
  for (const auto& [from, to] : selection->path_edges)
    std::cout << "path: " << displayed(from) << " -> " << displayed(to) << "\n";
  if (!selection->minimal_upper_bounds.empty()) {
    std::cout << "minimal upper bounds:";
    for (const std::string& name : selection->minimal_upper_bounds) std::cout << " " << displayed(name);
    std::cout << "\n";
  }
  if (!selection->cycle.empty()) {
    std::cout << "cycle:";
    for (std::size_t i = 0; i < selection->cycle.size(); ++i)
      std::cout << (i ? " -> " : " ") << displayed(selection->cycle[i]);
    std::cout << "\n";
  }
  return selection->join ? 0 : 1;
}

int select_on_graph(const Graph& graph, const std::string& where, const SelectArgs& args) {
  const auto lattice = Lattice::from_graph(graph);
  if (!lattice) return usage_error(where + ": " + lattice.error().message);
  return print_selection(select(*lattice, args.names), args.explain);
}

int run_select(const SelectArgs& args) {
  const bool system = std::any_of(args.system_options.begin(), args.system_options.end(),
                                  [](const CLI::Option* o) { return o->count() > 0; });
  if (system + !args.lattice_file.empty() + !args.preset.empty() > 1)
    return usage_error("select takes at most one of --lattice, --preset or the system options");
  if (!args.lattice_file.empty()) {
    const auto graph = read_lattice_file(args.lattice_file);
    if (!graph) return usage_error(graph.error().message);
    return select_on_graph(*graph, args.lattice_file, args);
  }
  if (!args.preset.empty()) {
    std::string known;
    for (const LatticePreset& p : design_presets()) {
      if (p.name == args.preset) return select_on_graph(p.graph, p.name, args);
      known += " " + p.name;
    }
    return usage_error("unknown preset '" + args.preset + "'; presets:" + known);
  }
  const auto options = options::apply_system_flags(args.system);
  if (!options) return usage_error(options.error().message);
  return print_selection(select(CompiledSystem(*options), args.names), args.explain);
}

}  // namespace

void add_select_command(CLI::App& app, Runner& run) {
  auto args = std::make_shared<SelectArgs>();
  CLI::App* s = app.add_subcommand("select", "Print the join of the selected NAMEs as the app shows it");
  s->add_option("names", args->names, "dtype names, or node names with --lattice / --preset")->required();
  options::add_system_flags(*s, args->system);
  for (const char* name : {"--system", "--mode", "--x64"}) args->system_options.push_back(s->get_option(name));
  s->add_option("--lattice", args->lattice_file, "a graph in JSON (as `check` reads) instead of a system");
  s->add_option("--preset", args->preset, "a design-document stage instead of a system: python, ..., final");
  s->add_flag("--explain", args->explain, "After the first line, 'why: ' and the core's reason for the join");
  s->footer("The first line is 'join: NAME' or why there is none (with --explain, then 'why: ' and why that is\n"
            "the join); then 'path: A -> B' for each edge up to the\n"
            "join, or the competing minimal upper bounds and the cycle they sit on.\n"
            "Exit 0 with a join, 1 without, 2 on bad input (an unknown name, file, system or option).");
  s->callback([&run, args] { run = [args] { return run_select(*args); }; });
}

}  // namespace typelattice::cli
