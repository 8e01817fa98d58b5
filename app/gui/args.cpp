#include "app/gui/args.h"

#include <SDL.h>

#include <algorithm>
#include <charconv>
#include <sstream>

namespace typelattice::gui {

std::string usage_text() {
  return R"(usage: typelattice-app [options]
  Interactive Dear ImGui explorer of dtype promotion and minifloat formats. With --headless it renders one
  frame offscreen, writes --screenshot, prints the join of --select ("join: float32" or the core's error
  text, as the CLI) and exits 0.

options:
  --select A,B,...        dtypes to select (canonical names, aliases such as f2 or bf, i* f* c*)
  --system S              jax | numpy | torch | tensorflow | jax-lax            (default jax)
  --preset NAME           draw a design-document stage instead (python, categories, ..., option3, final)
  --lattice FILE.json     draw your own graph, {"nodes": [...], "edges": [["from", "to"], ...]} (as
                          `typelattice check` reads it); --select then takes its node names
  --mode M                standard | strict                                     (default standard)
  --x64 on|off            JAX's x64 flag                                        (default on)
  --view V                lattice | table | bits                                (default lattice)
  --compare S|none        the table panel's comparison system                   (default numpy)
  --format F              the bits panel's format, e.g. float8_e5m2, FLOAT8E5M2 (default float8_e4m3fn)
  --code 0xNN             the bits panel's code (hex or decimal; up to 0xFFFFFFFF for float32)
  --value V               cast V into --format (saturating, round to nearest even) and show that code
  --size WxH              window / screenshot size in pixels                    (default 1280x800)
  --scale S               UI scale (default: from the display's DPI; 1 when headless)
  --headless              render offscreen (needs a display, e.g. xvfb-run -a), print the join, exit
  --screenshot FILE.png   headless: write the rendered frame as PNG
  --print-positions       headless: print "region KIND NAME ROLE x0 y0 x1 y1 #rrggbb" for drawn highlights
  --click X,Y             headless: click there (repeatable, in order) after the first frames, then screenshot
  --press KEY             headless: press a key (SDL name: S, 2, Escape, ...), in order with the clicks
  --type TEXT             headless: type TEXT into the focused text field, in order with clicks and keys
  --frames N              headless: render N more frames after the first ones (the screenshot is the last)
  --report-frame-time     headless: print frame time statistics over those N frames
  -h, --help              show this help

keys: 1 2 3 views | S strict | X x64 | [ ] system | Esc clear selection | F fit | + - zoom
      Left/Right previous/next code (bits) | F1 help | Ctrl+Q quit
)";
}

namespace {

struct Failure {
  std::string message;
  bool show_usage = true;  // false: the flags were right, their input was not (a lattice file)
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

// Dtype names become canonical; with a design stage or a lattice file, names must be its nodes (e.g. u*, int8*).
std::optional<Failure> check_selection(std::vector<std::string>& names, const Arguments& args) {
  std::vector<std::string> nodes;
  std::string graph_name;
  if (args.lattice) {
    nodes = args.lattice->graph.nodes;
    graph_name = args.lattice->path;
  } else if (args.preset) {
    graph_name = "the stage " + *args.preset;
    for (const LatticePreset& p : design_presets())
      if (p.name == *args.preset) nodes = p.graph.nodes;
  }
  for (std::string& name : names) {
    if (name.empty()) return Failure{"--select: an empty name"};
    if (!graph_name.empty()) {
      if (std::find(nodes.begin(), nodes.end(), name) != nodes.end()) continue;
      std::vector<std::string_view> candidates(nodes.begin(), nodes.end());
      std::string closest;
      for (const std::string& c : closest_names(name, candidates)) closest += (closest.empty() ? "" : ", ") + c;
      return Failure{"--select: '" + name + "' is not a node of " + graph_name + "; closest: " + closest};
    }
    auto d = parse_dtype(name);
    if (!d) return Failure{describe_error("--select", d.error())};
    name = std::string(dtype_name(*d));
  }
  return std::nullopt;
}

// Parses into `args`; returns a message on the first bad flag or value.
std::optional<Failure> parse_into(const std::vector<std::string>& argv, Arguments& args, bool& help) {
  std::optional<std::string> lattice_path;
  for (std::size_t i = 1; i < argv.size(); ++i) {
    const std::string& flag = argv[i];
    auto next = [&]() -> std::optional<std::string> {
      if (i + 1 >= argv.size()) return std::nullopt;
      return argv[++i];
    };
    auto needs_value = [&]() { return Failure{flag + " needs a value"}; };
    if (flag == "-h" || flag == "--help") {
      help = true;
    } else if (flag == "--headless") {
      args.headless = true;
    } else if (flag == "--print-positions") {
      args.print_positions = true;
    } else if (flag == "--report-frame-time") {
      args.report_frame_time = true;
    } else if (flag == "--select") {
      auto v = next();
      if (!v) return needs_value();
      args.select = split_commas(*v);  // checked below, once --preset is known
    } else if (flag == "--system" || flag == "--compare") {
      auto v = next();
      if (!v) return needs_value();
      if (flag == "--compare" && *v == "none") {
        args.compare_none = true;
        continue;
      }
      auto s = parse_system(*v);
      if (!s) return Failure{describe_error(flag, s.error())};
      (flag == "--system" ? args.system : args.compare) = *s;
    } else if (flag == "--preset") {
      auto v = next();
      if (!v) return needs_value();
      const std::vector<std::string> names = preset_names();
      if (std::find(names.begin(), names.end(), *v) == names.end()) {
        std::vector<std::string_view> candidates(names.begin(), names.end());
        std::string closest;
        for (const std::string& c : closest_names(*v, candidates)) closest += (closest.empty() ? "" : ", ") + c;
        return Failure{"--preset: unknown design stage '" + *v + "'; closest: " + closest};
      }
      args.preset = *v;
    } else if (flag == "--lattice") {
      auto v = next();
      if (!v || v->empty()) return needs_value();
      lattice_path = *v;  // loaded below: a bad flag after it is reported first
    } else if (flag == "--mode") {
      auto v = next();
      if (!v) return needs_value();
      auto m = parse_mode(*v);
      if (!m) return Failure{describe_error(flag, m.error())};
      args.mode = *m;
    } else if (flag == "--x64") {
      auto v = next();
      if (!v) return needs_value();
      if (*v != "on" && *v != "off") return Failure{"--x64: expected on or off, got '" + *v + "'"};
      args.x64 = *v == "on";
    } else if (flag == "--view") {
      auto v = next();
      if (!v) return needs_value();
      auto view = parse_view(*v);
      if (!view) return Failure{"--view: unknown view '" + *v + "'; valid views: lattice, table, bits"};
      args.view = *view;
    } else if (flag == "--format") {
      auto v = next();
      if (!v) return needs_value();
      auto f = parse_format(*v);
      if (!f) return Failure{describe_error(flag, f.error())};
      args.format = *f;
    } else if (flag == "--code") {
      auto v = next();
      if (!v) return needs_value();
      auto code = parse_code(*v);
      if (!code) return Failure{"--code: '" + *v + "' is not a code (write it in hex, e.g. 0x3c, or decimal)"};
      args.code = *code;
    } else if (flag == "--value") {
      auto v = next();
      if (!v) return needs_value();
      auto number = parse_number(*v);
      if (!number) return Failure{describe_error(flag, number.error())};
      args.value = *number;
    } else if (flag == "--size") {
      auto v = next();
      if (!v) return needs_value();
      const auto x = v->find('x');
      const auto w = x == std::string::npos ? std::nullopt : parse_int(std::string_view(*v).substr(0, x));
      const auto h = x == std::string::npos ? std::nullopt : parse_int(std::string_view(*v).substr(x + 1));
      if (!w || !h || *w < 320 || *h < 240 || *w > 8192 || *h > 8192)
        return Failure{"--size: expected WxH between 320x240 and 8192x8192, got '" + *v + "'"};
      args.width = *w;
      args.height = *h;
      args.size_given = true;
    } else if (flag == "--scale") {
      auto v = next();
      if (!v) return needs_value();
      auto s = parse_number(*v);
      if (!s || !(*s >= 0.5 && *s <= 4.0)) return Failure{"--scale: expected a number from 0.5 to 4, got '" + *v + "'"};
      args.scale = static_cast<float>(*s);
    } else if (flag == "--click") {
      auto v = next();
      if (!v) return needs_value();
      const auto comma = v->find(',');
      const auto x = comma == std::string::npos ? std::nullopt : parse_int(std::string_view(*v).substr(0, comma));
      const auto y = comma == std::string::npos ? std::nullopt : parse_int(std::string_view(*v).substr(comma + 1));
      if (!x || !y || *x < 0 || *y < 0) return Failure{"--click: expected X,Y in pixels, got '" + *v + "'"};
      args.actions.push_back({false, *x, *y, 0, {}});
    } else if (flag == "--press") {
      auto v = next();
      if (!v) return needs_value();
      const SDL_Scancode key = SDL_GetScancodeFromName(v->c_str());
      if (key == SDL_SCANCODE_UNKNOWN) return Failure{"--press: unknown key '" + *v + "' (SDL key names: S, 2, Escape, F1, Right, ...)"};
      args.actions.push_back({true, 0, 0, static_cast<int>(key), {}});
    } else if (flag == "--type") {
      auto v = next();
      if (!v) return needs_value();
      args.actions.push_back({false, 0, 0, 0, *v});
    } else if (flag == "--screenshot") {
      auto v = next();
      if (!v || v->empty()) return needs_value();
      args.screenshot = *v;
    } else if (flag == "--frames") {
      auto v = next();
      if (!v) return needs_value();
      auto n = parse_int(*v);
      if (!n || *n < 1 || *n > 100000) return Failure{"--frames: expected a count from 1 to 100000, got '" + *v + "'"};
      args.frames = *n;
    } else {
      return Failure{"unknown option '" + flag + "'"};
    }
  }
  if (lattice_path && args.preset) return Failure{"--lattice and --preset both pick a graph; give one of them"};
  if (lattice_path) {
    auto loaded = load_user_lattice(*lattice_path);
    if (!loaded) return Failure{loaded.error().message, false};
    args.lattice = std::move(loaded).value();
  }
  if (args.select) {
    if (auto failure = check_selection(*args.select, args)) return failure;
  }
  const Format format = args.format.value_or(AppState{}.format);
  if (args.code && *args.code >= code_count(format)) {
    std::ostringstream out;
    out << "--code: 0x" << std::hex << *args.code << " does not fit " << format_spec(format).name << " (" << std::dec
        << format_spec(format).total_bits() << " bits)";
    return Failure{out.str()};
  }
  if (args.code && args.value) return Failure{"--code and --value both pick a code; give one of them"};
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
  bool help = false;
  if (auto failure = parse_into(argv, args, help)) {
    parsed.exit_code = 2;
    parsed.output = "typelattice-app: " + failure->message + "\n";
    if (failure->show_usage) parsed.output += "\n" + usage_text();
    return parsed;
  }
  if (help) {
    parsed.output = usage_text();
    return parsed;
  }
  parsed.arguments = std::move(args);
  return parsed;
}

void apply_arguments(const Arguments& args, AppState& state) {
  if (args.select) {
    state.selection.clear();
    for (const std::string& name : *args.select)  // a repeated name selects once
      if (std::find(state.selection.begin(), state.selection.end(), name) == state.selection.end())
        state.selection.push_back(name);
  }
  if (args.system) state.options.system = *args.system;
  if (args.preset) state.preset = *args.preset;
  if (args.system && !args.preset) state.preset.clear();
  if (args.system || args.preset) state.show_user_lattice = false;
  if (args.lattice) show_user_lattice(state, *args.lattice);
  if (args.lattice && !args.select) state.selection.clear();  // names saved for another graph
  if (args.mode) state.options.mode = *args.mode;
  if (args.x64) state.options.x64 = *args.x64;
  if (args.view) state.view = *args.view;
  if (args.compare) state.compare = *args.compare;
  if (args.compare_none) state.compare.reset();
  if (args.format) state.format = *args.format;
  if (args.code) {
    if (!args.format) state.format = AppState{}.format;
    state.code = static_cast<std::uint32_t>(*args.code);  // parse_arguments checked that it fits the format
  }
  if (args.value) state.code = encode(state.format, *args.value, state.cast);
  state.code &= code_mask(state.format);
}

}  // namespace typelattice::gui
