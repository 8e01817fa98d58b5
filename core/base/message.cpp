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

// A part's English text: a literal as it is, a message with each %N replaced by its part's text.
std::string render_tree(const MessageTree& t) {
  if (t.literal) return t.pattern;
  std::string out;
  const std::string& p = t.pattern;
  for (std::size_t i = 0; i < p.size(); ++i) {
    const std::size_t k = i + 1 < p.size() && p[i] == '%' ? std::size_t(p[i + 1] - '1') : t.parts.size();
    if (k < t.parts.size()) {
      out += render_tree(t.parts[k]);
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

std::string render(const Message& m) { return render_tree(tree_of(m)); }

}  // namespace typelattice
