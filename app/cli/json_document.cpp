#include "app/cli/json_document.h"

#include <string>
#include <vector>

#include "typelattice/display_text.h"

namespace typelattice::cli {

Result<json> read_json_object(std::istream& in, std::string_view format) {
  std::vector<std::vector<std::string>> keys;  // the keys of each open object
  std::string repeated;
  const json::parser_callback_t check_keys = [&](int, json::parse_event_t event, json& parsed) {
    if (event == json::parse_event_t::object_start) keys.emplace_back();
    if (event == json::parse_event_t::object_end && !keys.empty()) keys.pop_back();
    if (event == json::parse_event_t::key && !keys.empty()) {
      const std::string k = parsed.get<std::string>();
      for (const std::string& seen : keys.back())
        if (seen == k && repeated.empty()) repeated = k;
      keys.back().push_back(k);
    }
    return true;
  };
  json doc = json::parse(in, check_keys, false);
  if (doc.is_discarded() || !doc.is_object()) return Error{ErrorKind::bad_value, "the input is not a JSON object", {}};
  if (!repeated.empty())
    return Error{ErrorKind::bad_value, "the key \"" + displayed(repeated) + "\" is given twice", {}};
  const auto given = doc.find("format");
  if (given == doc.end() || !given->is_string())
    return Error{ErrorKind::bad_value, "the document has no \"format\" string", {}};
  if (given->get<std::string>() != format) {
    return Error{ErrorKind::bad_value,
                 "the input is " + displayed(given->get<std::string>()) + ", not " + std::string(format), {}};
  }
  return doc;
}

std::optional<std::uint64_t> unsigned_member(const json& holder, const char* key, std::uint64_t limit) {
  if (!holder.is_object()) return std::nullopt;
  const auto found = holder.find(key);  // nlohmann reads a non-negative integer as unsigned
  if (found == holder.end() || !found->is_number_unsigned()) return std::nullopt;
  const std::uint64_t v = found->get<std::uint64_t>();
  return v <= limit ? std::optional(v) : std::nullopt;
}

std::optional<std::uint64_t> code_of(const json& holder, std::uint64_t limit) {
  return unsigned_member(holder, "code", limit);
}

}  // namespace typelattice::cli
