// A quantize JSON document read back whole (bitsandbytes' blocks, the integer groups, DeepSeek's tiles): parsed into memory, each
// object's keys checked for repeats as they are read.
#pragma once
#include <cstdint>
#include <istream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>

#include "typelattice/result.h"

namespace typelattice::cli {

using json = nlohmann::json;

// The document, which must be a JSON object with no key given twice in any object, whose "format" is `format`.
Result<nlohmann::json> read_json_object(std::istream& in, std::string_view format);
// The member `key` of `holder` when it is an integer from 0 to `limit`.
std::optional<std::uint64_t> unsigned_member(const nlohmann::json& holder, const char* key, std::uint64_t limit);
// The "code" of `holder` when it is an integer from 0 to `limit`.
std::optional<std::uint64_t> code_of(const nlohmann::json& holder, std::uint64_t limit);

}  // namespace typelattice::cli
