// The .npz reader: a zip archive (PKWARE's APPNOTE.TXT: end of central directory, its zip64 record when the
// counts or offsets overflow, the central directory, each member's local header) of .npy members, each read by
// the .npy reader from the member's own bytes: in place when stored, from the inflated stream when deflated.
#include "typelattice/tensor_npz.h"

#include <algorithm>
#include <numeric>
#include <set>

#include "core/tensors/safetensors_json.h"  // first_invalid_utf8
#include "core/tensors/tensor_readers.h"
#include "typelattice/display_text.h"

namespace typelattice {
namespace {

using tensors::at_byte;
using tensors::bad_file;
using tensors::load_le;

constexpr std::uint32_t kLocalSignature = 0x04034b50, kDirectorySignature = 0x02014b50,
                        kEndSignature = 0x06054b50, kZip64EndSignature = 0x06064b50, kZip64LocatorSignature = 0x07064b50;
constexpr std::uint64_t kEndBytes = 22, kZip64LocatorBytes = 20, kZip64EndBytes = 56, kDirectoryEntryBytes = 46,
                        kLocalBytes = 30, kMaxComment = 65535;
constexpr std::uint16_t kStored = 0, kDeflated = 8;

}  // namespace

bool starts_with_zip_magic(std::span<const std::uint8_t> prefix) {
  if (prefix.size() < 4) return false;
  const std::uint64_t signature = load_le(prefix, 0, 4);
  return signature == kLocalSignature || signature == kEndSignature;
}

NpzIndexReader::NpzIndexReader(std::uint64_t file_size) : file_size_(file_size) {
  const std::uint64_t tail = std::min(file_size, kEndBytes + kMaxComment + kZip64LocatorBytes);
  pending_ = NpzRead{NpzRead::Source::file, 0, file_size - tail, file_size};
}

std::string NpzIndexReader::member_at(const Member& m) const {
  return "member " + quoted(m.name) + " (local header at byte " + std::to_string(m.local_header) + ")";
}

Result<bool> NpzIndexReader::give(std::span<const std::uint8_t> bytes) {
  if (!pending_) return bad_file("the index is complete: no bytes were asked for");
  const NpzRead asked = *pending_;
  if (asked.source == NpzRead::Source::file ? bytes.size() != asked.end - asked.begin : bytes.size() > asked.end) {
    pending_.reset();
    return bad_file("given " + std::to_string(bytes.size()) + " bytes where " +
                    std::to_string(asked.end - asked.begin) + " were asked for");
  }
  std::optional<Error> failed;
  switch (step_) {
    case Step::tail: failed = read_tail(bytes); break;
    case Step::zip64_record: failed = read_zip64_record(bytes); break;
    case Step::directory: failed = read_directory(bytes); break;
    case Step::local_header: failed = read_local_header(bytes); break;
    case Step::npy_prefix:
    case Step::npy_header: failed = read_npy(bytes); break;
    case Step::done: break;
  }
  if (failed) {
    pending_.reset();
    return *std::move(failed);
  }
  return !pending_.has_value();
}

std::optional<Error> NpzIndexReader::read_tail(std::span<const std::uint8_t> tail) {
  const std::uint64_t tail_begin = file_size_ - tail.size();
  // The last end-of-central-directory signature whose comment length reaches exactly the end of the file.
  std::optional<std::size_t> end;
  for (std::size_t at = tail.size() >= kEndBytes ? tail.size() - kEndBytes + 1 : 0; at-- > 0;) {
    if (load_le(tail, at, 4) == kEndSignature && at + kEndBytes + load_le(tail, at + 20, 2) == tail.size()) {
      end = at;
      break;
    }
  }
  if (!end) return bad_file("no end of central directory record in the file's last " + std::to_string(tail.size()) +
                            " bytes (from byte " + std::to_string(tail_begin) + "): not a zip archive, or cut short");
  const std::size_t e = *end;
  const std::uint64_t end_at = tail_begin + e;
  if (load_le(tail, e + 4, 2) != 0 || load_le(tail, e + 6, 2) != 0 || load_le(tail, e + 8, 2) != load_le(tail, e + 10, 2))
    return bad_file("a zip archive split over several disks is not read" + at_byte(end_at));
  entries_ = load_le(tail, e + 10, 2);
  const std::uint64_t size = load_le(tail, e + 12, 4);
  directory_begin_ = load_le(tail, e + 16, 4);
  const bool zip64 = entries_ == 0xffff || size == 0xffffffff || directory_begin_ == 0xffffffff;
  if (e >= kZip64LocatorBytes && load_le(tail, e - kZip64LocatorBytes, 4) == kZip64LocatorSignature) {
    const std::size_t l = e - kZip64LocatorBytes;
    const std::uint64_t record = load_le(tail, l + 8, 8);
    if (record > end_at - kZip64LocatorBytes || end_at - kZip64LocatorBytes - record < kZip64EndBytes)
      return bad_file("the zip64 end of central directory record at byte " + std::to_string(record) +
                      " does not fit before its locator" + at_byte(tail_begin + l));
    step_ = Step::zip64_record;
    directory_end_ = end_at - kZip64LocatorBytes;  // the record's own bytes come after the directory
    pending_ = NpzRead{NpzRead::Source::file, 0, record, record + kZip64EndBytes};
    return std::nullopt;
  }
  if (zip64) return bad_file("the end of central directory record says zip64, but no zip64 locator precedes it" +
                             at_byte(end_at));
  directory_end_ = end_at;
  if (directory_begin_ > directory_end_ || directory_end_ - directory_begin_ != size)
    return bad_file("the central directory (" + std::to_string(size) + " bytes from byte " +
                    std::to_string(directory_begin_) + ") does not end where its end record begins" + at_byte(end_at));
  step_ = Step::directory;
  pending_ = NpzRead{NpzRead::Source::file, 0, directory_begin_, directory_end_};
  return std::nullopt;
}

std::optional<Error> NpzIndexReader::read_zip64_record(std::span<const std::uint8_t> record) {
  const std::uint64_t record_at = pending_->begin;
  if (load_le(record, 0, 4) != kZip64EndSignature)
    return bad_file("no zip64 end of central directory record where its locator points" + at_byte(record_at));
  if (load_le(record, 16, 4) != 0 || load_le(record, 20, 4) != 0 || load_le(record, 24, 8) != load_le(record, 32, 8))
    return bad_file("a zip archive split over several disks is not read" + at_byte(record_at));
  entries_ = load_le(record, 32, 8);
  const std::uint64_t size = load_le(record, 40, 8);
  directory_begin_ = load_le(record, 48, 8);
  if (directory_begin_ > record_at || record_at - directory_begin_ != size)
    return bad_file("the central directory (" + std::to_string(size) + " bytes from byte " +
                    std::to_string(directory_begin_) + ") does not end where the zip64 record begins" + at_byte(record_at));
  directory_end_ = record_at;
  step_ = Step::directory;
  pending_ = NpzRead{NpzRead::Source::file, 0, directory_begin_, directory_end_};
  return std::nullopt;
}

std::optional<Error> NpzIndexReader::read_directory(std::span<const std::uint8_t> dir) {
  if (entries_ > dir.size() / kDirectoryEntryBytes)
    return bad_file(std::to_string(entries_) + " members cannot fit in a central directory of " +
                    std::to_string(dir.size()) + " bytes" + at_byte(directory_begin_));
  std::set<std::string, std::less<>> names;
  std::size_t at = 0;
  for (std::uint64_t i = 0; i < entries_; ++i) {
    const std::uint64_t where = directory_begin_ + at;
    if (dir.size() - at < kDirectoryEntryBytes || load_le(dir, at, 4) != kDirectorySignature)
      return bad_file("central directory entry " + std::to_string(i) + " is not one" + at_byte(where));
    const auto name_length = static_cast<std::size_t>(load_le(dir, at + 28, 2)),
               extra_length = static_cast<std::size_t>(load_le(dir, at + 30, 2)),
               comment_length = static_cast<std::size_t>(load_le(dir, at + 32, 2));
    if (dir.size() - at - kDirectoryEntryBytes < name_length + extra_length + comment_length)
      return bad_file("central directory entry " + std::to_string(i) + " runs past the directory" + at_byte(where));
    Member m;
    const auto name_bytes = dir.subspan(at + kDirectoryEntryBytes, name_length);
    m.name.assign(name_bytes.begin(), name_bytes.end());
    if (tensors::first_invalid_utf8(m.name) < m.name.size())
      return bad_file("central directory entry " + std::to_string(i) + ": the member name is not UTF-8" + at_byte(where));
    const std::uint64_t flags = load_le(dir, at + 8, 2);
    m.method = static_cast<std::uint16_t>(load_le(dir, at + 10, 2));
    m.crc32 = static_cast<std::uint32_t>(load_le(dir, at + 16, 4));
    m.compressed_size = load_le(dir, at + 20, 4);
    m.size = load_le(dir, at + 24, 4);
    m.local_header = load_le(dir, at + 42, 4);
    // zip64's extended information extra field holds, in this order, each of these the entry marks 0xffffffff.
    const auto extra = dir.subspan(at + kDirectoryEntryBytes + name_length, extra_length);
    for (std::size_t x = 0; x + 4 <= extra.size();) {
      const std::uint64_t id = load_le(extra, x, 2), length = load_le(extra, x + 2, 2);
      if (length > extra.size() - x - 4)
        return bad_file("member " + quoted(m.name) + ": an extra field runs past its entry" + at_byte(where));
      if (id == 0x0001) {
        std::size_t field = x + 4;
        for (std::uint64_t* value : {&m.size, &m.compressed_size, &m.local_header}) {
          if (*value != 0xffffffff) continue;
          if (field + 8 > x + 4 + length)
            return bad_file("member " + quoted(m.name) + ": its zip64 extra field is too short" + at_byte(where));
          *value = load_le(extra, field, 8);
          field += 8;
        }
      }
      x += 4 + static_cast<std::size_t>(length);
    }
    if ((flags & 0x41) != 0 || m.method == 99)
      return bad_file(member_at(m) + " is encrypted; encrypted members are not read");
    if (m.method != kStored && m.method != kDeflated)
      return bad_file(member_at(m) + " uses compression method " + std::to_string(m.method) +
                      "; only stored (0) and deflated (8) are read");
    if (m.method == kStored && m.size != m.compressed_size)
      return bad_file(member_at(m) + " is stored, but its sizes differ (" + std::to_string(m.compressed_size) +
                      " bytes stored, " + std::to_string(m.size) + " bytes in all)");
    if (m.method == kDeflated && m.size / kDeflateMaxRatio > m.compressed_size)
      return bad_file(member_at(m) + " claims " + std::to_string(m.size) + " bytes from " +
                      std::to_string(m.compressed_size) + " deflated: more than deflate's " +
                      std::to_string(kDeflateMaxRatio) + ":1 (a zip bomb, or sizes that lie)");
    if (m.local_header > directory_begin_ || directory_begin_ - m.local_header < kLocalBytes + name_length)
      return bad_file(member_at(m) + " does not lie before the central directory (byte " +
                      std::to_string(directory_begin_) + ")");
    if (!names.insert(m.name).second) return bad_file("member " + quoted(m.name) + " is in the archive twice" + at_byte(where));
    members_.push_back(std::move(m));
    at += kDirectoryEntryBytes + name_length + extra_length + comment_length;
  }
  return ask_member(0);
}

std::optional<Error> NpzIndexReader::ask_member(std::size_t m) {
  // np.load reads members whose names end in .npy as arrays; any other member it returns as bytes.
  for (; m < members_.size(); ++m) {
    const std::string& name = members_[m].name;
    if (name.size() > 4 && name.ends_with(".npy")) break;
    index_.unsupported.push_back(displayed(name) + ": not a .npy member");
  }
  current_ = m;
  if (m < members_.size()) {
    step_ = Step::local_header;
    const Member& member = members_[m];
    pending_ = NpzRead{NpzRead::Source::file, m, member.local_header, member.local_header + kLocalBytes + member.name.size()};
    return std::nullopt;
  }
  // Every member's bytes known: no two may share one.
  std::vector<const Member*> order;
  for (const Member& x : members_)
    if (x.data_begin != 0) order.push_back(&x);
  std::sort(order.begin(), order.end(), [](const Member* a, const Member* b) { return a->local_header < b->local_header; });
  for (std::size_t i = 1; i < order.size(); ++i)
    if (order[i - 1]->data_begin + order[i - 1]->compressed_size > order[i]->local_header)
      return bad_file(member_at(*order[i]) + " overlaps member " + quoted(order[i - 1]->name) + ", whose data ends at byte " +
                      std::to_string(order[i - 1]->data_begin + order[i - 1]->compressed_size));
  step_ = Step::done;
  pending_.reset();
  return std::nullopt;
}

std::optional<Error> NpzIndexReader::read_local_header(std::span<const std::uint8_t> local) {
  Member& m = members_[current_];
  if (load_le(local, 0, 4) != kLocalSignature) return bad_file(member_at(m) + ": no local file header there");
  const std::uint64_t name_length = load_le(local, 26, 2), extra_length = load_le(local, 28, 2);
  if (name_length != m.name.size() ||
      !std::equal(m.name.begin(), m.name.end(), local.begin() + kLocalBytes,
                  [](char a, std::uint8_t b) { return static_cast<std::uint8_t>(a) == b; }))
    return bad_file(member_at(m) + ": the local header names another member");
  if (load_le(local, 8, 2) != m.method)
    return bad_file(member_at(m) + ": the local header's compression method differs from the central directory's");
  m.data_begin = m.local_header + kLocalBytes + name_length + extra_length;
  if (m.data_begin > directory_begin_ || directory_begin_ - m.data_begin < m.compressed_size)
    return bad_file(member_at(m) + ": its " + std::to_string(m.compressed_size) + " bytes from byte " +
                    std::to_string(m.data_begin) + " run into the central directory (byte " +
                    std::to_string(directory_begin_) + ")");
  ask_npy(std::min<std::uint64_t>(kTensorFilePrefixBytes, m.size));
  step_ = Step::npy_prefix;
  return std::nullopt;
}

void NpzIndexReader::ask_npy(std::uint64_t bytes) {
  const Member& m = members_[current_];
  pending_ = m.method == kStored ? NpzRead{NpzRead::Source::file, current_, m.data_begin, m.data_begin + bytes}
                                 : NpzRead{NpzRead::Source::inflated, current_, 0, bytes,
                                           {m.data_begin, m.data_begin + m.compressed_size, m.size, m.crc32}};
}

std::optional<Error> NpzIndexReader::read_npy(std::span<const std::uint8_t> bytes) {
  const Member& m = members_[current_];
  const std::string where = member_at(m) + (m.method == kStored ? ", stored" : ", deflated") + ", its .npy: ";
  if (bytes.size() != pending_->end - pending_->begin)
    return bad_file(where + "inflates to " + std::to_string(bytes.size()) + " bytes, less than the " +
                    std::to_string(m.size) + " its entry gives");
  if (step_ == Step::npy_prefix) {
    Result<std::uint64_t> header = tensors::npy_header_bytes(bytes, m.size);
    if (!header) return bad_file(where + header.error().message);
    if (*header > kTensorFileMaxHeaderBytes) return bad_file(where + tensors::header_too_long(*header).message);
    step_ = Step::npy_header;
    ask_npy(*header);
    return std::nullopt;
  }
  Result<TensorFileIndex> npy = tensors::read_npy_index(bytes, m.size);
  if (!npy) return bad_file(where + npy.error().message);
  TensorEntry entry = std::move(npy->tensors.front());
  entry.name = m.name.substr(0, m.name.size() - 4);
  if (m.method == kStored) {
    entry.begin += m.data_begin;
    entry.end += m.data_begin;
  } else {
    entry.deflated = TensorEntry::Deflated{m.data_begin, m.data_begin + m.compressed_size, m.size, m.crc32};
  }
  index_.tensors.push_back(std::move(entry));
  return ask_member(current_ + 1);
}

TensorFileIndex NpzIndexReader::index() && { return std::move(index_); }

}  // namespace typelattice
