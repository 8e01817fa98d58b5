// A checkpoint file for `typelattice analyze` and the app's Tensors view: its index (the core's reader over the
// header bytes) and its tensors' values, read as float32 a slice at a time so that a file of any size needs a
// bounded amount of memory.
#pragma once
#include <cstdint>
#include <cstdio>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "typelattice/result.h"
#include "typelattice/tensor_file.h"

namespace typelattice::tensor_io {

class TensorReader {
 public:
  // Opens `path` and reads its index; errors name what was wrong (the caller adds the path).
  static Result<std::unique_ptr<TensorReader>> open(const std::string& path);
  const TensorFileIndex& index() const { return index_; }
  std::uint64_t file_size() const { return size_; }
  // Elements [first, first + out.size()) of `tensor` as float32; false when the file could not be read.
  bool read(const TensorEntry& tensor, std::uint64_t first, std::span<float> out);

 private:
  struct Closer {
    void operator()(std::FILE* f) const { std::fclose(f); }
  };
  std::unique_ptr<std::FILE, Closer> file_;
  std::uint64_t size_ = 0;
  TensorFileIndex index_;
  std::vector<std::uint8_t> bytes_;
};

}  // namespace typelattice::tensor_io
