// quantize, dequantize: block-scaled formats (core/include/typelattice/block_formats.h; docs/formats.md).
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <iostream>
#include <optional>
#include <memory>

#include "app/cli/block_io.h"
#include "app/cli/bnb_block_commands.h"
#include "app/cli/commands.h"
#include "app/cli/ds_tile_commands.h"
#include "app/cli/gguf_block_commands.h"
#include "app/cli/gguf_nvfp4_commands.h"
#include "app/cli/gguf_kquant_commands.h"
#include "app/cli/int_group_commands.h"
#include "app/cli/output.h"
#include "app/cli/spool.h"
#include "app/cli/system_options.h"
#include "typelattice/block_formats.h"
#include "typelattice/block_packing.h"
#include "typelattice/block_text.h"
#include "typelattice/bnb_blocks.h"
#include "typelattice/cast_request.h"
#include "typelattice/closest_names.h"
#include "typelattice/deepseek_tiles.h"
#include "typelattice/display_text.h"
#include "typelattice/gguf_blocks.h"
#include "typelattice/gguf_kquants.h"
#include "typelattice/gguf_nvfp4.h"
#include "typelattice/int_group_packing.h"
#include "typelattice/int_groups.h"
#include "typelattice/tapered_formats.h"

namespace typelattice::cli {
namespace {

int write_error() {
  std::cerr << "typelattice: cannot keep the blocks in a temporary file: " << std::strerror(errno) << "\n";
  return 3;
}

struct QuantizeArgs {
  std::string to, scale_mode, input, format = "text", shape, packing, never;
  bool packed = false, tensor_scale = false, layout = false;
};

// A name that is no block format, GGUF or bitsandbytes block type, DeepSeek tile type or integer group. When its
// closest name is a block format, the core's message, which the JS module and the app give too (the conformance
// corpus asks all three); when it is one of the others, which only the CLI takes, the closest names of all.
std::string unknown_format_message(std::string_view name) {
  // An element format (float8_e4m3fn, posit8, hif8) has no blocks: each value is rounded alone, which cast does.
  if (const Result<std::optional<TaperedFormat>> element = classify_format_name(name); element) {
    const std::string shown = *element ? std::string(tapered_format_name(**element)) : format_name(*parse_format(name));
    return shown + " is an element format, not a block format: `typelattice cast --to " + shown +
           " VALUE...` rounds values to it and `typelattice decode --from " + shown + " CODE...` reads its codes";
  }
  std::vector<std::string_view> names;
  for (const BlockFormatSpec& spec : block_formats()) names.push_back(spec.name);
  const std::size_t block_format_count = names.size();
  for (const GgufBlockSpec& spec : gguf_block_types()) names.push_back(spec.name);
  names.push_back(kGgufNvfp4Name);
  for (const GgufKQuantSpec& spec : gguf_kquant_types()) names.push_back(spec.name);
  for (const BnbBlockSpec& spec : bnb_block_types()) names.push_back(spec.name);
  for (const DsTileSpec& spec : ds_tile_types()) names.push_back(spec.name);
  std::vector<std::string> int_group_names;
  for (const IntGroupSpec& spec : int_group_specs()) int_group_names.push_back(spec.name());
  names.insert(names.end(), int_group_names.begin(), int_group_names.end());
  const Result<BlockFormat> block = parse_block_format(name);
  if (name.size() > kMaxNameLength) return block.error().message;  // the core's message for an overlong name
  const std::vector<std::string> closest = closest_names(name, names);
  const auto is_block_format = [&](const std::string& n) {
    return std::find(names.begin(), names.begin() + static_cast<std::ptrdiff_t>(block_format_count), n) !=
           names.begin() + static_cast<std::ptrdiff_t>(block_format_count);
  };
  if (!block && (closest.empty() || is_block_format(closest.front()))) return block.error().message;
  std::string message = "unknown block format '" + displayed(name) + "'";
  for (std::size_t i = 0; i < closest.size(); ++i)
    message += (i == 0 ? "; did you mean " : i + 1 == closest.size() ? " or " : ", ") + closest[i];
  return closest.empty() ? message : message + "?";
}

// A block format or type that is not an integer group: --packing is refused for it (an unknown name gets its
// suggestions instead).
bool names_other_family(std::string_view name) {
  return parse_gguf_kquant_type(name) || parse_gguf_block_type(name) || names_gguf_nvfp4(name) ||
         parse_bnb_block_type(name) || parse_ds_tile_type(name) || parse_block_format(name);
}
constexpr const char* kPackingIsForIntGroups =
    "--packing is for the integer groups (intN_gG, intN_gG_asym, intN_gG_awq, intN_gG_mlx)";

// Values in batches of whole blocks (a multiple of every block size): quantizing streams, one batch in memory.
constexpr std::size_t kBatchValues = 8192;

// Writes the blocks of one batch after another in the form asked for; the packed form keeps its scales and codes
// in spools until the end, since its count comes first.
class BlockWriter {
 public:
  BlockWriter(BlockFormat f, const BlockOptions& options, const QuantizeArgs& args)
      : f_(f), options_(options), args_(args) {}
  // False when the output cannot be written (main() reports it) or a spool failed (spool_failed()).
  bool add(std::span<const float> values) {
    if (args_.packed) return add_packed(values);
    const Result<std::vector<QuantizedBlock>> detail = quantize_detail(f_, options_, values);
    std::string& text = out_.text();
    const bool json = args_.format == "json";
    if (count_ == 0) {
      if (json) text += blocks_json_head(f_, options_, args_.tensor_scale);
      else if (args_.tensor_scale)
        text += "tensor scale " + block_value_text(static_cast<double>(options_.tensor_scale)) + "\n";
    }
    for (const QuantizedBlock& block : *detail) {
      if (json) {
        append_block_json(text, block, blocks_ == 0);
      } else {
        text += block_line(f_, blocks_ + 1, block) + "\n";
        for (const QuantizedElement& element : block.elements) text += element_line(f_, element) + "\n";
      }
      ++blocks_;
    }
    count_ += values.size();
    return out_.spill();
  }
  bool finish() {
    if (!args_.packed) {
      if (args_.format == "json") out_.text() += kBlocksJsonTail;
      return out_.flush();
    }
    std::string& text = out_.text();
    text += packed_head(f_, options_, args_.tensor_scale, count_) + "scales ";
    if (!copy_hex(scales_)) return false;
    text += "\ncodes ";
    if (!copy_hex(codes_)) return false;
    text += "\n";
    return out_.flush();
  }
  bool flush() { return out_.flush(); }
  bool spool_failed() const { return spool_failed_; }

