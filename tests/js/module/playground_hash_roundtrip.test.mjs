// The playground's state table (web/playground/state.js): every key written to the URL hash reads back as the
// same value. Random valid states (names from the module's own lists, user lattices with any Unicode, commas,
// quotes and percent signs in node names) go through toHash, the URL parser (as location.hash holds them) and
// the reader with the module's checks: the same state, no note. Values longer than a link holds are held in
// the tab (`held=KEY.DIGEST`) and read back from there; below, at and above the limit.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { load } from './helpers.mjs';
import {
  STATE_KEYS, DEFAULTS, LINK_LIMIT, parseHashWithNotes, checkStateWithModule, moduleFacts, toHash, heldTexts, linkHolds,
  defaultState,
} from '../../../web/playground/state.js';
import { languages } from '../../../web/playground/strings.js';

const tl = await load(true);
const cases = Number(process.env.TYPELATTICE_FUZZ_CASES ?? 3000);
const facts = moduleFacts(tl, languages);
const fields = [...new Set(STATE_KEYS.map((e) => e.field))].sort();

function generator(seed) {
  let x = seed >>> 0 || 1;
  const next = () => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x; };
  const below = (n) => next() % n;
  return { below, pick: (list) => list[below(list.length)], coin: () => below(2) === 0 };
}

const asLocationHash = (text) => new URL(`https://playground.invalid/${text}`).hash;

function readLink(hash, held = () => null) {
  const { state, notes } = parseHashWithNotes(asLocationHash(hash), held);
  checkStateWithModule(state, tl, languages, notes, facts);
  return { state, notes };
}

const systems = tl.systems();
const formats = tl.formats();
const blockFormats = tl.blockFormats();
const dtypes = tl.dtypes().map((d) => d.name);
const stages = tl.designStory().length;
const pieces = ['a', 'Z', '0', ',', '%', '%2C', '%25', '"', "'", '&', '=', '#', '+', ' ', '-', '.', '*', 'é', '漢', '🙂',
  '\u202e', '<b>', '\\', 'float32', 'int8'];
const word = (g, n = 1 + g.below(6)) => Array.from({ length: n }, () => g.pick(pieces)).join('');
const numberText = (g) => g.pick(['1', '-2.5', '7.5', '0', '-0', '1e-3', '448', 'inf', 'nan', '0x1p-3', '3.25']);

