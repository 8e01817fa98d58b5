// Tensor statistics and the round-trip error of each target format, accumulated slice by slice
// (typelattice/tensor_analysis.h).
#include "typelattice/tensor_analysis.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "core/base/ascii_text.h"
#include "core/base/unknown_name.h"
#include "core/formats/geometry.h"
#include "core/tensors/error_sums.h"
#include "typelattice/block_formats.h"
#include "typelattice/cast_kernels.h"
#include "typelattice/cast_request.h"

namespace typelattice {
namespace {

using analysis_sums::BlockSums;
using analysis_sums::kLanes;

// Elements per slice (tensor_analysis.h, TensorSlicing).
constexpr std::uint64_t kSliceElements = 1u << 18;

// The figures a slice adds to, in locals while it is measured and stored once at its end: in TargetError's
// members, every element would load and store them (a fifth of `analyze --to float8_e4m3fn`'s time). Added to
// in the same order either way, so the sums are the same to the last bit.
struct RunningError {
  std::uint64_t measured, non_finite, saturated, flushed;
  double sum_squared_input, sum_squared_error, max_abs_error, max_relative_error;

  explicit RunningError(const TargetError& e)
      : measured(e.measured), non_finite(e.non_finite), saturated(e.saturated), flushed(e.flushed),
        sum_squared_input(e.sum_squared_input), sum_squared_error(e.sum_squared_error),
        max_abs_error(e.max_abs_error), max_relative_error(e.max_relative_error) {}

  void store(TargetError& e) const {
    e.measured = measured;
    e.non_finite = non_finite;
    e.saturated = saturated;
    e.flushed = flushed;
    e.sum_squared_input = sum_squared_input;
    e.sum_squared_error = sum_squared_error;
    e.max_abs_error = max_abs_error;
    e.max_relative_error = max_relative_error;
  }

