// Casts to the tapered formats as users ask for them: the options each format has, and the facts of a cast.
#include <cmath>
#include <string>

#include "core/tapered/tapered_detail.h"
#include "typelattice/minifloat.h"
#include "typelattice/tapered_formats.h"

namespace typelattice {

Result<TaperedCastRequest> parse_tapered_cast_request(TaperedFormat to, const CastRequestNames& names) {
  const std::string name(tapered_format_name(to));
  TaperedCastRequest request{to, false, {}};
  if (names.round) {
    const Result<RoundMode> mode = parse_round_mode(*names.round);
    if (!mode) return mode.error();
    const RoundMode own = tapered_round_mode(to);
    if (*mode != own) {
      return bad_value_error(name + " rounds " + std::string(round_mode_name(own)) + " only (" +
                             (tapered_detail::is_posit(to) ? "the Posit Standard's rounding" : "the HiFloat8 paper's TA rounding") + "), not " +
                             std::string(*names.round));
    }
  }
  if (names.sr_num_bits || names.sr_bits || names.seed) {
    return bad_value_error(name + " has no stochastic rounding: --srnumbits, --srbits and --seed do not apply");
  }
  if (names.saturate) {
    if (tapered_detail::is_posit(to) && !*names.saturate) {
      return bad_value_error(name + " never overflows: a value beyond maxpos rounds to maxpos, so --no-saturate does not apply");
    }
    request.saturate = *names.saturate;
  }
  CastRequestNames reading;
  reading.to = "float32";  // only the input options are read here; the target is `to`
  reading.input = names.input;
  reading.from = names.from;
  Result<CastRequest> parsed = parse_cast_request(reading);
  if (!parsed) return parsed.error();
  request.reading = *parsed;
  return request;
}

Result<double> read_tapered_cast_input(const TaperedCastRequest& request, std::string_view text) {
  return read_cast_input(request.reading, text);
}

std::vector<CastFact> tapered_cast_facts(TaperedFormat f, double input, std::uint32_t code) {
  std::vector<CastFact> facts;
  const double value = tapered_decode(f, code);
  if (std::isnan(input)) return facts;
  const double max = tapered_max(f), min = tapered_min_positive(f);
  const double magnitude = std::fabs(input);
  if (value == input || (std::isinf(input) && std::isinf(value) && value == input)) {
    facts.push_back({"exact", message("yes")});
    return facts;
  }
  if (std::isfinite(input) && std::isfinite(value))
    facts.push_back({"exact", message("no (error %1)", {exact_decimal(value - input)})});
  if (tapered_detail::is_posit(f)) {
    if (std::isinf(input)) {
      facts.push_back({"clamped", message("infinities have no posit: NaR")});
    } else if (magnitude > max) {
      facts.push_back({"clamped", message("beyond maxpos: rounded to ±maxpos (posits never overflow)")});
    } else if (magnitude < min && input != 0) {
      facts.push_back({"clamped", message("below minpos: rounded to ±minpos (posits never round to 0)")});
    }
  } else if (std::isinf(value) || (std::fabs(value) == max && magnitude > max)) {
    facts.push_back(
        {"clamped", message(std::isinf(value) ? "beyond the range: infinity" : "beyond max: saturated to max")});
  } else if (value == 0 && input != 0) {
    facts.push_back({"clamped", message("below half the smallest denormal: flushed to 0")});
  }
  if (std::isfinite(input) && magnitude < max && magnitude > min) {
    // The two codes around the input: the code and its neighbour on the other side of the input.
    const TaperedLayout l = tapered_layout(f, code);
    const bool rounded_up = value > input;
    const std::optional<std::uint32_t> other = rounded_up ? l.next_down : l.next_up;
    if (other) {
      const bool code_toward_zero = std::fabs(value) < magnitude;
      const std::uint32_t toward = code_toward_zero ? code : *other, away = code_toward_zero ? *other : code;
      facts.push_back({"between", message("%1 and %2", {tapered_cast_line(f, toward), tapered_cast_line(f, away)})});
    }
  }
  return facts;
}

}  // namespace typelattice
