#include "app/gui/args.h"

#include <CLI/CLI.hpp>
#include <SDL.h>

#include <algorithm>
#include <charconv>
#include <map>
#include <sstream>

#include "app/gui/block_model.h"
#include "app/gui/tensor_model.h"
#include "typelattice/compare.h"
#include "typelattice/display_text.h"
#include "typelattice/graph_join.h"
#include "typelattice/lattice.h"

namespace typelattice::gui {
namespace {

struct Failure {
  std::string message;
  bool show_usage = true;  // false: the flags were right, their input was not (a lattice file, a value)
};

// CLI11's help, with the usage line in the app's own words and the keys after the options.
class HelpFormatter : public CLI::Formatter {
 public:
  std::string make_description(const CLI::App*) const override { return ""; }
  std::string make_usage(const CLI::App* app, std::string) const override {
    return "usage: typelattice-app [options]\n" + app->get_description() + "\n";
  }
};

constexpr const char* kDescription =
    "Interactive Dear ImGui explorer of dtype promotion and minifloat formats. With --headless it renders one\n"
    "frame offscreen, writes --screenshot, prints the join of --select (\"join: float32\" or the core's error\n"
    "text, as the CLI) and, in the bits view, the code shown as `typelattice cast` prints it (\"bits: 0x7e 448\").";
constexpr const char* kFooter =
    "keys: 1 2 3 4 5 6 views | S strict | X x64 | [ ] system | Esc clear selection | F fit | + - zoom\n"
    "      Left/Right previous/next code (bits) | F1 help | Ctrl+Q quit";

// The flags as given; parse_into checks them and fills Arguments.
struct Flags {
  bool help = false, headless = false, print_positions = false, report_frame_time = false, tensor_scale = false;
  bool whole_file = false;
  std::string select, preset, lattice, view, compare, operands, format, code, value, size, scale, screenshot, frames;
  std::string scale_mode, values, stored, packing;
  std::vector<std::string> clicks, presses, texts, to;
  std::string file, batch;
  options::SystemFlags system;
  options::CastFlags cast;
};

std::string describe_error(const std::string& flag, const Error& error) {
  std::string text = flag + ": " + error.message;
  if (!error.suggestions.empty() && error.message.find(error.suggestions.front()) == std::string::npos) {
    text += " (closest valid names: ";
    for (std::size_t i = 0; i < error.suggestions.size(); ++i) text += (i ? ", " : "") + error.suggestions[i];
    text += ")";
  }
  return text;
}

std::optional<int> parse_int(std::string_view text, int base = 10) {
  int value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value, base);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// 64-bit so that a code one past float32's range still parses and gets the "does not fit" message.
std::optional<std::uint64_t> parse_code(std::string_view text) {
  int base = 10;
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    text.remove_prefix(2);
    base = 16;
  }
  std::uint64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value, base);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::vector<std::string> split_commas(std::string_view text) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t comma = text.find(',', start);
    if (comma == std::string_view::npos) comma = text.size();
    parts.emplace_back(text.substr(start, comma - start));
    start = comma + 1;
  }
  return parts;
}

