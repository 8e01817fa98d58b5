// The core's sentences as messages (core/include/typelattice/message.h): select()'s reasonMessage and compare()'s
// noteMessage open into { id, args }, render back to the English text the CLI prints, and translate through
// renderMessage; the playground's zh-CN table (web/playground/strings-messages.js) covers every id the core
// produces, with the same %N in each translation, and its data texts (strings-data.js) every stage and system.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { cli, load } from './helpers.mjs';
import { messagesZh } from '../../../web/playground/strings-messages.js';
import { dataZh } from '../../../web/playground/strings-data.js';

// Every message in a tree, depth first.
function* messagesIn(m) {
  if (typeof m === 'string') return;
  yield m;
  for (const a of m.args) yield* messagesIn(a);
}
const slots = (pattern) => [...new Set(pattern.match(/%[1-9]/g) ?? [])].sort();

test('a join reason opens into its pattern and parts, and renders to the CLI\'s sentence', async () => {
  const tl = await load();
  const s = tl.system({ system: 'jax' }).select(['int8', 'uint8']);
  assert.equal(s.reasonMessage.id, '%1: %2');
  assert.equal(s.reasonMessage.args[0], 'int16');
  const why = s.reasonMessage.args[1];
  assert.equal(why.id, 'the smallest type in %1 that holds %2 and %3%4');
  assert.deepEqual(why.args[0], { id: 'JAX\'s lattice', args: [] });
  assert.deepEqual(why.args[1], { id: 'every %1 value (%2)', args: ['int8', '−128…127'] });
  assert.equal(why.args[3], '');
  assert.equal(tl.renderMessage(s.reasonMessage), s.reason);
  for (const [a, b, system] of [['int8', 'uint8', 'jax'], ['bfloat16', 'float16', 'jax'], ['uint64', 'int64', 'numpy'],
    ['i*', 'uint8', 'jax'], ['int32', 'float16', 'torch']]) {
    const r = cli(['promote', a, b, '--system', system, '--explain']);
    assert.equal(r.status, 0, r.stderr);
    const reason = tl.system({ system }).select([a, b]).reason;
    assert.ok(r.stdout.includes(reason), `${a} ${b} in ${system}: ${reason}\nCLI: ${r.stdout}`);
  }
  const none = tl.system({ system: 'jax' }).select(['int8', 'uint8', 'float16']);  // three types: no reason
  assert.equal(none.reason, '');
  assert.equal(none.reasonMessage, '');
});

test('compare\'s refusals: this project\'s words a message that renders to the error, a library\'s a string', async () => {
  const tl = await load();
  const rows = Object.fromEntries(tl.compare(['float16', 'bfloat16']).map((r) => [r.system, r]));
  const cpp = rows.cpp.errorMessage;
  assert.equal(cpp.id.split(':')[0], 'Input dtypes %1');
  assert.deepEqual(cpp.args, ['(\'float16\', \'bfloat16\')', 'float16', 'bfloat16']);
  assert.equal(tl.renderMessage(cpp), rows.cpp.error);
  const appendix = rows['numpy-2021'].errorMessage;  // after the system's error class
  assert.equal(appendix.id, '%1: %2');
  assert.equal(appendix.args[0], 'TypePromotionError');
  assert.deepEqual(appendix.args[1].args[2], { id: 'NumPy 1\'s table', args: [] });
  assert.equal(tl.renderMessage(appendix), rows['numpy-2021'].error);
  const torch = tl.compare(['uint16', 'int8']).find((r) => r.system === 'torch');
  assert.equal(typeof torch.errorMessage, 'string');
  assert.equal(torch.errorMessage, torch.error);
  assert.match(torch.error, /^RuntimeError: Promotion for uint16/);
  for (const r of tl.compare(['int8', '300'])) {
    assert.equal(r.errorMessage === null, r.error === null, r.system);
    if (r.error !== null) assert.equal(tl.renderMessage(r.errorMessage), r.error, r.system);
  }
  // The CLI prints the same English.
  const out = cli(['compare', 'float16', 'bfloat16']);
  assert.ok(out.stdout.includes(rows.cpp.line), out.stdout);
});

