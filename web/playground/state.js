// The page state and its URL-hash form, e.g.
//   #view=lattice&system=jax&mode=strict&select=float16,bfloat16
//   #view=bits&format=float8_e4m3fn&code=0x7e&value=1000&sat=0&vs=float8_e5m2
//   #view=blocks&format=mxfp4_e2m1&scale=floor&values=7.5,1,1,1   (format: the block format in this view)
//   #view=compare&operands=uint8,300&ref=numpy
// Only values that differ from the defaults are written, so a plain link opens the default view.

export const DEFAULTS = Object.freeze({
  view: 'lattice',
  system: 'jax',
  mode: 'standard',
  x64: true,
  select: [],
  compare: '',         // the Table view's "compare with" system
  operands: ['uint8', '300'],  // the Compare view's expression: dtypes or Python values, promoted left to right
  ref: '',             // the Compare view's reference system ('' = the first row)
  all: false,         // lattice and table show every type, not only the JAX docs' 18
  format: 'float8_e4m3fn',
  vs: '',             // a second format whose card the Bits view shows beside the first ('' = none)
  code: null,          // the code shown in the Bits view (number), null = the cast value's code or 0
  value: '',
  input: 'decimal',
  sat: null,           // null: ONNX Cast's default for the format (as the CLI); true/false: forced
  round: 'up',
  srnumbits: 8,        // stochastic rounding: random bits per draw (the CLI's --srnumbits)
  seed: '0',           // stochastic rounding: the stream's seed, decimal digits (up to 2^64 - 1)
  draws: 1000,         // stochastic rounding: how many draws the histogram shows
  stage: 0,
  blockFormat: 'mxfp4_e2m1',  // the Blocks view's format: the hash's `format` when view=blocks
  scale: '',           // the Blocks view's scale mode ('' = the format's default: floor, or nearest for nvfp4)
  values: '7.5,1,1,1,1,1,1,1',  // the Blocks view's values as typed (the module reads them as the CLI does)
  lang: 'en',
});

export const VIEWS = ['lattice', 'table', 'compare', 'bits', 'blocks', 'story', 'custom'];

// A Map, not an object: `'constructor' in {...}` is true, and a link's sat=__proto__ must be refused, not read.
const FLAG_WORDS = new Map([['1', true], ['on', true], ['true', true], ['0', false], ['off', false], ['false', false]]);
const isFlag = (v) => FLAG_WORDS.has(v);
const MAX_KEY_LENGTH = 4096;  // no name or number in a link is longer; a longer one is refused unread

// Operands as typed or linked: separated by commas or spaces (no operand holds either: 2+3j, 1e3, i*).
export function splitOperands(text) {
  return text.split(/[\s,]+/).filter(Boolean);
}

// The state a link describes, and a note for every key whose value was not understood (that key keeps its
// default). Unknown keys are ignored: links from newer versions still open.
export function parseHashWithNotes(hash) {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  const s = { ...DEFAULTS, select: [], operands: [...DEFAULTS.operands] };
  const notes = [];
  const get = (k) => p.get(k);
  const refuse = (k, why) => notes.push(`${k}=${String(get(k)).slice(0, 40)}${why ? ` (${why})` : ''}`);
  const take = (k, ok, apply, why) => {
    const v = get(k);
    if (v === null) return;
    if (v.length > MAX_KEY_LENGTH) refuse(k, `longer than ${MAX_KEY_LENGTH} characters`);
    else if (ok(v)) apply(v);
    else refuse(k, why);
  };
  const any = (v) => v !== '';
  take('view', (v) => VIEWS.includes(v), (v) => { s.view = v; }, `one of ${VIEWS.join(', ')}`);
  take('system', any, (v) => { s.system = v; });
  take('mode', (v) => v === 'strict' || v === 'standard', (v) => { s.mode = v; }, 'standard or strict');
  take('x64', isFlag, (v) => { s.x64 = FLAG_WORDS.get(v); }, '1 or 0');
  take('select', () => true, (v) => { s.select = v.split(',').map((x) => x.trim()).filter(Boolean); });
  take('compare', () => true, (v) => { s.compare = v; });
  take('operands', () => true, (v) => { s.operands = splitOperands(v); });
  take('ref', () => true, (v) => { s.ref = v; });
  take('all', isFlag, (v) => { s.all = FLAG_WORDS.get(v); }, '1 or 0');
  take('format', any, (v) => { if (s.view === 'blocks') s.blockFormat = v; else s.format = v; });
  take('vs', () => true, (v) => { s.vs = v; });
  take('code', (v) => /^(0x[0-9a-f]+|\d+)$/i.test(v) && Number.isSafeInteger(Number(v)),
       (v) => { s.code = Number(v); }, 'a code such as 0x7e');
  take('value', () => true, (v) => { s.value = v; });
  take('input', (v) => v === 'hex' || v === 'decimal', (v) => { s.input = v; }, 'decimal or hex');
  take('sat', isFlag, (v) => { s.sat = FLAG_WORDS.get(v); }, '1 or 0');
  take('round', (v) => /^[a-z-]{1,24}$/.test(v), (v) => { s.round = v; }, 'a round mode such as toward-zero');
  take('srnumbits', (v) => /^\d{1,2}$/.test(v) && Number(v) <= 32, (v) => { s.srnumbits = Number(v); }, 'an integer from 0 to 32');
  take('seed', (v) => /^\d{1,20}$/.test(v) && BigInt(v) < 2n ** 64n, (v) => { s.seed = String(BigInt(v)); },
       'an integer from 0 to 2^64 - 1');
  take('draws', (v) => /^\d{1,6}$/.test(v) && Number(v) >= 1 && Number(v) <= 100000, (v) => { s.draws = Number(v); },
       'an integer from 1 to 100000');
  take('stage', (v) => /^\d{1,4}$/.test(v), (v) => { s.stage = Number(v); }, 'a stage number');
  take('scale', (v) => /^[a-z]{1,16}$/.test(v), (v) => { s.scale = v; }, 'a scale mode such as floor');
  take('values', () => true, (v) => { s.values = v; });
  take('lang', any, (v) => { s.lang = v; });
  return { state: s, notes };
}