// A value for each field, valid by the module's data; a field without one here fails the coverage test below.
const values = {
  view: (g) => g.pick(['lattice', 'table', 'compare', 'bits', 'blocks', 'story', 'custom']),
  system: (g) => g.pick(systems).name,
  mode: (g, s) => (systems.find((x) => x.name === s.system).modes ? g.pick(['standard', 'strict']) : 'standard'),
  x64: (g, s) => (systems.find((x) => x.name === s.system).modes ? g.coin() : true),
  select: (g) => Array.from({ length: g.below(4) }, () => g.pick(dtypes)),
  compare: (g) => (g.coin() ? '' : g.pick(systems).name),
  tableOf: (g) => g.pick(['system', 'lattice']),
  expr: (g) => (g.coin() ? '' : g.pick(['uint8 + 300', 'x: int32; x * 2.5', 'int8 | (uint8 | float16)', 'uint8 +', 'a&b=c#d%'])),
  operands: (g, s) => (s.expr ? DEFAULTS.operands
    : Array.from({ length: g.below(4) }, () => g.pick(['int8', 'uint8', '300', '1.5', '1j', 'True', 'f*']))),
  ref: (g) => (g.coin() ? '' : g.pick(systems).name),
  modes: (g) => g.coin(),
  groupings: (g) => g.coin(),
  all: (g) => g.coin(),
  format: (g) => g.pick(formats).name,
  blockFormat: (g) => g.pick(blockFormats).name,
  vs: (g) => (g.coin() ? '' : g.pick(formats).name),
  code: (g, s) => (g.coin() ? null : g.below(2 ** Math.min(formats.find((f) => f.name === s.format).totalBits, 30))),
  value: (g) => (g.coin() ? '' : numberText(g)),
  input: (g) => g.pick(['decimal', 'hex']),
  sat: (g) => g.pick([null, true, false]),
  round: (g) => g.pick(g.pick(formats).roundModes),
  srnumbits: (g) => g.below(33),
  seed: (g) => g.pick(['0', '1', '18446744073709551615', String(g.below(1e9))]),
  draws: (g) => 1 + g.below(100000),
  stage: (g) => g.below(stages),
  scale: (g, s) => (g.coin() ? '' : g.pick(blockFormats.find((f) => f.name === s.blockFormat).scaleModes)),
  tensorScale: (g) => g.coin(),
  stored: (g) => (g.coin() ? '' : g.pick(['nf4', 'gguf_q4_0', 'int4_g128_asym', 'int3_g32_mlx'])),
  packing: (g) => g.pick(['gptq', 'gptq_v1', 'awq']),
  values: (g) => Array.from({ length: 1 + g.below(40) }, () => numberText(g) + (g.below(5) ? '' : `*${1 + g.below(40)}`))
    .join(g.pick([',', ' ', ', '])),
  lang: (g) => g.pick(languages),
  nodes: (g) => (g.below(4) === 0 ? null : [...new Set(Array.from({ length: g.below(8) }, () => word(g)))]),
  pick: (g, s) => [...new Set(Array.from({ length: g.below(4) }, () => (s.nodes?.length ? g.pick(s.nodes) : word(g))))],
  edges: (g, s) => (s.nodes === null || s.nodes.length === 0 ? [] : Array.from({ length: g.below(10) },
    () => [g.below(s.nodes.length), g.below(s.nodes.length)])),
};

// A state that a page can be in: every field from the generator above, in the table's order.
function randomState(g) {
  const s = defaultState();
  for (const e of STATE_KEYS) if (g.below(3) !== 0) s[e.field] = values[e.field](g, s);
  if (s.nodes === null) s.edges = [];
  return s;
}

test('every state key has a generator, a default, a parse and a write', () => {
  assert.deepEqual(Object.keys(values).sort(), fields);
  assert.deepEqual(Object.keys(DEFAULTS).sort(), fields);
  for (const e of STATE_KEYS) {
    assert.equal(typeof e.parse, 'function', e.key);
    assert.equal(typeof e.write, 'function', e.key);
    assert.equal(typeof e.view, 'string', e.key);
  }
  // A plain link is the default state.
  assert.equal(toHash(defaultState()), '#');
  assert.deepEqual(readLink('#'), { state: defaultState(), notes: [] });
});

test(`${cases} random valid states: parse(write(s)) is s, with no note, for every key`, () => {
  const g = generator(20261125);
  const changed = new Set();
  for (let i = 0; i < cases; ++i) {
    const s = randomState(g);
    const hash = toHash(s);
    const { state, notes } = readLink(hash);
    assert.deepEqual(notes, [], `case ${i}: ${hash}`);
    assert.deepEqual(state, s, `case ${i}: ${hash}`);
    for (const e of STATE_KEYS) if (JSON.stringify(s[e.field]) !== JSON.stringify(DEFAULTS[e.field])) changed.add(e.field);
  }
  // Every key took part with a value other than its default.
  assert.deepEqual([...changed].sort(), fields);
});

