#include "app/gui/bits_model.h"

#include <algorithm>
#include <cmath>

namespace typelattice::gui {

namespace {

// The inputs of a cast, as text: a change in any of them (the seed or srbits too) casts again. Appended piece by
// piece: GCC 12 warns falsely (-Wrestrict) on chains of + on strings.
std::string cast_key(const AppState& state) {
  const CastRequest r = state.cast_request();
  std::string key = state.tapered ? std::string(tapered_format_name(*state.tapered)) : format_name(r.to);
  const auto field = [&key](const std::string& text) { key.append("|").append(text); };
  field(r.saturate ? (*r.saturate ? "s" : "n") : "-");
  field(r.round ? std::string(round_mode_name(*r.round)) : "-");
  field(r.sr_num_bits ? std::to_string(*r.sr_num_bits) : "-");
  field(r.sr_bits ? std::to_string(*r.sr_bits) : "-");
  field(r.seed ? std::to_string(*r.seed) : "-");
  field(r.input == InputKind::hex ? "hex" : "decimal");
  field(r.from ? (*r.from == SourceType::float32 ? "float32" : "float64") : "-");
  field(std::to_string(state.draws));
  field(state.cast_value);  // last: whatever it holds, the fields before it are read unambiguously
  return key;
}

}  // namespace

bool BitsModel::refresh(const AppState& state) {
  bool changed = false;
  const std::uint32_t code = state.code & state.shown_code_mask();
  const std::uint32_t shown_page = code >> 8;
  std::string grid_key = state.tapered ? std::string(tapered_format_name(*state.tapered)) : format_name(state.format);
  grid_key.append("|").append(std::to_string(shown_page));
  if (!initialised_ || grid_key != grid_key_) {
    grid_key_ = grid_key;
    format = state.format;
    tapered = state.tapered;
    page = shown_page;
    const std::uint64_t codes = std::uint64_t{state.shown_code_mask()} + 1u;
    const std::uint32_t count = static_cast<std::uint32_t>(std::min<std::uint64_t>(codes, 256u));
    grid.clear();
    tapered_grid.clear();
    finite_values.clear();
    for (std::uint32_t i = 0; i < count; ++i) {
      if (tapered) tapered_grid.push_back(tapered_layout(*tapered, page << 8 | i));
      else grid.push_back(layout(format, page << 8 | i));
    }
    if (tapered && codes <= 256u) {
      for (std::uint32_t c = 0; c < count; ++c) {
        const double v = tapered_decode(*tapered, c);
        if (std::isfinite(v)) finite_values.emplace_back(v, c);
      }
    } else if (!tapered && code_bytes(format) == 1) {
      for (std::uint32_t c = 0; c < code_count(format); ++c) {
        const double v = decode_to_float64(format, c);
        if (std::isfinite(v)) finite_values.emplace_back(v, c);
      }
    }
    current_code_.reset();
    changed = true;
  }
  if (current_code_ != code) {
    current_code_ = code;
    if (tapered) tapered_current = tapered_layout(*tapered, code);
    else current = layout(format, code);
    changed = true;
  }
  const std::string key = cast_key(state);
  if (!initialised_ || key != cast_key_) {
    cast_key_ = key;
    cast.reset();
    facts.clear();
    samples.clear();
    cast_error.clear();
    tapered_cast_code.reset();
    if (!state.cast_value.empty() && state.tapered) {
      const Result<TaperedCastRequest> request = state.tapered_cast_request(*state.tapered);
      const Result<double> input =
          request ? read_tapered_cast_input(*request, state.cast_value) : Result<double>(request.error());
      if (input) {
        tapered_cast_code = tapered_encode(*state.tapered, *input, request->saturate);
        facts = tapered_cast_facts(*state.tapered, *input, *tapered_cast_code);
      } else {
        cast_error = input.error().message;
      }
    } else if (!state.cast_value.empty()) {
      const CastRequest request = state.cast_request();
      Result<CastOutcome> outcome = cast_text(request, state.cast_value);
      if (outcome) {
        facts = cast_facts(request.to, *outcome);
        const bool between = outcome->bracket && outcome->bracket->toward_zero_code != outcome->bracket->away_code;
        if (outcome->options.round == RoundMode::stochastic && between) {
          Result<std::vector<std::uint32_t>> drawn =
              cast_samples(request, state.cast_value, static_cast<std::size_t>(state.draws));
          if (drawn) samples = std::move(drawn).value();
        }
        cast = std::move(outcome).value();
      } else {
        cast_error = outcome.error().message;
      }
    }
    changed = true;
  }
  initialised_ = true;
  return changed;
}

}  // namespace typelattice::gui
