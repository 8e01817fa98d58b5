// Runs typelattice-app the way a user would and checks what they would see: the printed join, the exit code
// and usage text, and the screenshot itself (size, not blank, the highlighted nodes/cells/bits really drawn in
// their colours where the app says it drew them).
//
//   app_check screenshot --app APP --png OUT [--size WxH] [--join NAME] [--expect KIND:NAME=ROLE]... [--bits CODE/N]
//                        [--cli CLI --cli-args "cast --to FMT VALUE"] [--click-on KIND:NAME]... [--contains TEXT]...
//                        [--cli CLI --cli-check FILE] [--cli CLI --join-is-cli-check FILE] [--output-has TEXT]...
//                        [--cli CLI --join-is-cli-select "ARGS"] [--cli CLI --why-is-cli-explain "ARGS"]
//                        [--routes-clear] [--bent FROM->TO]...
//                        -- APP_ARGS...   (APP_ARGS may hold "--click @KIND:NAME": a click there, in order)
//   app_check error      --app APP --png OUT --cli CLI --cli-args "promote a b --mode strict" --contains TEXT
//                        -- APP_ARGS...
//   app_check usage      --app APP --exit N [--contains TEXT]... -- APP_ARGS...
//   app_check bad-input  --app APP [--cli CLI --cli-args "check FILE"] [--contains TEXT]... -- APP_ARGS...
//   app_check cast       --app APP --cli CLI [--png OUT] -- --format F [CAST FLAGS] (--value V | --click
//                        @field:cast-value --type V --press Return)
//                        (the app's "bits:" line, or its error, is what `CLI cast --to F [CAST FLAGS] -- V` prints)
//   app_check blocks     --app APP --cli CLI -- --format F [--scale-mode M] [--tensor-scale] --values V,V,...
//                        (the app's lines after its first are what `CLI quantize --to F ... -- V V ...` prints, or
//                        the app fails as the CLI does, with its message)
//   app_check compare    --app APP --cli CLI [--png OUT] -- --operands A,B,... (--view compare | --press 5) ...
//                        (the app's "compare:" lines, or its error, are what `CLI compare -- A B ...` prints)
//   app_check facts      --app APP --cli CLI -- --format F [CAST FLAGS, --srnumbits/--srbits/--seed too] --value V
//                        (the bits view's "bits:" line is `CLI cast`'s, its facts the lines `CLI layout` prints)
#include <stb_image.h>
#include <sys/wait.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

int failures = 0;

void fail(const std::string& what) {
  std::cerr << "FAIL: " << what << "\n";
  ++failures;
}

