#include "app/tensors/tensor_reader.h"

#include <cerrno>
#include <cstring>
#include <sys/stat.h>

namespace typelattice::tensor_io {
namespace {

// GGUF headers are read whole into memory; a vocabulary of a few hundred thousand tokens takes a few MiB.
constexpr std::uint64_t kMaxHeaderBytes = std::uint64_t{256} << 20;

Error read_error(const std::string& what) {
  return Error{ErrorKind::bad_value, what + ": " + std::strerror(errno != 0 ? errno : EIO), {}};
}

}  // namespace

Result<std::unique_ptr<TensorReader>> TensorReader::open(const std::string& path) {
  auto reader = std::unique_ptr<TensorReader>(new TensorReader());
  errno = 0;
  reader->file_.reset(std::fopen(path.c_str(), "rb"));
  if (!reader->file_) return read_error("cannot open it");
  struct stat info {};
  if (fstat(fileno(reader->file_.get()), &info) != 0) return read_error("cannot read its size");
  if (!S_ISREG(info.st_mode)) return Error{ErrorKind::bad_value, "not a regular file", {}};
  reader->size_ = static_cast<std::uint64_t>(info.st_size);
  std::vector<std::uint8_t> prefix(static_cast<std::size_t>(std::min<std::uint64_t>(kTensorFilePrefixBytes, reader->size_)));
  if (std::fread(prefix.data(), 1, prefix.size(), reader->file_.get()) != prefix.size()) {
    return read_error("cannot read its first bytes");
  }
  const Result<std::uint64_t> header_bytes = tensor_file_header_bytes(prefix, reader->size_);
  if (!header_bytes) return header_bytes.error();
  // The core has checked the header against the file's size (and the safetensors limit of 100 MB). A GGUF
  // header shows its length only when parsed: grow the read until the core says it is whole.
  std::vector<std::uint8_t> header;
  std::uint64_t wanted = *header_bytes;
  for (;;) {
    if (wanted > kMaxHeaderBytes)
      return Error{ErrorKind::bad_value, "the header is longer than " + std::to_string(kMaxHeaderBytes >> 20) +
                                             " MiB (it needs at least " + std::to_string(wanted) + " bytes): not read", {}};
    const std::size_t have = header.size();
    header.resize(static_cast<std::size_t>(wanted));
    if (fseeko(reader->file_.get(), static_cast<off_t>(have), SEEK_SET) != 0 ||
        std::fread(header.data() + have, 1, header.size() - have, reader->file_.get()) != header.size() - have) {
      return read_error("cannot read its header");
    }
    const Result<TensorFileHeaderNeed> need = tensor_file_header_need(header, reader->size_);
    if (!need) return need.error();
    if (need->complete) break;
    if (need->bytes <= header.size()) return Error{ErrorKind::bad_value, "the header cannot be read whole", {}};
    wanted = need->bytes;
  }
  Result<TensorFileIndex> index = read_tensor_file_index(header, reader->size_);
  if (!index) return index.error();
  reader->index_ = std::move(index).value();
  return reader;
}

bool TensorReader::read(const TensorEntry& tensor, std::uint64_t first, std::span<float> out) {
  // GGUF's block types: `first` and out.size() are whole blocks (a row is, and the passes cut rows in whole blocks).
  const std::size_t width = tensor_dtype_bytes(tensor.dtype), per_block = tensor_dtype_block_elements(tensor.dtype);
  if (first % per_block != 0 || out.size() % per_block != 0) return false;
  bytes_.resize(out.size() / per_block * width);
  const std::uint64_t offset = tensor.begin + first / per_block * width;
  if (fseeko(file_.get(), static_cast<off_t>(offset), SEEK_SET) != 0 ||
      std::fread(bytes_.data(), 1, bytes_.size(), file_.get()) != bytes_.size()) {
    return false;
  }
  tensor_elements_to_float32(tensor.dtype, bytes_, out);
  return true;
}

}  // namespace typelattice::tensor_io
