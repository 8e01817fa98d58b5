// The page state and its URL-hash form, e.g.
//   #view=lattice&system=jax&mode=strict&select=float16,bfloat16
//   #view=bits&format=float8_e4m3fn&code=0x7e&value=1000&sat=0&vs=float8_e5m2
//   #view=blocks&format=mxfp4_e2m1&scale=floor&values=7.5,1,1,1   (format: the block format in this view)
//   #view=compare&operands=uint8,300&ref=numpy   (or an expression: #view=compare&expr=int8+|+uint8+|+float16)
//   #view=custom&nodes=bool,int8,float32&edges=0-1,1-2&pick=int8   (the user's own lattice, edges by node index)
//   #view=table&table=lattice&nodes=A,B,C,D&edges=0-1,0-2,1-3,2-3   (the Table view showing that lattice's joins)
//   #view=tensors   (a file the user opens: never in the link)
// STATE_KEYS is the one list of keys: the defaults, the reading of a link (with a note for each refused value),
// the check against the module's data and the writing (only what differs from the default) all derive from it.
import { TAPERED_FORMATS } from './parts.js';

// A Map, not an object: `'constructor' in {...}` is true, and a link's sat=__proto__ must be refused, not read.
const FLAG_WORDS = new Map([['1', true], ['on', true], ['true', true], ['0', false], ['off', false], ['false', false]]);

// The longest value a link holds for one key. A longer one is refused unread when a link is opened; the page
// never writes one: it writes `held=KEY.DIGEST` instead and keeps the text in the tab (see heldTexts).
export const LINK_LIMIT = 4096;

export const VIEWS = ['lattice', 'table', 'compare', 'bits', 'blocks', 'story', 'custom', 'tensors'];

class Refused extends Error {}
const refuse = (why) => { throw new Refused(why); };

// Operands as typed or linked: separated by commas or spaces (no operand holds either: 2+3j, 1e3, i*).
export function splitOperands(text) {
  return text.split(/[\s,]+/).filter(Boolean);
}

// Node names in `nodes=`: comma-separated, with '%' and ',' in a name written %25 and %2C (any other character,
// Unicode included, is left to the URL's own encoding).
const escapeName = (name) => name.replace(/[%,]/g, (c) => (c === '%' ? '%25' : '%2C'));
const unescapeName = (text) => text.replace(/%25|%2C/gi, (m) => (m === '%25' ? '%' : ','));

const any = { parse: (v) => v, write: (v) => v };
const nonEmpty = { parse: (v) => (v !== '' ? v : refuse('empty')), write: (v) => v };
const flag = {
  parse: (v) => (FLAG_WORDS.has(v) ? FLAG_WORDS.get(v) : refuse('1 or 0')), write: (v) => (v ? '1' : '0'),
};
const oneOf = (list, why = list.join(' or ')) => ({
  parse: (v) => (list.includes(v) ? v : refuse(why)), write: (v) => v,
});
const integer = (pattern, ok, why) => ({
  parse: (v) => (pattern.test(v) && ok(Number(v)) ? Number(v) : refuse(why)), write: (v) => String(v),
});
const inView = (view) => (s) => s.view === view;

