// Fuzzes the playground's URL-hash reader (web/playground/state.js: parseHashWithNotes, then the module's own
// checks in checkStateWithModule) with the real wasm module: the seed corpus in tests/fuzz/corpus/playground_hash/
// (the reproductions of issue reports), mutations of it, and hashes built from the keys and their near misses.
// Every hash goes through WHATWG URL parsing first, as location.hash does. For each: nothing throws, the state
// has exactly the default keys with valid values (the module accepts every one of them), every refused key left
// a short note, and writing the state back (toHash) and reading it again gives the same state with no notes.
// TYPELATTICE_FUZZ_CASES (default 20000) sets how many generated hashes run; the seed is fixed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { load, sourceDir } from './helpers.mjs';
import { parseHashWithNotes, checkStateWithModule, toHash, DEFAULTS } from '../../../web/playground/state.js';
import { languages } from '../../../web/playground/strings.js';

const tl = await load(true);
const cases = Number(process.env.TYPELATTICE_FUZZ_CASES ?? 20000);

// A small deterministic generator (xorshift32), so a failure names a case that can be replayed.
function generator(seed) {
  let x = seed >>> 0 || 1;
  const next = () => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x; };
  return { below: (n) => next() % n, pick: (list) => list[next() % list.length] };
}

const keys = Object.keys(DEFAULTS);
const systems = new Map(tl.systems().map((x) => [x.name, x]));
const names = [...tl.systems().map((s) => s.name), ...tl.formats().map((f) => f.name), ...tl.dtypes().map((d) => d.name),
  ...languages, ...tl.blockFormats().map((f) => f.name), 'floor', 'ceil', 'even', 'rceil', 'FLOOR', '7.5,1,1', '1,2x',
  'standard', 'strict', 'lattice', 'table', 'bits', 'blocks', 'story', 'custom', 'decimal', 'hex', 'up', 'down',
  'nearest', '0', '1', 'on', 'off', 'true', 'false', '0x7e', '0x100', '0x100000000', '255', '-1', '1e400', 'NaN',
  '__proto__', 'constructor', 'toString', 'hasOwnProperty', '', ' ', ',', '*', 'i*', 'f*', 'c*'];
const pieces = ['%00', '%1B]0;x%07', '%E2%80%AE', '%ED%A0%80', '%FF', '%', '%G1', '&', '=', '#', '+', '%2C', '%26',
  '%3D', ',', ' ', '\t', '\n', '\u0000', '\u202e', 'é', '漢', '🙂', 'x'.repeat(40), 'a'.repeat(5000)];

function mutate(text, g) {
  const at = g.below(text.length + 1);
  switch (g.below(5)) {
    case 0: return text.slice(0, at) + g.pick(pieces) + text.slice(at);
    case 1: return text.slice(0, at) + text.slice(at + 1 + g.below(8));
    case 2: return `${text}&${g.pick(keys)}=${g.pick(names)}`;
    case 3: return text.slice(0, at) + g.pick(names) + text.slice(at);
    default: return text + text.slice(0, at);
  }
}

function generated(g) {
  const parts = [];
  for (let i = 0, n = 1 + g.below(6); i < n; ++i) {
    const key = g.below(8) === 0 ? g.pick(names) : g.pick(keys);
    let value = g.pick(names);
    if (key === 'select') value = Array.from({ length: g.below(5) }, () => g.pick(names)).join(',');
    if (key === 'code') value = g.below(2) ? `0x${g.below(1 << 20).toString(16)}` : String(g.below(70000));
    if (g.below(4) === 0) value = mutate(value, g);
    parts.push(`${key}=${value}`);
  }
  return `#${parts.join('&')}`;
}

// What location.hash holds for a typed or linked hash: the URL parser's percent-encoding of it.
const asLocationHash = (text) => new URL(`https://playground.invalid/${text.startsWith('#') ? '' : '#'}${text}`).hash;

function readLink(hash) {
  const { state, notes } = parseHashWithNotes(hash);
  checkStateWithModule(state, tl, languages, notes);
  return { state, notes };
}

