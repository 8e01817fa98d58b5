#include "typelattice/message.h"

#include <cstddef>

namespace typelattice {

Message::Message(const Message&) = default;
Message::Message(Message&&) noexcept = default;
Message& Message::operator=(const Message&) = default;
Message& Message::operator=(Message&&) noexcept = default;
Message::~Message() = default;

constexpr char kOpen = '\x02', kNext = '\x1f', kClose = '\x03';

class MessageBuilder {
 public:
  static Message build(std::string_view pattern, std::initializer_list<MessagePart> parts) {
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

// Renders the part at `at`, leaving `at` past it: a literal as it is, a message with each %N replaced.
std::string render_part(std::string_view s, std::size_t& at) {
  const std::size_t start = at;
  if (at >= s.size() || s[at] != kOpen) {
    while (at < s.size() && s[at] != kNext && s[at] != kClose) ++at;
    return std::string(s.substr(start, at - start));
  }
  std::size_t end = ++at;
  while (end < s.size() && s[end] != kNext && s[end] != kClose) ++end;
  const std::string_view pattern = s.substr(at, end - at);
  at = end;
  std::vector<std::string> parts;
  while (at < s.size() && s[at] == kNext) parts.push_back(render_part(s, ++at));
  ++at;
  std::string out;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    const std::size_t k = i + 1 < pattern.size() && pattern[i] == '%' ? std::size_t(pattern[i + 1] - '1') : parts.size();
    if (k < parts.size()) {
      out += parts[k];
      ++i;
    } else {
      out += pattern[i];
    }
  }
  return out;
}

}  // namespace

std::string render(const Message& m) {
  std::size_t at = 0;
  return render_part(m.encoded(), at);
}

MessageTree tree_of(const Message& m) {
  std::size_t at = 0;
  return read_part(m.encoded(), at);
}

}  // namespace typelattice