 private:
  bool add_packed(std::span<const float> values) {
    scales_buffer_.resize(block_count(f_, values.size()));
    codes_buffer_.resize(values.size());
    quantize_blocks(f_, options_, values, scales_buffer_, codes_buffer_);
    packed_buffer_.resize(packed_size(f_, values.size()));
    pack_codes(f_, codes_buffer_, packed_buffer_);  // whole blocks fill whole bytes: batches pack independently
    count_ += values.size();
    spool_failed_ = !scales_.write(scales_buffer_) || !codes_.write(packed_buffer_);
    return !spool_failed_;
  }
  bool copy_hex(Spool& spool) {
    if (!spool.rewind()) return !(spool_failed_ = true);
    std::vector<std::uint8_t> chunk(std::size_t{1} << 15);
    for (std::size_t n; (n = spool.read(chunk)) != 0;) {
      append_hex(out_.text(), std::span(chunk).first(n));
      if (!out_.spill()) return false;
    }
    return true;
  }

  BlockFormat f_;
  BlockOptions options_;
  const QuantizeArgs& args_;
  Output out_;
  std::size_t count_ = 0, blocks_ = 0;
  Spool scales_, codes_;
  std::vector<std::uint8_t> scales_buffer_, codes_buffer_, packed_buffer_;
  bool spool_failed_ = false;
};

// The values: the arguments, or whitespace-separated words on stdin read one at a time.
class ValueWords {
 public:
  explicit ValueWords(const std::vector<std::string>& given) : given_(given) {
    if (given_.empty()) std::ios::sync_with_stdio(false);
  }
  bool next(std::string& word) {
    if (given_.empty()) return static_cast<bool>(std::cin >> word);
    if (next_ == given_.size()) return false;
    word = given_[next_++];
    return true;
  }

