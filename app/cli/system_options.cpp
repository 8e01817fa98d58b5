#include "app/cli/system_options.h"

#include <CLI/CLI.hpp>
#include <iostream>

namespace typelattice::cli {

int usage_error(const std::string& message) {
  std::cerr << "typelattice: " << message << "\n";
  return 2;
}

void add_system_options(CLI::App* cmd, SystemArgs& args) {
  cmd->add_option("--system", args.system, "jax, numpy, torch, tensorflow or jax-lax")->capture_default_str();
  cmd->add_option("--mode", args.mode, "standard or strict (jax_numpy_dtype_promotion; jax only)")->capture_default_str();
  cmd->add_option("--x64", args.x64, "on or off (jax_enable_x64; jax only)")->capture_default_str();
}

Result<PromotionOptions> to_options(const SystemArgs& args) {
  PromotionOptions o;
  const auto system = parse_system(args.system);
  if (!system) return system.error();
  const auto mode = parse_mode(args.mode);
  if (!mode) return mode.error();
  if (args.x64 != "on" && args.x64 != "off")
    return Error{ErrorKind::bad_value, "--x64 takes on or off, not '" + args.x64 + "'", {}};
  o.system = *system;
  o.mode = *mode;
  o.x64 = args.x64 == "on";
  if (o.system != System::jax && (o.mode != Mode::standard || !o.x64))
    return Error{ErrorKind::bad_value,
                 "--mode and --x64 are JAX settings; the " + std::string(system_name(o.system)) +
                     " table has neither (drop them or use --system jax)",
                 {}};
  return o;
}

}  // namespace typelattice::cli
