// P3109 and defined formats as Format values: the parameters are packed into the value (a tag, then the
// fields), so a Format needs no table entry and the core keeps no state. format_spec unpacks them.
#include "typelattice/defined_formats.h"

#include <array>
#include <cmath>
#include <initializer_list>
#include <string>
#include <utility>

#include "core/base/ascii_text.h"
#include "core/base/joined_text.h"
#include "core/base/unknown_name.h"

namespace typelattice {
namespace {

constexpr std::uint32_t kP3109Tag = 0x0100'0000u, kDefinedTag = 0x0200'0000u, kTagMask = 0xFF00'0000u;
constexpr int kBiasOffset = 2048;  // a defined format's bias is stored as bias + 2048 in 12 bits

// "p3109_k8p3se" for every K, P, signedness and domain: static storage, so a P3109 FormatSpec's name is a view.
// Indexed by p3109_index; 13 characters each with the terminating zero.
constexpr int kP3109Count = 108;
constexpr int p3109_index(int k, int p, bool is_signed, bool extended) {
  const int before_k = (k - 3) * (k - 2) / 2 + (k - 3);  // sum over K' < K of (K' - 1): formats of smaller K
  return ((before_k + p - 1) * 2 + (is_signed ? 0 : 1)) * 2 + (extended ? 0 : 1);
}
// Calls f on every P3109 format's parameters, in p3109_index's order: K, then P, then s/u, then e/f.
template <class F>
constexpr void for_each_p3109(F&& f) {
  for (int k = 3; k <= 8; ++k)
    for (int p = 1; p < k; ++p)
      for (const bool s : {true, false})
        for (const bool e : {true, false}) f(P3109Params{k, p, s, e});
}
constexpr auto kP3109Names = [] {
  std::array<std::array<char, 13>, kP3109Count> names{};
  for_each_p3109([&names](const P3109Params& q) {
    std::array<char, 13>& n = names[static_cast<std::size_t>(p3109_index(q.k, q.p, q.is_signed, q.extended))];
    const char text[] = {'p', '3', '1', '0', '9', '_', 'k', static_cast<char>('0' + q.k), 'p',
                         static_cast<char>('0' + q.p), q.is_signed ? 's' : 'u', q.extended ? 'e' : 'f'};
    for (std::size_t i = 0; i < sizeof text; ++i) n[i] = text[i];
  });
  return names;
}();

using ascii::lower;


bool p3109_in_range(const P3109Params& q) { return q.k >= 3 && q.k <= 8 && q.p >= 1 && q.p < q.k; }

// One error from its pieces (joined_text.h: one call keeps each message's code small).
Error bad(std::initializer_list<std::string_view> pieces) { return Error{ErrorKind::bad_value, joined(pieces)}; }
std::string str(int v) { return std::to_string(v); }

}  // namespace

Result<Format> p3109_format(const P3109Params& q) {
  if (!p3109_in_range(q)) {
    return bad({"P3109 formats have 3 <= K <= 8 bits and precision 1 <= P < K, not K=", str(q.k), " P=", str(q.p)});
  }
  return static_cast<Format>(kP3109Tag | static_cast<std::uint32_t>(q.k) << 8 | static_cast<std::uint32_t>(q.p) << 4 |
                             (q.is_signed ? 0u : 2u) | (q.extended ? 0u : 1u));
}

std::optional<P3109Params> p3109_params(Format f) {
  const auto v = static_cast<std::uint32_t>(f);
  if ((v & kTagMask) != kP3109Tag) return std::nullopt;
  return P3109Params{static_cast<int>(v >> 8 & 0xF), static_cast<int>(v >> 4 & 0xF), (v & 2u) == 0, (v & 1u) == 0};
}

std::vector<Format> p3109_formats() {
  std::vector<Format> out;
  for_each_p3109([&out](const P3109Params& q) { out.push_back(p3109_format(q).value()); });
  return out;
}

Result<Format> parse_p3109_format(std::string_view text) {
  const std::string t = lower(text);
  if (t.size() == 12 && t.compare(0, 7, "p3109_k") == 0 && t[8] == 'p' && (t[10] == 's' || t[10] == 'u') &&
      (t[11] == 'e' || t[11] == 'f')) {
    const Result<Format> f = p3109_format({t[7] - '0', t[9] - '0', t[10] == 's', t[11] == 'e'});
    if (f) return f;
  }
  std::vector<std::string_view> names;
  for (const std::array<char, 13>& n : kP3109Names) names.emplace_back(n.data(), 12);
  return unknown_name_error("format", text, names);
}

std::string_view convention_name(Convention c) {
  switch (c) {
    case Convention::ieee: return "ieee";
    case Convention::fn: return "fn";
    case Convention::fnuz: return "fnuz";
    case Convention::finite: return "finite";
  }
  return "ieee";
}

Result<Format> defined_format(const DefinedFormat& d) {
  const int e = d.exponent_bits, m = d.mantissa_bits;
  if (e < 1 || e > 8) return bad({"a defined format has 1 to 8 exponent bits, not ", str(e)});
  if (m < 0 || 1 + e + m > 16) {
    return bad({"a defined format has a sign bit, the exponent and 0 or more mantissa bits, 16 bits at most; e", str(e),
                "m", str(m), " has ", str(1 + e + m)});
  }
  if (d.convention == Convention::ieee && (e < 2 || m < 1)) {
    return bad({"ieee puts Inf and NaN at the all-ones exponent: it needs 2 or more exponent bits and 1 or more "
               "mantissa bits (try fn, fnuz or finite)"});
  }
  if (e + m < 2) return bad({"a defined format needs at least 2 exponent and mantissa bits in all"});
  const int bias = d.bias.value_or((1 << (e - 1)) - 1);
  // Every value must be a float32, as every built-in format's is: the top finite binade at most 2^127 and the
  // least subnormal at least 2^-149.
  const int top_field = (1 << e) - (d.convention == Convention::ieee ? 2 : 1);
  const int top = top_field - bias, least = 1 - bias - m;
  if (top > 127 || least < -149) {
    return bad({"bias=", str(bias), " puts e", str(e), "m", str(m), "'s values outside float32's (from 2^", str(least),
                " to 2^", str(top), "; float32 has 2^-149 to 2^127)"});
  }
  return static_cast<Format>(kDefinedTag | static_cast<std::uint32_t>(d.convention) << 20 |
                             static_cast<std::uint32_t>(e) << 16 | static_cast<std::uint32_t>(m) << 12 |
                             static_cast<std::uint32_t>(bias + kBiasOffset));
}

std::optional<DefinedFormat> defined_params(Format f) {
  const auto v = static_cast<std::uint32_t>(f);
  if ((v & kTagMask) != kDefinedTag) return std::nullopt;
  return DefinedFormat{static_cast<int>(v >> 16 & 0xF), static_cast<int>(v >> 12 & 0xF),
                       static_cast<int>(v & 0xFFF) - kBiasOffset, static_cast<Convention>(v >> 20 & 0x3)};
}

namespace {
// A decimal integer, optionally negative, filling the whole text (at most 6 digits: biases are small).
std::optional<int> whole_int(std::string_view t) {
  const bool negative = !t.empty() && t[0] == '-';
  if (negative) t.remove_prefix(1);
  const std::optional<std::uint64_t> magnitude = t.size() <= 6 ? ascii::decimal_integer(t, 999999) : std::nullopt;
  if (!magnitude) return std::nullopt;
  return negative ? -static_cast<int>(*magnitude) : static_cast<int>(*magnitude);
}

}  // namespace

Result<Format> parse_defined_format(std::string_view text) {
  const std::string t = lower(text);
  const std::string_view whole(t);
  const std::size_t colon = whole.find(':');
  const std::string_view shape = whole.substr(0, colon);
  const std::size_t m_at = shape.find('m');
  constexpr std::string_view kSyntax = "a defined format is e<E>m<M>:<ieee|fn|fnuz|finite>[:bias=<B>], e.g. e4m3:fn:bias=7";
  if (shape.size() < 4 || shape[0] != 'e' || m_at == std::string_view::npos) return bad({kSyntax, "; got '", text, "'"});
  const std::optional<int> e = whole_int(shape.substr(1, m_at - 1)), m = whole_int(shape.substr(m_at + 1));
  if (!e || !m || shape[1] == '-' || shape[m_at + 1] == '-') return bad({kSyntax, "; got '", text, "'"});
  DefinedFormat d{*e, *m, std::nullopt, Convention::ieee};
  bool convention_given = false;
  std::string_view rest = colon == std::string_view::npos ? std::string_view{} : whole.substr(colon + 1);
  while (colon != std::string_view::npos) {
    const std::size_t next = rest.find(':');
    const std::string_view part = rest.substr(0, next);
    if (part.rfind("bias=", 0) == 0) {
      const std::optional<int> bias = whole_int(part.substr(5));
      if (!bias || d.bias) return bad({"bias=<B> takes one integer, once; got '", part, "'"});
      if (*bias < -kBiasOffset || *bias >= kBiasOffset) return bad({"bias ", part.substr(5), " is out of range"});
      d.bias = bias;
    } else {
      bool known = false;
      for (const Convention c : {Convention::ieee, Convention::fn, Convention::fnuz, Convention::finite}) {
        if (part == convention_name(c)) {
          if (convention_given) return bad({"a defined format takes one convention; got a second, '", part, "'"});
          d.convention = c;
          known = convention_given = true;
        }
      }
      if (!known) {
        return bad({"unknown part '", part, "' in '", text, "': a convention (ieee, fn, fnuz, finite) or bias=<B>"});
      }
    }
    if (next == std::string_view::npos) break;
    rest = rest.substr(next + 1);
  }
  return defined_format(d);
}

FormatSpec format_spec(Format f) {
  if (is_builtin(f)) return all_formats()[static_cast<std::size_t>(f)];
  if (const std::optional<P3109Params> q = p3109_params(f)) {
    FormatSpec s{};
    s.name = std::string_view(kP3109Names[static_cast<std::size_t>(p3109_index(q->k, q->p, q->is_signed, q->extended))].data(), 12);
    s.has_sign = q->is_signed;
    s.exponent_bits = q->k - q->p + (q->is_signed ? 0 : 1);
    s.mantissa_bits = q->p - 1;
    s.bias = q->is_signed ? 1 << (q->k - q->p - 1) : 1 << (q->k - q->p);
    s.specials = q->is_signed ? (q->extended ? SpecialValues::inf_top_nan_negative_zero : SpecialValues::nan_negative_zero)
                              : (q->extended ? SpecialValues::inf_below_nan_all_ones : SpecialValues::nan_all_ones);
    s.family = FormatFamily::p3109;
    return s;
  }
  const DefinedFormat d = defined_params(f).value();
  FormatSpec s{};
  s.exponent_bits = d.exponent_bits;
  s.mantissa_bits = d.mantissa_bits;
  s.has_sign = true;
  s.bias = *d.bias;
  switch (d.convention) {
    case Convention::ieee: s.specials = SpecialValues::ieee; break;
    case Convention::fn: s.specials = SpecialValues::nan_all_ones; break;
    case Convention::fnuz: s.specials = SpecialValues::nan_negative_zero; break;
    case Convention::finite: s.specials = SpecialValues::none; break;
  }
  s.family = FormatFamily::defined;
  return s;
}

std::string format_name(Format f) {
  if (const std::optional<DefinedFormat> d = defined_params(f)) {
    std::string out = "e";
    out.append(std::to_string(d->exponent_bits)).append("m").append(std::to_string(d->mantissa_bits));
    out.append(":").append(convention_name(d->convention)).append(":bias=").append(std::to_string(*d->bias));
    return out;
  }
  return std::string(format_spec(f).name);
}

}  // namespace typelattice
