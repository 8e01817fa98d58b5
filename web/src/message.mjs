// The core's messages (core/include/typelattice/message.h) in JS: opened from the encoding the bindings pass, and
// rendered, in English or through a caller's translation.
import { describe } from './arguments.mjs';

// A message as the core encodes it (message.h): a literal is its text; a message is
// \x02 pattern (\x1f part)* \x03. Opened into { id, args }, each arg a string (a literal) or a message.
function openMessage(encoded) {
  let at = 0;
  const text = () => {
    const start = at;
    while (encoded[at] > '\x03' && encoded[at] !== '\x1f') at++;
    return encoded.slice(start, at);
  };
  const part = () => {
    if (encoded[at] !== '\x02') return text();
    at++;
    const m = { id: text(), args: [] };
    while (encoded[at++] === '\x1f') m.args.push(part());
    return m;
  };
  return part();
}

// A message's text: its pattern (`translate(id)`, else the English id) with each %N replaced by its arg's text.
// The core's render() (message.h) is the English rule; the conformance corpus checks that the two agree.
export function renderMessage(message, translate) {
  if (typeof message === 'string') return message;
  if (typeof message?.id !== 'string' || !Array.isArray(message.args)
      || (translate && typeof translate !== 'function')) {
    throw new TypeError('renderMessage: expected a message and an optional translate function, got '
      + `${describe(message)} and ${describe(translate)}`);
  }
  return String(translate?.(message.id) ?? message.id).replace(/%([1-9])/g, (all, n) => (n <= message.args.length
    ? renderMessage(message.args[n - 1], translate) : all));
}

// A result whose `key` the bindings pass as an encoded message: the message opened into `${key}Message` and its
// English text in `key`; `empty` (null or '') for both where there is none.
export function withMessage(result, key, empty) {
  const m = result[key] ? openMessage(result[key]) : empty;
  result[`${key}Message`] = m;
  result[key] = m && renderMessage(m);
  return result;
}

// A cast (castValue, explore's cast) with each of its facts' text opened: `text` English, `textMessage` the message.
export function withFactMessages(cast) {
  if (cast?.facts) for (const fact of cast.facts) withMessage(fact, 'text', '');
  return cast;
}
