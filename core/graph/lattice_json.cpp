// The lattice JSON reader: a small strict JSON parser (RFC 8259) into a tree, then the graph read off it. The
// parser recurses at most kMaxLatticeJsonDepth levels, so neither parsing nor destroying the tree can exhaust
// the stack, and nothing here echoes input back whole. No exceptions (the wasm build has none): each step
// returns false after recording the first error.
#include "typelattice/lattice_json.h"
#include "core/base/json_text.h"
#include "typelattice/display_text.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "typelattice/dtype.h"

namespace typelattice {
namespace {

struct Json {
  enum class Kind { null, boolean, number, string, array, object };
  Kind kind = Kind::null;
  std::string key;          // for a member of an object: its key
  std::string text;         // a string's value
  std::vector<Json> items;  // an array's elements, or an object's members in order (one vector type for both)
};

// A character as a message shows it: printable ASCII in quotes, anything else by its code.
std::string shown_char(unsigned char c) {
  static const char* digits = "0123456789ABCDEF";
  if (c >= 0x20 && c < 0x7f) return std::string("'") + static_cast<char>(c) + "'";
  return std::string("byte 0x") + digits[c >> 4] + digits[c & 15];
}

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  // The document, or the error text ("line L, column C: ...").
  bool document(Json& root) {
    skip_space();
    if (!value(1, root)) return false;
    skip_space();
    if (pos_ < text_.size()) return fail("unexpected " + shown(pos_) + " after the JSON value");
    return true;
  }
  const std::string& error() const { return error_; }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
  std::string error_;

  bool fail_at(std::size_t at, const std::string& what) {
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i < at && i < text_.size(); ++i) {
      const auto c = static_cast<unsigned char>(text_[i]);
      if (c == '\n') {
        line += 1;
        column = 1;
      } else if ((c & 0xC0) != 0x80) {  // count characters, not UTF-8 continuation bytes
        column += 1;
      }
    }
    error_ = "line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + what;
    return false;
  }
  bool fail(const std::string& what) { return fail_at(pos_, what); }

  std::string shown(std::size_t at) const {
    if (at >= text_.size()) return "end of input";
    const auto c = static_cast<unsigned char>(text_[at]);
    return c == 0 ? "NUL byte (JSON text has none)" : shown_char(c);
  }

  bool at_end() const { return pos_ >= text_.size(); }
  char peek() const { return text_[pos_]; }

  void skip_space() {
    while (!at_end() && (peek() == ' ' || peek() == '\t' || peek() == '\n' || peek() == '\r')) ++pos_;
  }

  bool expect(char c, const char* context) {
    skip_space();
    if (at_end() || peek() != c) return fail("unexpected " + shown(pos_) + "; expected '" + c + "' " + context);
    ++pos_;
    return true;
  }

  bool literal(std::string_view word) {
    if (text_.substr(pos_, word.size()) != word) return false;
    pos_ += word.size();
    return true;
  }

  bool value(int depth, Json& v) {
    skip_space();
    if (at_end()) return fail("unexpected end of input; expected a value");
    const char c = peek();
    if (c == '{' || c == '[') {
      if (depth > kMaxLatticeJsonDepth)
        return fail("nested deeper than " + std::to_string(kMaxLatticeJsonDepth) + " levels (a lattice file needs 3)");
      return c == '{' ? object(depth, v) : array(depth, v);
    }
    if (c == '"') {
      v.kind = Json::Kind::string;
      return string(v.text);
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
      v.kind = Json::Kind::number;
      return number();
    }
    if (literal("true") || literal("false")) {
      v.kind = Json::Kind::boolean;
      return true;
    }
    if (literal("null")) {
      v.kind = Json::Kind::null;
      return true;
    }
    return fail("unexpected " + shown(pos_) + "; expected a value ('{', '[', a string, a number, true, false or null)");
  }

  bool object(int depth, Json& v) {
    v.kind = Json::Kind::object;
    ++pos_;  // '{'
    skip_space();
    if (!at_end() && peek() == '}') {
      ++pos_;
      return true;
    }
    std::map<std::string, std::size_t> keys;  // the same map type as graph layout's: no second instantiation
    for (;;) {
      skip_space();
      if (at_end() || peek() != '"') return fail("unexpected " + shown(pos_) + "; expected a key in double quotes");
      const std::size_t key_at = pos_;
      std::string key;
      if (!string(key)) return false;
      if (!keys.emplace(key, key_at).second) return fail_at(key_at, "key " + quoted(key) + " appears twice in one object");
      if (!expect(':', "after a key")) return false;
      v.items.emplace_back();
      if (!value(depth + 1, v.items.back())) return false;
      v.items.back().key = std::move(key);
      skip_space();
      if (!at_end() && peek() == ',') {
        ++pos_;
        continue;
      }
      return expect('}', "or ',' in an object");
    }
  }