std::string quote(const std::string& arg) {
  std::string q = "'";
  for (char c : arg) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct Run {
  int exit_code = -1;
  std::string out, err;
};

Run run(const std::vector<std::string>& argv, const std::string& scratch) {
  std::string command;
  for (const std::string& a : argv) command += quote(a) + " ";
  command += "> " + quote(scratch + ".stdout") + " 2> " + quote(scratch + ".stderr");
  const int status = std::system(command.c_str());
  Run r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = read_text(scratch + ".stdout");
  r.err = read_text(scratch + ".stderr");
  std::cout << "$ " << command << "\n  exit " << r.exit_code << "\n" << r.out << r.err;
  return r;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

struct Colour {
  int r = 0, g = 0, b = 0;
};
int distance(Colour a, Colour b) { return std::max({std::abs(a.r - b.r), std::abs(a.g - b.g), std::abs(a.b - b.b)}); }

struct Region {
  std::string kind, name, role;
  int x0, y0, x1, y1;
  Colour fill;
};

std::vector<Region> parse_regions(const std::string& out) {
  std::vector<Region> regions;
  for (const std::string& line : lines_of(out)) {
    std::istringstream in(line);
    std::string word, hex;
    Region r;
    if (!(in >> word) || word != "region") continue;
    if (!(in >> r.kind >> r.name >> r.role >> r.x0 >> r.y0 >> r.x1 >> r.y1 >> hex) || hex.size() != 7) {
      fail("malformed region line: " + line);
      continue;
    }
    const unsigned long rgb = std::strtoul(hex.c_str() + 1, nullptr, 16);
    r.fill = {static_cast<int>(rgb >> 16 & 0xFF), static_cast<int>(rgb >> 8 & 0xFF), static_cast<int>(rgb & 0xFF)};
    regions.push_back(r);
  }
  return regions;
}

// "route FROM TO x y x y ..." lines: each edge's line as the app drew it, in screenshot pixels.
struct DrawnRoute {
  std::string from, to;
  std::vector<std::pair<double, double>> points;
};

std::vector<DrawnRoute> parse_routes(const std::string& out) {
  std::vector<DrawnRoute> routes;
  for (const std::string& line : lines_of(out)) {
    std::istringstream in(line);
    std::string word;
    DrawnRoute r;
    if (!(in >> word) || word != "route") continue;
    in >> r.from >> r.to;
    for (double x, y; in >> x >> y;) r.points.emplace_back(x, y);
    if (r.points.size() < 2) fail("malformed route line: " + line);
    else routes.push_back(r);
  }
  return routes;
}

// Every drawn edge stays out of the node boxes it does not join: each segment walked in half-pixel steps, the
// boxes taken 1 px inside their printed bounds (which are rounded). `bent`: edges that must not be straight.
void check_routes(const std::string& out, const std::vector<Region>& regions, const std::vector<std::string>& bent) {
  const std::vector<DrawnRoute> routes = parse_routes(out);
  if (routes.empty()) fail("the app reported no edges");
  for (const DrawnRoute& route : routes) {
    for (const Region& box : regions) {
      if (box.kind != "node" || box.name == route.from || box.name == route.to) continue;
      bool through = false;
      for (std::size_t s = 1; s < route.points.size() && !through; ++s) {
        const auto [x1, y1] = route.points[s - 1];
        const auto [x2, y2] = route.points[s];
        const int steps = static_cast<int>(std::hypot(x2 - x1, y2 - y1) * 2) + 1;
        for (int i = 0; i <= steps && !through; ++i) {
          const double t = static_cast<double>(i) / steps, x = x1 + (x2 - x1) * t, y = y1 + (y2 - y1) * t;
          through = x > box.x0 + 1 && x < box.x1 - 1 && y > box.y0 + 1 && y < box.y1 - 1;
        }
      }
      if (through) fail("the edge " + route.from + " -> " + route.to + " is drawn through " + box.name);
    }
  }
  for (const std::string& edge : bent) {
    const std::size_t arrow = edge.find("->");
    const auto it = std::find_if(routes.begin(), routes.end(), [&](const DrawnRoute& r) {
      return r.from == edge.substr(0, arrow) && r.to == edge.substr(arrow + 2);
    });
    if (it == routes.end()) fail("no edge " + edge + " drawn");
    else if (it->points.size() <= 2) fail("the edge " + edge + " is drawn straight");
  }
}

struct Image {
  int w = 0, h = 0;
  std::vector<unsigned char> rgb;
  Colour at(int x, int y) const {
    const std::size_t i = (static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x)) * 3;
    return {rgb[i], rgb[i + 1], rgb[i + 2]};
  }
};

bool load_png(const std::string& path, Image& image) {
  int channels = 0;
  unsigned char* data = stbi_load(path.c_str(), &image.w, &image.h, &channels, 3);
  if (!data) return false;
  image.rgb.assign(data, data + static_cast<std::size_t>(image.w) * static_cast<std::size_t>(image.h) * 3);
  stbi_image_free(data);
  return true;
}

// A screenshot of a real UI has many colours and no single colour covering nearly everything.
void check_not_blank(const Image& image) {
  std::map<int, long> histogram;
  for (int y = 0; y < image.h; ++y)
    for (int x = 0; x < image.w; ++x) {
      const Colour c = image.at(x, y);
      ++histogram[(c.r >> 3) << 10 | (c.g >> 3) << 5 | (c.b >> 3)];
    }
  long most = 0;
  for (const auto& [colour, count] : histogram) most = std::max(most, count);
  const double share = static_cast<double>(most) / (static_cast<double>(image.w) * image.h);
  if (histogram.size() < 40) fail("screenshot looks blank: only " + std::to_string(histogram.size()) + " colours");
  if (share > 0.95) fail("screenshot looks blank: one colour covers " + std::to_string(share * 100) + "%");
}

// Most of a highlighted box is its fill colour (the label covers the rest).
void check_region_drawn(const Image& image, const Region& r) {
  if (r.x0 < 0 || r.y0 < 0 || r.x1 > image.w || r.y1 > image.h || r.x1 <= r.x0 || r.y1 <= r.y0) {
    fail("region " + r.kind + " " + r.name + " is outside the screenshot");
    return;
  }
  long match = 0, total = 0;
  for (int y = r.y0 + 1; y < r.y1 - 1; ++y)
    for (int x = r.x0 + 1; x < r.x1 - 1; ++x, ++total) match += distance(image.at(x, y), r.fill) <= 24 ? 1 : 0;
  const double share = total ? static_cast<double>(match) / static_cast<double>(total) : 0.0;
  if (share < 0.4)
    fail("region " + r.kind + " " + r.name + " (" + r.role + "): only " + std::to_string(static_cast<int>(share * 100)) +
         "% of its pixels have its colour");
}

struct Options {
  std::string mode, app, png, cli, cli_args, size = "1280x800", join, bits, cli_check, join_is_cli_check;
  std::string join_is_cli_select;  // `typelattice select ARGS`: its first line is the app's
  std::string why_is_cli_explain;  // `typelattice promote --explain ARGS`: its sentence is the app's "why:" line
  int exit_code = 0;
  std::vector<std::string> expect, contains, click_on, output_has, app_args;
  bool routes_clear = false;        // no edge drawn through a node it does not join
  std::vector<std::string> bent;    // FROM->TO: edges drawn with a bend
};

bool parse(int argc, char** argv, Options& o) {
  if (argc < 2) return false;
  o.mode = argv[1];
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--") {
      o.app_args.assign(argv + i + 1, argv + argc);
      return true;
    }
    if (a == "--routes-clear") {
      o.routes_clear = true;
      continue;
    }
    if (i + 1 >= argc) return false;
    const std::string v = argv[++i];
    if (a == "--app") o.app = v;
    else if (a == "--png") o.png = v;
    else if (a == "--size") o.size = v;
    else if (a == "--join") o.join = v;
    else if (a == "--expect") o.expect.push_back(v);
    else if (a == "--click-on") o.click_on.push_back(v);
    else if (a == "--bits") o.bits = v;
    else if (a == "--cli") o.cli = v;
    else if (a == "--cli-args") o.cli_args = v;
    else if (a == "--contains") o.contains.push_back(v);
    else if (a == "--output-has") o.output_has.push_back(v);
    else if (a == "--cli-check") o.cli_check = v;
    else if (a == "--join-is-cli-check") o.join_is_cli_check = v;
    else if (a == "--join-is-cli-select") o.join_is_cli_select = v;
    else if (a == "--why-is-cli-explain") o.why_is_cli_explain = v;
    else if (a == "--exit") o.exit_code = std::atoi(v.c_str());
    else if (a == "--bent") o.bent.push_back(v);
    else return false;
  }
  return true;
}

