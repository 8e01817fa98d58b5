// cast, decode, layout, formats: thin wrappers over core/include/typelattice/minifloat.h (see docs/formats.md).
#include <CLI/CLI.hpp>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>

#include "app/cli/commands.h"
#include "typelattice/cast_kernels.h"
#include "typelattice/minifloat.h"

namespace typelattice::cli {
namespace {

int usage_error(const std::string& message) {
  std::cerr << "typelattice: " << message << "\n";
  return 2;
}

std::string hex_code(Format f, std::uint32_t code) {
  const int digits = (format_spec(f).total_bits() + 3) / 4;
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "0x%0*x", digits, code);
  return buffer;
}

std::string code_and_value(Format f, std::uint32_t code) {
  return hex_code(f, code) + " " + exact_decimal(decode_to_float64(f, code));
}

// Runs `each` on every argument, or on every line of stdin when there are none; stops at the first error.
// Output is collected and written in large blocks (bulk input through stdin is the common case); `drain`
// appends whatever `each` has buffered (a batch of casts) before every write.
template <class Each, class Drain>
int for_each_input(const std::vector<std::string>& args, Each each, Drain drain) {
  std::string out;
  auto flush = [&out, &drain] {
    drain(out);
    std::cout << out;
    out.clear();
  };
  auto handle = [&](const std::string& text, const std::string& where) {
    std::string error;
    if (!each(text, out, error)) {
      flush();
      std::cout.flush();
      return usage_error(where + error);
    }
    if (out.size() > (1u << 16)) flush();
    return 0;
  };
  if (!args.empty()) {
    for (const std::string& a : args) {
      if (const int rc = handle(a, ""); rc != 0) return rc;
    }
  } else {
    std::ios::sync_with_stdio(false);
    std::string line;
    for (std::size_t number = 1; std::getline(std::cin, line); ++number) {
      if (line.find_first_not_of(" \t\r") == std::string::npos) continue;  // blank lines are skipped
      if (const int rc = handle(line, "line " + std::to_string(number) + ": "); rc != 0) return rc;
    }
  }
  flush();
  return 0;
}

struct CastArgs {
  std::string to, from, round, input = "decimal";  // from: empty = float64, or for hex, by the digit count
  bool saturate = false, no_saturate = false;
  std::vector<std::string> values;
};

Result<CastOptions> cast_options(Format f, const CastArgs& a) {
  CastOptions o = onnx_default_options(f);
  if (a.saturate) o.saturate = true;
  if (a.no_saturate) o.saturate = false;
  if (!a.round.empty()) {
    if (!format_spec(f).is_scale_format()) {
      return Error{ErrorKind::bad_value,
                   "--round applies to float8_e8m0fnu only; " + std::string(format_spec(f).name) +
                       " always rounds to nearest, ties to even",
                   {}};
    }
    if (a.round == "up") o.e8m0_round = RoundMode::up;
    else if (a.round == "down") o.e8m0_round = RoundMode::down;
    else if (a.round == "nearest") o.e8m0_round = RoundMode::nearest;
    else return Error{ErrorKind::bad_value, "--round takes up, down or nearest, not '" + a.round + "'", {}};
  }
  return o;
}

// One input value as an exact double: decimal (rounded to float32 first with --from float32) or a bit pattern.
Result<double> read_value(const std::string& text, const CastArgs& a) {
  if (a.input == "hex") {
    if (!a.from.empty()) return parse_hex_bits(text, a.from == "float32" ? 32 : 64);
    const std::size_t digits = text.size() > 2 ? text.size() - 2 : 0;
    if (digits != 8 && digits != 16 && text.rfind("0x", 0) == 0) {
      return Error{ErrorKind::bad_value,
                   "'" + text + "' has " + std::to_string(digits) +
                       " hex digits; expected 8 (a float32 bit pattern) or 16 (a float64 bit pattern)",
                   {}};
    }
    return parse_hex_bits(text, digits == 8 ? 32 : 64);
  }
  if (a.from == "float32") {
    const Result<float> f = parse_number_float32(text);
    if (!f) return f.error();
    return static_cast<double>(*f);
  }
  return parse_number(text);
}

// Casts values in batches: float32 inputs go through the bulk SIMD kernels (bit-exact with `encode`, which
// the sweeps check); a float64 input that is not a float32 is encoded from the double, so it rounds once.
class BatchedCast {
 public:
  BatchedCast(Format f, const CastOptions& options) : format_(f), options_(options) {}
  bool add(double value) {
    values_.push_back(value);
    return values_.size() >= kBatch;
  }
  void drain(std::string& out) {
    if (values_.empty()) return;
    codes_.resize(values_.size());
    if (is_minifloat(format_) && all_float32()) {  // float32 itself has no bulk kernel
      floats_.assign(values_.begin(), values_.end());
      if (format_spec(format_).total_bits() > 8) {
        wide_.resize(values_.size());
        cast_from_float32(format_, floats_, wide_, options_);
        codes_.assign(wide_.begin(), wide_.end());
      } else {
        narrow_.resize(values_.size());
        cast_from_float32(format_, floats_, narrow_, options_);
        codes_.assign(narrow_.begin(), narrow_.end());
      }
    } else {
      for (std::size_t i = 0; i < values_.size(); ++i) codes_[i] = encode(format_, values_[i], options_);
    }
    for (std::uint32_t code : codes_) {
      out += code_and_value(format_, code);
      out += '\n';
    }
    values_.clear();
  }