  bool array(int depth, Json& v) {
    v.kind = Json::Kind::array;
    ++pos_;  // '['
    skip_space();
    if (!at_end() && peek() == ']') {
      ++pos_;
      return true;
    }
    for (;;) {
      v.items.emplace_back();
      if (!value(depth + 1, v.items.back())) return false;
      skip_space();
      if (!at_end() && peek() == ',') {
        ++pos_;
        continue;
      }
      return expect(']', "or ',' in an array");
    }
  }

  // The grammar only: the reader never needs a number's value (node objects may carry x and y).
  bool number() {
    const auto digits = [&] {
      const std::size_t start = pos_;
      while (!at_end() && peek() >= '0' && peek() <= '9') ++pos_;
      return pos_ > start;
    };
    if (peek() == '-') ++pos_;
    if (!at_end() && peek() == '0') {
      ++pos_;
    } else if (!digits()) {
      return fail("unexpected " + shown(pos_) + " in a number; expected a digit");
    }
    if (!at_end() && peek() == '.') {
      ++pos_;
      if (!digits()) return fail("unexpected " + shown(pos_) + " in a number; expected a digit after '.'");
    }
    if (!at_end() && (peek() == 'e' || peek() == 'E')) {
      ++pos_;
      if (!at_end() && (peek() == '+' || peek() == '-')) ++pos_;
      if (!digits()) return fail("unexpected " + shown(pos_) + " in a number; expected a digit in the exponent");
    }
    return true;
  }

  bool hex4(std::uint32_t& u) {
    u = 0;
    for (int i = 0; i < 4; ++i, ++pos_) {
      if (at_end()) return fail("unexpected end of input in a \\u escape");
      const char c = peek();
      const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
      if (d < 0) return fail("unexpected " + shown(pos_) + " in a \\u escape; expected 4 hex digits");
      u = u * 16 + static_cast<std::uint32_t>(d);
    }
    return true;
  }

  // One UTF-8 sequence copied through, checked (no overlong forms, no surrogates, nothing past U+10FFFF).
  bool utf8_sequence(std::string& out) {
    const auto lead = static_cast<unsigned char>(peek());
    const int extra = lead >= 0xF0 && lead <= 0xF4 ? 3 : lead >= 0xE0 ? 2 : lead >= 0xC2 && lead <= 0xDF ? 1 : -1;
    if (extra < 0) return fail("invalid UTF-8 (" + shown_char(lead) + ")");
    std::uint32_t cp = lead & (0x3Fu >> extra);
    for (int i = 1; i <= extra; ++i) {
      if (pos_ + static_cast<std::size_t>(i) >= text_.size())
        return fail("invalid UTF-8: the text ends inside a character");
      const auto c = static_cast<unsigned char>(text_[pos_ + static_cast<std::size_t>(i)]);
      if ((c & 0xC0) != 0x80) return fail("invalid UTF-8 (" + shown_char(c) + " inside a character)");
      cp = (cp << 6) | (c & 0x3Fu);
    }
    const std::uint32_t smallest[] = {0, 0x80, 0x800, 0x10000};
    if (cp < smallest[extra] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
      return fail("invalid UTF-8 (an overlong form, a surrogate or a code point past U+10FFFF)");
    out.append(text_.substr(pos_, static_cast<std::size_t>(extra) + 1));
    pos_ += static_cast<std::size_t>(extra) + 1;
    return true;
  }

  bool string(std::string& out) {
    ++pos_;  // the opening quote
    for (;;) {
      if (at_end()) return fail("unexpected end of input in a string; expected '\"'");
      const auto c = static_cast<unsigned char>(peek());
      if (c == '"') {
        ++pos_;
        return true;
      }
      if (c < 0x20)
        return fail(c == 0 ? "a NUL byte in a string (JSON text has none)"
                           : "a raw control character (" + shown_char(c) + ") in a string; escape it");
      if (c >= 0x80) {
        if (!utf8_sequence(out)) return false;
        continue;
      }
      ++pos_;
      if (c != '\\') {
        out += static_cast<char>(c);
        continue;
      }
      if (at_end()) return fail("unexpected end of input after '\\' in a string");
      const char e = peek();
      ++pos_;
      if (const std::optional<char> plain = json_text::simple_escape(e)) {
        out += *plain;
        continue;
      }
      if (e != 'u') return fail_at(pos_ - 2, "invalid escape '\\" + std::string(1, e) + "' in a string");
      const std::size_t escape_at = pos_ - 2;
      std::uint32_t cp = 0, low = 0;
      if (!hex4(cp)) return false;
      if (cp >= 0xDC00 && cp <= 0xDFFF) return fail_at(escape_at, "a lone low surrogate (ill-formed UTF-16)");
      if (cp >= 0xD800 && cp <= 0xDBFF) {
        if (!literal("\\u")) return fail_at(escape_at, "a lone high surrogate (ill-formed UTF-16)");
        if (!hex4(low)) return false;
        if (low < 0xDC00 || low > 0xDFFF) return fail_at(escape_at, "a lone high surrogate (ill-formed UTF-16)");
        cp = json_text::join_surrogates(cp, low);
      }
      if (cp == 0) return fail_at(escape_at, "\\u0000: a NUL character in a name");
      json_text::append_utf8(out, cp);
    }
  }

  static std::string quoted(const std::string& s) {
    if (s.size() > 40) return "of " + std::to_string(s.size()) + " bytes";
    std::string out = "\"";
    out.append(displayed(s)).append("\"");
    return out;
  }
};

Error fail(std::string message) { return Error{ErrorKind::invalid_lattice, std::move(message), {}}; }

std::string kind_of(const Json& j) {
  switch (j.kind) {
    case Json::Kind::string: return "a string";
    case Json::Kind::number: return "a number";
    case Json::Kind::boolean: return "a boolean";
    case Json::Kind::null: return "null";
    case Json::Kind::array:
      return "an array of " + std::to_string(j.items.size()) + (j.items.size() == 1 ? " element" : " elements");
    case Json::Kind::object: return "an object";
  }
  return "a value";
}

// A name as messages show it: short ones verbatim in quotes, long ones by size.
std::string shown_name(const std::string& name) {
  if (name.size() > 40) return "a name of " + std::to_string(name.size()) + " bytes";
  std::string out = "\"";  // appended piecewise: g++ 12 at -O3 warns falsely (-Wrestrict) on operator+ here
  out.append(displayed(name)).append("\"");
  return out;
}

const Json* member(const Json& object, std::string_view key) {
  for (const Json& m : object.items)
    if (m.key == key) return &m;
  return nullptr;
}

}  // namespace

