// cast, decode, layout, formats: thin wrappers over core/include/typelattice/minifloat.h (see docs/formats.md).
#include <CLI/CLI.hpp>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>

#include "app/cli/commands.h"
#include "app/cli/input_lines.h"
#include "app/cli/output.h"
#include "app/cli/system_options.h"
#include "app/cli/tapered_commands.h"
#include "app/common/options.h"
#include "typelattice/cast_request.h"
#include "typelattice/defined_formats.h"
#include "typelattice/minifloat.h"

namespace typelattice::cli {
namespace {

// Casts in batches of inputs (bulk input through stdin is the common case); the core picks the bulk kernels or
// the exact path for each batch.
class BatchedCast {
 public:
  BatchedCast(Format f, const CastOptions& options) : format_(f), options_(options) {}
  bool add(double value) {
    values_.push_back(value);
    return values_.size() >= kBatch;
  }
  void drain(Output& output) {
    std::string& out = output.text();
    codes_.resize(values_.size());
    cast_many(format_, options_, values_, codes_);
    for (std::uint32_t code : codes_) {
      out += cast_line(format_, code);
      out += '\n';
    }
    options_.stochastic.index += values_.size();  // a seeded stream continues across batches
    values_.clear();
  }

 private:
  static constexpr std::size_t kBatch = 4096;
  Format format_;
  CastOptions options_;
  std::vector<double> values_;
  std::vector<std::uint32_t> codes_;
};

int run_cast(const std::string& to, const options::CastFlags& flags, int repeat, const std::vector<std::string>& values) {
  const Result<std::optional<TaperedFormat>> tapered = classify_format_name(to);
  if (!tapered) return usage_error(tapered.error().message);
  if (*tapered) return run_tapered_cast(**tapered, flags, repeat, values);
  const Result<CastRequest> request = options::cast_request(to, flags);
  if (!request) return usage_error(request.error().message);
  if (repeat < 1) return usage_error("--repeat must be at least 1");
  if (repeat > 1 && !request->seed && !(request->round == RoundMode::stochastic && !request->sr_bits)) {
    return usage_error("--repeat draws several stochastic roundings of each value: it needs --round stochastic "
                       "without --srbits");
  }
  BatchedCast batch(request->to, cast_options(*request).value());
  return for_each_input(
      values,
      [&](const std::string& text, Output& out, std::string& error) {
        const Result<double> value = read_cast_input(*request, text);
        if (!value) {
          error = value.error().message;
          return false;
        }
        // --repeat may ask for 2^31 lines of one value: they are written as they are cast.
        for (int k = 0; k < repeat; ++k) {
          if (!batch.add(*value)) continue;
          batch.drain(out);
          if (!out.spill()) return false;
        }
        return true;
      },
      [&batch](Output& out) { batch.drain(out); });
}

int run_decode(const std::string& from, const std::vector<std::string>& codes) {
  const Result<std::optional<TaperedFormat>> tapered = classify_format_name(from);
  if (!tapered) return usage_error(tapered.error().message);
  if (*tapered) return run_tapered_decode(**tapered, codes);
  const Result<Format> f = parse_format(from);
  if (!f) return usage_error(f.error().message);
  return for_each_input(codes, [&](const std::string& text, Output& output, std::string& error) {
    std::string& out = output.text();
    const Result<std::uint32_t> code = parse_code(*f, text);
    if (!code) {
      error = code.error().message;
      return false;
    }
    out += cast_line(*f, *code);
    out += '\n';
    return true;
  }, [](Output&) {});
}

std::string bits_of(std::uint32_t raw, int width) {
  std::string out;
  for (int i = width - 1; i >= 0; --i) out += ((raw >> i) & 1u) ? '1' : '0';
  return out;
}

std::string interval_text(const RoundingInterval& r) {
  return std::string(r.low_inclusive ? "[" : "(") + exact_decimal(r.low) + ", " + exact_decimal(r.high) +
         (r.high_inclusive ? "]" : ")");
}

int run_layout(const std::string& format, const std::string& value_text, const std::string& code_text,
               const options::CastFlags& flags) {
  const Result<std::optional<TaperedFormat>> tapered = classify_format_name(format);
  if (!tapered) return usage_error(tapered.error().message);
  if (*tapered) return run_tapered_layout(**tapered, value_text, code_text, flags);
  const Result<CastRequest> request = options::cast_request(format, flags);
  if (!request) return usage_error(request.error().message);
  if (value_text.empty() == code_text.empty()) return usage_error("layout takes a VALUE or --code 0xCODE (one of them)");
  const Format f = request->to;
  // A cast's own options where a value is given: under seeded stochastic rounding they hold its draw's bits, which
  // decide where the rounding interval lies.
  CastOptions options = cast_options(*request).value();
  std::ostringstream out;
  std::uint32_t code;
  std::vector<CastFact> facts;
  if (!code_text.empty()) {
    const Result<std::uint32_t> parsed = parse_code(f, code_text);
    if (!parsed) return usage_error(parsed.error().message);
    code = *parsed;
    if (std::string shortest = shortest_decimal(f, code); !shortest.empty())
      facts.push_back({"shortest", literal(shortest)});
  } else {
    const Result<CastOutcome> cast = cast_text(*request, value_text);
    if (!cast) return usage_error(cast.error().message);
    code = cast->code;
    options = cast->options;
    facts = cast_facts(f, *cast);
    const bool saturated = cast->overflow == CastOutcome::Overflow::saturated;
    out << "input        " << value_text << (saturated ? " (saturated to max)" : "") << "\n";
  }
  const Layout l = layout(f, code);
  out << "format       " << format_name(f) << "\n";
  out << "code         " << hex_code(f, code) << "\n";
  for (const BitField& field : l.fields) {
    std::string name = std::string(field.name) + ":";
    name.resize(13, ' ');
    out << name << bits_of(field.raw, field.high_bit - field.low_bit + 1) << "  (bits " << field.high_bit;
    if (field.high_bit != field.low_bit) out << ".." << field.low_bit;
    out << ", " << field.raw << ")\n";
  }
  out << "bias         " << l.bias << "\n";
  if (l.unbiased_exponent) out << "unbiased exp " << *l.unbiased_exponent << "\n";
  if (!l.significand.empty()) out << "significand  " << l.significand << "\n";
  if (!l.formula.empty()) out << "formula      " << l.formula << "\n";
  out << "category     " << category_name(l.category) << "\n";
  out << "value        " << l.exact_value << "\n";
  for (const CastFact& fact : facts) {
    std::string name(fact.name);
    name.resize(std::max<std::size_t>(name.size() + 1, 13), ' ');
    out << name << render(fact.text) << "\n";
  }
  if (const auto interval = rounding_interval(f, code, options)) out << "rounds from  " << interval_text(*interval) << "\n";
  out << "next up      " << (l.next_up ? cast_line(f, *l.next_up) : "none") << "\n";
  out << "next down    " << (l.next_down ? cast_line(f, *l.next_down) : "none") << "\n";
  std::cout << out.str();
  return 0;
}

// Powers of two as 2^k, other values in the shortest decimal that reads back exactly.
std::string short_value(double v) {
  const int exponent = std::ilogb(v);
  if (v == std::ldexp(1.0, exponent) && (exponent < -8 || exponent > 16)) return "2^" + std::to_string(exponent);
  char buffer[32];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, v).ptr;
  return std::string(buffer, end);
}

// The built-in formats, then IEEE P3109's family (defined formats are made on the command line, not listed).
int run_formats() {
  std::printf("%-19s %-15s %4s %3s %3s %5s %-22s %-10s %-11s %-3s %-3s %-3s\n", "format", "onnx", "bits", "exp",
              "man", "bias", "max", "min normal", "min subnorm", "inf", "nan", "-0");
  std::vector<Format> listed = builtin_formats();
  for (const Format f : p3109_formats()) listed.push_back(f);
  for (const Format f : listed) {
    const FormatSpec spec = format_spec(f);
    const FormatRange range = format_range(f);
    auto yes = [](bool b) { return b ? "yes" : "no"; };
    std::printf("%-19s %-15s %4d %3d %3d %5d %-22s %-10s %-11s %-3s %-3s %-3s\n", format_name(f).c_str(),
                spec.onnx_name.empty() ? "-" : std::string(spec.onnx_name).c_str(), spec.total_bits(),
                spec.exponent_bits, spec.mantissa_bits, spec.bias, short_value(range.max).c_str(),
                short_value(range.min_normal).c_str(),
                range.min_subnormal ? short_value(*range.min_subnormal).c_str() : "-", yes(spec.has_inf()),
                yes(spec.has_nan()), yes(spec.has_negative_zero()));
  }
  // Tapered formats have no fixed exponent and mantissa widths: a line each (`layout` shows each code's fields).
  std::printf("\n%-8s %4s %-9s %-9s %s\n", "tapered", "bits", "max", "min", "fields and rounding");
  for (const TaperedFormat t : tapered_formats()) {
    std::printf("%-8s %4d %-9s %-9s %s\n", std::string(tapered_format_name(t)).c_str(), tapered_format_bits(t),
                short_value(tapered_max(t)).c_str(), short_value(tapered_min_positive(t)).c_str(),
                std::string(tapered_format_summary(t)).c_str());
  }
  return 0;
}

}  // namespace

