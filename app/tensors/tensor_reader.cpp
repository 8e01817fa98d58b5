#include "app/tensors/tensor_reader.h"

#include <bit>
#include <cerrno>
#include <cstring>
#include <sys/stat.h>

#include "typelattice/tensor_npz.h"

namespace typelattice::tensor_io {
namespace {

Error io_error(const std::string& what) {
  return Error{ErrorKind::bad_value, what + ": " + std::strerror(errno != 0 ? errno : EIO), {}};
}

}  // namespace

Result<std::unique_ptr<TensorReader>> TensorReader::open(const std::string& path,
                                                         const std::optional<std::string>& raw_layout) {
  auto reader = std::unique_ptr<TensorReader>(new TensorReader());
  reader->path_ = path;
  reader->raw_layout_ = raw_layout;
  errno = 0;
  reader->file_.reset(std::fopen(path.c_str(), "rb"));
  if (!reader->file_) return io_error("cannot open it");
  struct stat info {};
  if (fstat(fileno(reader->file_.get()), &info) != 0) return io_error("cannot read its size");
  if (!S_ISREG(info.st_mode)) return Error{ErrorKind::bad_value, "not a regular file", {}};
  reader->size_ = static_cast<std::uint64_t>(info.st_size);
  if (raw_layout) {
    Result<TensorFileIndex> index = raw_tensor_file_index(*raw_layout, reader->size_);
    if (!index) return index.error();
    reader->index_ = std::move(index).value();
    return reader;
  }
  std::vector<std::uint8_t> prefix(static_cast<std::size_t>(std::min<std::uint64_t>(kTensorFilePrefixBytes, reader->size_)));
  if (std::fread(prefix.data(), 1, prefix.size(), reader->file_.get()) != prefix.size()) {
    return io_error("cannot read its first bytes");
  }
  if (starts_with_zip_magic(prefix)) {
    if (std::optional<Error> e = reader->read_npz_index()) return *std::move(e);
    return reader;
  }
  const Result<std::uint64_t> header_bytes = tensor_file_header_bytes(prefix, reader->size_);
  if (!header_bytes) return header_bytes.error();
  // The core has checked the header against the file's size and its limits. A GGUF header shows its length only
  // when parsed: grow the read until the core says it is whole.
  std::vector<std::uint8_t> header;
  std::uint64_t wanted = *header_bytes;
  for (;;) {
    const std::size_t have = header.size();
    header.resize(static_cast<std::size_t>(wanted));
    if (fseeko(reader->file_.get(), static_cast<off_t>(have), SEEK_SET) != 0 ||
        std::fread(header.data() + have, 1, header.size() - have, reader->file_.get()) != header.size() - have) {
      return io_error("cannot read its header");
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

std::optional<Error> TensorReader::read_npz_index() {
  NpzIndexReader npz(size_);
  std::vector<std::uint8_t> bytes;
  for (std::optional<NpzRead> next = npz.next(); next; next = npz.next()) {
    bytes.resize(static_cast<std::size_t>(next->end - next->begin));
    if (next->source == NpzRead::Source::file) {
      if (fseeko(file_.get(), static_cast<off_t>(next->begin), SEEK_SET) != 0 ||
          std::fread(bytes.data(), 1, bytes.size(), file_.get()) != bytes.size())
        return io_error("cannot read bytes " + std::to_string(next->begin) + " to " + std::to_string(next->end));
    } else {
      DeflatedMember member(file_.get(), next->stream);
      Result<std::size_t> n = member.read(0, bytes);
      if (!n) return n.error();
      bytes.resize(*n);
    }
    if (Result<bool> r = npz.give(bytes); !r) return r.error();
  }
  index_ = std::move(npz).index();
  return std::nullopt;
}

std::unique_ptr<TensorReader> TensorReader::reopen() const {
  Result<std::unique_ptr<TensorReader>> again = open(path_, raw_layout_);
  if (!again || (*again)->size_ != size_ || (*again)->index_.tensors.size() != index_.tensors.size()) return nullptr;
  return std::move(again).value();
}

bool TensorReader::read_bytes(const TensorEntry& tensor, std::uint64_t offset, std::span<std::uint8_t> out) {
  if (!tensor.deflated) {
    return fseeko(file_.get(), static_cast<off_t>(offset), SEEK_SET) == 0 &&
           std::fread(out.data(), 1, out.size(), file_.get()) == out.size();
  }
  std::unique_ptr<DeflatedMember>& member = deflated_[tensor.deflated->stream_begin];
  if (!member) member = std::make_unique<DeflatedMember>(file_.get(), *tensor.deflated);
  const Result<std::size_t> n = member->read(offset, out);
  if (!n) read_error_ = n.error().message;
  return n && *n == out.size();
}

bool TensorReader::read(const TensorEntry& tensor, std::uint64_t first, std::span<float> out) {
  // GGUF's block types: `first` and out.size() are whole blocks (a row is, and the passes cut rows in whole blocks).
  const std::size_t width = tensor_dtype_bytes(tensor.dtype), per_block = tensor_dtype_block_elements(tensor.dtype);
  if (first % per_block != 0 || out.size() % per_block != 0) return false;
  const std::uint64_t offset = tensor.begin + first / per_block * width;
  if (tensor.dtype == TensorDtype::f32 && std::endian::native == std::endian::little) {  // the file's bytes as they are
    return read_bytes(tensor, offset, std::span<std::uint8_t>(reinterpret_cast<std::uint8_t*>(out.data()), out.size_bytes()));
  }
  bytes_.resize(out.size() / per_block * width);
  if (!read_bytes(tensor, offset, bytes_)) return false;
  tensor_elements_to_float32(tensor.dtype, bytes_, out);
  return true;
}

}  // namespace typelattice::tensor_io