void define_flags(CLI::App& app, Flags& f) {
  app.formatter(std::make_shared<HelpFormatter>());
  app.get_formatter()->column_width(26);
  app.set_help_flag("-h,--help", "show this help");
  app.add_option("--select", f.select, "dtypes to select (canonical names, aliases such as f2 or bf, i* f* c*)")
      ->type_name("A,B,...");
  options::add_system_flags(app, f.system);
  app.add_option("--preset", f.preset, "draw a design-document stage instead (python, categories, ..., option3, final)")
      ->type_name("NAME");
  app.add_option("--lattice", f.lattice,
                 "draw your own graph, {\"nodes\": [...], \"edges\": [[\"from\", \"to\"], ...]} (as `typelattice "
                 "check` reads it); --select then takes its node names")
      ->type_name("FILE.json");
  app.add_option("--view", f.view, "lattice (default), table, bits, blocks, compare or tensors")->type_name("V");
  app.add_option("--file", f.file,
                 "tensors view: analyze this checkpoint (safetensors, .npy, .npz, GGUF) as `typelattice analyze FILE` does; "
                 "headless, print its text")
      ->type_name("FILE");
  app.add_option("--to", f.to, "tensors view: the target formats, as `typelattice analyze --to` takes them")
      ->type_name("FORMAT...");
  app.add_flag("--whole-file", f.whole_file,
               "tensors view: show the file's summary (a file of two tensors or more) instead of its first tensor");
  app.add_option("--operands", f.operands,
                 "the compare panel's expression: dtypes and Python values (300, 1.5, 1j, True), as `typelattice "
                 "compare` takes them; headless, --view compare prints its lines (\"compare: jax: uint8\")")
      ->type_name("A,B,...");
  app.add_option("--compare", f.compare, "the table panel's comparison system, or none (default numpy)")
      ->type_name("S|none");
  std::string tapered_names;
  for (const TaperedFormat t : tapered_formats()) tapered_names += ", " + std::string(tapered_format_name(t));
  app.add_option("--format", f.format, std::string("the bits panel's format (default float8_e4m3fn): ") +
                                           options::kFormatHelp + tapered_names)->type_name("F");
  app.add_option("--code", f.code, "the bits panel's code (hex or decimal; up to 0xFFFFFFFF for float32)")
      ->type_name("0xNN");
  app.add_option("--value", f.value,
                 "cast V into --format, read and rounded as `typelattice cast --to F V` does (with the cast "
                 "options below: the format's ONNX defaults unless given), and show that code")
      ->type_name("V");
  options::add_cast_flags(app, f.cast);
  app.add_option("--scale-mode", f.scale_mode,
                 "blocks view: floor (MX default), ceil, even, rceil; nearest (nvfp4); --format is then the block "
                 "format (mxfp8_e4m3, ..., mxfp4_e2m1, mxint8, nvfp4)")->type_name("M");
  app.add_flag("--tensor-scale", f.tensor_scale, "blocks view, nvfp4: an FP32 per-tensor scale under the block scales");
  app.add_option("--values", f.values, "blocks view: the values, as `typelattice quantize` reads them (commas or spaces)")
      ->type_name("V,V,...");
  app.add_option("--stored", f.stored,
                 "blocks view: also lay the values out as a library stores them, in this block format (nf4, bnb_fp4, "
                 "gguf_q4_0 ... gguf_nvfp4, iq4_nl, intN_gG[_asym|_awq|_mlx], ds_fp8_1x128[_ue8m0]); headless, print "
                 "its fields' bytes and each element's bits")->type_name("F");
  app.add_option("--packing", f.packing, "blocks view, --stored integer groups: gptq (default), gptq_v1 or awq")
      ->type_name("P");
  app.add_option("--size", f.size, "window / screenshot size in pixels (default 1280x800)")->type_name("WxH");
  app.add_option("--scale", f.scale, "UI scale (default: from the display's DPI; 1 when headless)")->type_name("S");
  app.add_flag("--headless", f.headless, "render offscreen (needs a display, e.g. xvfb-run -a), print the join, exit");
  app.add_option("--screenshot", f.screenshot, "headless: write the rendered frame as PNG")->type_name("FILE.png");
  app.add_flag("--print-positions", f.print_positions, "headless: print \"region KIND NAME ROLE x0 y0 x1 y1 #rrggbb\" for drawn highlights and \"route FROM TO x y x y ...\" for each edge as drawn");
  for (auto [flag, values, help, type] :
       {std::tuple{"--click", &f.clicks, "headless: click there (repeatable, in order) after the first frames", "X,Y"},
        std::tuple{"--press", &f.presses, "headless: press a key (SDL name: S, 2, Escape, ...), in order with the clicks",
                   "KEY"},
        std::tuple{"--type", &f.texts, "headless: type TEXT into the focused text field, in order with clicks and keys",
                   "TEXT"}})
    app.add_option(flag, *values, help)->type_name(type)->allow_extra_args(false);
  app.add_option("--frames", f.frames, "headless: render N more frames after the first ones (the screenshot is the last)")
      ->type_name("N");
  app.add_flag("--report-frame-time", f.report_frame_time, "headless: print frame time statistics over those N frames");
  app.add_option("--batch", f.batch, "headless: answer each line of FILE (a JSON array of this program's options) as "
                 "its own headless run, in one window; print a JSON line {\"status\", \"stdout\", \"stderr\"} for each")
      ->type_name("FILE");
  app.description(kDescription);
  app.footer(kFooter);
}