Result<Graph> parse_lattice_json(std::string_view text) {
  if (text.size() > kMaxLatticeJsonBytes)
    return fail("the JSON text is " + std::to_string(text.size()) + " bytes; at most " +
                std::to_string(kMaxLatticeJsonBytes) + " are read");
  Json doc;
  Parser parser(text);
  if (!parser.document(doc)) return fail("malformed JSON: " + parser.error());
  if (doc.kind != Json::Kind::object)
    return fail("expected a JSON object {\"nodes\": [...], \"edges\": [[\"from\", \"to\"], ...]}, got " + kind_of(doc));
  for (const Json& m : doc.items) {
    const std::string& key = m.key;
    if (key != "nodes" && key != "edges" && key != "title" && key != "name")
      return fail("unknown key " + shown_name(key) + " (expected \"nodes\" and \"edges\", optionally \"title\" or \"name\")");
  }
  const Json* nodes = member(doc, "nodes");
  if (!nodes) return fail("missing \"nodes\": a list of node names");
  if (nodes->kind != Json::Kind::array) return fail("\"nodes\" must be an array of names, got " + kind_of(*nodes));

  Graph g;
  std::map<std::string, std::size_t> seen;  // name -> index in nodes
  for (std::size_t i = 0; i < nodes->items.size(); ++i) {
    const Json& n = nodes->items[i];
    const Json* name = n.kind == Json::Kind::string ? &n : n.kind == Json::Kind::object ? member(n, "name") : nullptr;
    if (!name || name->kind != Json::Kind::string)
      return fail("nodes[" + std::to_string(i) + "] must be a name (a string, or an object with a \"name\"), got " +
                  kind_of(n));
    if (name->text.empty()) return fail("nodes[" + std::to_string(i) + "] is an empty name");
    if (!seen.emplace(name->text, i).second)
      return fail("node " + shown_name(name->text) + " is listed twice (nodes[" + std::to_string(i) + "])");
    g.nodes.push_back(name->text);
  }

  const Json* edges = member(doc, "edges");
  if (!edges) return g;
  if (edges->kind != Json::Kind::array)
    return fail("\"edges\" must be an array of [\"from\", \"to\"] pairs, got " + kind_of(*edges));
  const std::vector<std::string_view> known(g.nodes.begin(), g.nodes.end());
  for (std::size_t i = 0; i < edges->items.size(); ++i) {
    const Json& e = edges->items[i];
    const std::string where = "edges[" + std::to_string(i) + "]";
    if (e.kind != Json::Kind::array || e.items.size() != 2 || e.items[0].kind != Json::Kind::string ||
        e.items[1].kind != Json::Kind::string)
      return fail(where + " must be a pair of node names [\"from\", \"to\"], got " + kind_of(e));
    const std::string& from = e.items[0].text;
    const std::string& to = e.items[1].text;
    for (const std::string& end : {from, to}) {
      if (seen.count(end)) continue;
      std::string message = where + " [" + shown_name(from) + ", " + shown_name(to) + "] names unknown node " + shown_name(end);
      const std::vector<std::string> close = closest_names(end, known, 1);
      if (!close.empty()) message += "; did you mean \"" + close[0] + "\"?";
      return fail(message);
    }
    g.edges.emplace_back(from, to);
  }
  return g;
}

}  // namespace typelattice
