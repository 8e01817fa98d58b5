// The per-element loops of tensor analysis (core/tensors/error_sums.h).
#include "core/tensors/error_sums.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/formats/geometry.h"

namespace typelattice::analysis_sums {
namespace {

// A block's error sums in two lanes (element i in lane i mod 2), in GCC's and Clang's vector types: one SSE2 or
// SIMD128 register for one block, one AVX2 register (or two of SSE2 or SIMD128) for two blocks side by side (the
// compiler does not vectorize the maxima's selects by itself). The statistics' four lanes: one AVX2 register.
using DoublePair = double __attribute__((vector_size(2 * sizeof(double))));
using FloatPair = float __attribute__((vector_size(2 * sizeof(float))));
using CountPair = std::int64_t __attribute__((vector_size(2 * sizeof(std::int64_t))));  // a comparison's -1 / 0
using DoubleQuad = double __attribute__((vector_size(4 * sizeof(double))));
using FloatQuad = float __attribute__((vector_size(4 * sizeof(float))));
using CountQuad = std::int64_t __attribute__((vector_size(4 * sizeof(std::int64_t))));
using WordQuad = std::uint32_t __attribute__((vector_size(4 * sizeof(std::uint32_t))));
using MaskQuad = std::int32_t __attribute__((vector_size(4 * sizeof(std::int32_t))));  // a comparison's -1 / 0

// On x86-64 Linux the compiler also builds an AVX2 copy, picked at load time when the CPU has AVX2 (three-operand
// instructions and blends, same figures: AVX2 brings no fused multiply-add).
#if defined(__x86_64__) && defined(__linux__)
#define TYPELATTICE_ALSO_AVX2 __attribute__((target_clones("avx2", "default")))
#else
#define TYPELATTICE_ALSO_AVX2
#endif

// The sums of one block's elements in the lanes of V (double vectors of 2 or 4 lanes): lanes 2k and 2k + 1 hold the
// even and odd elements of the k-th block, so each block's sums are those of two lanes whatever the vector width.
template <typename V, typename C>
struct BlockLanes {
  V signal{}, noise{}, abs{};
  // The largest e / |x| as the pair (e, |x|): comparing e·m' > e'·m needs no division per element.
  V relative_error{}, relative_magnitude = V{} + 1;
  C flushed{}, saturated{};
  // `total`: each lane's block scale times the tensor scale; `limit`: the largest magnitude it holds unclipped.
  // A lane beyond a block's end holds x = d = 0, which adds nothing to any sum, count or maximum.
  [[gnu::always_inline]] void add(const V& x, const V& d, const V& limit) {
    const V magnitude = x < 0 ? -x : x, difference = d - x, e = difference < 0 ? -difference : difference;
    signal += x * x;
    noise += e * e;
    abs = e > abs ? e : abs;
    const C larger = e * relative_magnitude > relative_error * magnitude;  // false for x = 0 (e = 0)
    relative_error = larger ? e : relative_error;
    relative_magnitude = larger ? magnitude : relative_magnitude;
    flushed -= (magnitude != 0) & (d == 0);
    saturated -= magnitude > limit;
  }
  // The block in lanes 2k and 2k + 1.
  [[gnu::always_inline]] BlockSums block(int k) const {
    const int even = 2 * k, odd = even + 1;
    const bool larger_relative =
        relative_error[odd] * relative_magnitude[even] > relative_error[even] * relative_magnitude[odd];
    return {signal[even] + signal[odd],
            noise[even] + noise[odd],
            std::max(abs[even], abs[odd]),
            0,
            larger_relative ? relative_error[odd] : relative_error[even],
            larger_relative ? relative_magnitude[odd] : relative_magnitude[even],
            static_cast<std::uint64_t>(flushed[even] + flushed[odd]),
            static_cast<std::uint64_t>(saturated[even] + saturated[odd])};
  }
};

// Lane l of a slice's statistics holds the elements i with i mod kLanes = l, in order: one vector of kLanes doubles.
static_assert(kLanes == 4);

// Whether each of four floats is finite (-1) or NaN or Inf (0), as 64-bit lanes to pick doubles with.
// (An output parameter: GCC warns of a 32-byte vector returned by value, whose ABI differs with AVX.)
[[gnu::always_inline]] inline void finite_lanes(const FloatQuad& x, CountQuad& finite) {
  const WordQuad exponents = (minifloat_detail::bit_cast<WordQuad>(x) >> 23) & 0xffu;
  finite = __builtin_convertvector(MaskQuad(exponents != 0xffu), CountQuad);
}

}  // namespace

BlockSums block_sums(const float* values, const std::uint8_t* codes, std::size_t size, const double* element_values,
                     double total, double limit) {
  BlockLanes<DoublePair, CountPair> lanes;
  const DoublePair totals = DoublePair{} + total, limits = DoublePair{} + limit;
  std::size_t i = 0;
  for (; i + 2 <= size; i += 2) {
    FloatPair x;
    std::memcpy(&x, values + i, sizeof x);
    const DoublePair d = {element_values[codes[i]], element_values[codes[i + 1]]};
    lanes.add(__builtin_convertvector(x, DoublePair), d * totals, limits);
  }
  if (i < size) lanes.add(DoublePair{values[i], 0}, DoublePair{element_values[codes[i]], 0} * totals, limits);
  BlockSums sums = lanes.block(0);
  sums.ratio = sums.signal / sums.noise;
  return sums;
}

// The sums of `count` consecutive blocks of `size` elements each, whose scales are finite when their `totals` are
// (the others' sums are left to the caller), into out[0 .. count): two blocks at a time, side by side in the four
// lanes of one vector (one AVX2 register), so that the two blocks' chains of additions and comparisons overlap;
// each block's sums are still its two lanes', the same figures as block_sums gives.
TYPELATTICE_ALSO_AVX2 void blocks_sums(const float* values, const std::uint8_t* codes, std::size_t size,
                                       std::size_t count, const double* element_values, const double* totals,
                                       const double* limits, BlockSums* out) {
  std::size_t b = 0;
  for (; b + 2 <= count; b += 2) {
    const float* first = values + b * size;
    const float* second = first + size;
    const std::uint8_t* first_codes = codes + b * size;
    const std::uint8_t* second_codes = first_codes + size;
    const DoubleQuad total = {totals[b], totals[b], totals[b + 1], totals[b + 1]};
    const DoubleQuad limit = {limits[b], limits[b], limits[b + 1], limits[b + 1]};
    BlockLanes<DoubleQuad, CountQuad> lanes;
    std::size_t i = 0;
    for (; i + 2 <= size; i += 2) {
      FloatPair x_first, x_second;  // two 8-byte loads, not four of 4 bytes
      std::memcpy(&x_first, first + i, sizeof x_first);
      std::memcpy(&x_second, second + i, sizeof x_second);
      const FloatQuad x = __builtin_shufflevector(x_first, x_second, 0, 1, 2, 3);
      const DoubleQuad d = {element_values[first_codes[i]], element_values[first_codes[i + 1]],
                            element_values[second_codes[i]], element_values[second_codes[i + 1]]};
      lanes.add(__builtin_convertvector(x, DoubleQuad), d * total, limit);
    }
    if (i < size) {  // a block of odd size: its last element in the even lanes, 0 in the odd ones
      const DoubleQuad x = {first[i], 0, second[i], 0};
      const DoubleQuad d = {element_values[first_codes[i]], 0, element_values[second_codes[i]], 0};
      lanes.add(x, d * total, limit);
    }
    out[b] = lanes.block(0);
    out[b + 1] = lanes.block(1);
    // Both blocks' signal-to-noise ratios in one division (vectors of two lanes, off the caller's chain).
    const DoublePair ratios = DoublePair{out[b].signal, out[b + 1].signal} / DoublePair{out[b].noise, out[b + 1].noise};
    out[b].ratio = ratios[0];
    out[b + 1].ratio = ratios[1];
  }
  if (b < count) out[b] = block_sums(values + b * size, codes + b * size, size, element_values, totals[b], limits[b]);
}

// The sums of the finite values into `sums`, and the largest |x| bits of a finite x into `tops`, lane by lane.
TYPELATTICE_ALSO_AVX2 void finite_sums(const float* values, std::size_t size, std::array<double, kLanes>& sums,
                                       std::array<std::uint32_t, kLanes>& tops) {
  DoubleQuad sum{};
  WordQuad top{};  // their order is the magnitudes' order
  std::size_t i = 0;
  for (; i + kLanes <= size; i += kLanes) {
    FloatQuad x;
    std::memcpy(&x, values + i, sizeof x);
    CountQuad finite;
    finite_lanes(x, finite);
    sum += finite ? __builtin_convertvector(x, DoubleQuad) : DoubleQuad{};
    const WordQuad magnitude = minifloat_detail::bit_cast<WordQuad>(x) & 0x7fffffffu;
    top = MaskQuad(__builtin_convertvector(finite, MaskQuad) & MaskQuad(magnitude > top)) ? magnitude : top;
  }
  for (std::size_t l = 0; l < kLanes; ++l) sums[l] = sum[l], tops[l] = top[l];
  for (; i < size; ++i) {
    const std::uint32_t magnitude = minifloat_detail::bit_cast<std::uint32_t>(values[i]) & 0x7fffffffu;
    const bool finite = magnitude >> 23 != 0xff;
    const std::size_t l = i % kLanes;
    sums[l] += finite ? static_cast<double>(values[i]) : 0.0;
    tops[l] = finite && magnitude > tops[l] ? magnitude : tops[l];
  }
}

// The sums of (x - mean)² over the finite values, lane by lane.
TYPELATTICE_ALSO_AVX2 std::array<double, kLanes> finite_squares(const float* values, std::size_t size, double mean) {
  DoubleQuad square{};
  std::size_t i = 0;
  for (; i + kLanes <= size; i += kLanes) {
    FloatQuad x;
    std::memcpy(&x, values + i, sizeof x);
    const DoubleQuad d = __builtin_convertvector(x, DoubleQuad) - mean;
    CountQuad finite;
    finite_lanes(x, finite);
    square += finite ? d * d : DoubleQuad{};
  }
  std::array<double, kLanes> squares;
  for (std::size_t l = 0; l < kLanes; ++l) squares[l] = square[l];
  for (; i < size; ++i) {
    const double d = values[i] - mean;
    squares[i % kLanes] += std::isfinite(values[i]) ? d * d : 0.0;
  }
  return squares;
}

}  // namespace typelattice::analysis_sums