test('a graph\'s reason keeps node names as they are, quotes and all', async () => {
  const tl = await load();
  const g = tl.graph({ nodes: ['a"b', 'c', 'top'], edges: [['a"b', 'top'], ['c', 'top']] });
  const s = g.select(['a"b', 'c']);
  assert.equal(s.reasonMessage.id, '%1: the least node that %2 and %3 both promote to in this graph (%4; %5)');
  assert.deepEqual(s.reasonMessage.args, ['top', 'a"b', 'c', 'a"b → top', 'c → top']);
  assert.equal(s.reason, 'top: the least node that a"b and c both promote to in this graph (a"b → top; c → top)');
});

test('a selection\'s text is a message, a library\'s error a string, and a graph\'s no-join sentence names its nodes', async () => {
  const tl = await load();
  const joined = tl.system({ system: 'jax' }).select(['int8', 'uint8']);
  assert.deepEqual([joined.text, joined.textMessage], ['join: int16', { id: 'join: %1', args: ['int16'] }]);
  const strict = tl.system({ system: 'jax', mode: 'strict' }).select(['float32', 'int32']);
  assert.equal(strict.textMessage, strict.text);
  assert.match(strict.text, /^Input dtypes \('float32', 'int32'\) have no available implicit dtype promotion/);
  const g = tl.graph({ nodes: ['a', 'b', 'c', 'd'], edges: [['a', 'c'], ['a', 'd'], ['b', 'c'], ['b', 'd']] });
  const none = g.select(['a', 'b']);
  assert.deepEqual(none.textMessage, { id: 'not a lattice: %1 have %2 minimal upper bounds, %3, and none of them '
    + 'promotes to the others, so their join is not unique',
  args: [{ id: '%1 and %2', args: ['a', 'b'] }, '2', { id: '%1 and %2', args: ['c', 'd'] }] });
  assert.equal(tl.renderMessage(none.textMessage), none.text);
  const check = g.check();
  assert.deepEqual(check.violation.descriptionMessage, none.textMessage);
  assert.equal(check.violation.description, none.text);
  const onGraph = g.joinOnGraph(['a', 'b']);
  assert.deepEqual([onGraph.description, onGraph.descriptionMessage], [none.text, none.textMessage]);
  assert.deepEqual([g.joinOnGraph(['a', 'c']).description, g.joinOnGraph(['a', 'c']).descriptionMessage], ['', '']);
});

test('a compare note is a message too, and null where there is none', async () => {
  const tl = await load();
  const torch = tl.compare(['uint8', '300']).find((r) => r.system === 'torch');
  assert.equal(torch.note, 'PyTorch converts the Python int 300 into uint8, where it wraps to 44');
  assert.deepEqual(torch.noteMessage, { id: 'PyTorch converts %1 into %2, where it wraps to %3',
    args: [{ id: 'the Python %1 %2', args: ['int', '300'] }, 'uint8', '44'] });
  for (const r of tl.compare(['int8', 'uint8'])) assert.equal(r.noteMessage, null, r.system);
});

test('a cast\'s facts are messages where they are sentences, strings where they are numbers, in both calls', async () => {
  const tl = await load();
  const facts = Object.fromEntries(tl.castValue('float8_e4m3fn', '1000', { saturate: false }).facts
    .map((f) => [f.name, f]));
  assert.deepEqual(facts.overflow.textMessage, {
    id: '%1 has no Inf: past its max, %2, a cast without saturation gives NaN', args: ['float8_e4m3fn', '448'] });
  assert.equal(facts.overflow.text, 'float8_e4m3fn has no Inf: past its max, 448, a cast without saturation gives NaN');
  const f = tl.format('float8_e4m3fn');
  try {
    const explored = f.explore('0.0001', {}).cast.facts;
    assert.deepEqual(explored, tl.castValue('float8_e4m3fn', '0.0001').facts);
    assert.equal(explored.find((x) => x.name === 'shortest').textMessage, '0');
  } finally {
    f.delete();
  }
  const r = cli(['layout', 'float8_e4m3fn', '1000', '--no-saturate']);
  assert.ok(r.stdout.includes(facts.overflow.text), r.stdout + r.stderr);
});

