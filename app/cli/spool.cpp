#include "app/cli/spool.h"

#include <algorithm>
#include <cstring>

namespace typelattice::cli {

Spool::~Spool() {
  if (file_ != nullptr) std::fclose(file_);
}

bool Spool::write(std::span<const std::uint8_t> bytes) {
  if (file_ == nullptr && memory_.size() + bytes.size() > kMemoryLimit) {
    file_ = std::tmpfile();
    if (file_ == nullptr) return false;
    if (!memory_.empty() && std::fwrite(memory_.data(), 1, memory_.size(), file_) != memory_.size()) return false;
    std::vector<std::uint8_t>().swap(memory_);
  }
  size_ += bytes.size();
  if (file_ == nullptr) {
    memory_.insert(memory_.end(), bytes.begin(), bytes.end());
    return true;
  }
  return std::fwrite(bytes.data(), 1, bytes.size(), file_) == bytes.size();
}

bool Spool::rewind() {
  read_at_ = 0;
  return file_ == nullptr || (std::fflush(file_) == 0 && std::fseek(file_, 0, SEEK_SET) == 0);
}

std::size_t Spool::read(std::span<std::uint8_t> out) {
  if (file_ != nullptr) return std::fread(out.data(), 1, out.size(), file_);
  const std::size_t n = std::min(out.size(), memory_.size() - read_at_);
  if (n != 0) std::memcpy(out.data(), memory_.data() + read_at_, n);
  read_at_ += n;
  return n;
}

}  // namespace typelattice::cli
