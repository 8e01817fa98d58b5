#include "app/cli/value_blocks.h"

#include <bit>
#include <cctype>

#include "app/cli/block_io.h"
#include "app/cli/system_options.h"

namespace typelattice::cli {

int read_value_blocks(const ValueSource& next, std::size_t block_size, Output& out, std::vector<float>& block,
                      std::size_t& count, const std::function<bool(std::span<const float>)>& on_block) {
  std::string word;
  for (bool more = true;;) {
    const Result<float> value = next(word, more);
    if (!more) return 0;
    if (!value) {
      out.flush();
      return usage_error("value " + std::to_string(count + 1) + ": " + value.error().message);
    }
    block.push_back(*value);
    ++count;
    if (block.size() < block_size) continue;
    if (!on_block(block)) return 3;
    block.clear();
    if (!out.spill()) return 3;
  }
}

bool append_spool_hex(Output& out, Spool& spool) {
  if (!spool.rewind()) return false;
  std::vector<std::uint8_t> chunk(std::size_t{1} << 15);
  for (std::size_t n; (n = spool.read(chunk)) != 0;) {
    append_hex(out.text(), std::span(chunk).first(n));
    if (!out.spill()) return false;
  }
  return true;
}

std::array<std::uint8_t, 4> float32_bytes(float v) {
  const auto bits = std::bit_cast<std::uint32_t>(v);
  return {static_cast<std::uint8_t>(bits), static_cast<std::uint8_t>(bits >> 8), static_cast<std::uint8_t>(bits >> 16),
          static_cast<std::uint8_t>(bits >> 24)};
}

Result<std::vector<float>> float32s_of_bytes(std::span<const std::uint8_t> bytes, const std::string& key) {
  if (bytes.size() % 4 != 0) return bad_value_error(key + ": not a whole number of float32s");
  std::vector<float> out(bytes.size() / 4);
  for (std::size_t i = 0; i < out.size(); ++i) {
    std::uint32_t bits = 0;
    for (std::size_t k = 0; k < 4; ++k) bits |= static_cast<std::uint32_t>(bytes[4 * i + k]) << (8 * k);
    out[i] = std::bit_cast<float>(bits);
  }
  return out;
}

}  // namespace typelattice::cli