// Dtype names become canonical; with a design stage or a lattice file, names must be its nodes (e.g. u*, int8*),
// found by the core's find_node (its did-you-mean message, as the CLI's select and the module give it).
std::optional<Failure> check_selection(std::vector<std::string>& names, const Arguments& args) {
  std::optional<Graph> graph;
  if (args.lattice) {
    graph = args.lattice->graph;
  } else if (args.preset) {
    for (const LatticePreset& p : design_presets())
      if (p.name == *args.preset) graph = p.graph;
  }
  std::optional<Lattice> lattice;
  if (graph) {
    auto compiled = Lattice::from_graph(*graph);
    if (!compiled) return Failure{describe_error("--select", compiled.error())};
    lattice = std::move(compiled).value();
  }
  for (std::string& name : names) {
    if (name.empty()) return Failure{"--select: an empty name"};
    if (lattice) {
      if (auto id = find_node(*lattice, name); !id) return Failure{describe_error("--select", id.error())};
      continue;
    }
    auto d = parse_dtype(name);
    if (!d) return Failure{describe_error("--select", d.error())};
    name = std::string(dtype_name(*d));
  }
  return std::nullopt;
}

// Clicks, key presses and typed text, in the order they were given.
std::optional<Failure> read_actions(const CLI::App& app, const Flags& f, Arguments& args) {
  std::map<std::string, std::size_t> taken;
  for (const CLI::Option* option : app.parse_order()) {
    const std::string flag = option->get_name();
    if (flag != "--click" && flag != "--press" && flag != "--type") continue;
    const std::size_t index = taken[flag]++;
    if (flag == "--click") {
      const std::string& v = f.clicks[index];
      const auto comma = v.find(',');
      const auto x = comma == std::string::npos ? std::nullopt : parse_int(std::string_view(v).substr(0, comma));
      const auto y = comma == std::string::npos ? std::nullopt : parse_int(std::string_view(v).substr(comma + 1));
      if (!x || !y || *x < 0 || *y < 0) return Failure{"--click: expected X,Y in pixels, got '" + v + "'"};
      args.actions.push_back({false, *x, *y, 0, {}});
    } else if (flag == "--press") {
      const std::string& v = f.presses[index];
      const SDL_Scancode key = SDL_GetScancodeFromName(v.c_str());
      if (key == SDL_SCANCODE_UNKNOWN) return Failure{"--press: unknown key '" + v + "' (SDL key names: S, 2, Escape, F1, Right, ...)"};
      args.actions.push_back({true, 0, 0, static_cast<int>(key), {}});
    } else {
      args.actions.push_back({false, 0, 0, 0, f.texts[index]});
    }
  }
  return std::nullopt;
}

