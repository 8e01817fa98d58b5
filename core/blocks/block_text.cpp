#include "typelattice/block_text.h"
#include "typelattice/hex_text.h"

#include "core/base/joined_text.h"

#include <cmath>

#include "core/formats/geometry.h"
#include "typelattice/cast_request.h"
#include "typelattice/minifloat.h"

namespace typelattice {

std::string block_value_text(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  return exact_decimal(v);
}

// By hand from the exact decimal rather than with snprintf, which would pull printf into the wasm module.
std::string fixed_decimal(double v, int digits) {
  if (!std::isfinite(v)) return block_value_text(v);
  std::string exact = exact_decimal(std::fabs(v));
  std::size_t point = exact.find('.');
  if (point == std::string::npos) {
    point = exact.size();
    exact += '.';
  }
  const auto keep = point + 1 + static_cast<std::size_t>(digits);
  exact.resize(std::max(exact.size(), keep + 1), '0');
  const std::string rest = exact.substr(keep);
  std::string kept = exact.substr(0, keep);
  // Round half to even: above half, or exactly half with an odd last kept digit.
  const bool above_half = rest[0] > '5' || (rest[0] == '5' && rest.find_first_not_of('0', 1) != std::string::npos);
  const char last = kept.back() == '.' ? kept[kept.size() - 2] : kept.back();
  if (above_half || (rest[0] == '5' && !above_half && (last - '0') % 2 == 1)) {
    std::size_t i = kept.size();
    while (i > 0) {
      --i;
      if (kept[i] == '.') continue;
      if (kept[i] != '9') {
        ++kept[i];
        break;
      }
      kept[i] = '0';
      if (i == 0) kept.insert(kept.begin(), '1');
    }
  }
  if (kept.back() == '.') kept.pop_back();
  if (std::signbit(v)) kept.insert(kept.begin(), '-');
  return kept;
}

std::string block_scale_hex(BlockFormat f, std::uint32_t code) { return hex_code(block_format_spec(f).scale, code); }

std::string block_element_hex(BlockFormat f, std::uint32_t code) {
  return hex_text(code, (block_format_spec(f).element_bits + 3) / 4);
}

std::string block_line(BlockFormat f, std::size_t number, const QuantizedBlock& block) {
  const BlockError& e = block.error;
  return joined({"block ", std::to_string(number), ": scale ", block_scale_hex(f, block.scale_code), " ",
                 block_value_text(block.scale), "; mse ", block_value_text(e.mse), ", sqnr ", fixed_decimal(e.sqnr_db, 2),
                 " dB, max abs error ", block_value_text(e.max_abs_error), ", saturated ", std::to_string(e.saturated),
                 ", flushed ", std::to_string(e.flushed)});
}

std::string block_input_text(float v) {
  return std::isfinite(v) ? shortest_decimal(Format::float32, minifloat_detail::bit_cast<std::uint32_t>(v))
                          : block_value_text(static_cast<double>(v));
}

std::string element_line(BlockFormat f, const QuantizedElement& element) {
  std::string out = joined({"  ", block_input_text(element.input), " -> ", block_element_hex(f, element.code), " ",
                             block_value_text(element.value), " -> ", block_value_text(element.dequantized)});
  if (element.saturated) out += " saturated";
  if (element.flushed) out += " flushed";
  return out;
}

std::string blocks_text(BlockFormat f, const BlockOptions& options, bool tensor_scale,
                        std::span<const QuantizedBlock> blocks) {
  std::string out;
  if (tensor_scale) out += joined({"tensor scale ", block_value_text(static_cast<double>(options.tensor_scale)), "\n"});
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    out += joined({block_line(f, b + 1, blocks[b]), "\n"});
    for (const QuantizedElement& element : blocks[b].elements) out += element_line(f, element) + "\n";
  }
  return out;
}

}  // namespace typelattice