// "X,Y", the middle of where a run of the app with `args` drew KIND:NAME; empty (and a failure) if nowhere.
std::string position_of(const Options& o, const std::vector<std::string>& args, const std::string& target) {
  std::vector<std::string> argv = {o.app, "--headless", "--print-positions", "--size", o.size};
  argv.insert(argv.end(), args.begin(), args.end());
  const Run r = run(argv, o.png + ".positions");
  for (const Region& region : parse_regions(r.out))
    if (region.kind + ":" + region.name == target)
      return std::to_string((region.x0 + region.x1) / 2) + "," + std::to_string((region.y0 + region.y1) / 2);
  fail("nothing drawn to click for " + target);
  return "";
}

// "--click @KIND:NAME" in the app's arguments clicks where the arguments before it drew KIND:NAME, so clicks,
// keys and typing keep their order; --click-on targets are clicked after all of them, in order.
std::vector<std::string> with_clicks(const Options& o) {
  std::vector<std::string> args;
  for (std::size_t i = 0; i < o.app_args.size(); ++i) {
    const std::string& a = o.app_args[i];
    if (a == "--click" && i + 1 < o.app_args.size() && o.app_args[i + 1].rfind('@', 0) == 0) {
      args.insert(args.end(), {"--click", position_of(o, args, o.app_args[++i].substr(1))});
      continue;
    }
    args.push_back(a);
  }
  for (const std::string& target : o.click_on) args.insert(args.end(), {"--click", position_of(o, args, target)});
  return args;
}

// What the CLI prints for `typelattice check FILE`.
Run cli_check(const Options& o, const std::string& file) { return run({o.cli, "check", file}, o.png + ".cli"); }

