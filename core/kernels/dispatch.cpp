// Public bulk casts: picks the instruction set (run-time CPU check natively, build-time in wasm) and the
// kernel variant for the format, then runs the kernel over the span.
#include "typelattice/cast_kernels.h"

#include <algorithm>
#include <array>

#include "core/kernels/params.h"
#include "core/kernels/setup.h"

namespace typelattice {
namespace {

using kernels::KernelTable;

constexpr std::array kIsaNames{std::string_view{"scalar"}, std::string_view{"sse41"}, std::string_view{"avx2"},
                               std::string_view{"avx512"}, std::string_view{"wasm_simd128"}};

bool cpu_runs(Isa isa) {
#if defined(__x86_64__) || defined(__i386__)
  switch (isa) {
    case Isa::sse41: return __builtin_cpu_supports("sse4.1");
    case Isa::avx2: return __builtin_cpu_supports("avx2");
    case Isa::avx512:
      return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
             __builtin_cpu_supports("avx512vl");
    default: return true;
  }
#else
  (void)isa;
  return true;
#endif
}

const KernelTable* compiled_kernels(Isa isa) {
  switch (isa) {
    case Isa::scalar: return kernels::scalar_kernels();
    case Isa::sse41: return kernels::sse41_kernels();
    case Isa::avx2: return kernels::avx2_kernels();
    case Isa::avx512: return kernels::avx512_kernels();
    case Isa::wasm_simd128: return kernels::wasm_simd128_kernels();
  }
  return nullptr;
}

bool cpu_has_avx512vbmi() {
#if defined(__x86_64__) || defined(__i386__)
  return __builtin_cpu_supports("avx512vbmi");
#else
  return false;
#endif
}

// AVX-512 decodes 8-bit codes by byte-shuffle table lookups where the CPU also has VBMI.
const KernelTable* avx512_with_vbmi() {
  static const KernelTable table = [] {
    KernelTable t = *kernels::avx512_kernels();
    for (auto& entry : t.decode8) entry = kernels::avx512vbmi_decode8();
    return t;
  }();
  return &table;
}

// The kernels for `isa` if this build and CPU run them, else the best that runs (never a crash on old CPUs).
const KernelTable& runnable_kernels(Isa isa) {
  static const std::vector<Isa> runnable = available_isas();
  if (std::find(runnable.begin(), runnable.end(), isa) == runnable.end()) isa = runnable.back();
  if (isa == Isa::avx512 && kernels::avx512vbmi_decode8() != nullptr && cpu_has_avx512vbmi()) {
    return *avx512_with_vbmi();
  }
  return *compiled_kernels(isa);
}

// Whether f's codes have this width (float32 is no minifloat: it has no bulk casts). P3109 and defined formats
// fit but have no kernels: their bulk casts run the scalar codec.
bool fits(Format f, int code_bits) {
  return is_minifloat(f) && code_bytes(f) * 8 == code_bits;
}

}  // namespace

const kernels::BlockKernels& kernels::block_kernels(Isa isa) { return runnable_kernels(isa).blocks; }

std::string_view isa_name(Isa isa) {
  const auto i = static_cast<std::size_t>(isa);
  return i < kIsaNames.size() ? kIsaNames[i] : std::string_view{"unknown"};
}

std::vector<Isa> available_isas() {
  std::vector<Isa> isas;
  for (Isa isa : {Isa::scalar, Isa::sse41, Isa::avx2, Isa::avx512, Isa::wasm_simd128}) {
    if (compiled_kernels(isa) != nullptr && cpu_runs(isa)) isas.push_back(isa);
  }
  return isas;
}

Isa best_isa() {
  static const Isa best = available_isas().back();
  return best;
}

namespace {
// The formats without kernels (P3109, defined) run the scalar codec, element by element.
template <class Code>
std::size_t encode_each(Format f, std::span<const float> in, std::span<Code> out, const CastOptions& options) {
  const std::size_t n = std::min(in.size(), out.size());
  for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<Code>(encode(f, in[i], element_options(options, i)));
  return n;
}
template <class Code>
std::size_t decode_each(Format f, std::span<const Code> in, std::span<float> out) {
  const std::size_t n = std::min(in.size(), out.size());
  for (std::size_t i = 0; i < n; ++i) out[i] = decode_to_float32(f, in[i]);
  return n;
}

template <class Code>
void run_encode(const KernelTable& table, const kernels::EncodeParams& p, const float* in, Code* out, std::size_t n) {
  if constexpr (sizeof(Code) == 1) {
    table.encode8[static_cast<int>(p.variant)](p, in, out, n);
  } else {
    table.encode16[static_cast<int>(p.variant)](p, in, out, n);
  }
}

template <class Code>
std::size_t encode_bulk(Format f, std::span<const float> in, std::span<Code> out, const CastOptions& options,
                        Isa isa) {
  if (!has_cast_kernels(f)) return encode_each(f, in, out, options);
  const std::size_t n = std::min(in.size(), out.size());
  const KernelTable& table = runnable_kernels(isa);
  const auto& p = kernels::encode_params(f, options);
  if (!kernels::is_stochastic(p.variant)) {
    run_encode(table, p, in.data(), out.data(), n);
    return n;
  }
  // A seeded stream's key changes every 2^32 indices: one kernel call per such stretch.
  const StochasticBits& bits = options.stochastic;
  for (std::size_t done = 0; done < n;) {
    const std::uint64_t index = bits.index + done;
    std::size_t len = n - done;
    if (bits.seed) {
      const std::uint64_t to_boundary = (std::uint64_t{1} << 32) - (index & 0xFFFFFFFFu);
      if (to_boundary < len) len = static_cast<std::size_t>(to_boundary);
    }
    const kernels::EncodeParams call = kernels::stochastic_params(p, bits, index);
    run_encode(table, call, in.data() + done, out.data() + done, len);
    done += len;
  }
  return n;
}
}  // namespace

std::size_t cast_from_float32(Format f, std::span<const float> in, std::span<std::uint8_t> out,
                              const CastOptions& options, Isa isa) {
  return fits(f, 8) ? encode_bulk(f, in, out, options, isa) : 0;
}

std::size_t cast_from_float32(Format f, std::span<const float> in, std::span<std::uint16_t> out,
                              const CastOptions& options, Isa isa) {
  return fits(f, 16) ? encode_bulk(f, in, out, options, isa) : 0;
}

std::size_t cast_to_float32(Format f, std::span<const std::uint8_t> in, std::span<float> out, Isa isa) {
  if (!fits(f, 8)) return 0;
  if (!has_cast_kernels(f)) return decode_each(f, in, out);
  const std::size_t n = std::min(in.size(), out.size());
  const auto& p = kernels::decode_params(f);
  runnable_kernels(isa).decode8[p.variant](p, in.data(), out.data(), n);
  return n;
}

std::size_t cast_to_float32(Format f, std::span<const std::uint16_t> in, std::span<float> out, Isa isa) {
  if (!fits(f, 16)) return 0;
  if (!has_cast_kernels(f)) return decode_each(f, in, out);
  const std::size_t n = std::min(in.size(), out.size());
  const auto& p = kernels::decode_params(f);
  runnable_kernels(isa).decode16[p.variant](p, in.data(), out.data(), n);
  return n;
}

std::size_t cast_between(Format from, Format to, std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
                         const CastOptions& options) {
  if (!fits(from, 8) || !fits(to, 8)) return 0;
  const std::size_t n = std::min(in.size(), out.size());
  // Decoding is exact, so going through float32 rounds once. Chunks keep in-place casts correct.
  constexpr std::size_t kChunk = 512;
  std::array<float, kChunk> values;
  for (std::size_t i = 0; i < n; i += kChunk) {
    const std::size_t m = std::min(kChunk, n - i);
    cast_to_float32(from, in.subspan(i, m), std::span<float>(values.data(), m));
    cast_from_float32(to, std::span<const float>(values.data(), m), out.subspan(i, m), options);
  }
  return n;
}

}  // namespace typelattice
