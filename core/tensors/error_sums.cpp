// The per-element loops of tensor analysis (core/tensors/error_sums.h).
#include "core/tensors/error_sums.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/formats/geometry.h"

namespace typelattice::analysis_sums {
namespace {

// A block's error sums and the statistics' sums in four lanes, in GCC's and Clang's vector types: one AVX2 register,
// two of SSE2 or SIMD128 (the compiler does not vectorize the maxima's selects by itself).
using DoubleQuad = double __attribute__((vector_size(4 * sizeof(double))));
using FloatQuad = float __attribute__((vector_size(4 * sizeof(float))));
using CountQuad = std::int64_t __attribute__((vector_size(4 * sizeof(std::int64_t))));  // a comparison's -1 / 0
using WordQuad = std::uint32_t __attribute__((vector_size(4 * sizeof(std::uint32_t))));
using MaskQuad = std::int32_t __attribute__((vector_size(4 * sizeof(std::int32_t))));  // a comparison's -1 / 0

// On x86-64 Linux the compiler also builds an AVX2 copy, picked at load time when the CPU has AVX2 (three-operand
// instructions and blends, same figures: AVX2 brings no fused multiply-add).
#if defined(__x86_64__) && defined(__linux__)
#define TYPELATTICE_ALSO_AVX2 __attribute__((target_clones("avx2", "default")))
#else
#define TYPELATTICE_ALSO_AVX2
#endif

// The helpers below take output parameters: GCC warns of a 32-byte vector returned by value, whose ABI differs
// with AVX.

// |v|: the sign bits cleared (one operation, where a compare and a select would be three).
[[gnu::always_inline]] inline void absolute(const DoubleQuad& v, DoubleQuad& out) {
  // A cast between vector types of one size keeps the bits (GCC's and Clang's vector extensions).
  out = (DoubleQuad)((CountQuad)v & std::int64_t{0x7fffffffffffffff});
}

// Four of a block's elements from `at` (`count` of them, 1 to 4; the lanes past them 0) as doubles.
[[gnu::always_inline]] inline void load_quad(const float* at, std::size_t count, DoubleQuad& out) {
  FloatQuad f{};
  std::memcpy(&f, at, count * sizeof(float));
  out = __builtin_convertvector(f, DoubleQuad);
}

// One block's sums: element i in lane i mod 4, the lanes added at the end as (0 + 1) + (2 + 3), so that its figures
// are the same whatever the instruction set, the slicing and the threads.
struct BlockLanes {
  DoubleQuad signal{}, noise{}, abs{};
  CountQuad flushed{}, saturated{};
  // x and its result d; `limit`: the largest magnitude the block holds unclipped. A lane past the block's end holds
  // x = d = 0, which adds nothing to any sum, count or maximum. Gives |x| and the error e, for the relative error.
  [[gnu::always_inline]] void add(const DoubleQuad& x, const DoubleQuad& d, const DoubleQuad& limit,
                                  DoubleQuad& magnitude, DoubleQuad& e) {
    absolute(x, magnitude);
    absolute(d - x, e);
    signal += x * x;
    noise += e * e;
    abs = e > abs ? e : abs;
    flushed -= (magnitude != 0) & (d == 0);
    saturated -= magnitude > limit;
  }
  // The block's sums, its relative error left as none (0 over 1). (Lanes read from copies: subscripting the
  // members would keep the whole struct in memory.)
  [[gnu::always_inline]] BlockSums sums() const {
    const DoubleQuad s = signal, n = noise, a = abs;
    const CountQuad f = flushed, c = saturated;
    return {(s[0] + s[1]) + (s[2] + s[3]), (n[0] + n[1]) + (n[2] + n[3]),
            std::max(std::max(a[0], a[1]), std::max(a[2], a[3])), 0, 0, 1,
            static_cast<std::uint64_t>((f[0] + f[1]) + (f[2] + f[3])),
            static_cast<std::uint64_t>((c[0] + c[1]) + (c[2] + c[3])), false};
  }
};

// Lane l of a slice's statistics holds the elements i with i mod kLanes = l, in order: one vector of kLanes doubles.
static_assert(kLanes == 4);

// Each of four floats' magnitude bits, and whether it is finite (-1) or NaN or Inf (0): below Inf's bits.
[[gnu::always_inline]] inline void finite_lanes(const FloatQuad& x, WordQuad& magnitude, MaskQuad& finite) {
  magnitude = minifloat_detail::bit_cast<WordQuad>(x) & 0x7fffffffu;
  finite = MaskQuad(magnitude < 0x7f800000u);
}

}  // namespace

BlockSums block_sums(const float* values, const float* results, std::size_t size, double total, double limit) {
  BlockLanes lanes;
  // The largest e / |x| as the pair (e, |x|): comparing e·m' > e'·m needs no division per element.
  DoubleQuad relative_error{}, relative_magnitude = DoubleQuad{} + 1;
  const DoubleQuad totals = DoubleQuad{} + total, limits = DoubleQuad{} + limit;
  for (std::size_t i = 0; i < size; i += 4) {
    const std::size_t count = std::min<std::size_t>(4, size - i);
    DoubleQuad x, d, magnitude, e;
    load_quad(values + i, count, x);
    load_quad(results + i, count, d);
    lanes.add(x, d * totals, limits, magnitude, e);
    const CountQuad larger = e * relative_magnitude > relative_error * magnitude;  // false for x = 0 (e = 0)
    relative_error = larger ? e : relative_error;
    relative_magnitude = larger ? magnitude : relative_magnitude;
  }
  BlockSums sums = lanes.sums();
  // The lanes' largest in the order of the sums: (0 against 1) against (2 against 3).
  const auto larger = [&](int a, int b) {
    return relative_error[b] * relative_magnitude[a] > relative_error[a] * relative_magnitude[b] ? b : a;
  };
  const int low = larger(0, 1), high = larger(2, 3), top = larger(low, high);
  sums.relative_error = relative_error[top];
  sums.relative_magnitude = relative_magnitude[top];
  sums.ratio = sums.signal / sums.noise;
  return sums;
}

// The sums of `count` consecutive blocks of `size` elements each, whose scales are finite when their `totals` are
// (the others' sums are left to the caller), into out[0 .. count): the same figures as block_sums gives, but the
// largest relative error only compared with `bound` (one product and comparison per element, where finding the
// element takes a pair of selects too).
TYPELATTICE_ALSO_AVX2 void blocks_sums(const float* values, const float* results, std::size_t size,
                                       std::size_t count, const double* totals, const double* limits, double bound,
                                       BlockSums* out) {
  const DoubleQuad bounds = DoubleQuad{} + bound;
  for (std::size_t b = 0; b < count; ++b) {
    const float* x_at = values + b * size;
    const float* d_at = results + b * size;
    const DoubleQuad total = DoubleQuad{} + totals[b], limit = DoubleQuad{} + limits[b];
    BlockLanes lanes;
    CountQuad above{};
    DoubleQuad x, d, magnitude, e;
    std::size_t i = 0;
    for (; i + 4 <= size; i += 4) {
      load_quad(x_at + i, 4, x);
      load_quad(d_at + i, 4, d);
      lanes.add(x, d * total, limit, magnitude, e);
      above |= e > bounds * magnitude;
    }
    if (i < size) {
      load_quad(x_at + i, size - i, x);
      load_quad(d_at + i, size - i, d);
      lanes.add(x, d * total, limit, magnitude, e);
      above |= e > bounds * magnitude;
    }
    out[b] = lanes.sums();
    out[b].above_bound = ((above[0] | above[1]) | (above[2] | above[3])) != 0;
    out[b].ratio = out[b].signal / out[b].noise;
  }
}

// The sums of the finite values into `sums`, and the largest |x| bits of a finite x into `tops`, lane by lane: eight
// elements a step in two vectors, so that two chains of additions run side by side (one would wait on the adder's
// latency), folded into one at the end.
TYPELATTICE_ALSO_AVX2 void finite_sums(const float* values, std::size_t size, std::array<double, kLanes>& sums,
                                       std::array<std::uint32_t, kLanes>& tops) {
  DoubleQuad sum{}, sum_high{};
  WordQuad top{}, top_high{};  // the magnitudes' bits: their order is the magnitudes' order
  const auto add = [&](const float* at, DoubleQuad& to, WordQuad& largest) {
    FloatQuad x;
    std::memcpy(&x, at, sizeof x);
    WordQuad magnitude;
    MaskQuad finite;
    finite_lanes(x, magnitude, finite);
    to += __builtin_convertvector(finite, CountQuad) ? __builtin_convertvector(x, DoubleQuad) : DoubleQuad{};
    const WordQuad finite_magnitude = WordQuad(finite) & magnitude;
    largest = finite_magnitude > largest ? finite_magnitude : largest;
  };
  std::size_t i = 0;
  for (; i + 2 * kLanes <= size; i += 2 * kLanes) {
    add(values + i, sum, top);
    add(values + i + kLanes, sum_high, top_high);
  }
  if (i + kLanes <= size) {
    add(values + i, sum, top);
    i += kLanes;
  }
  sum += sum_high;
  top = top_high > top ? top_high : top;
  for (std::size_t l = 0; l < kLanes; ++l) sums[l] = sum[l], tops[l] = top[l];
  for (; i < size; ++i) {
    const std::uint32_t magnitude = minifloat_detail::bit_cast<std::uint32_t>(values[i]) & 0x7fffffffu;
    const bool finite = magnitude >> 23 != 0xff;
    const std::size_t l = i % kLanes;
    sums[l] += finite ? static_cast<double>(values[i]) : 0.0;
    tops[l] = finite && magnitude > tops[l] ? magnitude : tops[l];
  }
}

// The sums of (x - mean)² over the finite values, lane by lane, eight elements a step as finite_sums takes them.
TYPELATTICE_ALSO_AVX2 std::array<double, kLanes> finite_squares(const float* values, std::size_t size, double mean) {
  DoubleQuad square{}, square_high{};
  const auto add = [&](const float* at, DoubleQuad& to) {
    FloatQuad x;
    std::memcpy(&x, at, sizeof x);
    const DoubleQuad d = __builtin_convertvector(x, DoubleQuad) - mean;
    WordQuad magnitude;
    MaskQuad finite;
    finite_lanes(x, magnitude, finite);
    to += __builtin_convertvector(finite, CountQuad) ? d * d : DoubleQuad{};
  };
  std::size_t i = 0;
  for (; i + 2 * kLanes <= size; i += 2 * kLanes) {
    add(values + i, square);
    add(values + i + kLanes, square_high);
  }
  if (i + kLanes <= size) {
    add(values + i, square);
    i += kLanes;
  }
  square += square_high;
  std::array<double, kLanes> squares;
  for (std::size_t l = 0; l < kLanes; ++l) squares[l] = square[l];
  for (; i < size; ++i) {
    const double d = values[i] - mean;
    squares[i % kLanes] += std::isfinite(values[i]) ? d * d : 0.0;
  }
  return squares;
}

}  // namespace typelattice::analysis_sums
