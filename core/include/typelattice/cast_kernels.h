// Bulk casts over spans, float32 <-> every format, with one kernel body per operation instantiated for several
// instruction sets (scalar, SSE4.1, AVX2, AVX-512 natively; SIMD128 in wasm). All are bit-exact with `encode`
// and `decode_to_float32` from minifloat.h.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "typelattice/minifloat.h"

namespace typelattice {

enum class Isa : std::uint8_t { scalar, sse41, avx2, avx512, wasm_simd128 };
std::string_view isa_name(Isa isa);
std::vector<Isa> available_isas();   // what this build and this CPU can run, slowest first
Isa best_isa();

// float32 -> codes, for every format but float32 (is_minifloat; P3109 and defined formats run the scalar codec,
// has_cast_kernels). 8-bit-or-narrower formats write one byte per element (low bits); 16-bit ones use the
// 16-bit overload. Converts min(in.size(), out.size()) elements and returns that count; returns 0 and writes
// nothing when the format's codes do not fit the element type. In-place (same storage) is not supported
// across widths. `isa` picks an instruction set for tests and benchmarks; one this CPU lacks falls back to
// best_isa().
std::size_t cast_from_float32(Format f, std::span<const float> in, std::span<std::uint8_t> out,
                              const CastOptions& options = {}, Isa isa = best_isa());
std::size_t cast_from_float32(Format f, std::span<const float> in, std::span<std::uint16_t> out,
                              const CastOptions& options = {}, Isa isa = best_isa());

// codes -> float32 (exact). Same size and width rules as above.
std::size_t cast_to_float32(Format f, std::span<const std::uint8_t> in, std::span<float> out,
                            Isa isa = best_isa());
std::size_t cast_to_float32(Format f, std::span<const std::uint16_t> in, std::span<float> out,
                            Isa isa = best_isa());

// format -> format through the exact value (decode is exact, so one rounding only). Both formats 8 bits or
// narrower; in-place (in and out the same storage) works.
std::size_t cast_between(Format from, Format to, std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
                         const CastOptions& options = {});

}  // namespace typelattice
