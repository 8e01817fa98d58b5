// The format handle (tl.format): a format read once, then asked in one call everything the Bits view shows for
// an input (explore) or for a code (describeCode), so a keystroke crosses into wasm once instead of once per
// round mode, format row and neighbour, and no call reads the format's name again.
#include <emscripten/bind.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "typelattice/cast_request.h"
#include "typelattice/minifloat.h"
#include "web/bindings.h"
#include "web/bindings_handles.h"
#include "web/bindings_formats.h"

namespace typelattice::web {
namespace {

// A code beside the one shown: its hex, exact value and value (null past the ends).
val neighbour_value(Format f, const std::optional<std::uint32_t>& code) {
  if (!code) return val::null();
  const Layout l = layout(f, *code);
  val out = val::object();
  set_property(out, "code", *code);
  set_text(out, "hex", hex_code(f, *code));
  set_text(out, "exactValue", l.exact_value);
  set_property(out, "value", l.value);
  return out;
}

// The request of a row: the chosen round mode (and stochastic rounding's bits) only where `to` has it, else
// that format's default, as the view shows every format beside the chosen one.
CastRequest row_request(const CastRequest& chosen, Format to) {
  CastRequest request = chosen;
  request.to = to;
  if (request.round && !cast_options(to, std::nullopt, *request.round)) {
    request.round.reset();
    request.sr_num_bits.reset();
    request.sr_bits.reset();
    request.seed.reset();
  }
  return request;
}

// { cast, message }: the row's cast, or (cast null) why the value does not cast, the core's text.
val row_value(Format f, const Result<CastOutcome>& cast, bool full) {
  val out = val::object();
  set_property(out, "cast", cast ? (full ? cast_outcome_value(f, *cast) : cast_row_value(f, *cast)) : val::null());
  set_property(out, "message", cast ? val::null() : js_string(cast.error().message));
  return out;
}

class FormatHandle {
 public:
  explicit FormatHandle(Format f) : format_(f) {}

  val info() const { return format_entry(format_); }

  // A code's layout with its hex, its shortest decimal and its two neighbours by value. The wrapper checked
  // that the code fits the format.
  val describe_code(std::uint32_t code) const {
    const Layout l = layout(format_, code);
    val out = layout_value(l);
    set_text(out, "shortest", shortest_decimal(format_, code));
    set_property(out, "down", neighbour_value(format_, l.next_down));
    set_property(out, "up", neighbour_value(format_, l.next_up));
    return out;
  }

  // `count` consecutive codes from `first` (a page of the code grid): code, hex, category, exact value.
  val codes(std::uint32_t first, std::uint32_t count) const {
    val out = val::array();
    for (std::uint32_t i = 0; i < count; ++i) {
      const Layout l = layout(format_, first + i);
      val cell = val::object();
      set_property(cell, "code", l.code);
      set_text(cell, "hex", hex_code(format_, l.code));
      set_property(cell, "category", category_js(l.category));
      set_text(cell, "exactValue", l.exact_value);
      push_value(out, cell);
    }
    return out;
  }

  // Everything the Bits view shows for one input (typelattice-formats.d.ts, ExploreResult). Options the core
  // refuses are an error (thrown by the wrapper); a value that does not read is an answer (`message`), since a
  // view shows it as typed. shown: a code (undefined: the cast's, or 0 when nothing was cast).
  val explore(const std::string& text, const val& saturate, const val& round, const val& input, const val& from,
              const val& stochastic, const val& shown, std::uint32_t draws) const {
    const CastOptionTexts texts(saturate, round, input, from, stochastic);
    const Result<CastRequest> request = parse_cast_request(format_, texts.names());
    if (!request) return error_value(request.error());
    const Result<CastOutcome> cast = cast_text(*request, text);
    val out = row_value(format_, cast, true);
    if (cast) {
      const Layout l = layout(format_, cast->code);
      val cast_result = out["cast"];
      set_property(cast_result, "down", neighbour_value(format_, l.next_down));
      set_property(cast_result, "up", neighbour_value(format_, l.next_up));
    }
    // Every mode that sends the input to one place (all but stochastic), the other options as given.
    val modes = val::array();
    if (cast) {
      for (const RoundModeName& r : round_modes_of(format_)) {
        if (r.mode == RoundMode::stochastic) continue;
        CastRequest by_mode = *request;
        by_mode.round = r.mode;
        by_mode.sr_num_bits.reset();
        by_mode.sr_bits.reset();
        by_mode.seed.reset();
        const Result<CastOutcome> c = cast_text(by_mode, text);
        if (!c) continue;  // the same input read the same way: cannot fail where the cast above did not
        val entry = val::object();
        set_text(entry, "mode", r.name);
        set_property(entry, "code", c->code);
        set_text(entry, "hex", hex_code(format_, c->code));
        set_text(entry, "line", c->line);
        push_value(modes, entry);
      }
    }
    set_property(out, "modes", modes);
    val rows = val::array();
    for (const Format f : builtin_formats()) {
      val row = row_value(f, f == format_ ? cast : cast_text(row_request(*request, f), text), false);
      set_text(row, "format", format_name(f));
      push_value(rows, row);
    }
    set_property(out, "rows", rows);
    const std::uint32_t code = !shown.isUndefined() ? shown.as<std::uint32_t>() : cast ? cast->code : 0u;
    set_property(out, "shown", describe_code(code));
    // Draws of the seeded stream, where stochastic rounding has two values to choose between.
    val samples = val::null();
    const bool between = cast && cast->bracket && cast->bracket->toward_zero_code != cast->bracket->away_code;
    if (draws > 0 && between && request->round == RoundMode::stochastic) {
      const Result<std::vector<std::uint32_t>> drawn = cast_samples(*request, text, draws);
      if (!drawn) return error_value(drawn.error());
      samples = typed_array_copy(*drawn);
    }
    set_property(out, "samples", samples);
    return ok_value(out);
  }

 private:
  Format format_;
};

val make_format(const std::string& name) {
  const Result<Format> f = parse_format(name);
  if (!f) return error_value(f.error());
  return ok_value(new_handle<FormatHandle>(*f));
}

}  // namespace

void register_format_handle() {
  emscripten::function("makeFormat", &make_format);
  HandleFunctions<FormatHandle>("format")
      .method<&FormatHandle::info>("info")
      .method<&FormatHandle::describe_code>("describeCode")
      .method<&FormatHandle::codes>("codes")
      .method<&FormatHandle::explore>("explore");
}

}  // namespace typelattice::web