void screenshot(const Options& o) {
  std::vector<std::string> argv = {o.app, "--headless", "--print-positions", "--size", o.size, "--screenshot", o.png};
  const std::vector<std::string> app_args = with_clicks(o);
  argv.insert(argv.end(), app_args.begin(), app_args.end());
  const Run r = run(argv, o.png);
  if (r.exit_code != 0) fail("the app exited " + std::to_string(r.exit_code));
  const std::vector<std::string> out = lines_of(r.out);
  if (!o.join.empty() && (out.empty() || out[0] != "join: " + o.join))
    fail("expected the first line 'join: " + o.join + "', got '" + (out.empty() ? "" : out[0]) + "'");
  for (const std::string& c : o.contains)
    if (out.empty() || out[0].find(c) == std::string::npos) fail("the first line does not mention '" + c + "'");
  for (const std::string& c : o.output_has)
    if (std::none_of(out.begin(), out.end(), [&](const std::string& l) { return l.find(c) != std::string::npos; }))
      fail("no line of the output mentions '" + c + "'");
  // A user's lattice: the app's check line says what `typelattice check FILE` says (exit 0: a lattice).
  if (!o.cli_check.empty()) {
    const Run expected = cli_check(o, o.cli_check);
    const std::string want = expected.exit_code == 0 ? "check: is a lattice" : "check: " + first_line(expected.out);
    if (std::find(out.begin(), out.end(), want) == out.end()) fail("expected the line '" + want + "'");
  }
  // The selection is the file's counterexample: the app's no-join text is the CLI's check text.
  // The CLI's `select` prints the app's selection line first.
  if (!o.join_is_cli_select.empty()) {
    std::vector<std::string> cli = {o.cli, "select"};
    std::istringstream words(o.join_is_cli_select);
    for (std::string w; words >> w;) cli.push_back(w);
    const Run expected = run(cli, o.png + ".select");
    if (out.empty() || out[0] != first_line(expected.out))
      fail("the first line is not the CLI's select line '" + first_line(expected.out) + "'");
  }
  if (!o.why_is_cli_explain.empty()) {
    std::vector<std::string> cli = {o.cli, "promote", "--explain"};
    std::istringstream words(o.why_is_cli_explain);
    for (std::string w; words >> w;) cli.push_back(w);
    const std::vector<std::string> expected = lines_of(run(cli, o.png + ".explain").out);
    if (expected.size() < 2) fail("the CLI gave no reason");
    if (out.size() < 2 || out[1] != "why: " + expected[1])
      fail("the second line is not 'why: " + expected[1] + "', got '" + (out.size() < 2 ? "" : out[1]) + "'");
  }
  if (!o.join_is_cli_check.empty()) {
    const Run expected = cli_check(o, o.join_is_cli_check);
    if (expected.exit_code != 1 || out.empty() || out[0] != first_line(expected.out))
      fail("the first line is not the CLI's check text '" + expected.out + "'");
  }

  Image image;
  if (!load_png(o.png, image)) {
    fail("cannot read the screenshot " + o.png);
    return;
  }
  const std::string size = std::to_string(image.w) + "x" + std::to_string(image.h);
  if (size != o.size) fail("screenshot is " + size + ", expected " + o.size);
  check_not_blank(image);

  const std::vector<Region> regions = parse_regions(r.out);
  if (regions.empty()) fail("the app reported no drawn regions");
  if (o.routes_clear || !o.bent.empty()) check_routes(r.out, regions, o.bent);
  std::map<std::string, const Region*> by_key;
  for (const Region& region : regions) {
    by_key[region.kind + ":" + region.name] = &region;
    check_region_drawn(image, region);
  }
  for (const std::string& e : o.expect) {
    const std::size_t eq = e.find('=');
    const auto it = by_key.find(e.substr(0, eq));
    if (it == by_key.end())
      fail("no visible region " + e.substr(0, eq));
    else if (it->second->role != e.substr(eq + 1))
      fail(e.substr(0, eq) + " has role " + it->second->role + ", expected " + e.substr(eq + 1));
  }
  // What marks the selection and the join must not be the colour of anything ordinary.
  std::map<std::string, Colour> role_colour;
  for (const Region& region : regions) role_colour.emplace(region.role, region.fill);
  for (const std::string special : {"selected", "join", "pair"}) {
    if (!role_colour.count(special)) continue;
    for (const Region& region : regions)
      if (region.role != special && distance(region.fill, role_colour[special]) < 40)
        fail(region.kind + " " + region.name + " (" + region.role + ") looks like the " + special + " colour");
  }
  // The code the app shows for a cast value is the code the CLI's `cast` prints for it.
  if (!o.cli_args.empty()) {
    std::vector<std::string> cli = {o.cli};
    std::istringstream words(o.cli_args);
    for (std::string w; words >> w;) cli.push_back(w);
    const Run expected = run(cli, o.png + ".cli");
    const unsigned long want = std::strtoul(expected.out.c_str(), nullptr, 16);
    bool found = false;
    for (const Region& region : regions)
      if (region.kind == "code" && region.role == "selected") {
        found = true;
        if (std::strtoul(region.name.c_str(), nullptr, 16) != want || expected.exit_code != 0)
          fail("the app shows code " + region.name + ", the CLI printed '" + expected.out + "'");
      }
    if (!found) fail("no selected code drawn");
  }
  // Bits: each bit box shows whether that bit of the code is set.
  if (!o.bits.empty()) {
    const std::size_t slash = o.bits.find('/');
    const unsigned long code = std::strtoul(o.bits.c_str(), nullptr, 0);
    const int count = std::atoi(o.bits.c_str() + slash + 1);
    for (int bit = 0; bit < count; ++bit) {
      const auto it = by_key.find("bit:" + std::to_string(bit));
      const std::string want = (code >> bit & 1) ? "set" : "clear";
      if (it == by_key.end())
        fail("bit " + std::to_string(bit) + " not drawn");
      else if (it->second->role != want)
        fail("bit " + std::to_string(bit) + " is " + it->second->role + ", expected " + want);
    }
    if (by_key.count("bit:" + std::to_string(count))) fail("more than " + std::to_string(count) + " bits drawn");
    // A set bit must look set: no set bit may be drawn in the colour of a clear one.
    for (const Region& set : regions)
      for (const Region& clear : regions)
        if (set.kind == "bit" && clear.kind == "bit" && set.role == "set" && clear.role == "clear" &&
            distance(set.fill, clear.fill) < 40)
          fail("bit " + set.name + " (set) looks like bit " + clear.name + " (clear)");
  }
}

