// The JSON header of a safetensors file, read as the format defines it rather than as general JSON: an object
// of tensor entries plus an optional "__metadata__" object of strings. The reader follows that shape and
// refuses anything else where it appears, so it never recurses: nesting cannot exhaust the stack.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace typelattice::tensors {

struct SafetensorsJsonEntry {
  std::string name;
  std::string dtype;
  std::vector<std::uint64_t> shape;
  std::vector<std::uint64_t> data_offsets;
  std::uint64_t dtype_at = 0, shape_at = 0, offsets_at = 0;  // absolute file offsets of the values
};

// The entries in file order, or false with `error` set (a complete message giving an absolute byte offset).
// `json` starts at byte `base` of the file. Expects valid UTF-8 (checked before).
bool parse_safetensors_json(std::string_view json, std::uint64_t base, std::vector<SafetensorsJsonEntry>& entries,
                            std::string& error);

// The offset of the first byte that does not belong to valid UTF-8 (no overlong forms, no surrogates, nothing
// past U+10FFFF), or json.size() when all of it is valid.
std::size_t first_invalid_utf8(std::string_view text);

}  // namespace typelattice::tensors
