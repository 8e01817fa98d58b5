// quantize --to / dequantize --from a GGUF block type (core/include/typelattice/gguf_blocks.h; docs/formats.md,
// "GGUF quantized blocks"). The text form shows each block's d (and m) and each element; the packed form is the
// blocks' bytes as ggml stores them; the layout form names each field of each block's bytes; JSON: gguf_block_json.h.
#include "app/cli/gguf_block_commands.h"

#include <cctype>
#include <cmath>
#include <cstring>
#include <iostream>

#include "app/cli/block_io.h"
#include "app/cli/gguf_block_json.h"
#include "app/cli/output.h"
#include "app/cli/spool.h"
#include "app/cli/system_options.h"
#include "app/cli/value_blocks.h"
#include "typelattice/block_text.h"
#include "typelattice/hex_text.h"
#include "typelattice/display_text.h"

namespace typelattice::cli {
namespace {

std::string hex16(std::uint16_t code) { return hex_text(code, 4); }

std::string code_hex(const GgufBlockSpec& spec, std::uint8_t code) {
  return hex_text(code, spec.element_bits > 4 ? 2 : 1);
}

// The scale as the block stores it: "d 0x2c00 0.0625", or MXFP4's "e 0x7f, d 0.5" (the E8M0 byte, then ggml's d).
std::string scale_text(const GgufBlockSpec& spec, std::uint16_t code) {
  if (spec.scale == GgufScale::float16) return "d " + float16_text(code);
  return "e " + hex_text(code, 2) + ", d " + block_value_text(static_cast<double>(gguf_scale_value(spec.id, code)));
}

// "block N: d 0x2c00 0.0625[, m …]; mse M, sqnr S dB, max abs error A", then "  input -> code integer -> value".
void append_block_text(std::string& out, const GgufBlockSpec& spec, std::size_t number,
                       std::span<const float, kGgufBlockSize> x, const GgufBlock& b) {
  double squares = 0, errors = 0, max_error = 0;
  std::string elements;
  for (int j = 0; j < kGgufBlockSize; ++j) {
    const float input = x[static_cast<std::size_t>(j)];
    const std::uint8_t code = b.q[static_cast<std::size_t>(j)];
    const float value = gguf_element_value(spec.id, b, j);
    const double error = static_cast<double>(value) - static_cast<double>(input);
    squares += static_cast<double>(input) * static_cast<double>(input);
    errors += error * error;
    max_error = std::isnan(error) || std::isnan(max_error) ? std::nan("") : std::max(max_error, std::fabs(error));
    elements += "  " + block_input_text(input) + " -> " + code_hex(spec, code) + " " +
                std::to_string(gguf_code_integer(spec.id, code)) + " -> " +
                block_value_text(static_cast<double>(value)) + "\n";
  }
  const double sqnr = errors == 0 ? INFINITY : 10 * std::log10(squares / errors);
  out += "block " + std::to_string(number) + ": " + scale_text(spec, b.d);
  if (spec.has_min) out += ", m " + float16_text(b.m);
  out += "; mse " + block_value_text(errors / kGgufBlockSize) + ", sqnr " + fixed_decimal(sqnr, 2) +
         " dB, max abs error " + block_value_text(max_error) + "\n" + elements;
}

// "block N: B bytes", then each field: "  d bytes 0-1: 00 2c (the scale, float16) = 0x2c00 0.0625".
void append_block_layout(std::string& out, const GgufBlockSpec& spec, std::size_t number,
                         std::span<const std::uint8_t> bytes, const GgufBlock& b) {
  out += "block " + std::to_string(number) + ": " + std::to_string(spec.block_bytes) + " bytes\n";
  for (const GgufBlockField& field : spec.fields) {
    append_field_bytes(out, field, bytes);
    if (field.name == "d") out += " = " + float16_text(b.d);
    if (field.name == "e") out += " = d " + block_value_text(static_cast<double>(gguf_scale_value(spec.id, b.d)));
    if (field.name == "m") out += " = " + float16_text(b.m);
    out += "\n";
  }
}

}  // namespace

std::string float16_text(std::uint16_t code) {
  return hex16(code) + " " + block_value_text(static_cast<double>(gguf_float16_value(code)));
}

void append_field_bytes(std::string& out, const GgufBlockField& field, std::span<const std::uint8_t> bytes) {
  out += "  " + std::string(field.name) + " bytes " + std::to_string(field.offset) + "-" +
         std::to_string(field.offset + field.bytes - 1) + ":";
  for (int i = 0; i < field.bytes; ++i) {
    std::string byte;
    append_hex(byte, bytes.subspan(static_cast<std::size_t>(field.offset + i), 1));
    out += " " + byte;
  }
  out += " (" + std::string(field.meaning) + ")";
}

int run_quantize_gguf(GgufBlockType t, GgufForm form, const std::function<Result<float>(std::string&, bool&)>& next) {
  const GgufBlockSpec& spec = gguf_block_spec(t);
  Output out;
  Spool spooled;
  std::vector<float> block;
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(spec.block_bytes));
  std::size_t count = 0, blocks = 0;
  const int read = read_value_blocks(next, kGgufBlockSize, out, block, count, [&](std::span<const float> values) {
    const std::span<const float, kGgufBlockSize> x(values.data(), kGgufBlockSize);
    const GgufBlock b = quantize_gguf_block(t, x);
    (void)write_gguf_block(t, b, bytes);  // quantize's codes fit their bits
    ++blocks;
    if (form == GgufForm::text) append_block_text(out.text(), spec, blocks, x, b);
    if (form == GgufForm::layout && blocks == 1 && !spec.note.empty()) out.text() += "note: " + std::string(spec.note) + "\n";
    if (form == GgufForm::layout) append_block_layout(out.text(), spec, blocks, bytes, b);
    if (form == GgufForm::json) {
      if (blocks == 1) out.text() += gguf_blocks_json_head(spec);
      append_gguf_block_json(out.text(), spec, b, blocks == 1);
    }
    if (form == GgufForm::packed && !spooled.write(bytes)) {
      std::cerr << "typelattice: cannot keep the blocks in a temporary file: " << std::strerror(errno) << "\n";
      return false;
    }
    return true;
  });
  if (read != 0) return read;
  if (count == 0) return usage_error("no values to quantize: give them as arguments or on stdin");
  if (!block.empty()) {
    out.flush();
    return usage_error(std::string(spec.name) + " quantizes whole blocks of 32 values: the last block has " +
                       std::to_string(block.size()));
  }
  if (form == GgufForm::json) out.text() += kBlocksJsonTail;
  if (form == GgufForm::packed) {
    out.text() += "format " + std::string(spec.name) + "\ncount " + std::to_string(count) + "\nblocks ";
    if (!append_spool_hex(out, spooled)) return 3;
    out.text() += "\n";
  }
  return out.flush() ? 0 : 3;
}