// One entry per state field, in reading order (a `when` or `check` may look at the fields read before it):
//   key      the hash key            field    the state's field (default: key)
//   view     the view it belongs to ('' for the whole page)
//   default  the value a link without the key gets
//   parse    text -> value, or throws Refused(why)          write  value -> text (null: not written)
//   when     (state) -> whether the key applies (`format` is the Bits format, or the block format in Blocks)
//   check    (value, state, facts) -> why the module's data refuses it, or null; `resets` lists the fields that
//            fall back together (a code is reset with its format)
export const STATE_KEYS = Object.freeze([
  { key: 'view', view: '', default: 'lattice', ...oneOf(VIEWS, `one of ${VIEWS.join(', ')}`) },
  { key: 'system', view: '', default: 'jax', ...nonEmpty, check: (v, s, f) => f.systemRefusal(v) },
  { key: 'mode', view: '', default: 'standard', ...oneOf(['standard', 'strict']), resets: ['mode', 'x64'],
    // Only JAX's rules take strict mode and x64 off (each system's `modes` in tl.systems()).
    check: (v, s, f) => ((v !== 'standard' || !s.x64) && !f.systemTakesModes(s.system)
      ? `${s.system} takes only mode standard with x64 on` : null) },
  { key: 'x64', view: '', default: true, ...flag },
  { key: 'select', view: 'lattice', default: [],
    parse: (v) => v.split(',').map((x) => x.trim()).filter(Boolean), write: (v) => v.join(',') },
  { key: 'compare', view: 'table', default: '', ...any, check: (v, s, f) => (v ? f.systemRefusal(v) : null) },
  // What the Table view tabulates: the system of the toolbar, or the user's own lattice (`nodes`, `edges`).
  { key: 'table', field: 'tableOf', view: 'table', default: 'system', ...oneOf(['system', 'lattice']) },
  // The Compare view's input: an expression (`expr`, as typed: uint8 + 300) or else a plain list (`operands`,
  // comma-separated: uint8,300). Both kept as given: a mistyped one shows its error in the view.
  { key: 'expr', view: 'compare', default: '', ...any },
  { key: 'operands', view: 'compare', default: ['uint8', '300'], when: (s) => s.expr === '', parse: splitOperands,
    write: (v) => v.join(',') },
  { key: 'ref', view: 'compare', default: '', ...any, check: (v, s, f) => (v ? f.systemRefusal(v) : null) },
  { key: 'modes', view: 'compare', default: false, ...flag },  // a row per mode of each system that has modes
  { key: 'groupings', view: 'compare', default: false, ...flag },  // every grouping of three or more operands
  { key: 'all', view: 'lattice', default: false, ...flag },
  // `format` is the shown view's format: the block format in Blocks, else the Bits format; the other view's format
  // goes under its own key, so switching views keeps both.
  { key: 'format', view: 'bits', default: 'float8_e4m3fn', ...nonEmpty, when: (s) => s.view !== 'blocks',
    resets: ['format', 'code'], check: (v, s, f) => f.bitsFormatRefusal(v) },
  { key: 'format', field: 'blockFormat', view: 'blocks', default: 'mxfp4_e2m1', ...nonEmpty, when: inView('blocks'),
    check: (v, s, f) => f.blockFormatRefusal(v, s) },
  { key: 'bitsformat', field: 'format', view: 'bits', default: 'float8_e4m3fn', ...nonEmpty, when: inView('blocks'),
    resets: ['format', 'code'], check: (v, s, f) => f.bitsFormatRefusal(v) },
  { key: 'blockformat', field: 'blockFormat', view: 'blocks', default: 'mxfp4_e2m1', ...nonEmpty,
    when: (s) => s.view !== 'blocks', check: (v, s, f) => f.blockFormatRefusal(v, s) },
  { key: 'vs', view: 'bits', default: '', ...any, check: (v, s, f) => (v ? f.formatRefusal(v) : null) },
  { key: 'code', view: 'bits', default: null,
    // Kept as the link wrote it until the check reads it with the core's grammar (tl.parseCode).
    parse: (v) => (v.trim() === '' ? refuse('a code such as 0x7e') : v),
    write: (v) => (v === null ? null : typeof v === 'number' ? `0x${v.toString(16)}` : v),
    check: (v, s, f) => f.codeRefusal(s, v) },
  { key: 'value', view: 'bits', default: '', ...any },
  { key: 'input', view: 'bits', default: 'decimal', ...oneOf(['decimal', 'hex']) },
  { key: 'sat', view: 'bits', default: null, ...flag, write: (v) => (v === null ? null : flag.write(v)) },
  { key: 'round', view: 'bits', default: 'up',
    parse: (v) => (/^[a-z-]{1,24}$/.test(v) ? v : refuse('a round mode such as toward-zero')),
    write: (v) => v, check: (v, s, f) => f.roundModeRefusal(v) },
  { key: 'srnumbits', view: 'bits', default: 8, ...integer(/^\d{1,2}$/, (n) => n <= 32, 'an integer from 0 to 32') },
  { key: 'seed', view: 'bits', default: '0',
    parse: (v) => (/^\d{1,20}$/.test(v) && BigInt(v) < 2n ** 64n ? String(BigInt(v))
      : refuse('an integer from 0 to 2^64 - 1')),
    write: (v) => v },
  { key: 'draws', view: 'bits', default: 1000,
    ...integer(/^\d{1,6}$/, (n) => n >= 1 && n <= 100000, 'an integer from 1 to 100000') },
  { key: 'stage', view: 'story', default: 0, ...integer(/^\d{1,4}$/, () => true, 'a stage number'),
    check: (v, s, f) => f.stageRefusal(v) },
  // '' is the format's default mode (floor, or nearest for nvfp4).
  { key: 'scale', view: 'blocks', default: '',
    parse: (v) => (/^[a-z]{1,16}$/.test(v) ? v : refuse('a scale mode such as floor')),
    write: (v) => v, check: (v, s, f) => (v ? f.scaleModeRefusal(s.blockFormat, v) : null) },
  // As typed (the module reads them as the CLI does).
  // nvfp4's FP32 per-tensor scale, on as NVIDIA's recipe uses it (the formats without one ignore it).
  { key: 'tscale', field: 'tensorScale', view: 'blocks', default: true, ...flag },
  { key: 'values', view: 'blocks', default: '7.5,1,1,1,1,1,1,1', ...any },
  // The values as a library stores them (stored-blocks-panel.js): '' closed, else the format; the packing of integer
  // groups. Both as written: the module's tensors part, which reads them, is fetched when the section opens.
  { key: 'stored', view: 'blocks', default: '', ...any },
  { key: 'packing', view: 'blocks', default: 'gptq', ...nonEmpty },
  { key: 'lang', view: '', default: 'en', ...nonEmpty, check: (v, s, f) => f.languageRefusal(v) },
  // The user's own lattice (Your lattice); null: the view's last preset.
  { key: 'nodes', view: 'custom', default: null,
    parse: (v) => (v === '' ? [] : v.split(',').map((n) => (n !== '' ? unescapeName(n) : refuse('an empty name')))),
    write: (v) => (v === null ? null : v.map(escapeName).join(',')) },
  { key: 'edges', view: 'custom', default: [], when: (s) => s.nodes !== null,
    parse: (v, s) => (v === '' ? [] : v.split(',').map((e) => {
      const m = /^(\d{1,6})-(\d{1,6})$/.exec(e);
      const pair = m && [Number(m[1]), Number(m[2])];
      const ok = pair && pair.every((i) => i < s.nodes.length);
      return ok ? pair : refuse(`node index pairs such as 0-1, below ${s.nodes.length}`);
    })),
    write: (v) => v.map(([a, b]) => `${a}-${b}`).join(',') },
  // The nodes selected in Your lattice, by name (written as in `nodes`).
  { key: 'pick', view: 'custom', default: [],
    parse: (v) => (v === '' ? [] : v.split(',').map((n) => (n !== '' ? unescapeName(n) : refuse('an empty name')))),
    write: (v) => v.map(escapeName).join(',') },
].map((e) => Object.freeze({
  field: e.key, ...e, default: Array.isArray(e.default) ? Object.freeze(e.default) : e.default,
})));