 private:
  static constexpr std::size_t kBatch = 4096;
  bool all_float32() const {
    for (double v : values_)
      if (!std::isnan(v) && static_cast<double>(static_cast<float>(v)) != v) return false;
    return true;
  }
  Format format_;
  CastOptions options_;
  std::vector<double> values_;
  std::vector<float> floats_;
  std::vector<std::uint8_t> narrow_;
  std::vector<std::uint16_t> wide_;
  std::vector<std::uint32_t> codes_;
};

int run_cast(const CastArgs& a) {
  const Result<Format> f = parse_format(a.to);
  if (!f) return usage_error(f.error().message);
  if (!a.from.empty() && a.from != "float32" && a.from != "float64") return usage_error("--from takes float32 or float64, not '" + a.from + "'");
  if (a.input != "decimal" && a.input != "hex") return usage_error("--input takes decimal or hex, not '" + a.input + "'");
  if (a.saturate && a.no_saturate) return usage_error("--saturate and --no-saturate contradict each other");
  const Result<CastOptions> options = cast_options(*f, a);
  if (!options) return usage_error(options.error().message);
  BatchedCast batch(*f, *options);
  return for_each_input(
      a.values,
      [&](const std::string& text, std::string& out, std::string& error) {
        const Result<double> value = read_value(text, a);
        if (!value) {
          error = value.error().message;
          return false;
        }
        if (batch.add(*value)) batch.drain(out);
        return true;
      },
      [&batch](std::string& out) { batch.drain(out); });
}

int run_decode(const std::string& from, const std::vector<std::string>& codes) {
  const Result<Format> f = parse_format(from);
  if (!f) return usage_error(f.error().message);
  return for_each_input(codes, [&](const std::string& text, std::string& out, std::string& error) {
    const Result<std::uint32_t> code = parse_code(*f, text);
    if (!code) {
      error = code.error().message;
      return false;
    }
    out += code_and_value(*f, *code);
    out += '\n';
    return true;
  }, [](std::string&) {});
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
               const std::string& round) {
  const Result<Format> f = parse_format(format);
  if (!f) return usage_error(f.error().message);
  if (value_text.empty() == code_text.empty()) return usage_error("layout takes a VALUE or --code 0xCODE (one of them)");
  CastArgs args;
  args.round = round;
  const Result<CastOptions> options = cast_options(*f, args);
  if (!options) return usage_error(options.error().message);
  std::ostringstream out;
  std::uint32_t code;
  if (!code_text.empty()) {
    const Result<std::uint32_t> parsed = parse_code(*f, code_text);
    if (!parsed) return usage_error(parsed.error().message);
    code = *parsed;
  } else {
    const Result<double> value = parse_number(value_text);
    if (!value) return usage_error(value.error().message);
    code = encode(*f, *value, *options);
    out << "input        " << value_text << (saturates(*f, *value, *options) ? " (saturated to max)" : "") << "\n";
  }
  const Layout l = layout(*f, code);
  out << "format       " << format_spec(*f).name << "\n";
  out << "code         " << hex_code(*f, code) << "\n";
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
  out << "category     " << category_name(l.category) << "\n";
  out << "value        " << l.exact_value << "\n";
  if (const auto interval = rounding_interval(*f, code, *options)) out << "rounds from  " << interval_text(*interval) << "\n";
  out << "next up      " << (l.next_up ? code_and_value(*f, *l.next_up) : "none") << "\n";
  out << "next down    " << (l.next_down ? code_and_value(*f, *l.next_down) : "none") << "\n";
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

int run_formats() {
  std::printf("%-19s %-15s %4s %3s %3s %5s %-22s %-10s %-11s %-3s %-3s %-3s\n", "format", "onnx", "bits", "exp",
              "man", "bias", "max", "min normal", "min subnorm", "inf", "nan", "-0");
  for (const FormatSpec& spec : all_formats()) {
    const FormatRange range = format_range(parse_format(spec.name).value());
    auto yes = [](bool b) { return b ? "yes" : "no"; };
    std::printf("%-19s %-15s %4d %3d %3d %5d %-22s %-10s %-11s %-3s %-3s %-3s\n", std::string(spec.name).c_str(),
                spec.onnx_name.empty() ? "-" : std::string(spec.onnx_name).c_str(), spec.total_bits(),
                spec.exponent_bits, spec.mantissa_bits, spec.bias, short_value(range.max).c_str(),
                short_value(range.min_normal).c_str(),
                range.min_subnormal ? short_value(*range.min_subnormal).c_str() : "-", yes(spec.has_inf()),
                yes(spec.has_nan()), yes(spec.has_negative_zero()));
  }
  return 0;
}

}  // namespace

void add_format_commands(CLI::App& app, Runner& run) {
  auto cast_args = std::make_shared<CastArgs>();
  CLI::App* cast = app.add_subcommand("cast", "Cast decimal numbers (or float bit patterns) to a format: 0xCODE VALUE");
  cast->add_option("--to", cast_args->to, "target format, e.g. float8_e4m3fn or FLOAT8E4M3FN")->required();
  cast->add_option("--from", cast_args->from,
                   "float64 (default: the decimal's nearest double) or float32 (rounded to float32 first); "
                   "with --input hex, the bit pattern's width (default: from its digit count)");
  cast->add_flag("--saturate", cast_args->saturate, "clip out-of-range values and ±Inf to ±max (default for 8-bit formats)");
  cast->add_flag("--no-saturate", cast_args->no_saturate, "out of range becomes Inf or NaN (default for float16/bfloat16)");
  cast->add_option("--round", cast_args->round, "float8_e8m0fnu rounding: up (default), down or nearest");
  cast->add_option("--input", cast_args->input, "decimal (default) or hex bit patterns of the --from type");
  // VALUE... are what CLI11 leaves over from the first value on, in order, so that -inf and -nan need no "--"
  // (options go before the values).
  cast->prefix_command();
  cast->footer("VALUE...: numbers to cast, after the options (e.g. 1000 -1.5e-3 inf -nan; no -- needed);\n"
               "if none, one per line from stdin.");
  cast->callback([&run, cast, cast_args] {
    cast_args->values = cast->remaining();
    run = [cast_args] { return run_cast(*cast_args); };
  });

  auto decode_from = std::make_shared<std::string>();
  auto codes = std::make_shared<std::vector<std::string>>();
  CLI::App* decode = app.add_subcommand("decode", "Decode codes of a format to exact decimal values: 0xCODE VALUE");
  decode->add_option("--from", *decode_from, "the codes' format")->required();
  decode->add_option("codes", *codes, "codes like 0x7e; if none, one per line from stdin");
  decode->callback([&run, decode_from, codes] { run = [decode_from, codes] { return run_decode(*decode_from, *codes); }; });

  struct LayoutArgs {
    std::string format, value, code, round;
  };
  auto layout_args = std::make_shared<LayoutArgs>();
  CLI::App* lay = app.add_subcommand("layout", "Show the bit fields, exponent, significand and exact value of a code");
  lay->add_option("format", layout_args->format, "the format")->required();
  lay->add_option("value", layout_args->value, "a number to cast first (ONNX's default options)");
  lay->add_option("--code", layout_args->code, "a code, e.g. 0x7e, instead of a value");
  lay->add_option("--round", layout_args->round, "float8_e8m0fnu rounding for VALUE: up (default), down or nearest");
  lay->allow_extras();  // a VALUE like -inf looks like an option to CLI11: take it from the leftovers
  lay->callback([&run, lay, layout_args] {
    const std::vector<std::string> extra = lay->remaining();
    if (extra.size() > 1 || (!extra.empty() && !layout_args->value.empty())) {
      run = [extra] { return usage_error("layout takes one VALUE; unexpected '" + extra.back() + "'"); };
      return;
    }
    if (!extra.empty()) layout_args->value = extra.front();
    run = [layout_args] {
      return run_layout(layout_args->format, layout_args->value, layout_args->code, layout_args->round);
    };
  });

  CLI::App* formats = app.add_subcommand("formats", "List every format with its parameters and range");
  formats->callback([&run] { run = [] { return run_formats(); }; });
}

}  // namespace typelattice::cli
