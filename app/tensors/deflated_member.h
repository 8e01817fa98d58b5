// A deflated .npz member's bytes, inflated with zlib as they are asked for: a stream that moves forward (a read
// before where it stands starts it again), so a member of any size needs two fixed buffers.
#pragma once
#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "typelattice/result.h"
#include "typelattice/tensor_file.h"

namespace typelattice::tensor_io {

class DeflatedMember {
 public:
  DeflatedMember(std::FILE* file, const TensorEntry::Deflated& member);
  ~DeflatedMember();
  DeflatedMember(const DeflatedMember&) = delete;
  DeflatedMember& operator=(const DeflatedMember&) = delete;
  // Inflated bytes [begin, begin + out.size()), or fewer when the member ends first: how many were written.
  // Errors (a stream cut short or corrupt, more or fewer bytes than the member's entry says, a CRC-32 other than
  // its entry's) name the file byte where the stream begins.
  Result<std::size_t> read(std::uint64_t begin, std::span<std::uint8_t> out);

 private:
  struct Stream;
  std::optional<Error> restart();
  Result<std::size_t> inflate_into(std::span<std::uint8_t> out);
  Error stream_error(const std::string& what) const;
  std::FILE* file_;
  TensorEntry::Deflated member_;
  std::unique_ptr<Stream> stream_;
  std::vector<std::uint8_t> input_, skipped_;
  std::uint64_t read_ = 0, produced_ = 0;  // compressed bytes taken from the file, inflated bytes given out
  std::uint32_t crc_ = 0;
  bool ended_ = false;
};

}  // namespace typelattice::tensor_io
