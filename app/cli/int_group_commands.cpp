// quantize --to / dequantize --from intN_gG and intN_gG_asym (core/include/typelattice/int_groups.h,
// int_group_packing.h; docs/formats.md, "Integer groups (GPTQ)"). The text form shows each group's scale and zero
// point and each element; the packed form is the float16 scales, the zero points and the codes packed into
// little-endian uint32 words (GPTQ's order unless --packing names another); the layout form names each group's
// fields in them; JSON: int_group_json.h.
#include "app/cli/int_group_commands.h"

#include <cmath>
#include <cstring>
#include <iostream>
#include <vector>

#include "app/cli/block_io.h"
#include "app/cli/int_group_json.h"
#include "app/cli/output.h"
#include "app/cli/spool.h"
#include "app/cli/system_options.h"
#include "app/cli/value_blocks.h"
#include "typelattice/block_text.h"
#include "typelattice/display_text.h"
#include "typelattice/hex_text.h"
#include "typelattice/int_group_packing.h"
#include "typelattice/minifloat.h"

namespace typelattice::cli {
namespace {

std::string scale_text(std::uint16_t code) {
  return hex_text(code, 4) + " " + block_value_text(decode_to_float64(Format::float16, code));
}

std::vector<std::uint8_t> word_bytes(std::span<const std::uint32_t> words) {
  std::vector<std::uint8_t> out;
  for (const std::uint32_t w : words)
    for (int k = 0; k < 4; ++k) out.push_back(static_cast<std::uint8_t>(w >> (8 * k)));
  return out;
}

std::vector<std::uint8_t> packed_code_bytes(IntPacking p, int bits, std::span<const std::uint8_t> codes) {
  std::vector<std::uint32_t> words(int_code_words(bits, codes.size()));
  pack_int_codes(p, bits, codes, words);
  return word_bytes(words);
}

// Where a packing puts code j in its words, as --layout says it.
std::string code_order_text(IntPacking p, int bits) {
  if (int_packing_spec(p).awq_order) return "nibble i of each word holds code 0 2 4 6 1 3 5 7 [i] of its eight";
  const std::string n = std::to_string(bits);
  return "code j in bits " + n + "j to " + n + "j+" + std::to_string(bits - 1) +
         " of the group's words, low bits first";
}

// "block N: scale 0x2e66 0.1, zero 8; mse M, sqnr S dB, max abs error A", then "  input -> 0xc 4 -> value".
void append_group_text(std::string& out, const IntGroupSpec& spec, std::size_t number, std::span<const float> x,
                       const IntGroupScale& g, std::span<const std::uint8_t> codes) {
  double squares = 0, errors = 0, max_error = 0;
  std::string elements;
  for (std::size_t j = 0; j < x.size(); ++j) {
    const float value = int_group_value(g, codes[j]);
    const double error = static_cast<double>(value) - static_cast<double>(x[j]);
    squares += static_cast<double>(x[j]) * static_cast<double>(x[j]);
    errors += error * error;
    max_error = std::isnan(error) || std::isnan(max_error) ? std::nan("") : std::max(max_error, std::fabs(error));
    elements += "  " + block_input_text(x[j]) + " -> " + hex_text(codes[j], spec.bits > 4 ? 2 : 1) + " " +
                std::to_string(codes[j] - g.zero) + " -> " + block_value_text(static_cast<double>(value)) + "\n";
  }
  const double sqnr = errors == 0 ? INFINITY : 10 * std::log10(squares / errors);
  out += "block " + std::to_string(number) + ": scale " + scale_text(g.scale) +
         (g.bias ? ", bias " + scale_text(*g.bias) : ", zero " + std::to_string(g.zero)) + "; mse " +
         block_value_text(errors / static_cast<double>(x.size())) + ", sqnr " + fixed_decimal(sqnr, 2) +
         " dB, max abs error " + block_value_text(max_error) + "\n" + elements;
}

std::string byte_list(std::span<const std::uint8_t> bytes) {
  std::string out;
  for (const std::uint8_t b : bytes) {
    out += " ";
    append_hex(out, std::span(&b, 1));
  }
  return out;
}

// "block N: K values", then the group's scale in the scales tensor, its zero point's bits in the zeros tensor
// (asymmetric names) or its bias in the biases tensor (MLX) and its code bytes in the codes tensor.
void append_group_layout(std::string& out, const IntGroupSpec& spec, IntPacking p, std::size_t number,
                         const IntGroupScale& g, std::span<const std::uint8_t> codes) {
  const std::size_t index = number - 1, bits = static_cast<std::size_t>(spec.bits);
  const std::uint8_t scale_bytes[] = {static_cast<std::uint8_t>(g.scale), static_cast<std::uint8_t>(g.scale >> 8)};
  out += "block " + std::to_string(number) + ": " + std::to_string(codes.size()) + " values\n  scales[" +
         std::to_string(index) + "] bytes " + std::to_string(2 * index) + "-" + std::to_string(2 * index + 1) + ":" +
         byte_list(scale_bytes) + " (float16, little-endian, in the scales tensor) = " + scale_text(g.scale) + "\n";
  if (g.bias) {
    const std::uint8_t bias_bytes[] = {static_cast<std::uint8_t>(*g.bias), static_cast<std::uint8_t>(*g.bias >> 8)};
    out += "  biases[" + std::to_string(index) + "] bytes " + std::to_string(2 * index) + "-" +
           std::to_string(2 * index + 1) + ":" + byte_list(bias_bytes) +
           " (float16, little-endian, in the biases tensor) = " + scale_text(*g.bias) + "\n";
  }
  if (spec.asymmetric) {
    const std::size_t first = int_code_first_bit(p, spec.bits, index), last = first + bits - 1;
    const std::uint8_t stored = stored_zero(p, spec.bits, g.zero);
    out += "  zeros[" + std::to_string(index) + "] bits " + std::to_string(first) + "-" + std::to_string(last) +
           " (in bytes " + std::to_string(first / 8) + "-" + std::to_string(last / 8) + " of the zeros tensor, " +
           std::to_string(spec.bits) + " bits per zero point) = " + std::to_string(stored);
    if (zero_of_stored(p, stored) != g.zero)
      out += " (z − 1: z = " + std::to_string(g.zero) + " reads back as " +
             std::to_string(zero_of_stored(p, stored)) + ")";
    else if (int_packing_spec(p).zero_offset != 0)
      out += " (z − 1: z = " + std::to_string(g.zero) + ")";
    out += "\n";
  }
  // A whole group's codes fill whole words (G × N is a multiple of 32): each group starts a word.
  const std::size_t start = index * static_cast<std::size_t>(spec.group) * bits / 8;
  const std::vector<std::uint8_t> bytes = packed_code_bytes(p, spec.bits, codes);
  out += "  codes bytes " + std::to_string(start) + "-" + std::to_string(start + bytes.size() - 1) + ":" +
         byte_list(bytes) + " (uint32 words, little-endian: " + code_order_text(p, spec.bits) + ")\n";
}

int spool_failed() {
  std::cerr << "typelattice: cannot keep the blocks in a temporary file: " << std::strerror(errno) << "\n";
  return 3;
}

}  // namespace

int run_quantize_int_group(const IntGroupSpec& spec, IntGroupForm form, IntPacking packing,
                           const std::function<Result<float>(std::string&, bool&)>& next) {
  Output out;
  Spool scale_spool, bias_spool, code_spool;
  std::vector<std::uint8_t> zeros;  // one per group, packed at the end (a zero point may straddle two words)
  std::vector<float> block;
  std::vector<std::uint8_t> codes;
  std::size_t count = 0, groups = 0;
  bool spooled = true;
  const auto emit = [&]() {
    codes.resize(block.size());
    const IntGroupScale g = quantize_int_group(spec, block, codes);
    ++groups;
    if (form == IntGroupForm::text) append_group_text(out.text(), spec, groups, block, g, codes);
    if (form == IntGroupForm::layout) append_group_layout(out.text(), spec, packing, groups, g, codes);
    if (form == IntGroupForm::json) {
      if (groups == 1) out.text() += int_groups_json_head(spec);
      append_int_group_json(out.text(), spec, g, codes, groups == 1);
    }
    if (form == IntGroupForm::packed) {
      const std::uint8_t scale_bytes[] = {static_cast<std::uint8_t>(g.scale), static_cast<std::uint8_t>(g.scale >> 8)};
      zeros.push_back(stored_zero(packing, spec.bits, g.zero));
      const std::uint16_t bias = g.bias.value_or(0);
      const std::uint8_t bias_bytes[] = {static_cast<std::uint8_t>(bias), static_cast<std::uint8_t>(bias >> 8)};
      spooled = scale_spool.write(scale_bytes) && (!spec.has_bias() || bias_spool.write(bias_bytes)) &&
                code_spool.write(packed_code_bytes(packing, spec.bits, codes));
    }
    block.clear();
    return spooled;
  };
  const int read = read_value_blocks(next, static_cast<std::size_t>(spec.group), out, block, count,
                                     [&](std::span<const float>) { return emit(); });
  if (read != 0) return spooled ? read : spool_failed();
  if (count == 0) return usage_error("no values to quantize: give them as arguments or on stdin");
  if (!block.empty() && !emit()) return spool_failed();
  if (form == IntGroupForm::json) out.text() += kBlocksJsonTail;
  if (form == IntGroupForm::packed) {
    out.text() += "format " + spec.name() + "\ncount " + std::to_string(count) + "\n";
    if (packing != IntPacking::gptq) out.text() += "packing " + std::string(int_packing_spec(packing).name) + "\n";
    out.text() += "scales ";
    if (!append_spool_hex(out, scale_spool)) return 3;
    if (spec.has_bias()) {
      out.text() += "\nbiases ";
      if (!append_spool_hex(out, bias_spool)) return 3;
    }
    if (spec.asymmetric) {
      out.text() += "\nzeros ";
      append_hex(out.text(), packed_code_bytes(packing, spec.bits, zeros));
    }
    out.text() += "\ncodes ";
    if (!append_spool_hex(out, code_spool)) return 3;
    out.text() += "\n";
  }
  return out.flush() ? 0 : 3;
}

namespace {

int print_values(std::span<const IntGroupScale> groups, std::span<const std::uint8_t> codes, std::size_t group_size) {
  Output out;
  for (std::size_t j = 0; j < codes.size(); ++j) {
    out.text() += value_text(static_cast<double>(int_group_value(groups[j / group_size], codes[j]))) + "\n";
    if (!out.spill()) return 3;
  }
  return out.flush() ? 0 : 3;
}

// `bytes` as little-endian uint32 words; nullopt when they are not a whole number of words.
std::optional<std::vector<std::uint32_t>> words_of(std::span<const std::uint8_t> bytes) {
  if (bytes.size() % 4 != 0) return std::nullopt;
  std::vector<std::uint32_t> words(bytes.size() / 4);
  for (std::size_t i = 0; i < bytes.size(); ++i) words[i / 4] |= static_cast<std::uint32_t>(bytes[i]) << (8 * (i % 4));
  return words;
}

}  // namespace

// Either form (JSON if it starts with '{'; else "format F", "count N", ["packing P",] "scales HEX", ["biases HEX",]
// ["zeros HEX",] "codes HEX"), read in full before any value is printed, so that an error anywhere comes first; then
// float16(scale) × (q − z) in float32, one per line.
int run_dequantize_int_group(const IntGroupSpec& spec, std::optional<IntPacking> given, std::istream& in) {
  const auto group = static_cast<std::size_t>(spec.group);
  in >> std::ws;
  if (in.peek() == '{') {
    const Result<IntGroupCodes> read = read_int_group_json(spec, in);
    if (!read) return usage_error(read.error().message);
    return print_values(read->groups, read->codes, group);
  }
  const Result<std::size_t> count = read_packed_format_and_count(in, spec.name());
  if (!count) return usage_error(count.error().message);
  IntPacking packing = given.value_or(IntPacking::gptq);
  if (in >> std::ws; in.peek() == 'p') {
    std::string key, name;
    in >> key >> name;
    const Result<IntPacking> named = parse_int_packing(name);
    if (key != "packing") return usage_error("expected 'scales HEX'");
    if (!named) return usage_error(named.error().message);
    if (given && *named != *given)
      return usage_error("the input is packed as " + std::string(int_packing_spec(*named).name) + ", not " +
                         std::string(int_packing_spec(*given).name));
    packing = *named;
  }
  if (const std::optional<std::string> refused = int_packing_refusal(packing, spec.bits, spec.name())) return usage_error(*refused);
  const Result<std::vector<std::uint8_t>> scales = read_hex_field(in, "scales");
  if (!scales) return usage_error(scales.error().message);
  Result<std::vector<std::uint8_t>> biases = std::vector<std::uint8_t>{};
  if (spec.has_bias()) biases = read_hex_field(in, "biases");
  if (!biases) return usage_error(biases.error().message);
  Result<std::vector<std::uint8_t>> zeros = std::vector<std::uint8_t>{};
  if (spec.asymmetric) zeros = read_hex_field(in, "zeros");
  if (!zeros) return usage_error(zeros.error().message);
  const Result<std::vector<std::uint8_t>> codes = read_hex_field(in, "codes");
  if (!codes) return usage_error(codes.error().message);
  if (std::string key; in >> key) return usage_error("unexpected '" + displayed(key) + "' after the codes");
  if (*count == 0) return usage_error("count 0: no values to dequantize");
  const std::size_t groups = (*count + group - 1) / group;
  const std::string counted = "count " + std::to_string(*count) + " is " + std::to_string(groups) + " groups of " +
                              std::to_string(group) + ": ";
  if (scales->size() != 2 * groups)
    return usage_error(counted + "scales takes " + std::to_string(2 * groups) + " bytes, not " +
                       std::to_string(scales->size()));
  if (spec.has_bias() && biases->size() != 2 * groups)
    return usage_error(counted + "biases takes " + std::to_string(2 * groups) + " bytes, not " +
                       std::to_string(biases->size()));
  const std::size_t zero_bytes = spec.asymmetric ? 4 * int_code_words(spec.bits, groups) : 0;
  if (zeros->size() != zero_bytes)
    return usage_error(counted + "zeros takes " + std::to_string(zero_bytes) + " bytes, not " +
                       std::to_string(zeros->size()));
  // Each group's codes start a word, so a short last group still ends on a whole word.
  const std::size_t code_bytes = 4 * ((groups - 1) * group * static_cast<std::size_t>(spec.bits) / 32 +
                                      int_code_words(spec.bits, *count - (groups - 1) * group));
  if (codes->size() != code_bytes)
    return usage_error("count " + std::to_string(*count) + " takes " + std::to_string(code_bytes) +
                       " bytes of codes, not " + std::to_string(codes->size()));
  std::vector<IntGroupScale> scale_of(groups);
  std::vector<std::uint8_t> zero_codes(groups);
  if (spec.asymmetric) unpack_int_codes(packing, spec.bits, *words_of(*zeros), zero_codes);
  for (std::size_t i = 0; i < groups; ++i) {
    scale_of[i].scale = static_cast<std::uint16_t>((*scales)[2 * i] | (*scales)[2 * i + 1] << 8);
    scale_of[i].zero = spec.asymmetric ? zero_of_stored(packing, zero_codes[i]) : spec.fixed_zero();
    if (spec.has_bias()) scale_of[i].bias = static_cast<std::uint16_t>((*biases)[2 * i] | (*biases)[2 * i + 1] << 8);
  }
  std::vector<std::uint8_t> values(*count);
  unpack_int_codes(packing, spec.bits, *words_of(*codes), values);
  return print_values(scale_of, values, group);
}

}  // namespace typelattice::cli
