// A sentence the core computes, as data a front end can translate. Its id is its English pattern (as gettext's
// msgid is the source text), in which %1 … %9 stand for its parts; a part is a literal (a dtype name, a number,
// a range such as −128…127), which no translation changes, or a message of its own. render() gives the English
// sentence, the canonical text the CLI prints and the conformance corpus compares.
#pragma once
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace typelattice {

// A message is kept as one string, cheap to build and to pass to JS (the module's size has a budget): a literal
// as its text; any other as \x02 pattern, then \x1f and each part, then \x03. Literal text never holds C0
// controls (dtype names, numbers, and user text through displayed() cannot), so the encoding is unambiguous.
class Message {
 public:
  Message() = default;  // the empty literal
  // Out of line: the core builds many short-lived messages, and the wasm module's size has a budget.
  Message(const Message&);
  Message(Message&&) noexcept;
  Message& operator=(const Message&);
  Message& operator=(Message&&) noexcept;
  ~Message();
  const std::string& encoded() const { return encoded_; }
  bool empty() const { return encoded_.empty(); }
  bool is_literal() const;  // a literal's text (the empty message too), not a pattern with parts

 private:
  friend Message literal(std::string_view text);
  friend class MessageBuilder;
  std::string encoded_;
};

// A part of a message: a literal's text, or a message (which must outlive the call it is passed to).
class MessagePart {
 public:
  MessagePart(std::string_view literal_text) : encoded_(literal_text) {}
  MessagePart(const std::string& literal_text) : encoded_(literal_text) {}
  MessagePart(const Message& m) : encoded_(m.encoded()) {}
  std::string_view encoded() const { return encoded_; }

 private:
  std::string_view encoded_;
};

Message literal(std::string_view text);

// `pattern` with its parts; a pattern with no %N (a word such as "integer") is still a message, to translate.
Message message(std::string_view pattern, std::initializer_list<MessagePart> parts = {});
Message message(std::string_view pattern, std::span<const MessagePart> parts);

// The English sentence: each %N replaced by its part, rendered.
std::string render(const Message& m);

// A message opened up, for a front end that walks it (a translation, a test): the pattern and the parts, or a
// literal's text.
struct MessageTree {
  std::string pattern;
  std::vector<MessageTree> parts;
  bool literal = false;
};
MessageTree tree_of(const Message& m);

}  // namespace typelattice
