// The value loop and the packed hex of the quantize commands that work one block at a time (GGUF, NVFP4 as ggml
// lays it out, bitsandbytes), which the MX and NVFP4 block writer does in batches instead.
#pragma once
#include <array>
#include <cstdint>
#include <functional>
#include <istream>
#include <span>
#include <string>
#include <vector>

#include "app/cli/output.h"
#include "app/cli/spool.h"
#include "typelattice/result.h"

namespace typelattice::cli {

// Where the values come from: the next value, or `more` false after the last (quantize's arguments or stdin).
using ValueSource = std::function<Result<float>(std::string&, bool&)>;

// Reads every value `next` gives and hands each whole block of `block_size` to `on_block`, then empties `block`;
// the values after the last whole block stay in `block`, and `count` is how many were read. Returns 0 when all
// were read, else the exit status: 2 after a usage error naming the malformed value, 3 when `on_block` or the
// output fails.
int read_value_blocks(const ValueSource& next, std::size_t block_size, Output& out, std::vector<float>& block,
                      std::size_t& count, const std::function<bool(std::span<const float>)>& on_block);

// Appends what `spool` holds as hex (block_io.h's append_hex), writing the output as it grows; false when the
// spool or the output fails.
bool append_spool_hex(Output& out, Spool& spool);

// float32 tensors in the packed forms, as their little-endian bytes (block_io.h's read_hex_field reads the
// fields); errors name the key and what is wrong.
std::array<std::uint8_t, 4> float32_bytes(float v);
Result<std::vector<float>> float32s_of_bytes(std::span<const std::uint8_t> bytes, const std::string& key);

}  // namespace typelattice::cli