  // One element: its input and its result after the round trip; `clipped` when the cast clipped it.
  void add(float input, double result, bool clipped) {
    if (!std::isfinite(input)) return;
    if (!std::isfinite(result)) {
      ++non_finite;
      return;
    }
    const double x = input;
    const double e = std::fabs(result - x);
    ++measured;
    sum_squared_input += x * x;
    sum_squared_error += e * e;
    max_abs_error = std::max(max_abs_error, e);
    if (x != 0) {
      const double magnitude = std::fabs(x);
      if (e > max_relative_error * magnitude) max_relative_error = e / magnitude;  // a division only when it grows
      if (result == 0) ++flushed;
    }
    if (clipped) ++saturated;
  }
};

template <typename Take>
void for_each_lane(std::size_t size, Take&& take) {
  std::size_t i = 0;
  for (; i + kLanes <= size; i += kLanes)
    for (std::size_t l = 0; l < kLanes; ++l) take(i + l, l);
  for (; i < size; ++i) take(i, i % kLanes);
}

template <typename T>
T lanes_sum(const std::array<T, kLanes>& a) {
  return (a[0] + a[1]) + (a[2] + a[3]);
}

}  // namespace

void TensorStatsAccumulator::add(std::span<const float> values) {
  // This slice's finite values first (its own mean and squared deviations, two passes over data in cache), then
  // merged into the running ones: summing squares of raw values would lose the variance of large-mean tensors.
  // The binades come from the bits: floor(log2|x|) is the biased exponent - 127 for a normal x and the position of
  // the top mantissa bit - 149 for a subnormal one. The first pass counts the biased exponents only (one table per
  // lane: a run of one binade would otherwise wait on its own increments); the few values with exponent 0 (zeros,
  // subnormals) or 255 (NaN, Inf) are told apart afterwards, and only when the slice holds some.
  std::array<std::array<std::uint32_t, 256>, kLanes> exponents{};
  for_each_lane(values.size(), [&](std::size_t i, std::size_t l) {
    ++exponents[l][(minifloat_detail::bit_cast<std::uint32_t>(values[i]) >> 23) & 0xffu];
  });
  std::array<double, kLanes> sums;
  std::array<std::uint32_t, kLanes> tops;  // the largest |x| bits of a finite x: their order is the magnitudes' order
  analysis_sums::finite_sums(values.data(), values.size(), sums, tops);
  std::array<std::uint64_t, 256> counts{};
  for (const auto& lane : exponents)
    for (std::size_t e = 0; e < counts.size(); ++e) counts[e] += lane[e];
  for (std::size_t e = 1; e < 0xff; ++e) stats_.binades[e - 127 - kLowestBinade] += counts[e];
  if (counts[0] + counts[0xff] != 0) {
    for (const float v : values) {
      const std::uint32_t magnitude = minifloat_detail::bit_cast<std::uint32_t>(v) & 0x7fffffffu;
      const std::uint32_t exponent = magnitude >> 23;
      if (exponent == 0xff) {
        ++((magnitude & 0x7fffffu) != 0 ? stats_.nans : stats_.infinities);
      } else if (magnitude == 0) {
        ++stats_.zeros;
      } else if (exponent == 0) {
        ++stats_.subnormals;
        ++stats_.binades[static_cast<std::size_t>(31 - std::countl_zero(magnitude))];
      }
    }
  }
  const std::uint32_t top = std::max(std::max(tops[0], tops[1]), std::max(tops[2], tops[3]));
  stats_.amax = std::max(stats_.amax, static_cast<double>(minifloat_detail::bit_cast<float>(top)));
  stats_.count += values.size();
  const std::uint64_t n = values.size() - counts[0xff];
  if (n == 0) return;
  const double slice_mean = lanes_sum(sums) / static_cast<double>(n);
  const std::array<double, kLanes> squares = analysis_sums::finite_squares(values.data(), values.size(), slice_mean);
  const double slice_m2 = lanes_sum(squares);
  const double total = static_cast<double>(stats_.finite + n);
  const double delta = slice_mean - stats_.mean;
  m2_ += slice_m2 + delta * delta * static_cast<double>(stats_.finite) * static_cast<double>(n) / total;
  stats_.mean += delta * static_cast<double>(n) / total;
  stats_.finite += n;
}

TensorStats TensorStatsAccumulator::stats() const {
  TensorStats out = stats_;
  out.squared_deviations = m2_;
  out.std = out.finite == 0 ? 0.0 : std::sqrt(m2_ / static_cast<double>(out.finite));
  return out;
}

Result<AnalysisTarget> analysis_target(std::string_view name, std::optional<RoundMode> round,
                                       std::optional<bool> saturate, std::optional<ScaleMode> scale_mode,
                                       bool tensor_scale) {
  const std::string_view text = ascii::trim(name);
  AnalysisTarget target;
  if (Result<BlockFormat> block = parse_block_format(text)) {
    const BlockFormatSpec& spec = block_format_spec(*block);
    target.block = *block;
    target.scale_mode = scale_mode && has_scale_mode(*block, *scale_mode) ? *scale_mode : spec.default_scale_mode;
    target.tensor_scale = tensor_scale && *block == BlockFormat::nvfp4;
    target.name = spec.name;
    if (target.tensor_scale) target.name.append("+tensor_scale");
    target.bits_per_element = spec.bits_per_element();
    return target;
  }
  if (const CodecBlockTarget* codec = find_codec_block_target(text)) {
    target.codec = codec;
    target.name = codec->name;
    target.bits_per_element = codec->bits_per_element;
    return target;
  }
  // A tapered format rounds its own way (--round is for the built-in formats, as --scale-mode is for the block
  // formats); HiF8 takes saturation (off unless asked, as `cast` has it), posits never overflow.
  if (const std::optional<TaperedFormat> tapered = find_tapered_format(text)) {
    target.tapered = *tapered;
    target.cast.saturate = saturate.value_or(false);
    target.cast.round = tapered_round_mode(*tapered);
    target.name = tapered_format_name(*tapered);
    target.bits_per_element = tapered_format_bits(*tapered);
    return target;
  }
  const Result<Format> f = parse_format(text);
  if (!f || !has_cast_kernels(*f)) {
    std::vector<std::string_view> names;
    for (const FormatSpec& spec : minifloat_formats()) names.push_back(spec.name);
    for (const BlockFormatSpec& spec : block_formats()) names.push_back(spec.name);
    for (const CodecBlockTarget& codec : codec_block_targets()) names.push_back(codec.name);
    for (const TaperedFormat t : tapered_formats()) names.push_back(tapered_format_name(t));
    if (f) {
      std::string message = format_name(*f);
      message.append(" is not a target of analyze: it takes the built-in formats up to 16 bits, the tapered formats "
                     "and the block formats (MX, NVFP4, bitsandbytes' and GGUF's)");
      return bad_value_error(std::move(message));
    }
    return unknown_name_error("format", text, names);
  }
  if (round == RoundMode::stochastic) {
    return bad_value_error("analyze takes the deterministic round modes; stochastic rounding is not one of them");
  }
  const Result<CastOptions> options = cast_options(*f, saturate, round);
  if (!options) return options.error();
  target.element = *f;
  target.cast = *options;
  target.name = format_name(*f);
  target.bits_per_element = format_spec(*f).total_bits();
  return target;
}

TargetAccumulator::TargetAccumulator(const AnalysisTarget& target, double tensor_amax, std::size_t worst_blocks)
    : target_(target), worst_count_(worst_blocks) {
  if (target_.block) {
    if (target_.tensor_scale) {
      const float amax = static_cast<float>(tensor_amax);
      tensor_scale_ = nvfp4_tensor_scale(std::span<const float>(&amax, 1));
    }
    block_options_.scale_mode = target_.scale_mode;
    block_options_.tensor_scale = tensor_scale_;
    for (std::uint32_t code = 0; code < scale_values_.size(); ++code)
      scale_values_[code] = block_scale_value(*target_.block, code);
    const std::uint32_t codes = 1u << block_format_spec(*target_.block).element_bits;
    for (std::uint32_t code = 0; code < codes; ++code) {
      element_values_[code] = block_element_value(*target_.block, code);
      element_floats_[code] = static_cast<float>(element_values_[code]);  // exact: at most 8 significant bits
    }
  }
}

// Most blocks are not among the worst: the test is inlined into the block loops, the insertion is not.
[[gnu::always_inline]] inline void TargetAccumulator::keep_if_worse(std::uint64_t index, double signal, double noise,
                                                                    std::span<const float> values) {
  // signal / noise < c.signal / c.noise, without dividing (noise 0 is an exact block: never worse).
  const auto lower = [&](const Candidate& c) { return signal * c.noise < c.signal * noise; };
  const auto at = std::find_if(worst_.begin(), worst_.end(), lower);
  if (worst_.size() >= worst_count_ && at == worst_.end()) return;
  keep_at(static_cast<std::size_t>(at - worst_.begin()), Candidate{index, signal, noise, {}}, values);
}

void TargetAccumulator::keep_at(std::size_t at, Candidate candidate, std::span<const float> values) {
  candidate.values.assign(values.begin(), values.end());
  worst_.insert(worst_.begin() + static_cast<std::ptrdiff_t>(at), std::move(candidate));
  if (worst_.size() > worst_count_) worst_.pop_back();
}

void TargetAccumulator::add_elements(std::span<const float> values) {
  const Format f = *target_.element;
  const double max = format_range(f).max;
  results_.resize(values.size());
  if (code_bytes(f) == 1) {
    codes8_.resize(values.size());
    cast_from_float32(f, values, codes8_, target_.cast);
    cast_to_float32(f, codes8_, results_);
  } else {
    codes16_.resize(values.size());
    cast_from_float32(f, values, codes16_, target_.cast);
    cast_to_float32(f, codes16_, results_);
  }
  RunningError running(error_);
  for (std::size_t i = 0; i < values.size(); ++i) {
    // Only a value beyond the largest finite one can be clipped: the core says whether its cast did.
    const bool clipped = std::fabs(static_cast<double>(values[i])) > max && saturates(f, values[i], target_.cast);
    running.add(values[i], results_[i], clipped);
  }
  running.store(error_);
}

void TargetAccumulator::add_blocks(std::span<const float> values) {
  const BlockFormat f = *target_.block;
  const BlockFormatSpec& spec = block_format_spec(f);
  const std::size_t blocks = block_count(f, values.size());
  scales_.resize(blocks);
  codes8_.resize(values.size());
  quantize_blocks(f, block_options_, values, scales_, codes8_);
  const std::size_t size = static_cast<std::size_t>(spec.block_size);
  const double element_max = spec.element_max;
  // The running sums in locals (the calls below would make the compiler reload members), added to in block order.
  RunningError sums_so_far(error_);
  // The blocks' sums a chunk at a time (their figures in a small array on the stack, whatever the slice's size),
  // then taken in block order.
  constexpr std::size_t kChunk = 64;
  std::array<double, kChunk> totals, limits;
  std::array<BlockSums, kChunk> chunk_sums;
  results_.resize(kChunk * size);
  for (std::size_t chunk = 0; chunk < blocks; chunk += kChunk) {
    const std::size_t chunk_end = std::min(blocks, chunk + kChunk);
    const std::size_t first = chunk * size, elements = std::min(values.size(), chunk_end * size) - first;
    for (std::size_t b = chunk; b < chunk_end; ++b) {
      const double scale = scale_values_[scales_[b]];
      // dequantize_blocks' exact values, read here as they are measured: code value × scale × tensor scale.
      totals[b - chunk] = scale * static_cast<double>(tensor_scale_);
      limits[b - chunk] = element_max * scale * tensor_scale_;
    }
    // The code values, exact in float32: natively by the format's decode kernel, in wasm (and for MXINT8) from a
    // table of every code's value, whichever runs faster there (typelattice_bench analysis/...; node
    // tests/bench/analyze-module-bench.mjs).
    const std::span<const std::uint8_t> codes(codes8_.data() + first, elements);
#if !defined(__wasm__)
    if (spec.element) {
      cast_to_float32(*spec.element, codes, std::span<float>(results_.data(), elements));
    } else
#endif
    {
      for (std::size_t i = 0; i < elements; ++i) results_[i] = element_floats_[codes[i]];
    }
    // Every block of the chunk is whole but a row's last one, which may be short: a call of its own, of its size.
    const std::size_t whole = std::min(chunk_end, values.size() / size) - chunk;
    const double bound = sums_so_far.max_relative_error;
    analysis_sums::blocks_sums(values.data() + first, results_.data(), size, whole, totals.data(), limits.data(),
                               bound, chunk_sums.data());
    if (chunk + whole < chunk_end) {
      const std::size_t begin = whole * size;
      analysis_sums::blocks_sums(values.data() + first + begin, results_.data() + begin, elements - begin, 1,
                                 &totals[whole], &limits[whole], bound, &chunk_sums[whole]);
    }
    for (std::size_t b = chunk; b < chunk_end; ++b) {
      const std::size_t begin = b * size, end = std::min(values.size(), begin + size);
      const std::uint64_t index = error_.blocks + b;
      const double total = totals[b - chunk];
      if (!std::isfinite(scale_values_[scales_[b]])) {  // the block holds a NaN or Inf: the NaN scale makes every element NaN
        for (std::size_t i = begin; i < end; ++i) sums_so_far.add(values[i], total, false);
        continue;
      }
      // A finite scale: every input is finite and every element clipped to a finite value, so the block's sums
      // need no per-element checks; in lanes, a block's sums are the same whatever the slicing and the threads.
      const BlockSums& sums = chunk_sums[b - chunk];
      // Only a block with an element above the bound can raise the largest relative error (or any block, should
      // it have fallen below the bound: a quotient can round down). Such a block's element is the one block_sums
      // finds.
      if (sums.above_bound || sums_so_far.max_relative_error < bound) {
        const BlockSums found = analysis_sums::block_sums(values.data() + begin, results_.data() + (begin - first),
                                                          end - begin, total, limits[b - chunk]);
        if (found.relative_error > sums_so_far.max_relative_error * found.relative_magnitude)  // divide only then
          sums_so_far.max_relative_error = found.relative_error / found.relative_magnitude;
      }
      const double signal = sums.signal, noise = sums.noise;
      sums_so_far.max_abs_error = std::max(sums_so_far.max_abs_error, sums.max_abs);
      sums_so_far.flushed += sums.flushed;
      sums_so_far.saturated += sums.saturated;
      sums_so_far.measured += end - begin;
      sums_so_far.sum_squared_input += signal;
      sums_so_far.sum_squared_error += noise;
      // The lowest signal-to-noise ratio is the lowest SQNR: decibels only once, in error().
      if (signal == 0) continue;
      block_sqnr_.add_ratio(sums.ratio, noise == 0);
      keep_if_worse(index, signal, noise, values.subspan(begin, end - begin));
    }
  }
  error_.blocks += blocks;
  sums_so_far.store(error_);
}

// A lookup-table or integer block family: its codec round-trips each block; its inputs may be NaN or Inf and its
// results too (a NaN absmax), so every element goes through RunningError::add. Saturated: an input beyond the
// values the block can represent (its extreme codes dequantized).
void TargetAccumulator::add_codec_blocks(std::span<const float> values) {
  const CodecBlockTarget& codec = *target_.codec;
  const std::size_t size = static_cast<std::size_t>(codec.block_size);
  results_.resize(std::min(values.size(), size));
  RunningError running(error_);
  for (std::size_t begin = 0; begin < values.size(); begin += size) {
    const std::size_t end = std::min(values.size(), begin + size);
    const std::span<const float> block = values.subspan(begin, end - begin);
    const std::span<float> results(results_.data(), block.size());
    const CodecBlockBounds bounds = codec.round_trip(codec.type, block, results);
    const std::uint64_t index = error_.blocks++;
    double signal = 0, noise = 0;
    bool finite = true;
    for (std::size_t i = 0; i < block.size(); ++i) {
      const float x = block[i];
      const double d = results[i];
      finite = finite && std::isfinite(x) && std::isfinite(d);
      running.add(x, d, x < bounds.lowest || x > bounds.highest);
      signal += static_cast<double>(x) * x;
      noise += (d - x) * (d - x);
    }
    if (finite && signal != 0) {
      block_sqnr_.add(signal, noise);
      keep_if_worse(index, signal, noise, block);
    }
  }
  running.store(error_);
}

// A tapered format, one element at a time through the core's encoder and decoder (no bulk kernel: these formats
// are for comparison, not for a checkpoint's bulk). Clipped: a finite input beyond max that came back finite.
void TargetAccumulator::add_tapered(std::span<const float> values) {
  const TaperedFormat f = *target_.tapered;
  const double max = tapered_max(f);
  RunningError running(error_);
  for (const float x : values) {
    const auto result = static_cast<float>(tapered_decode(f, tapered_encode(f, x, target_.cast.saturate)));
    running.add(x, result, std::fabs(static_cast<double>(x)) > max && std::isfinite(result));
  }
  running.store(error_);
}

void TargetAccumulator::add_row_slice(std::span<const float> values) {
  if (target_.codec) {
    add_codec_blocks(values);
  } else if (target_.tapered) {
    add_tapered(values);
  } else if (target_.block) {
    add_blocks(values);
  } else {
    add_elements(values);
  }
}

TargetError TargetAccumulator::error() const {
  TargetError out = error_;
  out.mse = out.measured == 0 ? 0.0 : out.sum_squared_error / static_cast<double>(out.measured);
  out.sqnr_db = signal_to_noise_db(out.sum_squared_input, out.sum_squared_error);
  for (const Candidate& c : worst_)
    out.worst_blocks.push_back({c.index, signal_to_noise_db(c.signal, c.noise), c.values});
  out.block_sqnr = block_sqnr_.distribution();
  return out;
}

std::uint64_t TensorSlicing::slice_end(std::uint64_t first) const {
  const std::uint64_t rows = row_length;
  if (rows > kSliceElements) return std::min({count, (first / rows + 1) * rows, first + kSliceElements});
  return std::min(count, first + rows * (kSliceElements / rows));
}

Result<std::vector<AnalysisTarget>> analysis_targets(std::span<const std::string> names, std::optional<RoundMode> round,
                                                     std::optional<bool> saturate, std::optional<ScaleMode> scale_mode,
                                                     bool tensor_scale) {
  std::vector<AnalysisTarget> targets;
  for (const std::string& name : names) {
    Result<AnalysisTarget> t = analysis_target(name, round, saturate, scale_mode, tensor_scale);
    if (!t) return t.error();
    targets.push_back(std::move(t).value());
  }
  return targets;
}

TensorSlicing tensor_slicing(const TensorEntry& tensor) {
  TensorSlicing s;
  for (const std::uint64_t d : tensor.shape) s.count *= d;
  if (!tensor.shape.empty()) s.row_length = tensor.fortran_order ? tensor.shape.front() : tensor.shape.back();
  if (s.row_length == 0) s.row_length = 1;
  return s;
}

std::uint64_t analysis_passes(const std::vector<AnalysisTarget>& targets) {
  return std::any_of(targets.begin(), targets.end(), [](const AnalysisTarget& t) { return t.tensor_scale; }) ? 2 : 1;
}

}  // namespace typelattice
