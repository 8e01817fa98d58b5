// quantize, dequantize: block-scaled formats (core/include/typelattice/block_formats.h; docs/formats.md).
#include <CLI/CLI.hpp>
#include <iostream>
#include <iterator>
#include <memory>
#include <sstream>

#include "app/cli/block_io.h"
#include "app/cli/commands.h"
#include "typelattice/block_formats.h"
#include "typelattice/block_text.h"
#include "typelattice/cast_request.h"

namespace typelattice::cli {
namespace {

int usage_error(const std::string& message) {
  std::cerr << "typelattice: " << message << "\n";
  return 2;
}

std::string read_stdin() {
  std::ios::sync_with_stdio(false);
  return std::string(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
}

struct QuantizeArgs {
  std::string to, scale_mode, input, format = "text", never;
  bool packed = false, tensor_scale = false;
};

// Values are float32: a decimal is rounded to float32 once (as `cast --from float32`), a hex pattern has 8 digits.
int run_quantize(const QuantizeArgs& args, std::vector<std::string> words) {
  const Result<BlockFormat> f = parse_block_format(args.to);
  if (!f) return usage_error(f.error().message);
  std::optional<ScaleMode> mode;
  if (!args.scale_mode.empty()) {
    const Result<ScaleMode> parsed = parse_scale_mode(args.scale_mode);
    if (!parsed) return usage_error(parsed.error().message);
    mode = *parsed;
  }
  if (args.format != "text" && args.format != "json")
    return usage_error("--format takes text or json, not '" + args.format + "'");
  if (args.packed && args.format == "json") return usage_error("--packed prints its own form: drop --format json");
  CastRequest request;
  request.from = SourceType::float32;
  if (!args.input.empty()) {
    const Result<InputKind> kind = parse_input_kind(args.input);
    if (!kind) return usage_error(kind.error().message);
    request.input = *kind;
  }
  if (words.empty()) {
    std::istringstream in(read_stdin());
    for (std::string word; in >> word;) words.push_back(word);
  }
  if (words.empty()) return usage_error("no values to quantize: give them as arguments or on stdin");
  std::vector<float> values;
  values.reserve(words.size());
  for (std::size_t i = 0; i < words.size(); ++i) {
    const Result<double> value = read_cast_input(request, words[i]);
    if (!value) return usage_error("value " + std::to_string(i + 1) + ": " + value.error().message);
    values.push_back(static_cast<float>(*value));  // already a float32
  }
  const Result<BlockOptions> options = block_options(*f, mode, args.tensor_scale, values);
  if (!options) return usage_error(options.error().message);
  const Result<std::vector<QuantizedBlock>> blocks = quantize_detail(*f, *options, values);
  if (!blocks) return usage_error(blocks.error().message);
  if (args.packed) std::cout << blocks_packed(*f, *options, args.tensor_scale, *blocks);
  else if (args.format == "json") std::cout << blocks_json(*f, *options, args.tensor_scale, *blocks);
  else std::cout << blocks_text(*f, *options, args.tensor_scale, *blocks);
  return 0;
}

// One exact value per line: code × scale (× tensor scale).
int run_dequantize(const std::string& from) {
  const Result<BlockFormat> f = parse_block_format(from);
  if (!f) return usage_error(f.error().message);
  const Result<BlockCodes> codes = read_block_codes(*f, read_stdin());
  if (!codes) return usage_error(codes.error().message);
  std::vector<double> values(codes->codes.size());
  const Result<std::size_t> done = dequantize_blocks(*f, codes->scales, codes->codes, std::span<double>(values),
                                                     codes->tensor_scale);
  if (!done) return usage_error(done.error().message);
  std::string out;
  for (const double v : values) out += value_text(v) + "\n";
  std::cout << out;
  return 0;
}

}  // namespace

void add_block_commands(CLI::App& app, Runner& run) {
  auto args = std::make_shared<QuantizeArgs>();
  CLI::App* quantize = app.add_subcommand(
      "quantize", "Quantize float32 values to a block-scaled format: each block's scale, then each element's code");
  quantize->add_option("--to", args->to, "mxfp8_e4m3, mxfp8_e5m2, mxfp6_e3m2, mxfp6_e2m3, mxfp4_e2m1, mxint8 or nvfp4")
      ->required();
  quantize->add_option("--scale-mode", args->scale_mode,
                       "MX formats: floor (OCP, the default), ceil, even (torchao's) or rceil (the smallest 2^E >= "
                       "amax / max element); nvfp4: nearest only")
      ->type_name("M");
  quantize->add_option("--input", args->input, "decimal (default; rounded to float32 once) or hex: float32 bit patterns")
      ->type_name("KIND");
  quantize->add_option("--format", args->format, "text (default) or json")->type_name("F");
  quantize->add_flag("--packed", args->packed,
                     "print the scales and the packed codes in hex (FP4: two per byte, FP6: four per three bytes)");
  quantize->add_flag("--tensor-scale", args->tensor_scale,
                     "nvfp4: an FP32 per-tensor scale, amax / (448 · 6), under the block scales");
  // VALUE... are the leftovers in order (prefix_command), so -1.5 needs no "--" (see `cast`).
  quantize->prefix_command();
  quantize->validate_positionals();
  quantize->add_option("VALUE", args->never, "values, after the options; if none, whitespace-separated on stdin")
      ->check(CLI::Validator([](std::string&) { return std::string("read in order with the other values"); }, ""));
  quantize->callback([&run, quantize, args] {
    std::vector<std::string> values = quantize->remaining();
    if (!values.empty() && values.front() == "--") values.erase(values.begin());
    run = [args, values] { return run_quantize(*args, values); };
  });

  auto from = std::make_shared<std::string>();
  CLI::App* dequantize = app.add_subcommand(
      "dequantize", "Read quantize's JSON or packed output on stdin and print each value, code × scale, exactly");
  dequantize->add_option("--from", *from, "the block format of the input")->required();
  dequantize->callback([&run, from] { run = [from] { return run_dequantize(*from); }; });
}

}  // namespace typelattice::cli
