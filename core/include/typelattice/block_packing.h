// Packed element codes of block formats: two E2M1 codes per byte (the first in the low nibble, as PyTorch's
// float4_e2m1fn_x2), four FP6 codes per three bytes (a little-endian bit stream: code i in bits 6i..6i+5 of the
// 24-bit group), one byte per 8-bit code. A last, partial byte or group has its unused high bits zero.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "typelattice/block_formats.h"
#include "typelattice/result.h"

namespace typelattice {

// The bytes `count` packed codes take: ceil(count / 2), ceil(3 · count / 4) or count.
std::size_t packed_size(BlockFormat f, std::size_t count);
// Codes (one per byte, each below 2^element_bits) -> packed bytes; `packed` must hold packed_size(count) bytes.
// Errors: a code wider than the element, a short output.
Result<std::size_t> pack_codes(BlockFormat f, std::span<const std::uint8_t> codes, std::span<std::uint8_t> packed);
// Whether `bytes` packed bytes are what `count` codes take; the error unpack_codes gives when not.
Result<bool> check_packed_length(BlockFormat f, std::size_t bytes, std::size_t count);
// Packed bytes -> `count` codes. Errors: a length that is not packed_size(count), unused bits that are not zero.
Result<std::vector<std::uint8_t>> unpack_codes(BlockFormat f, std::span<const std::uint8_t> packed, std::size_t count);

}  // namespace typelattice