test('renderMessage translates each pattern it is given a translation for, and refuses what is not a message', async () => {
  const tl = await load();
  const m = tl.system({ system: 'jax' }).select(['bfloat16', 'float16']).reasonMessage;
  const upper = tl.renderMessage(m, (id) => (id === '%1 against %2' ? '%2 versus %1' : undefined));
  assert.match(upper, /max 65504 versus about 2\^128/);
  assert.equal(tl.renderMessage(m, () => undefined), tl.renderMessage(m));
  assert.equal(tl.renderMessage('int8'), 'int8');
  assert.equal(tl.renderMessage({ id: '%1 and %3', args: ['a'] }), 'a and %3');  // a missing arg stays as typed
  for (const bad of [undefined, null, 5, {}, { id: 'x' }, { id: 1, args: [] }]) {
    assert.throws(() => tl.renderMessage(bad), { name: 'TypeError', message: /renderMessage: expected a message/ });
  }
  assert.throws(() => tl.renderMessage(m, 'zh'), { name: 'TypeError', message: /translate function, got an object and string zh$/ });
});

// The ids of every join reason (every system, mode and pair), of compare's notes (each kind of Python value beside
// each kind of dtype), of every kind of cast fact, of the round modes' rules and of the tapered formats' fields and
// facts: the zh-CN table has each, with the same %N.
test('the zh-CN table translates every message the core produces, with the same parts', async () => {
  const tl = await load();
  const ids = new Map();
  const collect = (m, where) => {
    for (const x of messagesIn(m)) if (!ids.has(x.id)) ids.set(x.id, where);
  };
  for (const info of tl.systems()) {
    for (const opts of [{ system: info.name }, { system: info.name, mode: 'strict' }, { system: info.name, x64: false }]) {
      let h;
      try {
        h = tl.system(opts);
      } catch {
        continue;  // a system without modes
      }
      const types = h.table().types;
      for (const a of types) {
        for (const b of types) {
          const s = h.select([a, b]);
          for (const m of [s.reasonMessage, s.textMessage]) collect(m, `${JSON.stringify(opts)} ${a} ${b}`);
        }
      }
    }
  }
  const g = tl.graph({ nodes: ['a', 'b', 'c', 'd'], edges: [['a', 'c'], ['b', 'c'], ['c', 'd']] });
  for (const sel of [[], ['a', 'b'], ['c'], ['a', 'b', 'c']]) {
    for (const m of [g.select(sel).reasonMessage, g.select(sel).textMessage]) collect(m, `graph ${sel}`);
  }
  // Why a graph has no join, and why it is not a lattice: one, two and three selected, no bound, competing
  // bounds, a cycle; and every design stage's check.
  const apart = tl.graph({ nodes: ['a', 'b', 'c', 'd', 'e'], edges: [['a', 'd'], ['a', 'e'], ['b', 'd'], ['b', 'e']] });
  for (const sel of [[], ['a', 'b'], ['a', 'c'], ['a', 'b', 'c'], ['a', 'b', 'd']]) {
    collect(apart.joinOnGraph(sel).descriptionMessage, `graph ${sel}`);
  }
  const cyclic = tl.graph({ nodes: ['a', 'b', 'c'], edges: [['a', 'b'], ['b', 'c'], ['c', 'b']] });
  for (const sel of [['a'], ['a', 'b', 'c'], ['b', 'c']]) collect(cyclic.joinOnGraph(sel).descriptionMessage, `cycle ${sel}`);
  for (const c of [apart.check(), cyclic.check(), ...tl.presets().map((p) => tl.checkLattice(p.graph))]) {
    if (c.violation) collect(c.violation.descriptionMessage, `check ${c.violation.description}`);
  }
  for (const dtype of ['bool', 'uint8', 'int8', 'int32', 'float16', 'float32', 'complex64']) {
    for (const value of ['True', '300', '-1', '7', '1.5', '1e300', '1j', '2147483648']) {
      for (const r of tl.compare([dtype, value])) {
        collect(r.noteMessage ?? '', `compare ${dtype} ${value} ${r.system}`);
        collect(r.errorMessage ?? '', `compare ${dtype} ${value} ${r.system}`);
      }
    }
  }
  // Refusals: '-' cells, a dtype outside a table, values no type holds, literals C and C++ do not have.
  for (const operands of [['bool', 'bfloat16'], ['float16', 'bfloat16'], ['uint64', 'int8'], ['bool', 'uint8'],
    ['float8_e4m3fn', 'complex64'], ['int8', '99999999999999999999'], ['float32', '1j'], ['int8', '1e300', '1j']]) {
    for (const r of tl.compare(operands)) collect(r.errorMessage ?? '', `compare ${operands} ${r.system}`);
  }
  // Cast facts: past max with and without Inf, below the smallest value both ways, a tie, a stochastic draw; and
  // each format's round modes' rules (messages without parts).
  const casts = [['float8_e4m3fn', '1000', { saturate: false }], ['float8_e5m2', '1e6', { saturate: false }],
    ['float8_e4m3fn', '0.0001', {}], ['float8_e4m3fn', '0.0001', { round: 'toward-positive' }],
    ['float8_e4m3fn', '4.25', {}], ['float8_e4m3fn', '4.1', { round: 'stochastic', srNumBits: 8, seed: 5n }]];
  for (const [format, value, opts] of casts) {
    for (const fact of tl.castValue(format, value, opts).facts) collect(fact.textMessage, `cast ${format} ${value}`);
  }
  for (const f of tl.formats()) {
    f.roundModeRules.forEach((rule, i) => collect({ id: rule, args: [] }, `${f.name} ${f.roundModes[i]}`));
  }
  // The tapered formats: every field of every 8-bit code (posit16's every 61st), and casts that hit each fact.
  for (const name of ['posit8', 'hif8', 'posit16']) {
    const f = await tl.taperedFormat(name);
    for (let code = 0; code < 2 ** f.bits; code += f.bits === 8 ? 1 : 61) {
      for (const field of f.layout(code).fields) collect(field.meaningMessage, `${name} layout ${code}`);
    }
    for (const value of ['1', '3.3', '1e30', '1e-30', 'inf', '40000', '1e-9']) {
      for (const fact of f.cast(value).facts) collect(fact.textMessage, `${name} cast ${value}`);
    }
  }
  assert.ok(ids.size >= 60, `${ids.size} ids`);
  for (const [id, where] of ids) {
    assert.ok(id in messagesZh, `no zh-CN for '${id}' (first seen at ${where})`);
    assert.deepEqual(slots(messagesZh[id]), slots(id), `zh-CN for '${id}' has other parts`);
    assert.doesNotMatch(messagesZh[id], /\b(the|of|and|holds|type)\b/, `English left in the zh-CN for '${id}'`);
  }
});

// The texts the module gives as data, translated by their data names (web/playground/strings-data.js): every
// stage title has one, every system title or version with an English word has one, and no entry names a stage
// or a system the module does not have (a renamed one would leave its translation behind).
test('the zh-CN data texts cover every stage title and every English system title and version', async () => {
  const tl = await load();
  const want = new Set();
  for (const stage of tl.designStory()) want.add(`stageTitle.${stage.name}`);
  for (const s of tl.systems()) {
    const english = (text) => /\b(of|at|as|before|appendix|standard|usual|arithmetic|conversions|docs|main)\b/.test(text);
    if (english(s.title)) want.add(`systemTitle.${s.name}`);
    if (english(s.version)) want.add(`systemVersion.${s.name}`);
  }
  assert.ok(want.size >= 20, `${want.size} texts`);
  assert.deepEqual(Object.keys(dataZh).sort(), [...want].sort());
  for (const [key, text] of Object.entries(dataZh)) {
    assert.match(text, /[\u4e00-\u9fff]/, key);
    assert.doesNotMatch(text, /\b(the|of|and|at|as|with|before)\b/, `English left in ${key}`);
  }
});