void error_like_cli(const Options& o) {
  std::vector<std::string> argv = {o.app, "--headless", "--screenshot", o.png};
  argv.insert(argv.end(), o.app_args.begin(), o.app_args.end());
  const Run app = run(argv, o.png);
  if (app.exit_code != 0) fail("the app exited " + std::to_string(app.exit_code) + " (the contract says 0)");
  const std::vector<std::string> out = lines_of(app.out);
  const std::string first = out.empty() ? "" : out[0];
  if (first.empty() || first.rfind("join:", 0) == 0) fail("expected an error text, got '" + first + "'");
  for (const std::string& c : o.contains)
    if (first.find(c) == std::string::npos) fail("the error text does not mention '" + c + "'");

  std::vector<std::string> cli = {o.cli};
  std::istringstream words(o.cli_args);
  for (std::string w; words >> w;) cli.push_back(w);
  const Run expected = run(cli, o.png + ".cli");
  if (expected.exit_code != 1) fail("the CLI exited " + std::to_string(expected.exit_code) + ", expected 1");
  if (expected.err.find(first) == std::string::npos) fail("the CLI's error text differs from the app's");
}

// A lattice file that does not load: exit 2, the reason on stderr (no usage: the flags were right), containing
// the CLI's own message for `check FILE` (the app may add why a file cannot be read).
void bad_input(const Options& o) {
  std::vector<std::string> argv = {o.app};
  argv.insert(argv.end(), o.app_args.begin(), o.app_args.end());
  const char* dir = std::getenv("TYPELATTICE_ARTIFACTS");
  const Run r = run(argv, std::string(dir ? dir : "/tmp") + "/bad_input");
  if (r.exit_code != 2) fail("exit code " + std::to_string(r.exit_code) + ", expected 2");
  const std::string prefix = "typelattice-app: ";
  if (r.err.rfind(prefix, 0) != 0) fail("stderr does not start with '" + prefix + "'");
  if (r.err.find("usage:") != std::string::npos) fail("usage text after a bad input file");
  if (!r.out.empty()) fail("something on stdout");
  for (const std::string& c : o.contains)
    if (r.err.find(c) == std::string::npos) fail("the message does not mention '" + c + "'");
  if (o.cli.empty()) return;
  std::vector<std::string> cli = {o.cli};
  std::istringstream words(o.cli_args);
  for (std::string w; words >> w;) cli.push_back(w);
  const Run expected = run(cli, std::string(dir ? dir : "/tmp") + "/bad_input.cli");
  const std::string cli_prefix = "typelattice: ";
  if (expected.exit_code != 2 || expected.err.rfind(cli_prefix, 0) != 0) fail("the CLI did not fail with exit 2");
  std::string message = expected.err.substr(std::min(cli_prefix.size(), expected.err.size()));
  while (!message.empty() && message.back() == '\n') message.pop_back();
  if (message.empty() || r.err.find(message) == std::string::npos)
    fail("the app's message does not contain the CLI's '" + message + "'");
}