// What only the module can judge (system, mode and x64 together, the compared system, the format, whether the
// code fits it, the stage number) is asked of it: the core's parsers decide, and their message says why. Each
// refused key falls back to its default and adds a note. `languages`: the page's translations.
export function checkStateWithModule(s, tl, languages, notes) {
  const refusal = (f) => {
    try {
      f();
      return null;
    } catch (e) {
      return e.message;
    }
  };
  const reset = (keys, why) => {
    notes.push(`${keys.map((k) => `${k}=${String(s[k]).slice(0, 40)}`).join('&')} (${why})`);
    for (const k of keys) s[k] = DEFAULTS[k];
  };
  let why = refusal(() => tl.promoteTypes('bool', 'bool', { system: s.system }));
  if (why) reset(['system'], why);
  why = refusal(() => tl.promoteTypes('bool', 'bool', { system: s.system, mode: s.mode, x64: s.x64 }));
  if (why) reset(['mode', 'x64'], why);
  if (s.compare) {
    why = refusal(() => tl.promoteTypes('bool', 'bool', { system: s.compare }));
    if (why) reset(['compare'], why);
  }
  // Operands are kept as given: a mistyped one is shown in the Compare view with the core's suggestions.
  if (s.ref) {
    why = refusal(() => tl.promoteTypes('bool', 'bool', { system: s.ref }));
    if (why) reset(['ref'], why);
  }
  if (s.stage && s.stage >= tl.designStory().length) reset(['stage'], `there are ${tl.designStory().length} stages`);
  if (!languages.includes(s.lang)) reset(['lang'], `one of ${languages.join(', ')}`);
  // The format keys wait for the module's formats part (main.js checks them again once it is loaded).
  if (!tl.parts.includes('formats')) return s;
  why = refusal(() => tl.layout(s.format, 0));
  if (why) reset(['format', 'code'], why);
  if (s.vs) {
    why = refusal(() => tl.layout(s.vs, 0));
    if (why) reset(['vs'], why);
  }
  if (s.code !== null) {
    why = refusal(() => tl.layout(s.format, s.code));
    if (why) reset(['code'], why);
  }
  why = refusal(() => { s.blockFormat = tl.quantizeBlock([1], s.blockFormat).format; });  // the canonical name
  if (why) {
    notes.push(`format=${String(s.blockFormat).slice(0, 40)} (${why})`);
    s.blockFormat = DEFAULTS.blockFormat;
  }
  why = s.scale && refusal(() => tl.quantizeBlock([1], s.blockFormat, { scaleMode: s.scale }));
  if (why) reset(['scale'], why);
  const modes = new Set(tl.formats().flatMap((f) => f.roundModes));
  if (!modes.has(s.round)) reset(['round'], `one of ${[...modes].join(', ')}`);
  return s;
}

export function toHash(s) {
  const p = new URLSearchParams();
  const put = (k, v, d) => { if (v !== d) p.set(k, v); };
  put('view', s.view, DEFAULTS.view);
  put('system', s.system, DEFAULTS.system);
  put('mode', s.mode, DEFAULTS.mode);
  if (!s.x64) p.set('x64', '0');
  if (s.select.length) p.set('select', s.select.join(','));
  put('compare', s.compare, DEFAULTS.compare);
  put('operands', s.operands.join(','), DEFAULTS.operands.join(','));
  put('ref', s.ref, DEFAULTS.ref);
  if (s.all) p.set('all', '1');
  if (s.view === 'blocks') put('format', s.blockFormat, DEFAULTS.blockFormat);
  else put('format', s.format, DEFAULTS.format);
  put('vs', s.vs, DEFAULTS.vs);
  if (s.code !== null) p.set('code', `0x${s.code.toString(16)}`);
  put('value', s.value, DEFAULTS.value);
  put('input', s.input, DEFAULTS.input);
  if (s.sat !== null) p.set('sat', s.sat ? '1' : '0');
  put('round', s.round, DEFAULTS.round);
  put('srnumbits', String(s.srnumbits), String(DEFAULTS.srnumbits));
  put('seed', s.seed, DEFAULTS.seed);
  put('draws', String(s.draws), String(DEFAULTS.draws));
  if (s.stage) p.set('stage', String(s.stage));
  put('scale', s.scale, DEFAULTS.scale);
  put('values', s.values, DEFAULTS.values);
  put('lang', s.lang, DEFAULTS.lang);
  // Commas and '*' (weak types) stay readable in the address bar.
  return `#${p.toString().replace(/%2C/g, ',').replace(/%2A/g, '*')}`;
}
