// Tensor element types: their names, widths, and the conversion of stored little-endian elements to float32.
// The float formats decode through the core's bulk cast kernels (exact, bit-identical to minifloat.h's decode).
#include "typelattice/tensor_file.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <cstring>

#include "typelattice/cast_kernels.h"
#include "typelattice/gguf_blocks.h"
#include "typelattice/gguf_nvfp4.h"
#include "typelattice/gguf_kquants.h"
#include "typelattice/minifloat.h"

namespace typelattice {
namespace {

struct DtypeInfo {
  std::string_view name;
  std::size_t bytes, block_elements = 1;
};
constexpr std::array<DtypeInfo, 24> kDtypes = {{
    {"F64", 8}, {"F32", 4}, {"F16", 2}, {"BF16", 2}, {"F8_E4M3", 1}, {"F8_E5M2", 1}, {"F8_E8M0", 1},
    {"I8", 1}, {"U8", 1}, {"I16", 2}, {"I32", 4},
    {"Q4_0", 18, 32}, {"Q4_1", 20, 32}, {"Q5_0", 22, 32}, {"Q5_1", 24, 32}, {"Q8_0", 34, 32}, {"IQ4_NL", 18, 32},
    {"Q2_K", 84, 256}, {"Q3_K", 110, 256}, {"Q4_K", 144, 256}, {"Q5_K", 176, 256}, {"Q6_K", 210, 256},
    {"MXFP4", 17, 32}, {"NVFP4", 36, 64},
}};

void gguf_blocks_to_float32(GgufBlockType t, std::span<const std::uint8_t> in, std::span<float> out) {
  const std::size_t blocks = in.size() / static_cast<std::size_t>(gguf_block_spec(t).block_bytes);
  const Result<std::size_t> done = dequantize_gguf_blocks(t, in, out.first(blocks * kGgufBlockSize));
  assert(done);
  (void)done;
}

void gguf_kquants_to_float32(GgufKQuantType t, std::span<const std::uint8_t> in, std::span<float> out) {
  const std::size_t blocks = in.size() / static_cast<std::size_t>(gguf_kquant_spec(t).block_bytes);
  const Result<std::size_t> done = dequantize_gguf_kquant_blocks(t, in, out.first(blocks * kGgufSuperBlockSize));
  assert(done);
  (void)done;
}

std::uint64_t load_le(const std::uint8_t* p, std::size_t bytes) {
  std::uint64_t v = 0;
  for (std::size_t i = bytes; i-- > 0;) v = (v << 8) | p[i];
  return v;
}

// 16-bit codes are gathered into a small buffer (little-endian whatever the host) and cast in blocks.
void sixteen_bit_to_float32(Format f, std::span<const std::uint8_t> in, std::span<float> out) {
  std::array<std::uint16_t, 1024> codes{};
  const std::size_t n = in.size() / 2;
  for (std::size_t done = 0; done < n;) {
    const std::size_t count = std::min(codes.size(), n - done);
    for (std::size_t i = 0; i < count; ++i)
      codes[i] = static_cast<std::uint16_t>(load_le(in.data() + 2 * (done + i), 2));
    cast_to_float32(f, std::span<const std::uint16_t>(codes.data(), count), out.subspan(done, count));
    done += count;
  }
}

}  // namespace

std::string_view tensor_dtype_name(TensorDtype d) { return kDtypes[static_cast<std::size_t>(d)].name; }
std::size_t tensor_dtype_bytes(TensorDtype d) { return kDtypes[static_cast<std::size_t>(d)].bytes; }
std::size_t tensor_dtype_block_elements(TensorDtype d) { return kDtypes[static_cast<std::size_t>(d)].block_elements; }

void tensor_elements_to_float32(TensorDtype d, std::span<const std::uint8_t> in, std::span<float> out) {
  const std::size_t width = tensor_dtype_bytes(d);
  assert(in.size() % width == 0 && out.size() >= in.size() / width * tensor_dtype_block_elements(d));
  const std::size_t n = in.size() / width;
  const std::uint8_t* p = in.data();
  switch (d) {
    case TensorDtype::f64:
      for (std::size_t i = 0; i < n; ++i) {
        const std::uint64_t bits = load_le(p + 8 * i, 8);
        double v;
        std::memcpy(&v, &bits, sizeof v);
        out[i] = static_cast<float>(v);  // IEEE conversion: round to nearest, ties to even; overflow to ±inf
      }
      return;
    case TensorDtype::f32:
      for (std::size_t i = 0; i < n; ++i) {
        const auto bits = static_cast<std::uint32_t>(load_le(p + 4 * i, 4));
        std::memcpy(&out[i], &bits, sizeof bits);
      }
      return;
    case TensorDtype::f16: return sixteen_bit_to_float32(Format::float16, in, out);
    case TensorDtype::bf16: return sixteen_bit_to_float32(Format::bfloat16, in, out);
    case TensorDtype::f8_e4m3fn: cast_to_float32(Format::float8_e4m3fn, in, out.first(n)); return;
    case TensorDtype::f8_e5m2: cast_to_float32(Format::float8_e5m2, in, out.first(n)); return;
    case TensorDtype::f8_e8m0: cast_to_float32(Format::float8_e8m0fnu, in, out.first(n)); return;
    case TensorDtype::i8:
      for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<float>(static_cast<std::int8_t>(p[i]));
      return;
    case TensorDtype::u8:
      for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<float>(p[i]);
      return;
    case TensorDtype::i16:
      for (std::size_t i = 0; i < n; ++i)
        out[i] = static_cast<float>(static_cast<std::int16_t>(static_cast<std::uint16_t>(load_le(p + 2 * i, 2))));
      return;
    case TensorDtype::i32:  // int-to-float conversion rounds to nearest even past 2^24
      for (std::size_t i = 0; i < n; ++i)
        out[i] = static_cast<float>(static_cast<std::int32_t>(static_cast<std::uint32_t>(load_le(p + 4 * i, 4))));
      return;
    case TensorDtype::gguf_q4_0: return gguf_blocks_to_float32(GgufBlockType::q4_0, in, out);
    case TensorDtype::gguf_q4_1: return gguf_blocks_to_float32(GgufBlockType::q4_1, in, out);
    case TensorDtype::gguf_q5_0: return gguf_blocks_to_float32(GgufBlockType::q5_0, in, out);
    case TensorDtype::gguf_q5_1: return gguf_blocks_to_float32(GgufBlockType::q5_1, in, out);
    case TensorDtype::gguf_q8_0: return gguf_blocks_to_float32(GgufBlockType::q8_0, in, out);
    case TensorDtype::gguf_iq4_nl: return gguf_blocks_to_float32(GgufBlockType::iq4_nl, in, out);
    case TensorDtype::gguf_q2_k: return gguf_kquants_to_float32(GgufKQuantType::q2_k, in, out);
    case TensorDtype::gguf_q3_k: return gguf_kquants_to_float32(GgufKQuantType::q3_k, in, out);
    case TensorDtype::gguf_q4_k: return gguf_kquants_to_float32(GgufKQuantType::q4_k, in, out);
    case TensorDtype::gguf_q5_k: return gguf_kquants_to_float32(GgufKQuantType::q5_k, in, out);
    case TensorDtype::gguf_q6_k: return gguf_kquants_to_float32(GgufKQuantType::q6_k, in, out);
    case TensorDtype::gguf_mxfp4: return gguf_blocks_to_float32(GgufBlockType::mxfp4, in, out);
    case TensorDtype::gguf_nvfp4: {
      const std::size_t blocks = in.size() / kGgufNvfp4BlockBytes;
      const Result<std::size_t> done = dequantize_gguf_nvfp4_blocks(in, out.first(blocks * kGgufNvfp4BlockSize));
      assert(done);
      (void)done;
      return;
    }
  }
}

}  // namespace typelattice
