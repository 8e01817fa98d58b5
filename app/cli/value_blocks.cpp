#include "app/cli/value_blocks.h"

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

}  // namespace typelattice::cli
