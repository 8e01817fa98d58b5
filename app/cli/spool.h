// Bytes kept aside while a stream is read, for a form whose first lines depend on all of the input (the packed
// form's count, NVFP4's tensor scale from every value): in memory up to a limit, then in an unnamed temporary
// file, so that memory stays bounded whatever the input's size.
#pragma once
#include <cstdint>
#include <cstdio>
#include <span>
#include <vector>

namespace typelattice::cli {

class Spool {
 public:
  Spool() = default;
  Spool(const Spool&) = delete;
  Spool& operator=(const Spool&) = delete;
  ~Spool();
  // False when the temporary file could not be made or written (errno says why).
  bool write(std::span<const std::uint8_t> bytes);
  std::size_t size() const { return size_; }
  // Reading, from the start after rewind(): up to out.size() bytes, how many were read.
  bool rewind();
  std::size_t read(std::span<std::uint8_t> out);

 private:
  static constexpr std::size_t kMemoryLimit = std::size_t{1} << 20;
  std::vector<std::uint8_t> memory_;
  std::FILE* file_ = nullptr;
  std::size_t size_ = 0, read_at_ = 0;
};

}  // namespace typelattice::cli
