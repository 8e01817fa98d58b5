// quantize --to / dequantize --from gguf_nvfp4: blocks of 64 values, four UE4M3 scales each (docs/formats.md,
// "GGUF quantized blocks"). The text form shows each sub-block's scale and each element; the packed form is the
// blocks' bytes as ggml stores them; the layout form names each field, after a note on how it differs from nvfp4.
#include "app/cli/gguf_nvfp4_commands.h"

#include <cerrno>
#include <cmath>
#include <cstring>
#include <iostream>
#include <vector>

#include "app/cli/block_io.h"
#include "app/cli/output.h"
#include "app/cli/spool.h"
#include "app/cli/system_options.h"
#include "app/cli/value_blocks.h"
#include "typelattice/block_text.h"
#include "typelattice/display_text.h"
#include "typelattice/gguf_nvfp4.h"
#include "typelattice/hex_text.h"

namespace typelattice::cli {
namespace {

// "block N: d 0x38 0.5, 0x40 1, …; mse …", then "  input -> code level -> value" per element.
void append_block_text(std::string& out, std::size_t number, std::span<const float> x, const GgufNvfp4Block& b) {
  double squares = 0, errors = 0, max_error = 0;
  std::string elements;
  for (int j = 0; j < kGgufNvfp4BlockSize; ++j) {
    const float input = x[static_cast<std::size_t>(j)];
    const std::uint8_t code = b.q[static_cast<std::size_t>(j)];
    const float value = gguf_nvfp4_element_value(b, j);
    const double error = static_cast<double>(value) - static_cast<double>(input);
    squares += static_cast<double>(input) * static_cast<double>(input);
    errors += error * error;
    max_error = std::isnan(error) || std::isnan(max_error) ? std::nan("") : std::max(max_error, std::fabs(error));
    elements += "  " + block_input_text(input) + " -> " + hex_text(code, 1) + " " +
                std::to_string(kMxfp4Values[code]) + " -> " + block_value_text(static_cast<double>(value)) + "\n";
  }
  const double sqnr = errors == 0 ? INFINITY : 10 * std::log10(squares / errors);
  out += "block " + std::to_string(number) + ": d";
  for (std::size_t s = 0; s < b.d.size(); ++s)
    out += std::string(s ? "," : "") + " " + hex_text(b.d[s], 2) + " " +
           block_value_text(static_cast<double>(gguf_ue4m3_value(b.d[s])));
  out += "; mse " + block_value_text(errors / kGgufNvfp4BlockSize) + ", sqnr " + fixed_decimal(sqnr, 2) +
         " dB, max abs error " + block_value_text(max_error) + "\n" + elements;
}

void append_block_layout(std::string& out, std::size_t number, std::span<const std::uint8_t> bytes,
                         const GgufNvfp4Block& b) {
  out += "block " + std::to_string(number) + ": " + std::to_string(kGgufNvfp4BlockBytes) + " bytes\n";
  for (const GgufBlockField& field : gguf_nvfp4_fields()) {
    append_field_bytes(out, field, bytes);
    if (field.name == "d") {
      out += " = d";
      for (std::size_t s = 0; s < b.d.size(); ++s)
        out += std::string(s ? "," : "") + " " + block_value_text(static_cast<double>(gguf_ue4m3_value(b.d[s])));
    }
    out += "\n";
  }
}

}  // namespace

int run_quantize_gguf_nvfp4(GgufForm form, const std::function<Result<float>(std::string&, bool&)>& next) {
  if (form == GgufForm::json) return usage_error("gguf_nvfp4 prints text, --packed or --layout; it has no JSON form");
  Output out;
  Spool spooled;
  std::vector<float> block;
  std::vector<std::uint8_t> bytes(kGgufNvfp4BlockBytes);
  std::size_t count = 0, blocks = 0;
  const int read = read_value_blocks(next, kGgufNvfp4BlockSize, out, block, count, [&](std::span<const float> values) {
    const GgufNvfp4Block b =
        quantize_gguf_nvfp4_block(std::span<const float, kGgufNvfp4BlockSize>(values.data(), kGgufNvfp4BlockSize));
    (void)write_gguf_nvfp4_block(b, bytes);  // quantize's codes fit their bits
    ++blocks;
    if (form == GgufForm::text) append_block_text(out.text(), blocks, block, b);
    if (form == GgufForm::layout && blocks == 1) out.text() += "note: " + std::string(gguf_nvfp4_note()) + "\n";
    if (form == GgufForm::layout) append_block_layout(out.text(), blocks, bytes, b);
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
    return usage_error("gguf_nvfp4 quantizes whole blocks of 64 values: the last block has " +
                       std::to_string(block.size()));
  }
  if (form == GgufForm::packed) {
    out.text() += "format gguf_nvfp4\ncount " + std::to_string(count) + "\nblocks ";
    if (!append_spool_hex(out, spooled)) return 3;
    out.text() += "\n";
  }
  return out.flush() ? 0 : 3;
}

// The packed form, read in full before any value is printed; then ggml's float32 values, one per line.
int run_dequantize_gguf_nvfp4(std::istream& in) {
  Spool spooled;
  if (const Result<bool> read = read_gguf_packed(kGgufNvfp4Name, kGgufNvfp4BlockSize, kGgufNvfp4BlockBytes, in, spooled);
      !read) {
    return usage_error(read.error().message);
  }
  if (!spooled.rewind()) return 3;
  Output out;
  std::vector<std::uint8_t> bytes(kGgufNvfp4BlockBytes);
  std::vector<float> values(kGgufNvfp4BlockSize);
  while (spooled.read(bytes) == bytes.size()) {
    (void)dequantize_gguf_nvfp4_blocks(bytes, values);  // one whole block
    append_value_lines(out.text(), values);
    if (!out.spill()) return 3;
  }
  return out.flush() ? 0 : 3;
}

}  // namespace typelattice::cli