Result<bool> read_gguf_packed(std::string_view name, std::size_t block_elements, std::size_t block_bytes,
                              std::istream& in, Spool& spooled) {
  const Result<std::size_t> counted = read_packed_format_and_count(in, name);
  if (!counted) return bad_value_error(counted.error().message);
  const std::size_t count = *counted;
  if (count % block_elements != 0) {
    return bad_value_error("count " + std::to_string(count) + " is not a whole number of " + std::to_string(block_elements) +
                           "-value blocks");
  }
  std::string key;
  if (!(in >> key) || key != "blocks") return bad_value_error("expected 'blocks HEX' after the count");
  in >> std::ws;
  std::vector<std::uint8_t> chunk;
  std::size_t digits = 0;
  int high = -1;
  const auto write_failed = [] {
    return bad_value_error(std::string("cannot keep the blocks in a temporary file: ") + std::strerror(errno));
  };
  for (int c; (c = in.get()) != EOF && !std::isspace(c); ++digits) {
    const int nibble = std::isdigit(c) ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10 : (c >= 'A' && c <= 'F') ? c - 'A' + 10 : -1;
    if (nibble < 0) return bad_value_error("blocks: character " + std::to_string(digits + 1) + " is not a hex digit");
    if (high < 0) {
      high = nibble;
      continue;
    }
    chunk.push_back(static_cast<std::uint8_t>(high << 4 | nibble));
    high = -1;
    if (chunk.size() == (std::size_t{1} << 15)) {
      if (!spooled.write(chunk)) return write_failed();
      chunk.clear();
    }
  }
  if (!chunk.empty() && !spooled.write(chunk)) return write_failed();
  if (in >> key) return bad_value_error("unexpected '" + displayed(key) + "' after the blocks");
  const std::size_t want = count / block_elements * block_bytes;
  if (high >= 0 || spooled.size() != want)
    return bad_value_error("count " + std::to_string(count) + " takes " + std::to_string(want) + " bytes of " + std::string(name) +
                           " blocks, not " + std::to_string(digits) + " hex digits");
  return true;
}

// Either form (JSON if it starts with '{'), read in full (bytes kept in a spool) before any value is printed, so
// that an error anywhere comes first; then ggml's float32 values, one per line.
int run_dequantize_gguf(GgufBlockType t, std::istream& in) {
  const GgufBlockSpec& spec = gguf_block_spec(t);
  Spool spooled;
  in >> std::ws;
  if (in.peek() == '{') {
    const Result<std::size_t> blocks = read_gguf_block_json(t, in, spooled);
    if (!blocks) return usage_error(blocks.error().message);
  } else if (const Result<bool> read =
                 read_gguf_packed(spec.name, kGgufBlockSize, static_cast<std::size_t>(spec.block_bytes), in, spooled);
             !read) {
    return usage_error(read.error().message);
  }
  if (!spooled.rewind()) return 3;
  Output out;
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(spec.block_bytes));
  std::array<float, kGgufBlockSize> values{};
  while (spooled.read(bytes) == bytes.size()) {
    (void)dequantize_gguf_blocks(t, bytes, values);  // one whole block
    append_value_lines(out.text(), values);
    if (!out.spill()) return 3;
  }
  return out.flush() ? 0 : 3;
}

}  // namespace typelattice::cli