// The bits view's cast against the CLI's: the app's arguments become `cast --to F FLAGS -- V` (the value after
// POSIX's "--", which the CLI must accept even for -1 or -inf); the value is --value's, or the text typed into the
// Bits panel's field. A value or option the CLI refuses (exit 2) must make the app exit 2 with the same message.
void cast_like_cli(const Options& o) {
  std::vector<std::string> cli = {o.cli, "cast"}, value;
  for (std::size_t i = 0; i < o.app_args.size(); ++i) {
    const std::string& a = o.app_args[i];
    const bool has_value = i + 1 < o.app_args.size();
    if (a == "--format" && has_value) cli.insert(cli.end(), {"--to", o.app_args[++i]});
    else if ((a == "--value" || a == "--type") && has_value) value = {o.app_args[++i]};
    else if ((a == "--round" || a == "--input" || a == "--from") && has_value) cli.insert(cli.end(), {a, o.app_args[++i]});
    else if (a == "--saturate" || a == "--no-saturate") cli.push_back(a);
    else if ((a == "--click" || a == "--press") && has_value) ++i;  // how the value was typed: not the CLI's concern
  }
  cli.push_back("--");
  cli.insert(cli.end(), value.begin(), value.end());
  const char* dir = std::getenv("TYPELATTICE_ARTIFACTS");
  const std::string scratch = o.png.empty() ? std::string(dir ? dir : "/tmp") + "/cast" : o.png;
  const Run expected = run(cli, scratch + ".cli");
  std::vector<std::string> argv = {o.app, "--headless"};
  if (!o.png.empty()) argv.insert(argv.end(), {"--screenshot", o.png});
  Options in_bits_view = o;  // clicks are placed where the bits view draws
  in_bits_view.app_args.insert(in_bits_view.app_args.begin(), {"--view", "bits"});
  const std::vector<std::string> app_args = with_clicks(in_bits_view);
  argv.insert(argv.end(), app_args.begin(), app_args.end());
  const Run app = run(argv, scratch);
  if (expected.exit_code == 0) {
    const std::vector<std::string> want = lines_of(expected.out);
    if (want.size() != 1) fail("the CLI printed " + std::to_string(want.size()) + " lines: '" + expected.out + "'");
    if (app.exit_code != 0) fail("the app exited " + std::to_string(app.exit_code) + ": " + app.err);
    const std::vector<std::string> out = lines_of(app.out);
    const std::string line = want.empty() ? "" : "bits: " + want[0];
    if (std::find(out.begin(), out.end(), line) == out.end())
      fail("expected the line '" + line + "' (the CLI's), the app printed '" + app.out + "'");
    return;
  }
  if (expected.exit_code != 2) fail("the CLI exited " + std::to_string(expected.exit_code) + ": " + expected.err);
  if (app.exit_code != 2) fail("the app exited " + std::to_string(app.exit_code) + ", the CLI 2");
  if (!app.out.empty()) fail("the app printed '" + app.out + "' on stdout after an error");
  const std::string cli_line = first_line(expected.err), app_line = first_line(app.err);
  const std::string cli_prefix = "typelattice: ", app_prefix = "typelattice-app: ";
  if (cli_line.rfind(cli_prefix, 0) != 0 || app_line != app_prefix + cli_line.substr(cli_prefix.size()))
    fail("the app's error '" + app_line + "' is not the CLI's '" + cli_line + "'");
}

