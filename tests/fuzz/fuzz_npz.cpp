// Fuzz the .npz reader with the input as a whole archive: NpzIndexReader asks for byte ranges (each must lie in the
// file) and for the first bytes of deflated members (inflated here with zlib, as app/tensors does). Never crash;
// every error has a message; every stored tensor lies inside the file with the size its shape needs and no two
// share a byte; every deflated tensor lies inside its member, whose stream lies inside the file.
#include <zlib.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <vector>

#include "typelattice/tensor_npz.h"

using namespace typelattice;

namespace {

// The first `want` bytes the raw deflate stream `in` inflates to (fewer when it ends or is bad).
std::vector<std::uint8_t> inflate_prefix(std::span<const std::uint8_t> in, std::size_t want) {
  std::vector<std::uint8_t> out(want);
  z_stream z{};
  if (inflateInit2(&z, -MAX_WBITS) != Z_OK) std::abort();
  z.next_in = const_cast<Bytef*>(in.data());
  z.avail_in = static_cast<uInt>(in.size());
  z.next_out = out.data();
  z.avail_out = static_cast<uInt>(out.size());
  while (z.avail_out > 0 && inflate(&z, Z_NO_FLUSH) == Z_OK) {
  }
  out.resize(want - z.avail_out);
  inflateEnd(&z);
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const std::uint8_t> file(data, size);
  NpzIndexReader reader(size);
  for (std::optional<NpzRead> next = reader.next(); next; next = reader.next()) {
    std::vector<std::uint8_t> bytes;
    if (next->source == NpzRead::Source::file) {
      if (next->begin > next->end || next->end > size) std::abort();
      bytes.assign(file.begin() + static_cast<std::ptrdiff_t>(next->begin), file.begin() + static_cast<std::ptrdiff_t>(next->end));
    } else {
      const TensorEntry::Deflated& s = next->stream;
      if (next->begin != 0 || s.stream_begin > s.stream_end || s.stream_end > size || next->end > s.inflated_size)
        std::abort();
      // Asking for a bounded prefix only: the .npy header, never the member whole.
      if (next->end > kTensorFileMaxHeaderBytes) std::abort();
      bytes = inflate_prefix(file.subspan(static_cast<std::size_t>(s.stream_begin),
                                          static_cast<std::size_t>(s.stream_end - s.stream_begin)),
                             static_cast<std::size_t>(next->end));
    }
    const Result<bool> given = reader.give(bytes);
    if (!given) {
      if (given.error().message.empty() || reader.next()) std::abort();
      return 0;
    }
    if (*given != !reader.next()) std::abort();
  }
  const TensorFileIndex index = std::move(reader).index();
  if (index.kind != TensorFileKind::npz) std::abort();
  std::vector<std::pair<std::uint64_t, std::uint64_t>> stored;
  for (const TensorEntry& t : index.tensors) {
    std::uint64_t elements = 1;
    for (std::uint64_t n : t.shape) elements *= n;  // the .npy reader refused any overflow
    if (t.begin > t.end || elements * tensor_dtype_bytes(t.dtype) != t.end - t.begin) std::abort();
    if (t.deflated) {
      if (t.end != t.deflated->inflated_size || t.deflated->stream_end > size) std::abort();
    } else {
      if (t.end > size) std::abort();
      if (t.begin != t.end) stored.emplace_back(t.begin, t.end);
      const auto in = file.subspan(static_cast<std::size_t>(t.begin), static_cast<std::size_t>(t.end - t.begin));
      std::vector<float> out(in.size() / tensor_dtype_bytes(t.dtype));
      tensor_elements_to_float32(t.dtype, in, out);
    }
  }
  std::sort(stored.begin(), stored.end());
  for (std::size_t i = 1; i < stored.size(); ++i)
    if (stored[i].first < stored[i - 1].second) std::abort();
  return 0;
}
