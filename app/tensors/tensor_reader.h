// A checkpoint file for `typelattice analyze` and the app's Tensors view: its index (the core's reader over the
// header bytes) and its tensors' values, read as float32 a slice at a time so that a file of any size needs a
// bounded amount of memory.
#pragma once
#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "app/tensors/deflated_member.h"
#include "typelattice/result.h"
#include "typelattice/tensor_file.h"

namespace typelattice::tensor_io {

class TensorReader {
 public:
  // Opens `path` and reads its index; errors name what was wrong (the caller adds the path). With `raw_layout`
  // ("float32:4096x4096", raw_tensor_file_index) the file is read as raw elements whatever it holds.
  static Result<std::unique_ptr<TensorReader>> open(const std::string& path,
                                                    const std::optional<std::string>& raw_layout = std::nullopt);
  // The same file opened again, for another thread to read from (a reader is not shared: it has one file
  // position and one stream per deflated member); null when it cannot be opened or is no longer the same size.
  std::unique_ptr<TensorReader> reopen() const;
  const TensorFileIndex& index() const { return index_; }
  std::uint64_t file_size() const { return size_; }
  // Elements [first, first + out.size()) of `tensor` as float32; false when the file could not be read.
  bool read(const TensorEntry& tensor, std::uint64_t first, std::span<float> out);
  // Why the last read failed, when the file says more than that it could not be read (a deflated member's CRC).
  const std::string& read_error() const { return read_error_; }

 private:
  struct Closer {
    void operator()(std::FILE* f) const { std::fclose(f); }
  };
  std::unique_ptr<std::FILE, Closer> file_;
  std::string path_;
  std::optional<std::string> raw_layout_;
  std::uint64_t size_ = 0;
  TensorFileIndex index_;
  std::optional<Error> read_npz_index();
  bool read_bytes(const TensorEntry& tensor, std::uint64_t offset, std::span<std::uint8_t> out);
  std::vector<std::uint8_t> bytes_;
  std::map<std::uint64_t, std::unique_ptr<DeflatedMember>> deflated_;  // by stream_begin: one stream per member
  std::string read_error_;
};

}  // namespace typelattice::tensor_io