std::optional<Failure> read_view_flags(const CLI::App& app, const Flags& f, Arguments& args) {
  if (app.count("--view")) {
    auto view = parse_view(f.view);
    if (!view) return Failure{"--view: unknown view '" + displayed(f.view) + "'; valid views: lattice, table, bits, blocks, compare, tensors"};
    args.view = *view;
  }
  if (app.count("--operands")) {
    const Result<std::vector<Operand>> operands = parse_operands(f.operands);  // as the panel reads its field
    if (!operands) return Failure{describe_error("--operands", operands.error()), false};
    args.operands = f.operands;
  }
  if (app.count("--compare")) {
    if (f.compare == "none") {
      args.compare_none = true;
    } else {
      auto s = parse_system(f.compare);
      if (!s) return Failure{describe_error("--compare", s.error())};
      args.compare = *s;
    }
  }
  if (app.count("--size")) {
    const auto x = f.size.find('x');
    const auto w = x == std::string::npos ? std::nullopt : parse_int(std::string_view(f.size).substr(0, x));
    const auto h = x == std::string::npos ? std::nullopt : parse_int(std::string_view(f.size).substr(x + 1));
    if (!w || !h || *w < 320 || *h < 240 || *w > 8192 || *h > 8192)
      return Failure{"--size: expected WxH between 320x240 and 8192x8192, got '" + f.size + "'"};
    args.width = *w;
    args.height = *h;
    args.size_given = true;
  }
  if (app.count("--scale")) {
    auto s = parse_number(f.scale);
    if (!s || !(*s >= 0.5 && *s <= 4.0)) return Failure{"--scale: expected a number from 0.5 to 4, got '" + f.scale + "'"};
    args.scale = static_cast<float>(*s);
  }
  if (app.count("--frames")) {
    auto n = parse_int(f.frames);
    if (!n || *n < 1 || *n > 100000) return Failure{"--frames: expected a count from 1 to 100000, got '" + f.frames + "'"};
    args.frames = *n;
  }
  return std::nullopt;
}

// The blocks view's format, scale mode and values, checked in the order `typelattice quantize` checks them and
// with its messages.
std::optional<Failure> read_block_flags(const CLI::App& app, const Flags& f, Arguments& args) {
  if (app.count("--format")) {
    const Result<BlockFormat> format = parse_block_format(f.format);
    if (!format) return Failure{"--format: " + format.error().message};
    args.block_format = *format;
  }
  if (app.count("--scale-mode")) {
    const Result<ScaleMode> mode = parse_scale_mode(f.scale_mode);
    if (!mode) return Failure{"--scale-mode: " + mode.error().message};
    args.block_scale_mode = *mode;
  }
  args.block_tensor_scale = f.tensor_scale;
  const BlockFormat format = args.block_format.value_or(AppState{}.block_format);
  std::vector<float> values = {1.0f};
  if (app.count("--values")) {
    Result<std::vector<float>> read = read_block_values(f.values);
    if (!read) return Failure{"--values: " + read.error().message, false};
    values = std::move(read).value();
    args.block_values = f.values;
  }
  const Result<BlockOptions> options = block_options(format, args.block_scale_mode, args.block_tensor_scale, values);
  if (!options) return Failure{(args.block_tensor_scale ? "--tensor-scale: " : "--scale-mode: ") + options.error().message};
  if (app.count("--packing") && !app.count("--stored")) return Failure{"--packing is --stored's: give --stored too"};
  if (app.count("--stored")) {
    // Checked on the values the panel will lay out: the field's default ones unless --values gave others.
    if (!app.count("--values")) values = read_block_values(AppState{}.block_values_input).value();
    const Result<StoredBlocks> laid = store_codec_blocks(f.stored, values, f.packing, 1);
    if (!laid) return Failure{describe_error("--stored", laid.error()), false};
    args.stored_format = f.stored;
    args.stored_packing = f.packing;
  }
  return std::nullopt;
}

// A tapered format's code and cast, read and checked by the core as `typelattice layout` and `cast` do.
std::optional<Failure> read_tapered_flags(const CLI::App& app, const Flags& f, TaperedFormat format, Arguments& args) {
  args.tapered = format;
  if (app.count("--code")) {
    const Result<std::uint32_t> code = parse_tapered_code(format, f.code);
    if (!code) return Failure{"--code: " + code.error().message};
    args.code = *code;
  }
  if (args.code && app.count("--value")) return Failure{"--code and --value both pick a code; give one of them"};
  const Result<CastRequestNames> names = options::cast_request_names(tapered_format_name(format), f.cast);
  if (!names) return Failure{names.error().message};
  const Result<TaperedCastRequest> request = parse_tapered_cast_request(format, *names);
  if (!request) return Failure{request.error().message};
  args.cast = request->reading;           // how the value is read: --input and --from
  args.cast->saturate = names->saturate;  // the only option a tapered cast has; its rounding is the format's
  if (app.count("--value")) {
    const Result<double> input = read_tapered_cast_input(*request, f.value);
    if (!input) return Failure{input.error().message, false};
    args.value_code = tapered_encode(format, *input, request->saturate);
    args.value_text = f.value;
  }
  return std::nullopt;
}

