// The exhaustive sweep of the cast kernels: float32 bit patterns 0, stride, 2*stride, ... up to 2^32, in
// contiguous batches (so a lane-order bug shows), encoded by every instruction set available and compared
// with the scalar encoder, for every mode of a format (kernel_test_modes: seeded stochastic too, each batch a
// stream of its own). With a stride > 1 the format's boundary inputs (every
// value, tie and neighbour; specials) are swept too. No test framework: the native gtest and the wasm
// sweep (run under node) share it.
#pragma once
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "typelattice/cast_kernels.h"
#include "tests/unit/cast_test_inputs.h"
#include "tests/unit/stride_from_env.h"

namespace typelattice::test {

struct SweepReport {
  std::uint64_t checked = 0;        // (input, mode, instruction set) triples compared
  std::uint64_t mismatches = 0;
  std::vector<std::string> first;   // a few mismatches, described
};

inline std::uint64_t sweep_stride_from_env() { return stride_from_env("TYPELATTICE_STRIDE", 1); }

inline void compare_batch(Format f, const CastOptions& o, const std::vector<float>& in, SweepReport& report) {
  const bool wide = format_spec(f).total_bits() > 8;
  std::vector<std::uint32_t> want(in.size());
  for (std::size_t i = 0; i < in.size(); ++i) want[i] = encode(f, in[i], element_options(o, i));
  std::vector<std::uint8_t> narrow(wide ? 0 : in.size());
  std::vector<std::uint16_t> broad(wide ? in.size() : 0);
  for (Isa isa : available_isas()) {
    if (wide) {
      cast_from_float32(f, in, broad, o, isa);
    } else {
      cast_from_float32(f, in, narrow, o, isa);
    }
    for (std::size_t i = 0; i < in.size(); ++i) {
      const std::uint32_t got = wide ? broad[i] : narrow[i];
      if (got == want[i]) continue;
      ++report.mismatches;
      if (report.first.size() < 8) {
        char line[200];
        std::snprintf(line, sizeof line, "%s %s saturate=%d round=%d: input 0x%08x -> 0x%x, scalar 0x%x",
                      std::string(format_spec(f).name).c_str(), std::string(isa_name(isa)).c_str(),
                      o.saturate ? 1 : 0, static_cast<int>(o.round), bits_from_float(in[i]),
                      got, want[i]);
        report.first.emplace_back(line);
      }
    }
    report.checked += in.size();
  }
}

inline SweepReport sweep_format(Format f, std::uint64_t stride) {
  SweepReport report;
  constexpr std::size_t kBatch = 1 << 16;
  std::vector<float> batch;
  batch.reserve(kBatch);
  const std::vector<CastOptions> modes = kernel_test_modes(f);
  for (std::size_t m = 0; m < modes.size(); ++m) {
    const CastOptions& o = modes[m];
    // With a stride (CI), the modes past ties to even take a 17 times sparser one, each from its own offset;
    // with none (a full run), every mode sees every float32.
    const bool sparser = stride > 1 && !format_spec(f).is_scale_format() && o.round != RoundMode::up;
    const std::uint64_t step = sparser ? stride * 17 : stride;
    for (std::uint64_t bits = sparser ? (m * stride) % step : 0; bits < (std::uint64_t{1} << 32); bits += step) {
      batch.push_back(float_from_bits(static_cast<std::uint32_t>(bits)));
      if (batch.size() == kBatch) {
        compare_batch(f, o, batch, report);
        batch.clear();
      }
    }
    if (stride > 1) {
      const auto extra = boundary_inputs(f);
      batch.insert(batch.end(), extra.begin(), extra.end());
    }
    compare_batch(f, o, batch, report);
    batch.clear();
  }
  return report;
}

}  // namespace typelattice::test