 private:
  const std::vector<std::string>& given_;
  std::size_t next_ = 0;
};

// Values are float32: a decimal is rounded to float32 once (as `cast --from float32`), a hex pattern has 8 digits.
// They stream: each batch is quantized and written before the next is read. NVFP4's tensor scale depends on every
// value, so with --tensor-scale the values are read first into a spool (4 bytes each) and quantized from there.
// How quantize reads its values (float32, --input's kind), the same for every block family.
Result<CastRequest> float32_request(const QuantizeArgs& args) {
  CastRequest request;
  request.from = SourceType::float32;
  if (!args.input.empty()) {
    const Result<InputKind> kind = parse_input_kind(args.input);
    if (!kind) return kind.error();
    request.input = *kind;
  }
  return request;
}

// The GGUF types, nf4, bnb_fp4 and the integer groups share their options: one rule for the scale, text or json,
// one of the forms packed | layout | json | text (GgufForm, BnbForm, IntGroupForm), and the values read as float32
// (--input) one word at a time.
template <typename Form, typename Quantize>
int run_quantize_table_type(std::string_view type_name, const QuantizeArgs& args, const std::vector<std::string>& given,
                            const Quantize& quantize) {
  const std::string name(type_name);
  if (!args.scale_mode.empty() || args.tensor_scale)
    return usage_error(name + " has one rule for its scale: --scale-mode and --tensor-scale are for MX and NVFP4");
  if (args.format != "text" && args.format != "json")
    return usage_error("--format takes text or json, not '" + displayed(args.format) + "'");
  if (args.packed + args.layout + (args.format == "json") > 1)
    return usage_error("--packed, --layout and --format json are three forms: give one");
  const Result<CastRequest> read_as = float32_request(args);
  if (!read_as) return usage_error(read_as.error().message);
  const CastRequest& request = *read_as;
  ValueWords words(given);
  const auto next = [&](std::string& word, bool& more) -> Result<float> {
    more = words.next(word);
    if (!more) return 0.0f;
    const Result<double> value = read_cast_input(request, word);
    if (!value) return value.error();
    return static_cast<float>(*value);  // already a float32
  };
  const Form form = args.packed                ? Form::packed
                    : args.layout              ? Form::layout
                    : args.format == "json"    ? Form::json
                                               : Form::text;
  return quantize(form, next);
}

int run_quantize_gguf_type(GgufBlockType t, const QuantizeArgs& args, const std::vector<std::string>& given) {
  return run_quantize_table_type<GgufForm>(
      gguf_block_spec(t).name, args, given,
      [t](GgufForm form, const auto& next) { return run_quantize_gguf(t, form, next); });
}

// nf4 and bnb_fp4: their packed form is bitsandbytes' two tensors.
int run_quantize_bnb_type(BnbBlockType t, const QuantizeArgs& args, const std::vector<std::string>& given) {
  return run_quantize_table_type<BnbForm>(
      bnb_block_spec(t).name, args, given,
      [t](BnbForm form, const auto& next) { return run_quantize_bnb(t, form, next); });
}

// ds_fp8_1x128 … ds_fp8_128x128_ue8m0: the values are a matrix of --shape (a 1×128 type: one row without it).
int run_quantize_ds_type(DsTileType t, const QuantizeArgs& args, const std::vector<std::string>& given) {
  std::optional<DsTileShape> shape;
  if (!args.shape.empty()) {
    const Result<DsTileShape> parsed = parse_ds_shape(args.shape);
    if (!parsed) return usage_error("--shape: " + parsed.error().message);
    shape = *parsed;
  }
  return run_quantize_table_type<DsForm>(
      ds_tile_spec(t).name, args, given,
      [t, shape](DsForm form, const auto& next) { return run_quantize_ds(t, shape, form, next); });
}

int run_quantize(const QuantizeArgs& args, const std::vector<std::string>& given) {
  if (!args.packing.empty() && names_other_family(args.to)) return usage_error(kPackingIsForIntGroups);
  if (const Result<DsTileType> t = parse_ds_tile_type(args.to); t) return run_quantize_ds_type(*t, args, given);
  if (!args.shape.empty())
    return usage_error("--shape is for the DeepSeek tile types ds_fp8_1x128 … ds_fp8_128x128_ue8m0");
  if (const Result<GgufBlockType> t = parse_gguf_block_type(args.to); t) return run_quantize_gguf_type(*t, args, given);
  if (const Result<GgufKQuantType> t = parse_gguf_kquant_type(args.to); t) return refuse_quantize_gguf_kquant(*t);
  if (names_gguf_nvfp4(args.to)) {
    return run_quantize_table_type<GgufForm>(kGgufNvfp4Name, args, given, [](GgufForm form, const auto& next) {
      return run_quantize_gguf_nvfp4(form, next);
    });
  }
  if (const Result<BnbBlockType> t = parse_bnb_block_type(args.to); t) return run_quantize_bnb_type(*t, args, given);
  if (const std::optional<IntGroupSpec> spec = parse_int_group(args.to); spec) {
    IntPacking packing = IntPacking::gptq;
    if (!args.packing.empty()) {
      const Result<IntPacking> parsed = parse_int_packing(args.packing);
      if (!parsed) return usage_error(parsed.error().message);
      if (!args.packed && !args.layout)
        return usage_error("--packing lays out the --packed and --layout forms: give one");
      if (const std::optional<std::string> refused = int_packing_refusal(*parsed, spec->bits, spec->name())) return usage_error(*refused);
      packing = *parsed;
    }
    return run_quantize_table_type<IntGroupForm>(spec->name(), args, given, [&](IntGroupForm form, const auto& next) {
      return run_quantize_int_group(*spec, form, packing, next);
    });
  }
  const Result<BlockFormat> f = parse_block_format(args.to);
  if (!f) return usage_error(unknown_format_message(args.to));
  if (args.layout)
    return usage_error("--layout is for the GGUF and bitsandbytes block types, the DeepSeek tile types and the integer groups");
  std::optional<ScaleMode> mode;
  if (!args.scale_mode.empty()) {
    const Result<ScaleMode> parsed = parse_scale_mode(args.scale_mode);
    if (!parsed) return usage_error(parsed.error().message);
    mode = *parsed;
  }
  if (args.format != "text" && args.format != "json")
    return usage_error("--format takes text or json, not '" + displayed(args.format) + "'");
  if (args.packed && args.format == "json") return usage_error("--packed prints its own form: drop --format json");
  const Result<CastRequest> read_as = float32_request(args);
  if (!read_as) return usage_error(read_as.error().message);
  const CastRequest& request = *read_as;
  // The options are checked before any input is read; the tensor scale is filled in once all of it is.
  Result<BlockOptions> checked = block_options(*f, mode, args.tensor_scale, {});
  if (!checked) return usage_error(checked.error().message);
  BlockOptions options = *checked;
  std::optional<BlockWriter> writer;
  if (!args.tensor_scale) writer.emplace(*f, options, args);
  Spool spooled_values;
  float tensor_scale = 0.0f;
  // nvfp4_tensor_scale grows with amax, and the amax of all values is the largest batch's: its largest batch
  // value is the tensor's.
  const auto take = [&](std::span<const float> batch) {
    if (writer) return writer->add(batch);
    tensor_scale = std::max(tensor_scale, nvfp4_tensor_scale(batch));
    return spooled_values.write({reinterpret_cast<const std::uint8_t*>(batch.data()), batch.size_bytes()});
  };
  const auto stopped = [&]() { return writer && !writer->spool_failed() ? 3 : write_error(); };
  ValueWords words(given);
  std::vector<float> values;
  values.reserve(kBatchValues);
  std::size_t count = 0;
  for (std::string word; words.next(word);) {
    const Result<double> value = read_cast_input(request, word);
    if (!value) {
      if (writer) writer->flush();
      return usage_error("value " + std::to_string(count + 1) + ": " + value.error().message);
    }
    values.push_back(static_cast<float>(*value));  // already a float32
    ++count;
    if (values.size() == kBatchValues) {
      if (!take(values)) return stopped();
      values.clear();
    }
  }
  if (count == 0) return usage_error("no values to quantize: give them as arguments or on stdin");
  if (!values.empty() && !take(values)) return stopped();
  if (!writer) {
    options.tensor_scale = tensor_scale;
    writer.emplace(*f, options, args);
    if (!spooled_values.rewind()) return write_error();
    values.resize(kBatchValues);
    const std::span<std::uint8_t> bytes(reinterpret_cast<std::uint8_t*>(values.data()), kBatchValues * sizeof(float));
    for (std::size_t n; (n = spooled_values.read(bytes)) != 0;) {
      if (!writer->add(std::span<const float>(values.data(), n / sizeof(float)))) return stopped();
    }
  }
  return writer->finish() ? 0 : stopped();
}

// One exact value per line: code × scale (× tensor scale); a NaN scale gives its block NaN values (the MX rule).
// The input is read into spools first, so that an error anywhere in it comes before any value.
int run_dequantize(const std::string& from, bool layout, const std::string& packing) {
  std::ios::sync_with_stdio(false);
  if (!packing.empty() && names_other_family(from)) return usage_error(kPackingIsForIntGroups);
  if (const Result<GgufKQuantType> t = parse_gguf_kquant_type(from); t)
    return run_dequantize_gguf_kquant(*t, std::cin, layout);
  if (layout) return usage_error("dequantize --layout is for the GGUF K-quant types; quantize --layout shows the others");
  if (const Result<GgufBlockType> t = parse_gguf_block_type(from); t) return run_dequantize_gguf(*t, std::cin);
  if (names_gguf_nvfp4(from)) return run_dequantize_gguf_nvfp4(std::cin);
  if (const Result<BnbBlockType> t = parse_bnb_block_type(from); t) return run_dequantize_bnb(*t, std::cin);
  if (const Result<DsTileType> t = parse_ds_tile_type(from); t) return run_dequantize_ds(*t, std::cin);
  if (const std::optional<IntGroupSpec> spec = parse_int_group(from); spec) {
    std::optional<IntPacking> given;
    if (!packing.empty()) {
      const Result<IntPacking> parsed = parse_int_packing(packing);
      if (!parsed) return usage_error(parsed.error().message);
      given = *parsed;
    }
    return run_dequantize_int_group(*spec, given, std::cin);
  }
  const Result<BlockFormat> f = parse_block_format(from);
  if (!f) return usage_error(unknown_format_message(from));
  BlockCodeStream stream;
  if (const Result<bool> read = read_block_codes(*f, std::cin, stream); !read) return usage_error(read.error().message);
  BlockCodeBatches batches(*f, stream);
  std::vector<std::uint8_t> scales, codes;
  std::vector<double> values;
  Output out;
  while (batches.next(scales, codes)) {
    values.resize(codes.size());
    const Result<std::size_t> done = dequantize_blocks(*f, scales, codes, std::span<double>(values), stream.tensor_scale);
    if (!done) return usage_error(done.error().message);
    for (const double v : values) {
      out.text() += value_text(v);
      out.text() += '\n';
    }
    if (!out.spill()) return 3;
  }
  return out.flush() ? 0 : 3;
}

}  // namespace

void add_block_commands(CLI::App& app, Runner& run) {
  auto args = std::make_shared<QuantizeArgs>();
  CLI::App* quantize = app.add_subcommand(
      "quantize", "Quantize float32 values to a block-scaled format: each block's scale, then each element's code");
  quantize->add_option("--to", args->to,
                       "mxfp8_e4m3, mxfp8_e5m2, mxfp6_e3m2, mxfp6_e2m3, mxfp4_e2m1, mxint8, nvfp4; ggml's gguf_q4_0, "
                       "gguf_q4_1, gguf_q5_0, gguf_q5_1, gguf_q8_0 or iq4_nl; bitsandbytes' nf4 or bnb_fp4; DeepSeek's "
                       "FP8 tiles ds_fp8_1x128, ds_fp8_1x128_ue8m0, ds_fp8_128x128, ds_fp8_128x128_ue8m0; GPTQ's "
                       "integer groups intN_gG[_asym], AWQ's intN_gG_awq and MLX's intN_gG_mlx, N 2-8, G 32, 64 "
                       "or 128 (ggml's K-quants gguf_q2_k ... gguf_q6_k: dequantize only)")
      ->required();
  quantize->add_option("--scale-mode", args->scale_mode,
                       "MX formats: floor (OCP, the default), ceil, even (torchao's) or rceil (the smallest 2^E >= "
                       "amax / max element); nvfp4: nearest only")
      ->type_name("M");
  quantize->add_option("--input", args->input, "decimal (default; rounded to float32 once) or hex: float32 bit patterns")
      ->type_name("KIND");
  quantize->add_option("--format", args->format, "text (default) or json")->type_name("F");
  quantize->add_option("--shape", args->shape,
                       "DeepSeek tiles: the values are a ROWS×COLS matrix, row-major (ds_fp8_1x128 without it: one row)")
      ->type_name("R,C");
  quantize->add_flag("--packed", args->packed,
                     "print the scales and the packed codes in hex (FP4: two per byte, FP6: four per three bytes)");
  quantize->add_flag("--layout", args->layout,
                     "GGUF and bitsandbytes block types, DeepSeek tile types, integer groups: each block's bytes, "
                     "field by field");
  quantize->add_option("--packing", args->packing,
                       "integer groups, --packed and --layout: gptq (the default), gptq_v1 (zero points stored as "
                       "z - 1) or awq (4 bits: AutoAWQ's nibble order)")
      ->type_name("P");
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
  auto layout = std::make_shared<bool>(false);
  CLI::App* dequantize = app.add_subcommand(
      "dequantize", "Read quantize's JSON or packed output on stdin and print each value, code × scale, exactly");
  dequantize->add_option("--from", *from, "the block format of the input (also ggml's K-quants gguf_q2_k ... gguf_q6_k, "
                                         "packed: format NAME, count N, blocks HEX)")->required();
  dequantize->add_flag("--layout", *layout, "GGUF K-quant types: each block's bytes, field by field, instead of values");
  auto packing = std::make_shared<std::string>();
  dequantize->add_option("--packing", *packing,
                         "integer groups: the packing of a packed input without a 'packing' line (default gptq)")
      ->type_name("P");
  dequantize->callback([&run, from, layout, packing] {
    run = [from, layout, packing] { return run_dequantize(*from, *layout, *packing); };
  });
}

}  // namespace typelattice::cli
