// Fuzz the bulk cast kernels on arbitrary bytes read as float32: every ISA equals the scalar encoder, the
// scalar encoder equals the slow nearest-value reference, and decoding is exact on every ISA.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "typelattice/cast_kernels.h"
#include "typelattice/minifloat.h"

using namespace typelattice;

namespace {

bool same_bits(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// Code is std::uint8_t for formats of 8 bits or fewer, std::uint16_t for bfloat16/float16.
template <class Code>
void check_isa(Format f, Isa isa, const std::vector<float>& in, const std::vector<std::uint32_t>& expected,
               const CastOptions& options) {
  std::vector<Code> out(in.size());
  std::vector<float> decoded(in.size());
  cast_from_float32(f, in, out, options, isa);
  cast_to_float32(f, out, decoded, isa);
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (out[i] != expected[i]) std::abort();
    if (!same_bits(decoded[i], decode_to_float32(f, out[i]))) std::abort();
  }
}

void check_format(Format f, const std::vector<float>& in, const CastOptions& options) {
  std::vector<std::uint32_t> expected(in.size());
  for (std::size_t i = 0; i < in.size(); ++i) expected[i] = encode(f, in[i], options);
  // The reference is slow: check it on the first few values of each input only.
  for (std::size_t i = 0; i < in.size() && i < 4; ++i)
    if (encode_reference(f, static_cast<double>(in[i]), options) != expected[i]) std::abort();
  for (Isa isa : available_isas()) {
    if (format_spec(f).total_bits() > 8)
      check_isa<std::uint16_t>(f, isa, in, expected, options);
    else
      check_isa<std::uint8_t>(f, isa, in, expected, options);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  // The first byte picks the options, so the fuzzer can steer them; the rest are the floats.
  const std::uint8_t selector = data[0];
  std::vector<float> in((size - 1) / sizeof(float));
  if (!in.empty()) std::memcpy(in.data(), data + 1, in.size() * sizeof(float));
  CastOptions options;
  options.saturate = (selector & 1) != 0;
  const RoundMode modes[] = {RoundMode::up, RoundMode::down, RoundMode::nearest, RoundMode::up};
  options.round = modes[(selector >> 1) & 3];
  for (const FormatSpec& spec : minifloat_formats()) {
    auto f = parse_format(spec.name);
    if (!f) std::abort();
    check_format(*f, in, options);
  }
  return 0;
}
