// Messages (message.h): rendering, and the join reasons of every system, mode and pair as messages a page can
// translate: each %N has its part and each part is used, and no English word hides in a literal part.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "typelattice/compare.h"
#include "typelattice/join_reason.h"
#include "typelattice/message.h"
#include "typelattice/promotion.h"
#include "typelattice/selection.h"

namespace {

using namespace typelattice;

TEST(Message, RendersEachPartWhereItsNumberStandsAsOftenAsItStands) {
  const std::string x = "x";
  const Message every = message("every %1 value", {x});
  const Message m = message("%1: %2 (%1 again)", {std::string_view("int8"), every});
  EXPECT_EQ(render(m), "int8: every x value (int8 again)");
  EXPECT_EQ(render(literal("50%1 of %2")), "50%1 of %2");  // a literal is never a pattern
  EXPECT_EQ(render(message("100%")), "100%");                // a % at the end, or with no part, stays
  EXPECT_EQ(render(message("%3 of %1", {std::string_view("a")})), "%3 of a");
  EXPECT_EQ(render(Message{}), "");
  EXPECT_EQ(render(message("%1%2", {Message{}, literal("b")})), "b");  // an empty part is a part
}

TEST(Message, OpensIntoThePatternAndItsPartsAsBuilt) {
  const Message inner = message("every %1 value (%2)", {std::string_view("int8"), std::string_view("−128…127")});
  const MessageTree t = tree_of(message("%1 holds %2", {std::string_view("int16"), inner}));
  EXPECT_FALSE(t.literal);
  EXPECT_EQ(t.pattern, "%1 holds %2");
  ASSERT_EQ(t.parts.size(), 2U);
  EXPECT_TRUE(t.parts[0].literal);
  EXPECT_EQ(t.parts[0].pattern, "int16");
  EXPECT_FALSE(t.parts[1].literal);
  EXPECT_EQ(t.parts[1].pattern, "every %1 value (%2)");
  ASSERT_EQ(t.parts[1].parts.size(), 2U);
  EXPECT_EQ(t.parts[1].parts[1].pattern, "−128…127");
  const MessageTree empty = tree_of(Message{});
  EXPECT_TRUE(empty.literal && empty.pattern.empty() && empty.parts.empty());
  const MessageTree word = tree_of(message("integer"));
  EXPECT_FALSE(word.literal);
  EXPECT_TRUE(word.parts.empty());
  // is_literal says what the tree says, without opening it.
  for (const Message& m : {Message{}, literal("int8"), message("integer"), inner})
    EXPECT_EQ(m.is_literal(), tree_of(m).literal) << m.encoded();
}

// The numbers %N a pattern uses, 1-based.
std::set<int> slots(const std::string& pattern) {
  std::set<int> out;
  for (std::size_t i = 0; i + 1 < pattern.size(); ++i)
    if (pattern[i] == '%' && pattern[i + 1] >= '1' && pattern[i + 1] <= '9') out.insert(pattern[++i] - '0');
  return out;
}

// Every message in the tree uses exactly its parts; every literal is a dtype name, notation (digits, powers of
// two, ranges, a Python literal such as 1e300 or 1j), a system's title or Python's name of a type; `ids` collects
// each message's pattern.
void expect_translatable(const MessageTree& m, std::set<std::string>& ids, const std::string& whole) {
  static const std::regex notation("[−0-9.…^ +eEj-]*|True|False|bool|int|float|complex");
  if (m.literal) {
    const bool title = std::any_of(all_systems().begin(), all_systems().end(),
                                   [&](const SystemInfo& s) { return s.title == m.pattern; });
    // A list or a path of names ("int8, uint8": the head of "%1 and %2"; "a -> b -> a", a cycle) is its names.
    std::vector<std::string> items;
    const std::regex separator(", | -> ");
    for (std::sregex_token_iterator it(m.pattern.begin(), m.pattern.end(), separator, -1), end; it != end; ++it)
      items.push_back(*it);
    const bool names = std::all_of(items.begin(), items.end(), [](const std::string& item) {
      return parse_dtype(item).ok() || item == "u*";  // u*: the design story's unsigned scalar kind
    });
    EXPECT_TRUE(names || std::regex_match(m.pattern, notation) || title)
        << "English in a literal: '" << m.pattern << "' in " << whole;
    return;
  }
  ids.insert(m.pattern);
  std::set<int> expected;
  for (std::size_t k = 1; k <= m.parts.size(); ++k) expected.insert(static_cast<int>(k));
  EXPECT_EQ(slots(m.pattern), expected) << m.pattern;
  for (const MessageTree& part : m.parts) expect_translatable(part, ids, whole);
}

TEST(Message, EveryJoinReasonOfEverySystemAndModeIsATranslatableMessage) {
  std::set<std::string> ids;
  int reasons = 0;
  for (const SystemInfo& info : all_systems()) {
    std::vector<PromotionOptions> modes{{info.id}};
    if (info.jax_modes) {
      modes.push_back({info.id, Mode::strict, true});
      modes.push_back({info.id, Mode::standard, false});
    }
    for (const PromotionOptions& o : modes) {
      for (Dtype a : system_dtypes(o)) {
        for (Dtype b : system_dtypes(o)) {
          const Result<Dtype> j = promote_types(a, b, o);
          if (!j) continue;
          const Message m = join_reason_message(a, b, *j, o);
          const std::string english = render(m);
          EXPECT_EQ(english, join_reason(a, b, *j, o));
          expect_translatable(tree_of(m), ids, english);
          ++reasons;
        }
      }
    }
  }
  EXPECT_GT(reasons, 3000);
  // The sentence kinds the docs describe all occur (docs/promotion.md), so the page's tables must cover them.
  EXPECT_GE(ids.size(), 25U);
}

// Compare notes: every system's note for a Python value of each kind beside dtypes of each kind, and values that
// wrap, overflow or set the kind.
TEST(Message, EveryCompareNoteIsATranslatableMessage) {
  std::set<std::string> ids;
  int notes = 0;
  for (const char* dtype : {"bool", "uint8", "int8", "int32", "float16", "float32", "complex64"}) {
    for (const char* value : {"True", "300", "-1", "7", "1.5", "1e300", "1j", "2147483648"}) {
      const Result<std::vector<Operand>> ops = parse_operands(std::string(dtype) + ", " + value);
      ASSERT_TRUE(ops.ok()) << dtype << " " << value;
      for (const SystemInfo& s : all_systems()) {
        const CompareRow row = compare_in(s.id, *ops);
        if (row.note.empty()) continue;
        expect_translatable(tree_of(row.note), ids, render(row.note));
        ++notes;
      }
    }
  }
  EXPECT_GT(notes, 300);
  EXPECT_GE(ids.size(), 14U);  // every rule's sentence, with and without its wrap or bounds clause
}

// Why a design stage is not a lattice, and why each of its pairs has no join: node names are the only literals.
TEST(Message, EveryReasonAGraphHasNoJoinIsATranslatableMessage) {
  std::set<std::string> ids;
  for (const LatticePreset& p : design_presets()) {
    const Lattice l = std::move(Lattice::from_graph(p.graph)).value();
    if (const auto v = l.check()) expect_translatable(tree_of(l.describe(*v)), ids, render(l.describe(*v)));
    for (std::size_t a = 0; a < l.names().size(); ++a) {
      for (std::size_t b = a; b < l.names().size(); ++b) {
        const std::vector<std::string> pair{l.names()[a], l.names()[b]};
        const Message why = select(l, pair)->explanation;
        if (!why.empty()) expect_translatable(tree_of(why), ids, render(why));
      }
    }
  }
  // A cycle, a selection of three with no upper bound, one with competing bounds.
  const Lattice cyclic = std::move(Lattice::from_graph(Graph{{"int8", "int16", "int32"},
      {{"int8", "int16"}, {"int16", "int32"}, {"int32", "int16"}}})).value();
  expect_translatable(tree_of(cyclic.describe(*cyclic.check())), ids, "cycle");
  const Lattice apart = std::move(Lattice::from_graph(Graph{{"int8", "int16", "int32", "int64", "float32"},
      {{"int8", "int64"}, {"int8", "float32"}, {"int16", "int64"}, {"int16", "float32"}}})).value();
  for (const std::vector<std::string>& s : {std::vector<std::string>{"int8", "int16", "int32"},
                                            std::vector<std::string>{"int8", "int16"}})
    expect_translatable(tree_of(select(apart, s)->explanation), ids, render(select(apart, s)->explanation));
  EXPECT_GE(ids.size(), 5U);
}

TEST(Message, AGraphsReasonKeepsNodeNamesAsLiterals) {
  Graph g{{"a", "b", "c"}, {{"a", "c"}, {"b", "c"}}};
  const Lattice l = std::move(Lattice::from_graph(g)).value();
  const std::vector<std::string> pair{"a", "b"};
  const MessageTree m = tree_of(select(l, pair)->reason);
  EXPECT_EQ(m.pattern, "%1: the least node that %2 and %3 both promote to in this graph (%4; %5)");
  ASSERT_EQ(m.parts.size(), 5U);
  EXPECT_TRUE(m.parts[0].literal && m.parts[0].pattern == "c");
  EXPECT_EQ(m.parts[3].pattern, "a → c");
}

}  // namespace