test('a user lattice with Unicode, commas, quotes and percent signs in its names reads back exactly', () => {
  const nodes = ['a,b', '"quoted"', "it's", '100%', '%2C', '%25', '漢字', '🙂', 'x y', 'a&b=c#d', '<img src=x>', '\u202e'];
  const edges = nodes.slice(1).map((_, i) => [i, i + 1]);
  const s = { ...defaultState(), view: 'custom', nodes, edges };
  const hash = toHash(s);
  assert.match(hash, /^#view=custom&nodes=/);
  assert.match(hash, /edges=0-1,1-2,/);
  assert.deepEqual(readLink(hash).state, s);
  // An edge naming a node that is not there is refused with a note; the nodes still apply.
  const bad = readLink('#view=custom&nodes=a,b&edges=0-1,0-2');
  assert.deepEqual(bad.state.nodes, ['a', 'b']);
  assert.deepEqual(bad.state.edges, []);
  assert.match(bad.notes.join(' '), /edges=0-1,0-2/);
  assert.match(readLink('#view=custom&nodes=a,,b').notes.join(' '), /nodes=a,,b \(an empty name\)/);
  // The empty graph is a graph too.
  assert.deepEqual(readLink(toHash({ ...defaultState(), nodes: [] })).state.nodes, []);
});

// Values of exactly n characters: '1,' repeated, ending in a digit.
const valuesOf = (n) => `${'1,'.repeat((n - 1) / 2)}1`.padEnd(n, '0').slice(0, n);

test('Blocks values below, at and above the link limit: the link holds them or the tab does', () => {
  for (const n of [LINK_LIMIT - 1, LINK_LIMIT, LINK_LIMIT + 1, 2 * LINK_LIMIT + 1, 100001]) {
    const s = { ...defaultState(), view: 'blocks', values: valuesOf(n) };
    assert.equal(s.values.length, n);
    const hash = toHash(s);
    const store = new Map(heldTexts(s).map(({ id, text }) => [id, text]));
    if (n <= LINK_LIMIT) {
      assert.ok(linkHolds(s, 'values'), `${n}`);
      assert.equal(store.size, 0);
      assert.match(hash, /values=1,1,/);
      assert.deepEqual(readLink(hash), { state: s, notes: [] }, `${n}`);
      continue;
    }
    assert.equal(linkHolds(s, 'values'), false, `${n}`);
    assert.doesNotMatch(hash, /values=/);
    assert.match(hash, /held=values\.[0-9a-z]+$/);
    assert.ok(hash.length < 100, hash);
    assert.deepEqual([...store.values()], [s.values]);
    // Reload or Back in the same tab: the text comes back from the tab's storage.
    assert.deepEqual(readLink(hash, (id) => store.get(id) ?? null), { state: s, notes: [] }, `${n}`);
    // The link opened elsewhere: the default values, and a note that says why.
    const elsewhere = readLink(hash);
    assert.equal(elsewhere.state.values, DEFAULTS.values);
    assert.equal(elsewhere.state.view, 'blocks');
    assert.match(elsewhere.notes.join(' '), /values .*too long for a link/);
  }
  // Two different long texts are held under different ids (Back to either finds its own).
  const a = heldTexts({ ...defaultState(), values: valuesOf(5001) })[0].id;
  const b = heldTexts({ ...defaultState(), values: `2${valuesOf(5001).slice(1)}` })[0].id;
  assert.notEqual(a, b);
  // A hand-written link longer than the limit is still refused unread.
  const long = readLink(`#view=blocks&values=${valuesOf(LINK_LIMIT + 1)}`);
  assert.equal(long.state.values, DEFAULTS.values);
  assert.match(long.notes.join(' '), /longer than 4096 characters/);
});

test('a lattice too long for a link is held in the tab like long values', () => {
  const nodes = Array.from({ length: 1000 }, (_, i) => `node,${i}`);
  const edges = nodes.slice(1).map((_, i) => [i, i + 1]);
  const s = { ...defaultState(), view: 'custom', nodes, edges };
  assert.equal(linkHolds(s, 'nodes'), false);
  const store = new Map(heldTexts(s).map(({ id, text }) => [id, text]));
  assert.deepEqual([...store.keys()].map((id) => id.split('.')[0]).sort(), ['edges', 'nodes']);
  assert.deepEqual(readLink(toHash(s), (id) => store.get(id) ?? null), { state: s, notes: [] });
});
