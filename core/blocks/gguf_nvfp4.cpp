// ggml's NVFP4 block, operation by operation as ggml-quants.c and ggml-impl.h at the commit docs/formats.md names.
// Built with -ffp-contract=off (CMakeLists.txt), as gguf_blocks.cpp.
#include "typelattice/gguf_nvfp4.h"

#include <array>
#include <cmath>
#include <cstring>
#include <string>

#include "core/base/ascii_text.h"
#include "core/blocks/fp4_nearest.h"

namespace typelattice {
namespace {

constexpr std::array<GgufBlockField, 2> kNvfp4Fields{
    {{"d", 0, 4, "byte s: sub-block s's scale, UE4M3 (ggml's rounding), elements 16s..16s+15"},
     {"qs", 4, 32, "byte 8s+j: element 16s+j's E2M1 code in the low nibble, element 16s+j+8's in the high nibble"}}};

}  // namespace

bool names_gguf_nvfp4(std::string_view name) { return ascii::equal_ignoring_case(ascii::trim(name), kGgufNvfp4Name); }

std::span<const GgufBlockField> gguf_nvfp4_fields() { return kNvfp4Fields; }

std::string_view gguf_nvfp4_note() {
  return "ggml's NVFP4 is not NVIDIA's (nvfp4 here): no per-tensor float32 scale; each 16-value scale is "
         "UE4M3(amax/6) with ggml's rounding (half up on the mantissa, 256..448 all to 448); ties go to the smaller "
         "magnitude, not to even; byte 8s+j holds elements 16s+j (low) and 16s+j+8 (high), not 2i and 2i+1";
}

float gguf_ue4m3_value(std::uint8_t code) {
  if (code == 0 || code == 0x7f) return 0.0f;
  const int exponent = (code >> 3) & 0xf, mantissa = code & 0x7;
  const float raw = exponent == 0 ? std::ldexp(static_cast<float>(mantissa), -9)
                                  : std::ldexp(1.0f + static_cast<float>(mantissa) / 8.0f, exponent - 7);
  return raw * 0.5f;
}

std::uint8_t gguf_ue4m3_code(float x) {
  if (!(x > 0.0f)) return 0;
  if (x > 448.0f) x = 448.0f;
  std::uint32_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  const int fp32_exponent = static_cast<int>((bits >> 23) & 0xff) - 127;
  const int fp32_mantissa = static_cast<int>((bits >> 20) & 0x7);
  int exponent = fp32_exponent + 7;
  if (exponent <= 0) {
    const int mantissa = std::min(7, static_cast<int>(x * 512.0f + 0.5f));
    return mantissa < 1 ? 0 : static_cast<std::uint8_t>(mantissa);
  }
  if (exponent >= 15) return 0x7e;
  int mantissa = fp32_mantissa + static_cast<int>((bits >> 19) & 1);
  if (mantissa > 7) {
    mantissa = 0;
    if (++exponent >= 15) return 0x7e;
  }
  return static_cast<std::uint8_t>(exponent << 3 | mantissa);
}

GgufNvfp4Block quantize_gguf_nvfp4_block(std::span<const float, kGgufNvfp4BlockSize> values) {
  GgufNvfp4Block b;
  for (std::size_t s = 0; s < 4; ++s) {
    const std::span<const float> x = values.subspan(s * kGgufNvfp4SubBlockSize, kGgufNvfp4SubBlockSize);
    float amax = 0.0f;
    for (const float v : x)
      if (amax < std::fabs(v)) amax = std::fabs(v);
    b.d[s] = gguf_ue4m3_code(amax / 6.0f);
    const float d = gguf_ue4m3_value(b.d[s]);
    for (std::size_t j = 0; j < x.size(); ++j) b.q[s * kGgufNvfp4SubBlockSize + j] = nearest_fp4_level(x[j], d);
  }
  return b;
}

float gguf_nvfp4_element_value(const GgufNvfp4Block& block, int j) {
  const float d = gguf_ue4m3_value(block.d[static_cast<std::size_t>(j / kGgufNvfp4SubBlockSize)]);
  return static_cast<float>(kMxfp4Values[block.q[static_cast<std::size_t>(j)] & 0xf]) * d;
}

Result<bool> write_gguf_nvfp4_block(const GgufNvfp4Block& block, std::span<std::uint8_t> bytes) {
  if (bytes.size() != kGgufNvfp4BlockBytes)
    return bad_value_error("gguf_nvfp4 blocks take 36 bytes, not " + std::to_string(bytes.size()));
  for (std::size_t j = 0; j < block.q.size(); ++j)
    if (block.q[j] > 15) return bad_value_error("element " + std::to_string(j + 1) + "'s code is wider than 4 bits");
  std::copy(block.d.begin(), block.d.end(), bytes.begin());
  for (std::size_t s = 0; s < 4; ++s)
    for (std::size_t j = 0; j < 8; ++j)
      bytes[4 + 8 * s + j] = static_cast<std::uint8_t>(block.q[16 * s + j] | block.q[16 * s + j + 8] << 4);
  return true;
}

Result<GgufNvfp4Block> read_gguf_nvfp4_block(std::span<const std::uint8_t> bytes) {
  if (bytes.size() != kGgufNvfp4BlockBytes)
    return bad_value_error("gguf_nvfp4 blocks take 36 bytes, not " + std::to_string(bytes.size()));
  GgufNvfp4Block b;
  std::copy(bytes.begin(), bytes.begin() + 4, b.d.begin());
  for (std::size_t s = 0; s < 4; ++s) {
    for (std::size_t j = 0; j < 8; ++j) {
      b.q[16 * s + j] = bytes[4 + 8 * s + j] & 0xf;
      b.q[16 * s + j + 8] = bytes[4 + 8 * s + j] >> 4;
    }
  }
  return b;
}

Result<std::size_t> quantize_gguf_nvfp4_blocks(std::span<const float> values, std::span<std::uint8_t> bytes) {
  if (values.size() % kGgufNvfp4BlockSize != 0)
    return bad_value_error("gguf_nvfp4 takes whole blocks of 64 values, not " + std::to_string(values.size()));
  const std::size_t blocks = values.size() / kGgufNvfp4BlockSize;
  if (bytes.size() != blocks * kGgufNvfp4BlockBytes)
    return bad_value_error(std::to_string(values.size()) + " values take " + std::to_string(blocks * kGgufNvfp4BlockBytes) +
                           " bytes of gguf_nvfp4, not " + std::to_string(bytes.size()));
  for (std::size_t i = 0; i < blocks; ++i) {
    const GgufNvfp4Block b = quantize_gguf_nvfp4_block(values.subspan(i * kGgufNvfp4BlockSize).first<kGgufNvfp4BlockSize>());
    (void)write_gguf_nvfp4_block(b, bytes.subspan(i * kGgufNvfp4BlockBytes, kGgufNvfp4BlockBytes));  // codes fit
  }
  return blocks;
}

Result<std::size_t> dequantize_gguf_nvfp4_blocks(std::span<const std::uint8_t> bytes, std::span<float> values) {
  if (bytes.size() % kGgufNvfp4BlockBytes != 0)
    return bad_value_error("gguf_nvfp4 blocks take 36 bytes each: " + std::to_string(bytes.size()) +
                           " is not a whole number of them");
  const std::size_t blocks = bytes.size() / kGgufNvfp4BlockBytes;
  if (values.size() != blocks * kGgufNvfp4BlockSize)
    return bad_value_error(std::to_string(blocks) + " blocks hold " + std::to_string(blocks * kGgufNvfp4BlockSize) +
                           " values, not " + std::to_string(values.size()));
  for (std::size_t i = 0; i < blocks; ++i) {
    const GgufNvfp4Block b = *read_gguf_nvfp4_block(bytes.subspan(i * kGgufNvfp4BlockBytes, kGgufNvfp4BlockBytes));
    for (int j = 0; j < kGgufNvfp4BlockSize; ++j)
      values[i * kGgufNvfp4BlockSize + static_cast<std::size_t>(j)] = gguf_nvfp4_element_value(b, j);
  }
  return blocks;
}

}  // namespace typelattice
