// systems, compare: the list of promotion systems, and one expression in every system
// (core/include/typelattice/compare.h; see docs/promotion.md).
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "app/cli/commands.h"
#include "app/cli/system_options.h"
#include "typelattice/compare.h"
#include "typelattice/promotion.h"

namespace typelattice::cli {
namespace {

int run_systems(const std::string& format) {
  if (format != "text" && format != "json") return usage_error("--format takes text or json, not '" + format + "'");
  if (format == "json") {
    nlohmann::json doc = nlohmann::json::array();
    for (const SystemInfo& s : all_systems())
      doc.push_back({{"name", s.name}, {"title", s.title}, {"version", s.version}, {"source", s.source},
                     {"kind", system_kind_name(s.kind)}, {"modes", s.jax_modes}, {"url", s.source_url}});
    std::cout << doc.dump() << "\n";
    return 0;
  }
  // The version is the release alone (a compare row names the one mode it used); the list names the modes there are.
  for (const SystemInfo& s : all_systems())
    std::cout << s.name << ": " << s.title << ", " << s.version
              << (s.jax_modes ? " (jax_numpy_dtype_promotion standard and strict, x64 on and off)" : "") << "; "
              << system_kind_name(s.kind) << "; " << s.source << "\n";
  return 0;
}

// --mode and --x64 apply to the systems that have them (jax); the others answer in their one mode.
int run_compare(const std::vector<std::string>& texts, const options::SystemFlags& flags) {
  const Result<PromotionOptions> settings = options::apply_system_flags(flags);
  if (!settings) return usage_error(settings.error().message);
  std::vector<Operand> operands;
  for (const std::string& text : texts) {
    Result<Operand> op = parse_operand(text);
    if (!op) return usage_error(op.error().message);
    operands.push_back(std::move(op).value());
  }
  for (const CompareRow& row : compare(operands, settings->mode, settings->x64))
    std::cout << compare_line(row) << "\n";
  return 0;
}

}  // namespace

void add_systems_commands(CLI::App& app, Runner& run) {
  auto format = std::make_shared<std::string>("text");
  CLI::App* s = app.add_subcommand("systems", "List the promotion systems: name, version, kind and source");
  s->add_option("--format", *format, "text or json")->capture_default_str();
  s->callback([&run, format] { run = [format] { return run_systems(*format); }; });

  auto operands = std::make_shared<std::vector<std::string>>();
  auto settings = std::make_shared<options::SystemFlags>();
  CLI::App* c = app.add_subcommand("compare", "Promote A, B, ... in every system, one line each: SYSTEM: RESULT");
  c->add_option("operands", *operands,
                "dtypes (float32, i*), or Python values (300, -1, 1.5, 1j, True), promoted left to right")
      ->required()
      ->expected(1, -1);
  c->add_option("--mode", settings->mode, "standard (default) or strict, for the systems that have it (jax)")
      ->type_name("M");
  c->add_option("--x64", settings->x64, "on (default) or off, for the systems that have it (jax)")->type_name("on|off");
  c->footer("A row holds the system's error when it refuses (NumPy 2: OverflowError for 300 with uint8).\n"
            "Exit 0 when the rows are printed (even with errors in them), 2 on a bad operand.");
  c->callback([&run, operands, settings] { run = [operands, settings] { return run_compare(*operands, *settings); }; });
}

}  // namespace typelattice::cli