const fieldOf = new Map();   // each field's first entry
for (const e of STATE_KEYS) if (!fieldOf.has(e.field)) fieldOf.set(e.field, e);
const copy = (v) => (Array.isArray(v) ? v.map(copy) : v);

export const DEFAULTS = Object.freeze(Object.fromEntries([...fieldOf].map(([field, e]) => [field, e.default])));

/** A fresh state holding the defaults (arrays copied, so a view may change its own). */
export function defaultState() {
  return Object.fromEntries([...fieldOf].map(([field, e]) => [field, copy(e.default)]));
}

const clip = (v) => String(v).slice(0, 40);

// A short digest naming a held text (FNV-1a over its UTF-16 code units, and its length).
function digest(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; ++i) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return `${h.toString(16).padStart(8, '0')}${text.length.toString(36)}`;
}

// The state a link describes, and a note for every key whose value was not understood (that key keeps its
// default). Unknown keys are ignored: links from newer versions still open. `held(id)` returns the text this
// tab kept for a `held=` entry (the page's session storage), or null.
export function parseHashWithNotes(hash, held = () => null) {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  const heldIds = new Map((p.get('held') ?? '').split(',').filter(Boolean).map((id) => [id.split('.')[0], id]));
  const s = defaultState();
  const notes = [];
  for (const e of STATE_KEYS) {
    if (e.when && !e.when(s)) continue;
    let v = p.get(e.key);
    const id = heldIds.get(e.key);
    if (id !== undefined && id.length <= 64) {
      const kept = held(id);
      if (kept === null) {
        notes.push(`${e.key} (${id}: too long for a link; kept only in the tab where it was written)`);
        continue;
      }
      v = kept;
    } else if (v !== null && v.length > LINK_LIMIT) {
      notes.push(`${e.key}=${clip(v)} (longer than ${LINK_LIMIT} characters)`);
      continue;
    }
    if (v === null) continue;
    try {
      s[e.field] = e.parse(v, s);
    } catch (err) {
      if (!(err instanceof Refused)) throw err;
      notes.push(`${e.key}=${clip(v)}${err.message ? ` (${err.message})` : ''}`);
    }
  }
  return { state: s, notes };
}

