#include "app/tensors/deflated_member.h"

#include <zlib.h>

#include <algorithm>

namespace typelattice::tensor_io {
namespace {

constexpr std::size_t kBufferBytes = std::size_t{256} << 10;

std::string hex32(std::uint32_t v) {
  char text[11];
  std::snprintf(text, sizeof text, "0x%08x", static_cast<unsigned>(v));
  return text;
}

}  // namespace

struct DeflatedMember::Stream {
  z_stream z{};
  bool live = false;
  ~Stream() {
    if (live) inflateEnd(&z);
  }
};

DeflatedMember::DeflatedMember(std::FILE* file, const TensorEntry::Deflated& member)
    : file_(file), member_(member), input_(kBufferBytes), skipped_(kBufferBytes) {}

DeflatedMember::~DeflatedMember() = default;

Error DeflatedMember::stream_error(const std::string& what) const {
  return Error{ErrorKind::bad_value,
               "the deflate stream from byte " + std::to_string(member_.stream_begin) + ": " + what, {}};
}

std::optional<Error> DeflatedMember::restart() {
  stream_ = std::make_unique<Stream>();
  // Negative window bits: a raw deflate stream, as zip members hold (no zlib header or trailer).
  if (inflateInit2(&stream_->z, -MAX_WBITS) != Z_OK) return stream_error("zlib cannot start");
  stream_->live = true;
  read_ = produced_ = 0;
  crc_ = static_cast<std::uint32_t>(crc32(0, nullptr, 0));
  ended_ = false;
  return std::nullopt;
}

Result<std::size_t> DeflatedMember::inflate_into(std::span<std::uint8_t> out) {
  z_stream& z = stream_->z;
  z.next_out = out.data();
  z.avail_out = static_cast<uInt>(out.size());
  while (z.avail_out > 0 && !ended_) {
    if (z.avail_in == 0) {
      const std::uint64_t left = member_.stream_end - member_.stream_begin - read_;
      if (left == 0) return stream_error("it ends before the member does (cut short, or its compressed size is wrong)");
      const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(left, input_.size()));
      if (fseeko(file_, static_cast<off_t>(member_.stream_begin + read_), SEEK_SET) != 0 ||
          std::fread(input_.data(), 1, n, file_) != n)
        return stream_error("cannot read it");
      read_ += n;
      z.next_in = input_.data();
      z.avail_in = static_cast<uInt>(n);
    }
    const int status = inflate(&z, Z_NO_FLUSH);
    if (status == Z_STREAM_END) ended_ = true;
    else if (status != Z_OK && status != Z_BUF_ERROR) return stream_error(std::string("corrupt (zlib: ") + (z.msg ? z.msg : "error") + ")");
  }
  const std::size_t n = out.size() - z.avail_out;
  produced_ += n;
  crc_ = static_cast<std::uint32_t>(crc32(crc_, out.data(), static_cast<uInt>(n)));
  if (produced_ > member_.inflated_size)
    return stream_error("it inflates past the " + std::to_string(member_.inflated_size) + " bytes its entry gives");
  if (produced_ == member_.inflated_size && !ended_) {
    // The member's bytes are all out: the stream must end here, with nothing more.
    std::uint8_t extra = 0;
    if (Result<std::size_t> more = inflate_into(std::span(&extra, 1)); !more) return more.error();
  }
  if (ended_ && produced_ < member_.inflated_size)
    return stream_error("it inflates to " + std::to_string(produced_) + " bytes, not the " +
                        std::to_string(member_.inflated_size) + " its entry gives");
  if (ended_ && crc_ != member_.crc32)
    return stream_error("its CRC-32 is " + hex32(crc_) + ", its entry says " + hex32(member_.crc32));
  return n;
}

Result<std::size_t> DeflatedMember::read(std::uint64_t begin, std::span<std::uint8_t> out) {
  if (!stream_ || begin < produced_) {
    if (std::optional<Error> e = restart()) return *std::move(e);
  }
  while (produced_ < begin) {
    const std::size_t skip = static_cast<std::size_t>(std::min<std::uint64_t>(begin - produced_, skipped_.size()));
    Result<std::size_t> n = inflate_into(std::span(skipped_).first(skip));
    if (!n) return n.error();
    if (*n < skip) return std::size_t{0};
  }
  return inflate_into(out);
}

}  // namespace typelattice::tensor_io
