// promote, table, check: thin wrappers over core/include/typelattice/promotion.h and core/include/typelattice/lattice.h (see docs/promotion.md).
#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <iterator>
#include <memory>
#include <nlohmann/json.hpp>

#include "app/cli/commands.h"
#include "app/cli/lattice_json.h"
#include "app/cli/system_options.h"
#include "typelattice/display_text.h"
#include "typelattice/graph_join.h"
#include "typelattice/join_reason.h"
#include "typelattice/promotion.h"
#include "typelattice/table_diff.h"

namespace typelattice::cli {
namespace {

Result<std::vector<Dtype>> parse_dtypes(const std::vector<std::string>& names) {
  std::vector<Dtype> out;
  for (const std::string& name : names) {
    const auto d = parse_dtype(name);
    if (!d) return d.error();
    out.push_back(*d);
  }
  return out;
}

struct PromoteArgs {
  options::SystemFlags system;
  std::vector<std::string> dtypes;
  bool explain = false;
};

int run_promote(const PromoteArgs& args) {
  const auto options = options::apply_system_flags(args.system);
  if (!options) return usage_error(options.error().message);
  const auto dtypes = parse_dtypes(args.dtypes);
  if (!dtypes) return usage_error(dtypes.error().message);
  const auto result = result_type(*dtypes, *options);
  if (!result) {
    const std::string_view error_class = system_info(options->system).error_class;
    std::cerr << error_class << (error_class.empty() ? "" : ": ") << result.error().message << "\n";
    return 1;
  }
  std::cout << dtype_name(*result) << "\n";
  if (args.explain) {
    // One sentence per step of the fold a ∨ b, (a ∨ b) ∨ c, ...: the core's reason for each pair.
    Dtype so_far = dtypes->front();
    for (std::size_t i = 1; i < dtypes->size(); ++i) {
      const auto step = promote_types(so_far, (*dtypes)[i], *options);
      if (!step) break;
      std::cout << join_reason(so_far, (*dtypes)[i], *step, *options) << "\n";
      so_far = *step;
    }
  }
  return 0;
}

struct TableArgs {
  options::SystemFlags system;
  std::vector<std::string> types;
  std::string format = "markdown";
  bool short_codes = false;
  bool all = false;
  std::string compare;  // another system: print the cells that differ, each with its class
  std::string lattice_file;  // a user's graph instead of a system
  std::vector<const CLI::Option*> system_options;
};

std::string label(Dtype d, bool short_codes) {
  const DtypeInfo& info = dtype_info(d);
  return std::string(short_codes && !info.short_code.empty() ? info.short_code : info.name);
}

// A square table of joins: row and column labels, and each cell's join or none ('-' in text, null in JSON).
// `head` holds the JSON's leading members (the system and its modes, or the lattice file).
void print_table(const std::vector<std::string>& labels, const std::vector<std::vector<std::optional<std::string>>>& cells,
                 const std::string& format, nlohmann::json head) {
  if (format == "json") {
    head["types"] = labels;
    head["cells"] = nlohmann::json::array();
    for (const auto& row : cells) {
      nlohmann::json r = nlohmann::json::array();
      for (const auto& c : row) r.push_back(c ? nlohmann::json(*c) : nlohmann::json());
      head["cells"].push_back(r);
    }
    std::cout << head.dump() << "\n";
    return;
  }
  const bool csv = format == "csv";
  // A user's node may hold the separator: CSV quotes such a name (RFC 4180), Markdown escapes its pipes.
  const auto text = [&](const std::string& name) {
    if (!csv) {
      std::string out;
      for (const char c : name) out += c == '|' ? std::string("\\|") : std::string(1, c);
      return out;
    }
    if (name.find_first_of(",\"\n\r") == std::string::npos) return name;
    std::string out = "\"";
    for (const char c : name) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
  };
  const std::string open = csv ? "" : "| ", sep = csv ? "," : " | ", close = csv ? "" : " |";
  std::cout << open;
  for (const std::string& l : labels) std::cout << sep << text(l);
  std::cout << close << "\n";
  if (!csv) {
    std::cout << "|---";
    for (std::size_t i = 0; i < labels.size(); ++i) std::cout << "|---";
    std::cout << "|\n";
  }
  for (std::size_t r = 0; r < labels.size(); ++r) {
    std::cout << open << text(labels[r]);
    for (const auto& c : cells[r]) std::cout << sep << (c ? text(*c) : std::string("-"));
    std::cout << close << "\n";
  }
}

void print_table(const PromotionTable& t, const TableArgs& args, const PromotionOptions& options) {
  std::vector<std::string> labels;
  for (Dtype d : t.types) labels.push_back(label(d, args.short_codes));
  std::vector<std::vector<std::optional<std::string>>> cells;
  for (const auto& row : t.cells) {
    cells.emplace_back();
    for (const auto& c : row) cells.back().push_back(c ? std::optional(label(*c, args.short_codes)) : std::nullopt);
  }
  print_table(labels, cells, args.format,
              nlohmann::json{{"system", system_name(options.system)}, {"mode", mode_name(options.mode)},
                             {"x64", options.x64}});
}

// A graph file as `check` and `table --lattice` read it: a path, or - for stdin. Errors are the messages both print.
Result<Lattice> read_lattice_argument(const std::string& path) {
  const bool from_stdin = path == "-";
  const auto graph = from_stdin ? read_lattice_stream(std::cin, "stdin") : read_lattice_file(path);
  if (!graph) return graph.error();
  auto lattice = Lattice::from_graph(*graph);
  if (!lattice) return Error{lattice.error().kind, (from_stdin ? "stdin" : path) + ": " + lattice.error().message, {}};
  return lattice;
}

// --lattice: the joins of a user's graph (graph_join.h), every pair of its nodes in the file's order; '-' where a
// pair has no unique least upper bound (`typelattice check` says why). Such a table is still printed whole and
// exits 0, as a system's table with '-' cells does.
int print_lattice_table(const TableArgs& args) {
  const auto lattice = read_lattice_argument(args.lattice_file);
  if (!lattice) return usage_error(lattice.error().message);
  std::vector<std::string> labels;
  for (const std::string& name : lattice->names()) labels.push_back(displayed(name));
  std::vector<std::vector<std::optional<std::string>>> cells(labels.size());
  for (std::size_t a = 0; a < labels.size(); ++a) {
    for (std::size_t b = 0; b < labels.size(); ++b) {
      const auto join = least_upper_bound(*lattice, static_cast<NodeId>(a), static_cast<NodeId>(b));
      cells[a].push_back(join ? std::optional(labels[static_cast<std::size_t>(*join)]) : std::nullopt);
    }
  }
  print_table(labels, cells, args.format, nlohmann::json{{"lattice", args.lattice_file}});
  return 0;
}

// --compare: a summary by class, then one line per differing cell: "a b: here | there (class)".
int print_comparison(const TableComparison& t, const PromotionOptions& here, System there, const TableArgs& args) {
  const auto cell = [&](const std::optional<Dtype>& c) { return c ? label(*c, args.short_codes) : std::string("-"); };
  std::cout << system_name(here.system) << ": " << system_source(here.system) << "\n"
            << system_name(there) << ": " << system_source(there) << "\n";
  int differing = 0;
  for (int k = 1; k < kCellDifferenceCount; ++k) differing += t.counts[static_cast<std::size_t>(k)];
  std::cout << differing << " of " << t.types.size() * t.types.size() << " cells differ:";
  for (int k = 1; k < kCellDifferenceCount; ++k)
    std::cout << (k > 1 ? "," : "") << " " << t.counts[static_cast<std::size_t>(k)] << " "
              << cell_difference_name(static_cast<CellDifference>(k));
  std::cout << "\n";
  const std::size_t n = t.types.size();
  for (std::size_t i = 0; i < n * n; ++i)
    if (t.kinds[i] != CellDifference::same)
      std::cout << label(t.types[i / n], args.short_codes) << " " << label(t.types[i % n], args.short_codes) << ": "
                << cell(t.here[i]) << " | " << cell(t.there[i]) << " (" << cell_difference_name(t.kinds[i]) << ")\n";
  return 0;
}

int run_table(const TableArgs& args) {
  if (args.format != "csv" && args.format != "markdown" && args.format != "json")
    return usage_error("--format takes csv, markdown or json, not '" + displayed(args.format) + "'");
  if (!args.lattice_file.empty()) {
    const bool system = std::any_of(args.system_options.begin(), args.system_options.end(),
                                    [](const CLI::Option* o) { return o->count() > 0; });
    if (system || !args.types.empty() || args.all || args.short_codes || !args.compare.empty()) {
      return usage_error("--lattice takes the graph's own nodes: not with --system, --mode, --x64, --types, --all, "
                         "--short or --compare");
    }
    return print_lattice_table(args);
  }
  const auto options = options::apply_system_flags(args.system);
  if (!options) return usage_error(options.error().message);
  std::vector<Dtype> types;
  if (!args.types.empty()) {
    if (args.all) return usage_error("--types and --all exclude each other");
    const auto parsed = parse_dtypes(args.types);
    if (!parsed) return usage_error(parsed.error().message);
    types = *parsed;
  } else {
    // By default the types of the design document's tables (the JAX docs' 18); --all adds the newer JAX types.
    for (Dtype d : system_dtypes(*options))
      if (args.all || !dtype_info(d).short_code.empty()) types.push_back(d);
  }
  if (!args.compare.empty()) {
    const auto other = parse_system(args.compare);
    if (!other) return usage_error("--compare: " + other.error().message);
    return print_comparison(compare_tables(*options, PromotionOptions{*other}, types), *options, *other, args);
  }
  print_table(promotion_table(*options, types), args, *options);
  return 0;
}

int check_lattice(const Lattice& lattice) {
  if (const auto violation = lattice.check()) {
    std::cout << render(lattice.describe(*violation)) << "\n";
    return 1;
  }
  std::cout << "lattice: " << lattice.size() << " nodes, " << lattice.edges().size()
            << " edges; every pair has a unique least upper bound and there are no cycles\n";
  return 0;
}

int check_graph(const Graph& graph, const std::string& where) {
  const auto lattice = Lattice::from_graph(graph);
  if (!lattice) return usage_error(where + ": " + lattice.error().message);
  return check_lattice(*lattice);
}

int check_file(const std::string& path) {
  const auto lattice = read_lattice_argument(path);
  if (!lattice) return usage_error(lattice.error().message);
  return check_lattice(*lattice);
}

// A promotion system's table against the laws of a join (core/include/typelattice/promotion.h check_table).
int check_system(const options::SystemFlags& args) {
  const auto options = options::apply_system_flags(args);
  if (!options) return usage_error(options.error().message);
  if (const auto violation = check_table(*options)) {
    std::cout << violation->description << "\n";
    return 1;
  }
  std::cout << system_name(options->system) << ": commutative, associative and idempotent over its "
            << system_dtypes(*options).size() << " dtypes (where promotion is defined)\n";
  return 0;
}

int check_preset(const std::string& name) {
  std::vector<std::string_view> names;
  const auto presets = design_presets();
  for (const LatticePreset& p : presets) {
    if (p.name == name) {
      std::cout << p.title << "\n";
      return check_graph(p.graph, name);
    }
    names.push_back(p.name);
  }
  std::string message = "unknown preset '" + displayed(name) + "'; presets:";
  for (std::string_view n : names) message += " " + std::string(n);
  return usage_error(message);
}

struct CheckArgs {
  std::string file, preset;
  options::SystemFlags system;
  std::vector<CLI::Option*> system_options;  // --system, --mode, --x64
};

int run_check(const CheckArgs& args) {
  const bool system = std::any_of(args.system_options.begin(), args.system_options.end(),
                                  [](const CLI::Option* o) { return o->count() > 0; });
  const int given = !args.file.empty() + !args.preset.empty() + system;
  if (given != 1) return usage_error("check takes exactly one of FILE, --system or --preset");
  if (!args.file.empty()) return check_file(args.file);
  if (!args.preset.empty()) return check_preset(args.preset);
  return check_system(args.system);
}

}  // namespace

void add_promotion_commands(CLI::App& app, Runner& run) {
  auto promote = std::make_shared<PromoteArgs>();
  CLI::App* p = app.add_subcommand("promote", "Print the dtype that A, B, ... promote to (their join)");
  p->add_option("dtypes", promote->dtypes, "dtype names: float32, f4, i*, int (weak), FLOAT8E4M3FN, ...")
      ->required()
      ->expected(2, -1);
  options::add_system_flags(*p, promote->system);
  p->add_flag("--explain", promote->explain,
              "Also print why: one sentence per step (what the types hold, and the system's rule)");
  p->footer("Exit 0 with the result, 1 when there is no promotion (TypePromotionError), 2 on bad input.");
  p->callback([&run, promote] { run = [promote] { return run_promote(*promote); }; });

  auto table = std::make_shared<TableArgs>();
  CLI::App* t = app.add_subcommand("table", "Print a system's binary promotion table ('-' = no promotion)");
  options::add_system_flags(*t, table->system);
  t->add_option("--types", table->types, "comma-separated dtypes (default: the 18 types of the JAX docs table)")
      ->delimiter(',');
  t->add_flag("--all", table->all, "every dtype the system knows (for jax: with the 8/6/4-bit floats, narrow ints)");
  t->add_option("--format", table->format, "csv, markdown or json")->capture_default_str();
  t->add_flag("--short", table->short_codes, "the JAX docs' codes (b1 u1 i2 bf f2 c8 ...) instead of names");
  t->add_option("--lattice", table->lattice_file,
                "a graph in JSON (as `check` reads; - for stdin): the table of its joins, '-' where a pair has none");
  t->add_option("--compare", table->compare,
                "another system: each differing cell, classed weak-scalar, integer-float, missing-type or disagreement");
  for (const char* name : {"--system", "--mode", "--x64"}) table->system_options.push_back(t->get_option(name));
  t->callback([&run, table] { run = [table] { return run_table(*table); }; });

  auto check = std::make_shared<CheckArgs>();
  CLI::App* c = app.add_subcommand("check", "Check whether a graph in JSON is a lattice; name a counterexample");
  c->add_option("file", check->file, "{\"nodes\": [...], \"edges\": [[\"from\", \"to\"], ...]}, or - for stdin");
  c->add_option("--preset", check->preset, "a design-document stage instead of a file: python, categories, ..., final");
  options::add_system_flags(*c, check->system);
  for (const char* name : {"--system", "--mode", "--x64"}) check->system_options.push_back(c->get_option(name));
  c->footer("With --system: check that system's table for commutativity, associativity and idempotence.\n"
            "Exit 0 lattice (laws hold), 1 not (the counterexample is printed), 2 bad input.");
  c->callback([&run, check] { run = [check] { return run_check(*check); }; });
}

}  // namespace typelattice::cli
