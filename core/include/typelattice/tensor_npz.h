// The index of a NumPy .npz file (np.savez, np.savez_compressed): a zip archive of .npy members, each stored or
// deflated. Pure: NpzIndexReader says which bytes it needs next (a range of the file, or the first bytes of a
// deflated member once inflated) and the caller, who does the reading and the inflating, gives them.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "typelattice/result.h"
#include "typelattice/tensor_file.h"

namespace typelattice {

// Whether a file's first bytes are a zip archive's: a local file header ("PK\3\4") or, for an archive with no
// members, the end of central directory record ("PK\5\6").
bool starts_with_zip_magic(std::span<const std::uint8_t> prefix);

// Deflate cannot shrink data by more than about 1032:1; a member that claims more is a zip bomb or a lie.
inline constexpr std::uint64_t kDeflateMaxRatio = 1032;

struct NpzRead {
  // file: bytes [begin, end) of the file. inflated: the first `end` bytes of deflated member `member` (begin is 0)
  // once inflated, or all of it if it is shorter.
  enum class Source : std::uint8_t { file, inflated } source = Source::file;
  std::size_t member = 0;
  std::uint64_t begin = 0, end = 0;
  TensorEntry::Deflated stream;  // inflated: where the member's deflate stream lies, its size and CRC-32
};

class NpzIndexReader {
 public:
  explicit NpzIndexReader(std::uint64_t file_size);
  // The next bytes the index needs, or nullopt when it is complete (then call index()).
  std::optional<NpzRead> next() const { return pending_; }
  // The bytes next() asked for; whether the index is now complete. Errors name the member (when there is one)
  // and the byte offset; after one, next() asks for nothing more.
  Result<bool> give(std::span<const std::uint8_t> bytes);
  // The members in the archive's order, each a tensor named as np.load names it (the member's name without
  // ".npy"); members that are not .npy files are listed in `unsupported`. A stored member's begin/end are file
  // offsets; a deflated one's count in the inflated member and its `deflated` says where its stream lies.
  TensorFileIndex index() &&;

 private:
  struct Member {
    std::string name;  // as the archive names it
    std::uint16_t method = 0;
    std::uint32_t crc32 = 0;
    std::uint64_t local_header = 0, data_begin = 0, compressed_size = 0, size = 0;
  };
  enum class Step : std::uint8_t { tail, zip64_record, directory, local_header, npy_prefix, npy_header, done };
  std::optional<Error> read_tail(std::span<const std::uint8_t> bytes);
  std::optional<Error> read_zip64_record(std::span<const std::uint8_t> bytes);
  std::optional<Error> read_directory(std::span<const std::uint8_t> bytes);
  std::optional<Error> read_local_header(std::span<const std::uint8_t> bytes);
  std::optional<Error> read_npy(std::span<const std::uint8_t> bytes);
  std::optional<Error> ask_member(std::size_t m);  // the next read for member m onwards (or done)
  void ask_npy(std::uint64_t bytes);
  std::string member_at(const Member& m) const;

  std::uint64_t file_size_;
  std::uint64_t directory_begin_ = 0, directory_end_ = 0, entries_ = 0;
  std::vector<Member> members_;
  std::size_t current_ = 0;  // the member whose local header or .npy header is being read
  Step step_ = Step::tail;
  std::optional<NpzRead> pending_;
  TensorFileIndex index_{TensorFileKind::npz, {}, {}};
};

}  // namespace typelattice