// The bits panel's format, code and cast: the cast read and checked by the core as `typelattice cast` does.
std::optional<Failure> read_bits_flags(const CLI::App& app, const Flags& f, Arguments& args) {
  if (args.view == View::blocks) return read_block_flags(app, f, args);
  if (app.count("--scale-mode") || app.count("--values") || f.tensor_scale || app.count("--stored") || app.count("--packing"))
    return Failure{"--scale-mode, --tensor-scale, --values, --stored and --packing belong to the blocks view: add --view blocks"};
  if (app.count("--format")) {
    const Result<std::optional<TaperedFormat>> tapered = classify_format_name(f.format);
    if (!tapered) return Failure{describe_error("--format", tapered.error())};
    if (*tapered) return read_tapered_flags(app, f, **tapered, args);
    auto format = parse_format(f.format);
    if (!format) return Failure{describe_error("--format", format.error())};
    args.format = *format;
  }
  const Format format = args.format.value_or(AppState{}.format);
  if (app.count("--code")) {
    auto code = parse_code(f.code);
    if (!code) return Failure{"--code: '" + f.code + "' is not a code (write it in hex, e.g. 0x3c, or decimal)"};
    if (*code >= code_count(format)) {
      std::ostringstream out;
      out << "--code: 0x" << std::hex << *code << " does not fit " << format_name(format) << " (" << std::dec
          << format_spec(format).total_bits() << " bits)";
      return Failure{out.str()};
    }
    args.code = *code;
  }
  const bool cast_flags = f.cast.saturate || f.cast.no_saturate || !f.cast.round.empty() || !f.cast.input.empty() ||
                          !f.cast.from.empty() || !f.cast.sr_num_bits.empty() || !f.cast.sr_bits.empty() ||
                          !f.cast.seed.empty();
  if (!cast_flags && !app.count("--value")) return std::nullopt;
  if (args.code && app.count("--value")) return Failure{"--code and --value both pick a code; give one of them"};
  const Result<CastRequest> request = options::cast_request(format_name(format), f.cast);
  if (!request) return Failure{request.error().message};
  args.cast = *request;
  if (app.count("--value")) {
    const Result<CastOutcome> cast = cast_text(*request, f.value);
    if (!cast) return Failure{cast.error().message, false};
    args.value_code = cast->code;
    args.value_text = f.value;
  }
  return std::nullopt;
}

// The tensors view's targets and file, checked in the order `typelattice analyze` checks them and with its messages
// (the file's after its path).
std::optional<Failure> read_tensor_flags(const CLI::App& app, const Flags& f, Arguments& args) {
  if (app.count("--to")) {
    if (const Result<std::vector<AnalysisTarget>> targets = analysis_targets(f.to, std::nullopt, std::nullopt, std::nullopt, false); !targets)
      return Failure{targets.error().message, false};
    args.tensor_targets = f.to;
  }
  if (app.count("--file")) {
    if (const auto reader = tensor_io::TensorReader::open(f.file); !reader)
      return Failure{displayed(f.file) + ": " + reader.error().message, false};
    args.tensor_file = f.file;
  }
  if (args.tensor_targets && !args.tensor_file) return Failure{"--to needs --file"};
  args.tensor_whole_file = f.whole_file;
  if (args.tensor_whole_file && !args.tensor_file) return Failure{"--whole-file needs --file"};
  return std::nullopt;
}