void add_format_commands(CLI::App& app, Runner& run) {
  struct CastArgs {
    std::string to, never;
    options::CastFlags flags;
    int repeat = 1;
  };
  auto cast_args = std::make_shared<CastArgs>();
  CLI::App* cast = app.add_subcommand("cast", "Cast decimal numbers (or float bit patterns) to a format: 0xCODE VALUE");
  cast->add_option("--to", cast_args->to, std::string("the target format: ") + options::kFormatHelp +
                                              "; or posit8, posit16, hif8")->required();
  options::add_cast_flags(*cast, cast_args->flags);
  cast->add_option("--repeat", cast_args->repeat,
                   "stochastic rounding with a seed: cast each value K times, one line each (the stream goes on)")
      ->type_name("K");
  // VALUE... are what CLI11 leaves over from the first value on, in order (prefix_command), so that -inf and
  // -nan need no "--". The positional below only documents them: its validator refuses every value, so each
  // stays in that ordered remainder. Because it is an unfilled positional, CLI11 also keeps a "--" before the
  // values here (as the first leftover) instead of refusing the values after it.
  cast->prefix_command();
  cast->validate_positionals();
  cast->add_option("VALUE", cast_args->never, "numbers to cast, after the options (e.g. 1000 -1.5e-3 inf -nan); "
                                               "if none, one per line from stdin")
      ->check(CLI::Validator([](std::string&) { return std::string("read in order with the other values"); }, ""));
  cast->callback([&run, cast, cast_args] {
    std::vector<std::string> values = cast->remaining();
    if (!values.empty() && values.front() == "--") values.erase(values.begin());  // POSIX's end of options
    run = [cast_args, values] { return run_cast(cast_args->to, cast_args->flags, cast_args->repeat, values); };
  });

  auto decode_from = std::make_shared<std::string>();
  auto codes = std::make_shared<std::vector<std::string>>();
  CLI::App* decode = app.add_subcommand("decode", "Decode codes of a format to exact decimal values: 0xCODE VALUE");
  decode->add_option("--from", *decode_from, "the codes' format")->required();
  decode->add_option("codes", *codes, "codes like 0x7e; if none, one per line from stdin");
  decode->callback([&run, decode_from, codes] { run = [decode_from, codes] { return run_decode(*decode_from, *codes); }; });

  struct LayoutArgs {
    std::string format, value, code;
    options::CastFlags flags;
  };
  auto layout_args = std::make_shared<LayoutArgs>();
  CLI::App* lay = app.add_subcommand("layout", "Show the bit fields, exponent, significand and exact value of a code");
  lay->add_option("format", layout_args->format, "the format")->required();
  lay->add_option("value", layout_args->value, "a number to cast first (ONNX's default options)");
  lay->add_option("--code", layout_args->code, "a code, e.g. 0x7e, instead of a value");
  options::add_cast_flags(*lay, layout_args->flags);  // VALUE is cast as `typelattice cast` casts it
  lay->allow_extras();  // a VALUE like -inf looks like an option to CLI11: take it from the leftovers
  lay->callback([&run, lay, layout_args] {
    std::vector<std::string> extra = lay->remaining();
    if (!extra.empty() && extra.front() == "--") extra.erase(extra.begin());  // POSIX's end of options
    if (extra.size() > 1 || (!extra.empty() && !layout_args->value.empty())) {
      run = [extra] { return usage_error("layout takes one VALUE; unexpected '" + extra.back() + "'"); };
      return;
    }
    if (!extra.empty()) layout_args->value = extra.front();
    run = [layout_args] {
      return run_layout(layout_args->format, layout_args->value, layout_args->code, layout_args->flags);
    };
  });

  CLI::App* formats = app.add_subcommand("formats", "List every format with its parameters and range");
  formats->callback([&run] { run = [] { return run_formats(); }; });
}

}  // namespace typelattice::cli