// The blocks view's headless lines against `typelattice quantize --format text` on the same values and options.
void blocks_like_cli(const Options& o) {
  std::vector<std::string> cli = {o.cli, "quantize"}, values;
  for (std::size_t i = 0; i < o.app_args.size(); ++i) {
    const std::string& a = o.app_args[i];
    const bool has_value = i + 1 < o.app_args.size();
    if (a == "--format" && has_value) cli.insert(cli.end(), {"--to", o.app_args[++i]});
    else if (a == "--scale-mode" && has_value) cli.insert(cli.end(), {a, o.app_args[++i]});
    else if (a == "--tensor-scale") cli.push_back(a);
    else if ((a == "--values" && has_value) || a.rfind("--values=", 0) == 0) {
      std::string word;
      const std::string list = a == "--values" ? o.app_args[++i] : a.substr(9);
      for (std::istringstream in(list); std::getline(in, word, ',');) values.push_back(word);
    }
  }
  cli.push_back("--");
  cli.insert(cli.end(), values.begin(), values.end());
  const char* dir = std::getenv("TYPELATTICE_ARTIFACTS");
  const std::string scratch = std::string(dir ? dir : "/tmp") + "/blocks";
  const Run expected = run(cli, scratch + ".cli");
  std::vector<std::string> argv = {o.app, "--headless", "--view", "blocks"};
  argv.insert(argv.end(), o.app_args.begin(), o.app_args.end());
  const Run app = run(argv, scratch);
  if (expected.exit_code == 0) {
    if (app.exit_code != 0) fail("the app exited " + std::to_string(app.exit_code) + ": " + app.err);
    const std::size_t first = app.out.find('\n');
    const std::string lines = first == std::string::npos ? "" : app.out.substr(first + 1);
    if (expected.out.empty() || lines != expected.out)
      fail("the app printed '" + lines + "', the CLI '" + expected.out + "'");
    return;
  }
  if (expected.exit_code != 2) fail("the CLI exited " + std::to_string(expected.exit_code) + ": " + expected.err);
  if (app.exit_code != 2) fail("the app exited " + std::to_string(app.exit_code) + ", the CLI 2");
  const std::string cli_line = first_line(expected.err), app_line = first_line(app.err);
  const std::string message = cli_line.substr(std::min(cli_line.size(), std::string("typelattice: ").size()));
  if (message.empty() || app_line.find(": " + message) == std::string::npos)
    fail("the app's error '" + app_line + "' does not end in the CLI's '" + message + "'");
}

// The compare panel's rows, printed headless as "compare: LINE", are the lines `typelattice compare` prints for the
// same operands (or, for a bad operand, the app exits 2 with the CLI's message). The screenshot shows the panel.
void compare_like_cli(const Options& o) {
  std::vector<std::string> cli = {o.cli, "compare"};
  for (std::size_t i = 0; i + 1 < o.app_args.size(); ++i)  // the settings first: after "--" come the operands
    if (o.app_args[i] == "--mode" || o.app_args[i] == "--x64")
      cli.insert(cli.end(), {o.app_args[i], o.app_args[i + 1]});
  cli.push_back("--");
  for (std::size_t i = 0; i + 1 < o.app_args.size(); ++i)
    if (o.app_args[i] == "--operands") {
      std::stringstream operands(o.app_args[i + 1]);
      for (std::string op; std::getline(operands, op, ',');) cli.push_back(op);
    }
  const char* dir = std::getenv("TYPELATTICE_ARTIFACTS");
  const std::string scratch = o.png.empty() ? std::string(dir ? dir : "/tmp") + "/compare" : o.png;
  const Run expected = run(cli, scratch + ".cli");
  std::vector<std::string> argv = {o.app, "--headless"};
  if (!o.png.empty()) argv.insert(argv.end(), {"--screenshot", o.png});
  argv.insert(argv.end(), o.app_args.begin(), o.app_args.end());
  const Run app = run(argv, scratch);
  if (expected.exit_code == 0) {
    if (app.exit_code != 0) fail("the app exited " + std::to_string(app.exit_code) + ": " + app.err);
    std::vector<std::string> shown;
    for (const std::string& line : lines_of(app.out))
      if (line.rfind("compare: ", 0) == 0) shown.push_back(line.substr(9));
    if (shown != lines_of(expected.out))
      fail("the app printed '" + app.out + "', the CLI '" + expected.out + "'");
    Image image;
    if (!o.png.empty() && !load_png(o.png, image)) fail("no screenshot at " + o.png);
    if (!o.png.empty() && image.w > 0) check_not_blank(image);
    return;
  }
  if (expected.exit_code != 2) fail("the CLI exited " + std::to_string(expected.exit_code) + ": " + expected.err);
  if (app.exit_code != 2) fail("the app exited " + std::to_string(app.exit_code) + ", the CLI 2");
  const std::string cli_line = first_line(expected.err), app_line = first_line(app.err);
  if (app_line.find(cli_line.substr(cli_line.find(": ") + 2)) == std::string::npos)
    fail("the app's error '" + app_line + "' does not hold the CLI's '" + cli_line + "'");
}

