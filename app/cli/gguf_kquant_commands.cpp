// dequantize --from gguf_q2_k … gguf_q6_k: the packed form's super-blocks to ggml's float32 values, or (--layout)
// each super-block's fields with its d, dmin and sub-block scales and mins decoded.
#include "app/cli/gguf_kquant_commands.h"

#include <iostream>
#include <string>
#include <vector>

#include "app/cli/block_io.h"
#include "app/cli/gguf_block_commands.h"
#include "app/cli/output.h"
#include "app/cli/spool.h"
#include "app/cli/system_options.h"
#include "typelattice/block_text.h"
#include "typelattice/display_text.h"

namespace typelattice::cli {
namespace {

std::string integers_text(std::span<const std::int16_t> values) {
  std::string out;
  for (const std::int16_t v : values) {
    if (!out.empty()) out += ' ';
    out += std::to_string(v);
  }
  return out;
}

// "block N: B bytes", then each field: "  d bytes 0-1: 00 3c (the super-block scale, float16) = 0x3c00 1"; the
// scales field also lists what its sub-blocks' scales (and mins) come to.
void append_kquant_layout(std::string& out, const GgufKQuantSpec& spec, std::size_t number,
                          std::span<const std::uint8_t> bytes, const GgufKQuantBlock& b) {
  out += "block " + std::to_string(number) + ": " + std::to_string(spec.block_bytes) + " bytes\n";
  const auto sub_blocks = static_cast<std::size_t>(spec.sub_blocks());
  for (const GgufBlockField& field : spec.fields) {
    append_field_bytes(out, field, bytes);
    if (field.name == "d") out += " = " + float16_text(b.d);
    if (field.name == "dmin") out += " = " + float16_text(b.dmin);
    if (field.name == "scales") {
      out += "\n    sub-block scales: " + integers_text(std::span(b.scales).first(sub_blocks));
      if (spec.has_min) out += "\n    sub-block mins: " + integers_text(std::span(b.mins).first(sub_blocks));
    }
    out += "\n";
  }
}

}  // namespace

int refuse_quantize_gguf_kquant(GgufKQuantType t) {
  const std::string name(gguf_kquant_spec(t).name);
  return usage_error(name + ": only dequantize is supported (ggml's K-quant quantizers search for their scales); " +
                     "dequantize --from " + name + " reads its blocks");
}

int run_dequantize_gguf_kquant(GgufKQuantType t, std::istream& in, bool layout) {
  const GgufKQuantSpec& spec = gguf_kquant_spec(t);
  const auto size = static_cast<std::size_t>(spec.block_bytes);
  Spool spooled;
  in >> std::ws;
  if (in.peek() == '{')
    return usage_error("dequantize --from " + std::string(spec.name) +
                       " reads the packed form: format NAME, count N, blocks HEX");
  if (const Result<bool> read = read_gguf_packed(spec.name, kGgufSuperBlockSize, size, in, spooled); !read)
    return usage_error(read.error().message);
  if (!spooled.rewind()) return 3;
  Output out;
  std::vector<std::uint8_t> bytes(size);
  std::vector<float> values(kGgufSuperBlockSize);
  for (std::size_t number = 1; spooled.read(bytes) == bytes.size(); ++number) {
    if (layout) {
      append_kquant_layout(out.text(), spec, number, bytes, *read_gguf_kquant_block(t, bytes));
    } else {
      (void)dequantize_gguf_kquant_blocks(t, bytes, values);  // one whole block
      append_value_lines(out.text(), values);
    }
    if (!out.spill()) return 3;
  }
  return out.flush() ? 0 : 3;
}

}  // namespace typelattice::cli