// What the module's data says about names a link may hold: its systems (and which take JAX's modes), formats,
// block formats with their scale modes, round modes, story stages; the page's languages. Each list is asked for
// once, when a link first needs it.
export function moduleFacts(tl, languages) {
  let systemList = null;
  const systems = () => (systemList ??= new Map(tl.systems().map((x) => [x.name, x])));
  const once = (f) => { let v; return () => (v ??= f()); };
  const blockFormats = once(() => tl.blockFormats());
  const roundModes = once(() => [...new Set(tl.formats().flatMap((f) => f.roundModes))]);
  const stages = once(() => tl.designStory().length);
  const formats = new Map();
  // tl.formatInfo: the module's entry for any format name, built-in, P3109 or a definition (e4m3:fn:bias=7);
  // for a name it does not know, its message says why.
  const format = (name) => {
    if (!formats.has(name)) {
      let info;
      try {
        info = tl.formatInfo(name);
      } catch (e) {
        info = { refusal: e.message };
      }
      formats.set(name, info);
    }
    return formats.get(name);
  };
  const names = (list) => list.join(', ');
  return {
    systemRefusal: (name) => (systems().has(name) ? null : `not one of the systems: ${names([...systems().keys()])}`),
    systemTakesModes: (name) => systems().get(name)?.modes === true,
    formatRefusal: (name) => format(name).refusal ?? null,
    // The Bits view also shows the tapered formats, which the module's formats part does not know.
    bitsFormatRefusal: (name) => (TAPERED_FORMATS.has(name) ? null : format(name).refusal ?? null),
    codeRefusal: (s, code) => {
      const tapered = TAPERED_FORMATS.get(s.format);
      if (code === null || (!tapered && format(s.format).refusal)) return null;
      try {
        // A tapered code is read with the core's grammar for codes (float32's, the widest), then its width.
        const n = tl.parseCode(tapered ? 'float32' : s.format, String(code));
        if (tapered && n >= 2 ** tapered) {
          return `code ${code} is out of range for ${s.format} (${tapered} bits: 0x0 to 0x${(2 ** tapered - 1).toString(16)})`;
        }
        s.code = n;
        return null;
      } catch (e) {
        return e.message;
      }
    },
    // The module reads block format names in any case; the list gives each one's spelling.
    blockFormatRefusal: (name, s) => {
      const f = blockFormats().find((x) => x.name === name) ??
        blockFormats().find((x) => x.name.toLowerCase() === name.toLowerCase());
      if (!f) return `not one of the block formats: ${names(blockFormats().map((x) => x.name))}`;
      s.blockFormat = f.name;
      return null;
    },
    scaleModeRefusal: (formatName, mode) => {
      const f = blockFormats().find((x) => x.name === formatName);
      return f.scaleModes.includes(mode) ? null : `${f.name} takes ${names(f.scaleModes)}`;
    },
    roundModeRefusal: (mode) => (roundModes().includes(mode) ? null : `one of ${names(roundModes())}`),
    stageRefusal: (n) => (n < stages() ? null : `there are ${stages()} stages`),
    languageRefusal: (lang) => (languages.includes(lang) ? null : `one of ${names(languages)}`),
    systemNames: () => [...systems().keys()],
    // Whether the system list is loaded (tl.systems() takes tens of milliseconds on its first call).
    systemsKnown: () => systemList !== null,
  };
}

