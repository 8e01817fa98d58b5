// The command-line options typelattice (the CLI) and typelattice-app share, defined once for CLI11: the
// promotion system (--system, --mode, --x64) and a cast's options (--saturate, --no-saturate, --round, --input,
// --from). Flags hold the text as given; the core parses every value, so both programs print the same errors.
#pragma once
#include <string>
#include <string_view>

#include "typelattice/cast_request.h"
#include "typelattice/promotion.h"
#include "typelattice/result.h"

namespace CLI { class App; }

namespace typelattice::options {

// Help text of a format option (--to, --format): the names it takes.
inline constexpr const char* kFormatHelp =
    "float8_e4m3fn, float8_e5m2, ..., bfloat16, float16, float32, or an ONNX name such as FLOAT8E4M3FN";

// --system, --mode, --x64: empty when not given.
struct SystemFlags {
  std::string system, mode, x64;
};
void add_system_flags(CLI::App& app, SystemFlags& flags);
// The given flags over `base`.
Result<PromotionOptions> apply_system_flags(const SystemFlags& flags, PromotionOptions base = {});

// --saturate, --no-saturate, --round, --input, --from: empty / false when not given.
struct CastFlags {
  bool saturate = false, no_saturate = false;
  std::string round, input, from;
  std::string sr_num_bits, sr_bits, seed;  // stochastic rounding's bits, checked by the core
};
void add_cast_flags(CLI::App& app, CastFlags& flags);
// The flags as the core's cast request reads them (--saturate with --no-saturate is refused here).
Result<CastRequestNames> cast_request_names(std::string_view to, const CastFlags& flags);
// The cast to `to` that the flags ask for, checked by the core (names, and options the target does not have).
Result<CastRequest> cast_request(std::string_view to, const CastFlags& flags);

}  // namespace typelattice::options
