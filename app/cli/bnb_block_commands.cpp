// quantize --to / dequantize --from nf4 and bnb_fp4 (core/include/typelattice/bnb_blocks.h; docs/formats.md,
// "bitsandbytes 4-bit blocks"). The text form shows each block's absmax and each element; the packed form is
// bitsandbytes' two tensors, absmax (float32, little-endian) and the packed codes; the layout form names each
// block's bytes in them; JSON: bnb_block_json.h.
#include "app/cli/bnb_block_commands.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <iostream>
#include <vector>

#include "app/cli/block_io.h"
#include "app/cli/bnb_block_json.h"
#include "app/cli/output.h"
#include "app/cli/spool.h"
#include "app/cli/system_options.h"
#include "app/cli/value_blocks.h"
#include "typelattice/block_text.h"
#include "typelattice/hex_text.h"
#include "typelattice/display_text.h"

namespace typelattice::cli {
namespace {

std::string absmax_text(float absmax) {
  return hex_text(std::bit_cast<std::uint32_t>(absmax), 8) + " " + block_value_text(static_cast<double>(absmax));
}

// "block N: absmax 0x3f800000 1; mse M, sqnr S dB, max abs error A", then "  input -> 0xd table value -> value".
void append_block_text(std::string& out, const BnbBlockSpec& spec, std::size_t number, std::span<const float> x,
                       const BnbBlock& b) {
  double squares = 0, errors = 0, max_error = 0;
  std::string elements;
  for (std::size_t j = 0; j < x.size(); ++j) {
    const float value = bnb_element_value(spec.id, b.absmax, b.q[j]);
    const double error = static_cast<double>(value) - static_cast<double>(x[j]);
    squares += static_cast<double>(x[j]) * static_cast<double>(x[j]);
    errors += error * error;
    max_error = std::isnan(error) || std::isnan(max_error) ? std::nan("") : std::max(max_error, std::fabs(error));
    elements += "  " + block_input_text(x[j]) + " -> " + hex_text(b.q[j] & 0xf) + " " +
                block_value_text(static_cast<double>(spec.values[b.q[j] & 0xf])) + " -> " +
                block_value_text(static_cast<double>(value)) + "\n";
  }
  const double sqnr = errors == 0 ? INFINITY : 10 * std::log10(squares / errors);
  out += "block " + std::to_string(number) + ": absmax " + absmax_text(b.absmax) + "; mse " +
         block_value_text(errors / static_cast<double>(x.size())) + ", sqnr " + fixed_decimal(sqnr, 2) +
         " dB, max abs error " + block_value_text(max_error) + "\n" + elements;
}

// "block N: 64 values", "  absmax[0] bytes 0-3: 00 00 80 3f (…) = 0x3f800000 1", "  codes bytes 0-31: … (…)".
void append_block_layout(std::string& out, std::size_t number, const BnbBlock& b, std::span<const std::uint8_t> codes) {
  const std::size_t first = (number - 1) * kBnbBlockSize / 2;
  std::string absmax_hex, codes_hex;
  append_hex(absmax_hex, float32_bytes(b.absmax));
  for (const std::uint8_t byte : codes) {
    codes_hex += " ";
    append_hex(codes_hex, std::span(&byte, 1));
  }
  out += "block " + std::to_string(number) + ": " + std::to_string(b.count) + " values\n  absmax[" +
         std::to_string(number - 1) + "] bytes " + std::to_string(4 * (number - 1)) + "-" +
         std::to_string(4 * number - 1) + ": " + absmax_hex.substr(0, 2) + " " + absmax_hex.substr(2, 2) + " " +
         absmax_hex.substr(4, 2) + " " + absmax_hex.substr(6, 2) +
         " (float32, little-endian, in the absmax tensor) = " + absmax_text(b.absmax) + "\n  codes bytes " +
         std::to_string(first) + "-" + std::to_string(first + codes.size() - 1) + ":" + codes_hex +
         " (byte i: element 2i's code in the high nibble, element 2i+1's in the low)\n";
}

}  // namespace

int run_quantize_bnb(BnbBlockType t, BnbForm form, const std::function<Result<float>(std::string&, bool&)>& next) {
  const BnbBlockSpec& spec = bnb_block_spec(t);
  Output out;
  Spool absmax_spool, codes_spool;
  std::vector<float> block;
  std::size_t count = 0, blocks = 0;
  const auto emit = [&]() {
    const BnbBlock b = quantize_bnb_block(t, block);
    std::vector<std::uint8_t> codes(bnb_packed_size(block.size()));
    pack_bnb_block(t, b, codes);
    ++blocks;
    if (form == BnbForm::text) append_block_text(out.text(), spec, blocks, block, b);
    if (form == BnbForm::layout) append_block_layout(out.text(), blocks, b, codes);
    if (form == BnbForm::json) {
      if (blocks == 1) out.text() += bnb_blocks_json_head(spec);
      append_bnb_block_json(out.text(), spec, b, blocks == 1);
    }
    if (form == BnbForm::packed && (!absmax_spool.write(float32_bytes(b.absmax)) || !codes_spool.write(codes))) {
      std::cerr << "typelattice: cannot keep the blocks in a temporary file: " << std::strerror(errno) << "\n";
      return false;
    }
    block.clear();
    return true;
  };
  if (const int read = read_value_blocks(next, kBnbBlockSize, out, block, count, [&](std::span<const float>) { return emit(); });
      read != 0) {
    return read;
  }
  if (count == 0) return usage_error("no values to quantize: give them as arguments or on stdin");
  if (!block.empty() && !emit()) return 3;
  if (form == BnbForm::json) out.text() += kBlocksJsonTail;
  if (form == BnbForm::packed) {
    out.text() += "format " + std::string(spec.name) + "\ncount " + std::to_string(count) + "\nabsmax ";
    for (Spool* spool : {&absmax_spool, &codes_spool}) {
      if (!append_spool_hex(out, *spool)) return 3;
      out.text() += spool == &absmax_spool ? "\ncodes " : "\n";
    }
  }
  return out.flush() ? 0 : 3;
}

namespace {

int print_values(BnbBlockType t, std::span<const std::uint8_t> packed, std::span<const float> absmax,
                 std::size_t count) {
  std::vector<float> values(count);
  const Result<std::size_t> done = dequantize_bnb_blocks(t, packed, absmax, values);
  if (!done) return usage_error(done.error().message);
  return print_value_lines(values);
}

}  // namespace

// Either form (JSON if it starts with '{'; else "format F", "count N", "absmax HEX", "codes HEX"), read in full
// before any value is printed, so that an error anywhere comes first; then the float32 values, one per line.
int run_dequantize_bnb(BnbBlockType t, std::istream& in) {
  const BnbBlockSpec& spec = bnb_block_spec(t);
  in >> std::ws;
  if (in.peek() == '{') {
    const Result<BnbTensors> read = read_bnb_block_json(t, in);
    if (!read) return usage_error(read.error().message);
    return print_values(t, read->packed, read->absmax, read->count);
  }
  const Result<std::size_t> count = read_packed_format_and_count(in, spec.name);
  if (!count) return usage_error(count.error().message);
  const Result<std::vector<std::uint8_t>> absmax_bytes = read_hex_field(in, "absmax");
  if (!absmax_bytes) return usage_error(absmax_bytes.error().message);
  const Result<std::vector<std::uint8_t>> codes = read_hex_field(in, "codes");
  if (!codes) return usage_error(codes.error().message);
  if (std::string key; in >> key) return usage_error("unexpected '" + displayed(key) + "' after the codes");
  const Result<std::vector<float>> absmax = float32s_of_bytes(*absmax_bytes, "absmax");
  if (!absmax) return usage_error(absmax.error().message);
  return print_values(t, *codes, *absmax, *count);
}

}  // namespace typelattice::cli