// Checks every value a link gave (a default needs no check) against the module's data; each refused value falls
// back to its default (with the fields it `resets`) and adds a note. `facts`: moduleFacts(tl, languages), or the
// module and the languages to make them from.
export function checkStateWithModule(s, tl, languages, notes, facts = moduleFacts(tl, languages)) {
  // The Bits and Blocks keys wait for the module's formats part (main.js checks them again once it is loaded).
  const formatsLoaded = tl.parts.includes('formats');
  for (const e of STATE_KEYS) {
    if (!e.check || (e.when && !e.when(s))) continue;
    if (!formatsLoaded && (e.view === 'bits' || e.view === 'blocks')) continue;
    const resets = e.resets ?? [e.field];
    if (resets.every((k) => fieldOf.get(k).write(s[k]) === fieldOf.get(k).write(fieldOf.get(k).default))) continue;
    const why = e.check(s[e.field], s, facts);
    if (why === null) continue;
    const shown = (k) => `${k === e.field ? e.key : fieldOf.get(k).key}=${clip(s[k])}`;
    notes.push(`${resets.map(shown).join('&')} (${why})`);
    for (const k of resets) s[k] = copy(fieldOf.get(k).default);
  }
  return s;
}

// Each written key's text, in table order, for the values that differ from their defaults.
function writtenEntries(s) {
  const out = [];
  for (const e of STATE_KEYS) {
    if (e.when && !e.when(s)) continue;
    const text = e.write(s[e.field]);
    if (text === null || text === e.write(e.default)) continue;
    out.push([e.key, text]);
  }
  return out;
}

/** The keys whose text is too long for a link, each with the id it is held under: [{ key, id, text }]. */
export function heldTexts(s) {
  return writtenEntries(s).filter(([, text]) => text.length > LINK_LIMIT)
    .map(([key, text]) => ({ key, id: `${key}.${digest(text)}`, text }));
}

/** Whether a link can hold the state's value for this hash key (false: it is held in the tab). */
export function linkHolds(s, key) {
  return !heldTexts(s).some((h) => h.key === key);
}

export function toHash(s) {
  const p = new URLSearchParams();
  const held = [];
  for (const [key, text] of writtenEntries(s)) {
    if (text.length > LINK_LIMIT) held.push(`${key}.${digest(text)}`);
    else p.set(key, text);
  }
  if (held.length) p.set('held', held.join(','));
  // Commas, '*' (weak types), '|' and parentheses (Compare's expressions) stay readable in the address bar.
  return `#${p.toString().replace(/%2C/g, ',').replace(/%2A/g, '*').replace(/%7C/g, '|').replace(/%28/g, '(')
    .replace(/%29/g, ')')}`;
}
