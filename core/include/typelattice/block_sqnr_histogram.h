// The distribution of a block target's per-block SQNR over a tensor: its minimum, 1st percentile and median, from a
// histogram that costs a division and an increment per block whatever the tensor's size. A block's bin is its
// signal-to-noise ratio's float64 bits shifted right by 43 (sign, exponent and the top 9 mantissa bits): bins are
// ordered as the ratios, 512 per octave (each at most 10 log10(1 + 2^-9) = 0.0085 dB wide), so a percentile is
// given to 0.01 dB, rounded down to its bin's lower edge. Counts only add up, so the order of the blocks does not
// change the result. docs/tensor-analysis.md has the definitions.
#pragma once
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

namespace typelattice {

struct BlockSqnrDistribution {
  std::uint64_t blocks = 0;  // blocks with an SQNR: inputs not all zero, none NaN or Inf
  std::uint64_t exact = 0;   // of those, blocks that come back exactly (+Inf dB)
  // The lowest SQNR (exactly), and the 1st percentile and median: the ceil(p · blocks)-th lowest (nearest rank),
  // rounded down to its bin's edge but never below the lowest. +Inf when that block is exact; NaN when blocks is 0.
  double min_db = std::numeric_limits<double>::quiet_NaN();
  double p1_db = std::numeric_limits<double>::quiet_NaN();
  double median_db = std::numeric_limits<double>::quiet_NaN();
};

class BlockSqnrHistogram {
 public:
  // One block's sums of x² (> 0) and of the errors² (noise 0: an exact block).
  void add(double signal, double noise) { add_ratio(signal / noise, noise == 0); }
  // The same with the ratio signal / noise already divided (callers that divide several blocks' at once).
  void add_ratio(double ratio, bool exact) {
    if (ratio < min_ratio_) min_ratio_ = ratio;
    if (exact) {
      ++exact_;
      return;
    }
    std::uint64_t bits;  // memcpy: the libc++ of Debian's Emscripten lacks std::bit_cast
    std::memcpy(&bits, &ratio, sizeof bits);
    const std::uint64_t bin = bits >> kBinShift;
    // Unsigned: a bin below first_bin_ wraps past the end too.
    if (const std::uint64_t at = bin - first_bin_; at < counts_.size()) {
      ++counts_[static_cast<std::size_t>(at)];
    } else {
      add_outside(bin);
    }
  }
  BlockSqnrDistribution distribution() const;

 private:
  static constexpr int kBinShift = 43;  // 64 - 43 = 21 bits: sign 0, 11 exponent bits, 9 mantissa bits
  static constexpr int kOctaveBits = 9;  // bins are kept an octave of ratios at a time, from its first block on
  static constexpr std::uint64_t kOctaves = std::uint64_t{1} << 11;  // every exponent of a positive double
  // Widens counts_ to take `bin`'s octave, and counts it.
  void add_outside(std::uint64_t bin);
  // The value of the rank-th lowest block's bin (rank from 1), as a ratio: its lower edge.
  double ratio_at_rank(std::uint64_t rank) const;

  // counts_[i]: blocks in bin first_bin_ + i; whole octaves around every block's, at least doubled each time they
  // widen (at most 2048 octaves of 4 KiB: 8 MiB).
  std::vector<std::uint64_t> counts_;
  std::uint64_t first_bin_ = 0;
  std::uint64_t exact_ = 0;
  double min_ratio_ = std::numeric_limits<double>::infinity();
};

}  // namespace typelattice
