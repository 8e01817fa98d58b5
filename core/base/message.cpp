#include "typelattice/message.h"

#include <cstddef>
#include <vector>

namespace typelattice {

Message::Message(const Message&) = default;
Message::Message(Message&&) noexcept = default;
Message& Message::operator=(const Message&) = default;
Message& Message::operator=(Message&&) noexcept = default;
Message::~Message() = default;

constexpr char kOpen = '\x02', kNext = '\x1f', kClose = '\x03';

class MessageBuilder {
 public:
  static Message build(std::string_view pattern, std::span<const MessagePart> parts) {
    Message m;
    m.encoded_ += kOpen;
    m.encoded_ += pattern;
    for (const MessagePart& part : parts) {
      m.encoded_ += kNext;
      m.encoded_ += part.encoded();
    }
    m.encoded_ += kClose;
    return m;
  }
  static Message wrap(std::string_view text) {
    Message m;
    m.encoded_ = text;
    return m;
  }
};

Message literal(std::string_view text) { return MessageBuilder::wrap(text); }

Message message(std::string_view pattern, std::initializer_list<MessagePart> parts) {
  return MessageBuilder::build(pattern, {parts.begin(), parts.size()});
}

Message message(std::string_view pattern, std::span<const MessagePart> parts) {
  return MessageBuilder::build(pattern, parts);
}

namespace {

// Reads one part starting at `at` (a nested message or a literal) and leaves `at` just past it.
MessageTree read_part(std::string_view s, std::size_t& at) {
  MessageTree t;
  if (at < s.size() && s[at] == kOpen) {
    ++at;
    while (at < s.size() && s[at] != kNext && s[at] != kClose) t.pattern += s[at++];
    while (at < s.size() && s[at] == kNext) {
      ++at;
      t.parts.push_back(read_part(s, at));
    }
    ++at;  // kClose
    return t;
  }
  t.literal = true;
  while (at < s.size() && s[at] != kNext && s[at] != kClose) t.pattern += s[at++];
  return t;
}

// The English text of the part starting at `at` (a nested message or a literal), leaving `at` just past it: a
// literal as it is, a message's pattern with each %N replaced by its N-th part's text. (Read straight from the
// encoding, not through tree_of: the wasm module renders errors without the tree's code.)
std::string render_part(std::string_view s, std::size_t& at) {
  const bool nested = at < s.size() && s[at] == kOpen;
  if (nested) ++at;
  const std::size_t start = at;
  while (at < s.size() && s[at] != kNext && s[at] != kClose) ++at;
  const std::string_view p = s.substr(start, at - start);
  if (!nested) return std::string(p);
  std::vector<std::string> parts;
  while (at < s.size() && s[at] == kNext) {
    ++at;
    parts.push_back(render_part(s, at));
  }
  ++at;  // kClose
  std::string out;
  for (std::size_t i = 0; i < p.size(); ++i) {
    const std::size_t k = i + 1 < p.size() && p[i] == '%' ? std::size_t(p[i + 1] - '1') : parts.size();
    if (k < parts.size()) {
      out += parts[k];
      ++i;
    } else {
      out += p[i];
    }
  }
  return out;
}

}  // namespace

MessageTree tree_of(const Message& m) {
  std::size_t at = 0;
  return read_part(m.encoded(), at);
}

std::string render(const Message& m) {
  std::size_t at = 0;
  return render_part(m.encoded(), at);
}

bool Message::is_literal() const { return encoded_.empty() || encoded_.front() != kOpen; }

}  // namespace typelattice