function assertValid(hash) {
  const { state, notes } = readLink(hash);
  assert.deepEqual(Object.keys(state).sort(), keys.slice().sort(), hash);
  for (const k of keys) {
    if (DEFAULTS[k] === null) continue;
    assert.equal(typeof state[k], typeof DEFAULTS[k], `${hash}: ${k}`);
  }
  assert.ok(Array.isArray(state.select) && state.select.every((n) => typeof n === 'string' && n.trim() === n && n !== ''));
  // The module accepts every value the state kept (its systems, as tl.systems() lists them: some have no
  // bool + bool promotion, so a promotion is not the test of a name).
  const system = systems.get(state.system);
  assert.ok(system, hash);
  assert.ok(system.modes || (state.mode === 'standard' && state.x64), hash);
  if (state.compare) assert.ok(systems.has(state.compare), hash);
  if (state.ref) assert.ok(systems.has(state.ref), hash);
  tl.layout(state.format, state.code ?? 0);
  assert.ok(state.stage < tl.presets().length, hash);
  assert.ok(languages.includes(state.lang), hash);
  for (const note of notes) {
    assert.equal(typeof note, 'string');
    assert.ok(note.length <= 800, `${hash}: a note of ${note.length} characters`);
  }
  // Written back and read again: the same state, nothing refused.
  const again = readLink(toHash(state));
  assert.deepEqual(again.notes, [], `${hash} -> ${toHash(state)}`);
  assert.deepEqual(again.state, state, `${hash} -> ${toHash(state)}`);
}

const corpusDir = path.join(sourceDir, 'tests/fuzz/corpus/playground_hash');
const corpus = readdirSync(corpusDir).sort().map((f) => readFileSync(path.join(corpusDir, f), 'utf8').trim());

test('the seed corpus: each reproduction reads to a valid state with notes for what was refused', () => {
  for (const text of corpus) assertValid(asLocationHash(text));
  // What each refused key's note names (unknown keys such as __proto__= are ignored, as links from newer versions).
  const refused = (text) => readLink(asLocationHash(text)).notes.join(' ');
  assert.match(refused('#view=table&compare=__proto__'), /compare=__proto__/);
  assert.match(refused('#view=bits&code=0x100'), /code=0x100 \(code 0x100 is out of range for float8_e4m3fn/);
  assert.match(refused('#view=story&stage=9999'), /stage=9999/);
  assert.match(refused('#view=lattice&system=numpy&mode=strict&x64=0'), /mode=strict&x64=false/);
  assert.match(refused("#sat=__proto__&x64=constructor&all=toString"), /x64=constructor.*all=toString.*sat=__proto__/);
  const unknown = readLink(asLocationHash('#view=table&compare=foo'));
  assert.equal(unknown.state.view, 'table');
  assert.equal(unknown.state.compare, '');
  assert.match(unknown.notes.join(' '), /compare=foo/);
  // Every system the menu offers opens from a link, with its modes where it has them.
  for (const [name, x] of systems) {
    const hash = `#view=table&system=${name}&compare=${name}&ref=${name}${x.modes ? '&mode=strict&x64=0' : ''}`;
    const { state, notes } = readLink(asLocationHash(hash));
    assert.deepEqual(notes, [], hash);
    assert.deepEqual([state.system, state.compare, state.ref, state.mode], [name, name, name, x.modes ? 'strict' : 'standard']);
  }
  const beyond = readLink(asLocationHash('#view=bits&format=float32&code=0x100000000'));
  assert.equal(beyond.state.code, null);
  assert.match(beyond.notes.join(' '), /code=0x100000000 \(code 0x100000000 is out of range for float32/);
});

test(`${cases} generated and mutated hashes: valid state, short notes, a stable round trip`, () => {
  const g = generator(20261123);
  for (let i = 0; i < cases; ++i) {
    const text = i % 3 === 0 ? mutate(mutate(g.pick(corpus), g), g) : generated(g);
    const hash = asLocationHash(text);
    try {
      assertValid(hash);
    } catch (e) {
      e.message = `case ${i} (${JSON.stringify(hash.slice(0, 300))}): ${e.message}`;
      throw e;
    }
  }
});

test('a hash of a megabyte is read without reading its long values', () => {
  const long = 'a'.repeat(1 << 20);
  const { state, notes } = readLink(asLocationHash(`#view=table&system=${long}&select=${long}&value=${long}`));
  assert.equal(state.system, DEFAULTS.system);
  assert.deepEqual(state.select, []);
  assert.equal(state.value, '');
  assert.equal(notes.length, 3);
});
