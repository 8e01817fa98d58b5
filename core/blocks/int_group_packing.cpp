// Integer group codes packed into uint32 words (typelattice/int_group_packing.h): the packings as rows, one bit
// position rule for them all.
#include "typelattice/int_group_packing.h"

#include <algorithm>

#include "core/base/ascii_text.h"
#include "core/base/unknown_name.h"

namespace typelattice {
namespace {

constexpr IntPackingSpec kPackings[] = {
    {IntPacking::gptq, "gptq", 0, false, 0},
    {IntPacking::gptq_v1, "gptq_v1", -1, false, 0},
    {IntPacking::awq, "awq", 0, true, 4},
};

// The position within its word of each of eight AWQ codes: the inverse of kAwqOrder (AutoAWQ's
// AWQ_REVERSE_ORDER).
constexpr std::array<int, 8> awq_positions() {
  std::array<int, 8> out{};
  for (int i = 0; i < 8; ++i) out[static_cast<std::size_t>(kAwqOrder[static_cast<std::size_t>(i)])] = i;
  return out;
}

}  // namespace

std::span<const IntPackingSpec> int_packings() { return kPackings; }
const IntPackingSpec& int_packing_spec(IntPacking p) { return kPackings[static_cast<std::size_t>(p)]; }

std::optional<std::string> int_packing_refusal(IntPacking p, int bits, std::string_view format) {
  const IntPackingSpec& spec = int_packing_spec(p);
  if (spec.only_bits == 0 || spec.only_bits == bits) return std::nullopt;
  return "the " + std::string(spec.name) + " packing holds " + std::to_string(spec.only_bits) + "-bit codes only, not " +
         std::string(format) + "'s " + std::to_string(bits);
}

Result<IntPacking> parse_int_packing(std::string_view name) {
  const std::string_view text = ascii::trim(name);
  std::array<std::string_view, std::size(kPackings)> names{};
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (ascii::equal_ignoring_case(text, kPackings[i].name)) return kPackings[i].id;
    names[i] = kPackings[i].name;
  }
  return unknown_name_error("packing", text, names);
}

std::size_t int_code_words(int bits, std::size_t count) {
  return (count * static_cast<std::size_t>(bits) + 31) / 32;
}

std::size_t int_code_first_bit(IntPacking p, int bits, std::size_t index) {
  if (!int_packing_spec(p).awq_order) return index * static_cast<std::size_t>(bits);
  static constexpr std::array<int, 8> positions = awq_positions();
  return index / 8 * 32 + static_cast<std::size_t>(positions[index % 8]) * static_cast<std::size_t>(bits);
}

void pack_int_codes(IntPacking p, int bits, std::span<const std::uint8_t> codes, std::span<std::uint32_t> words) {
  std::fill(words.begin(), words.end(), 0u);
  const std::uint32_t mask = (1u << bits) - 1;
  for (std::size_t i = 0; i < codes.size(); ++i) {
    const std::size_t bit = int_code_first_bit(p, bits, i), word = bit / 32, shift = bit % 32;
    const std::uint32_t code = codes[i] & mask;
    words[word] |= code << shift;
    if (shift + static_cast<std::size_t>(bits) > 32) words[word + 1] |= code >> (32 - shift);
  }
}

void unpack_int_codes(IntPacking p, int bits, std::span<const std::uint32_t> words, std::span<std::uint8_t> codes) {
  const std::uint32_t mask = (1u << bits) - 1;
  for (std::size_t i = 0; i < codes.size(); ++i) {
    const std::size_t bit = int_code_first_bit(p, bits, i), word = bit / 32, shift = bit % 32;
    std::uint32_t code = words[word] >> shift;
    if (shift + static_cast<std::size_t>(bits) > 32) code |= words[word + 1] << (32 - shift);
    codes[i] = static_cast<std::uint8_t>(code & mask);
  }
}

std::uint8_t stored_zero(IntPacking p, int bits, int zero) {
  return static_cast<std::uint8_t>((zero + int_packing_spec(p).zero_offset) & ((1 << bits) - 1));
}

int zero_of_stored(IntPacking p, std::uint8_t stored) { return stored - int_packing_spec(p).zero_offset; }

}  // namespace typelattice