std::optional<Failure> parse_into(const std::vector<std::string>& argv, Arguments& args, CLI::App& app, Flags& f) {
  define_flags(app, f);
  std::vector<std::string> reversed(argv.rbegin(), argv.rend());
  if (!reversed.empty()) reversed.pop_back();  // the program's name
  try {
    app.parse(reversed);
  } catch (const CLI::CallForHelp&) {
    f.help = true;
    return std::nullopt;
  } catch (const CLI::ParseError& e) {
    return Failure{displayed(e.what())};  // CLI11 echoes the argument: escaped, as the core's messages are
  }
  args.headless = f.headless;
  args.print_positions = f.print_positions;
  args.report_frame_time = f.report_frame_time;
  args.system_flags = f.system;
  // Each of --system, --mode, --x64 alone, so that the error names the flag.
  for (auto [flag, text] : {std::pair{"--system", &options::SystemFlags::system},
                            std::pair{"--mode", &options::SystemFlags::mode}, std::pair{"--x64", &options::SystemFlags::x64}}) {
    options::SystemFlags one;
    one.*text = f.system.*text;
    const auto checked = options::apply_system_flags(one);
    if (!checked && checked.error().message.rfind(flag, 0) == 0) return Failure{checked.error().message};
    if (!checked) return Failure{describe_error(flag, checked.error())};
  }
  // Then together: --mode strict or --x64 off with a table system is refused, as the CLI and the module refuse it.
  if (const auto together = options::apply_system_flags(f.system); !together) return Failure{together.error().message};
  if (app.count("--preset")) {
    const std::vector<std::string> names = preset_names();
    if (std::find(names.begin(), names.end(), f.preset) == names.end()) {
      std::vector<std::string_view> candidates(names.begin(), names.end());
      std::string closest;
      for (const std::string& c : closest_names(f.preset, candidates)) closest += (closest.empty() ? "" : ", ") + c;
      return Failure{"--preset: unknown design stage '" + f.preset + "'; closest: " + closest};
    }
    args.preset = f.preset;
  }
  if (app.count("--screenshot")) {
    if (f.screenshot.empty()) return Failure{"--screenshot needs a value"};
    args.screenshot = f.screenshot;
  }
  if (auto failure = read_view_flags(app, f, args)) return failure;
  if (auto failure = read_actions(app, f, args)) return failure;
  if (auto failure = read_bits_flags(app, f, args)) return failure;
  if (auto failure = read_tensor_flags(app, f, args)) return failure;
  if (app.count("--lattice") && f.lattice.empty()) return Failure{"--lattice needs a value"};
  if (app.count("--lattice") && args.preset) return Failure{"--lattice and --preset both pick a graph; give one of them"};
  if (app.count("--lattice")) {
    auto loaded = load_user_lattice(f.lattice);
    if (!loaded) return Failure{loaded.error().message, false};
    args.lattice = std::move(loaded).value();
  }
  if (app.count("--select")) {
    args.select = split_commas(f.select);
    if (auto failure = check_selection(*args.select, args)) return failure;
  }
  if (app.count("--batch")) {
    if (!args.headless) return Failure{"--batch needs --headless"};
    if (f.batch.empty()) return Failure{"--batch needs a value"};
    // The questions are the file's lines; the run itself has only its window.
    for (const CLI::Option* o : app.get_options())
      if (o->count() > 0 && o->get_name() != "--batch" && o->get_name() != "--headless" && o->get_name() != "--size" &&
          o->get_name() != "--scale")
        return Failure{"--batch: " + o->get_name() + " goes on a line of the file; the run takes only --size and --scale"};
    args.batch = f.batch;
  }
  if (!args.headless && (!args.screenshot.empty() || args.print_positions || args.report_frame_time || args.frames ||
                         !args.actions.empty()))
    return Failure{
        "--screenshot, --print-positions, --click, --press, --type, --frames and --report-frame-time need --headless"};
  return std::nullopt;
}

}  // namespace

ParsedArguments parse_arguments(const std::vector<std::string>& argv) {
  ParsedArguments parsed;
  Arguments args;
  CLI::App app{"", "typelattice-app"};
  Flags flags;
  if (auto failure = parse_into(argv, args, app, flags)) {
    parsed.exit_code = 2;
    parsed.output = "typelattice-app: " + failure->message + "\n";
    if (failure->show_usage) parsed.output += "\n" + app.help();
    return parsed;
  }
  if (flags.help) {
    parsed.output = app.help();
    return parsed;
  }
  parsed.arguments = std::move(args);
  return parsed;
}

}  // namespace typelattice::gui