// The bits view's cast and the core's facts about it against the CLI's, with every cast flag passed to both
// (stochastic rounding's --srnumbits, --srbits and --seed too): "bits: LINE" is `cast`'s line, and the facts
// ("shortest: 4.5", ...) are the lines `layout F FLAGS -- V` prints under the value, in order.
void facts_like_cli(const Options& o) {
  std::vector<std::string> flags, value;
  std::string format;
  for (std::size_t i = 0; i + 1 < o.app_args.size(); ++i) {
    const std::string& a = o.app_args[i];
    if (a == "--format") format = o.app_args[++i];
    else if (a == "--value") value = {o.app_args[++i]};
    else if (a.rfind("--", 0) == 0 && a != "--view") flags.insert(flags.end(), {a, o.app_args[++i]});
  }
  if (format.empty() || value.empty()) fail("facts needs --format F and --value V among the app's arguments");
  const char* dir = std::getenv("TYPELATTICE_ARTIFACTS");
  const std::string scratch = std::string(dir ? dir : "/tmp") + "/facts";
  std::vector<std::string> cast = {o.cli, "cast", "--to", format}, layout = {o.cli, "layout", format};
  for (std::vector<std::string>* cli : {&cast, &layout}) {
    cli->insert(cli->end(), flags.begin(), flags.end());
    cli->push_back("--");
    cli->insert(cli->end(), value.begin(), value.end());
  }
  const Run cast_run = run(cast, scratch + ".cast"), layout_run = run(layout, scratch + ".layout");
  if (cast_run.exit_code != 0 || layout_run.exit_code != 0) fail("the CLI refused: " + cast_run.err + layout_run.err);
  const std::set<std::string> names = {"shortest", "between", "tie", "p(away)", "expected"};
  std::vector<std::string> want = {"bits: " + first_line(cast_run.out)};
  for (const std::string& line : lines_of(layout_run.out)) {
    const std::size_t gap = line.find_first_of(" \t");
    if (gap == std::string::npos || !names.count(line.substr(0, gap))) continue;
    want.push_back(line.substr(0, gap) + ": " + line.substr(line.find_first_not_of(" \t", gap)));
  }
  if (want.size() < 2) fail("the CLI's layout printed no facts: '" + layout_run.out + "'");
  std::vector<std::string> argv = {o.app, "--headless"};
  argv.insert(argv.end(), o.app_args.begin(), o.app_args.end());
  const Run app = run(argv, scratch);
  if (app.exit_code != 0) fail("the app exited " + std::to_string(app.exit_code) + ": " + app.err);
  std::vector<std::string> shown;
  for (const std::string& line : lines_of(app.out)) {
    const std::size_t colon = line.find(": ");
    if (colon != std::string::npos && (line.rfind("bits: ", 0) == 0 || names.count(line.substr(0, colon))))
      shown.push_back(line);
  }
  if (shown != want) {
    std::string both = "the app printed:\n";
    for (const std::string& line : shown) both += "  " + line + "\n";
    both += "the CLI:\n";
    for (const std::string& line : want) both += "  " + line + "\n";
    fail(both);
  }
}

void usage(const Options& o) {
  std::vector<std::string> argv = {o.app};
  argv.insert(argv.end(), o.app_args.begin(), o.app_args.end());
  const char* dir = std::getenv("TYPELATTICE_ARTIFACTS");
  const Run r = run(argv, std::string(dir ? dir : "/tmp") + "/usage");
  if (r.exit_code != o.exit_code)
    fail("exit code " + std::to_string(r.exit_code) + ", expected " + std::to_string(o.exit_code));
  const std::string& text = o.exit_code == 0 ? r.out : r.err;
  if (text.find("usage: typelattice-app") == std::string::npos) fail("no usage text");
  for (const std::string& c : o.contains)
    if (text.find(c) == std::string::npos) fail("the message does not mention '" + c + "'");
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  if (!parse(argc, argv, o) || o.app.empty()) {
    std::cerr << "usage: app_check screenshot|error|usage|bad-input|cast|blocks|compare|facts --app APP [...] -- "
                 "APP_ARGS\n";
    return 2;
  }
  if (o.mode == "screenshot") screenshot(o);
  else if (o.mode == "error") error_like_cli(o);
  else if (o.mode == "usage") usage(o);
  else if (o.mode == "bad-input") bad_input(o);
  else if (o.mode == "cast") cast_like_cli(o);
  else if (o.mode == "blocks") blocks_like_cli(o);
  else if (o.mode == "compare") compare_like_cli(o);
  else if (o.mode == "facts") facts_like_cli(o);
  else return 2;
  if (failures) std::cerr << failures << " check(s) failed\n";
  return failures ? 1 : 0;
}
