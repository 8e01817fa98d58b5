// Bit packing of element codes, as a little-endian bit stream of element_bits-wide fields.
#include "typelattice/block_packing.h"

#include <algorithm>
#include <string>

namespace typelattice {
namespace {

std::size_t element_bits(BlockFormat f) { return static_cast<std::size_t>(block_format_spec(f).element_bits); }

}  // namespace

std::size_t packed_size(BlockFormat f, std::size_t count) {
  const std::size_t bits = count * element_bits(f);
  return bits / 8 + (bits % 8 != 0 ? 1 : 0);
}

Result<std::size_t> pack_codes(BlockFormat f, std::span<const std::uint8_t> codes, std::span<std::uint8_t> packed) {
  const std::size_t width = element_bits(f), size = packed_size(f, codes.size());
  if (packed.size() < size) {
    return bad_value_error(std::to_string(codes.size()) + " codes need " + std::to_string(size) + " packed bytes");
  }
  std::fill(packed.begin(), packed.begin() + static_cast<std::ptrdiff_t>(size), std::uint8_t{0});
  for (std::size_t i = 0; i < codes.size(); ++i) {
    if (codes[i] >> width != 0) {
      return bad_value_error("code " + std::to_string(codes[i]) + " (element " + std::to_string(i) + ") does not fit " +
                             std::to_string(width) + " bits");
    }
    // A field starts at bit offset 0, 2, 4 or 6 of its byte and spans at most two bytes.
    const std::size_t bit = i * width;
    const unsigned field = static_cast<unsigned>(codes[i]) << (bit % 8);
    packed[bit / 8] = static_cast<std::uint8_t>(packed[bit / 8] | (field & 0xffu));
    if (field > 0xffu) packed[bit / 8 + 1] = static_cast<std::uint8_t>(packed[bit / 8 + 1] | (field >> 8));
  }
  return size;
}

Result<bool> check_packed_length(BlockFormat f, std::size_t bytes, std::size_t count) {
  const std::size_t size = packed_size(f, count);
  if (bytes != size) {
    return bad_value_error(std::to_string(bytes) + " packed bytes of " + std::string(block_format_name(f)) +
                           " cannot hold " + std::to_string(count) + " codes: that takes " + std::to_string(size));
  }
  return true;
}

Result<std::vector<std::uint8_t>> unpack_codes(BlockFormat f, std::span<const std::uint8_t> packed, std::size_t count) {
  const std::size_t width = element_bits(f);
  if (const Result<bool> ok = check_packed_length(f, packed.size(), count); !ok) return ok.error();
  std::vector<std::uint8_t> codes(count);
  const unsigned mask = (1u << width) - 1u;
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t bit = i * width;
    unsigned window = packed[bit / 8];
    if (bit / 8 + 1 < packed.size()) window |= static_cast<unsigned>(packed[bit / 8 + 1]) << 8;
    codes[i] = static_cast<std::uint8_t>((window >> (bit % 8)) & mask);
  }
  const std::size_t used = count * width % 8;
  if (used != 0 && (packed.back() >> used) != 0) {
    return bad_value_error("the unused high bits of the last packed byte must be zero");
  }
  return codes;
}

}  // namespace typelattice
