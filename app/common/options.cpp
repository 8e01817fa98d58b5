#include "app/common/options.h"

#include <CLI/CLI.hpp>

namespace typelattice::options {

void add_system_flags(CLI::App& app, SystemFlags& flags) {
  std::string systems;
  for (const SystemInfo& s : all_systems()) systems.append(systems.empty() ? "" : ", ").append(s.name);
  app.add_option("--system", flags.system, "one of " + systems + " (default jax; 'typelattice systems' lists them)")
      ->type_name("S");
  app.add_option("--mode", flags.mode, "standard (default) or strict: jax_numpy_dtype_promotion (jax only)")->type_name("M");
  app.add_option("--x64", flags.x64, "on (default) or off: jax_enable_x64 (jax only)")->type_name("on|off");
}

Result<PromotionOptions> apply_system_flags(const SystemFlags& flags, PromotionOptions base) {
  if (!flags.system.empty()) {
    const Result<System> system = parse_system(flags.system);
    if (!system) return system.error();
    base.system = *system;
  }
  if (!flags.mode.empty()) {
    const Result<Mode> mode = parse_mode(flags.mode);
    if (!mode) return mode.error();
    base.mode = *mode;
  }
  if (!flags.x64.empty()) {
    if (flags.x64 != "on" && flags.x64 != "off")
      return Error{ErrorKind::bad_value, "--x64 takes on or off, not '" + flags.x64 + "'", {}};
    base.x64 = flags.x64 == "on";
  }
  return checked_options(base);
}

void add_cast_flags(CLI::App& app, CastFlags& flags) {
  app.add_flag("--saturate", flags.saturate,
               "clip out-of-range values and ±Inf to ±max (the default for the 8-bit and narrower formats)");
  app.add_flag("--no-saturate", flags.no_saturate,
               "out of range becomes Inf or NaN (the default for bfloat16, float16 and float32)");
  std::string rounds, aliases;
  for (const RoundModeName& r : round_mode_names()) {
    if (r.alias) aliases.append(aliases.empty() ? "" : ", ").append(r.name).append(" = ").append(r.description);
    else rounds.append("; ").append(r.name).append(": ").append(r.description);
  }
  app.add_option("--round", flags.round,
                 "how to round: float8_e8m0fnu takes ONNX's up, down, nearest (for 2^k <= |x| < 2^(k+1)); the other "
                 "formats the IEEE 754 directions and to-odd" + rounds + " (short names: " + aliases + ")")
      ->type_name("M");
  app.add_option("--srnumbits", flags.sr_num_bits, "stochastic rounding: the number of random bits, 0 to 32 (default 8)")
      ->type_name("N");
  app.add_option("--srbits", flags.sr_bits, "stochastic rounding: the random bits as an integer below 2^N (deterministic)")
      ->type_name("R");
  app.add_option("--seed", flags.seed,
                 "stochastic rounding: draw each value's bits from this seed (default 0), a counter-based generator "
                 "of seed and the value's index (docs/formats.md), as every front end does")
      ->type_name("S");
  app.add_option("--input", flags.input, "decimal (default) or hex: the bit pattern of a float32 or float64")
      ->type_name("KIND");
  app.add_option("--from", flags.from,
                 "float64 (default: the decimal's nearest double) or float32 (rounded to float32 first); "
                 "with --input hex, the bit pattern's width (default: from its digit count)")
      ->type_name("TYPE");
}

Result<CastRequestNames> cast_request_names(std::string_view to, const CastFlags& flags) {
  if (flags.saturate && flags.no_saturate)
    return Error{ErrorKind::bad_value, "--saturate and --no-saturate contradict each other", {}};
  CastRequestNames names;
  names.to = to;
  if (flags.saturate || flags.no_saturate) names.saturate = flags.saturate;
  if (!flags.round.empty()) names.round = flags.round;
  if (!flags.input.empty()) names.input = flags.input;
  if (!flags.from.empty()) names.from = flags.from;
  if (!flags.sr_num_bits.empty()) names.sr_num_bits = flags.sr_num_bits;
  if (!flags.sr_bits.empty()) names.sr_bits = flags.sr_bits;
  if (!flags.seed.empty()) names.seed = flags.seed;
  return names;
}

Result<CastRequest> cast_request(std::string_view to, const CastFlags& flags) {
  const Result<CastRequestNames> names = cast_request_names(to, flags);
  if (!names) return names.error();
  return parse_cast_request(*names);
}

}  // namespace typelattice::options
