// The page state and its URL-hash form, e.g.
//   #view=lattice&system=jax&mode=strict&select=float16,bfloat16
//   #view=bits&format=float8_e4m3fn&code=0x7e&value=1000&sat=0
// Only values that differ from the defaults are written, so a plain link opens the default view.

export const DEFAULTS = Object.freeze({
  view: 'lattice',
  system: 'jax',
  mode: 'standard',
  x64: true,
  select: [],
  compare: '',
  all: false,         // lattice and table show every type, not only the JAX docs' 18
  format: 'float8_e4m3fn',
  code: null,          // the code shown in the Bits view (number), null = the cast value's code or 0
  value: '',
  input: 'decimal',
  sat: null,           // null: ONNX Cast's default for the format (as the CLI); true/false: forced
  round: 'up',
  stage: 0,
  lang: 'en',
});

export const VIEWS = ['lattice', 'table', 'bits', 'story', 'custom'];

export function parseHash(hash) {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  const s = { ...DEFAULTS, select: [] };
  const get = (k) => p.get(k);
  if (VIEWS.includes(get('view'))) s.view = get('view');
  if (get('system')) s.system = get('system');
  if (get('mode') === 'strict' || get('mode') === 'standard') s.mode = get('mode');
  if (get('x64') !== null) s.x64 = !['0', 'off', 'false'].includes(get('x64'));
  if (get('select')) s.select = get('select').split(',').map((x) => x.trim()).filter(Boolean);
  if (get('compare')) s.compare = get('compare');
  if (get('all') === '1') s.all = true;
  if (get('format')) s.format = get('format');
  if (get('code') !== null && /^(0x[0-9a-f]+|\d+)$/i.test(get('code'))) s.code = Number(get('code'));
  if (get('value') !== null) s.value = get('value');
  if (get('input') === 'hex') s.input = 'hex';
  if (get('sat') !== null) s.sat = !['0', 'off', 'false'].includes(get('sat'));   // sat=1 or sat=0
  if (['up', 'down', 'nearest'].includes(get('round'))) s.round = get('round');
  if (/^\d+$/.test(get('stage') || '')) s.stage = Number(get('stage'));
  if (get('lang')) s.lang = get('lang');
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
  if (s.all) p.set('all', '1');
  put('format', s.format, DEFAULTS.format);
  if (s.code !== null) p.set('code', `0x${s.code.toString(16)}`);
  put('value', s.value, DEFAULTS.value);
  put('input', s.input, DEFAULTS.input);
  if (s.sat !== null) p.set('sat', s.sat ? '1' : '0');
  put('round', s.round, DEFAULTS.round);
  if (s.stage) p.set('stage', String(s.stage));
  put('lang', s.lang, DEFAULTS.lang);
  // Commas and '*' (weak types) stay readable in the address bar.
  return `#${p.toString().replace(/%2C/g, ',').replace(/%2A/g, '*')}`;
}
