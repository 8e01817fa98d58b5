// Compiled handles (tl.system, tl.graph): every pair of every system as the CLI's table has it, select() as the
// CLI's `select` prints it, delete() then use throws, and 100 000 handle calls leave the wasm heap as it was.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { readFileSync } from 'node:fs';

import { builds, load, cli, sourceDir } from './helpers.mjs';

const SYSTEMS = [
  { opts: { system: 'jax' }, flags: [] },
  { opts: { system: 'jax', x64: false }, flags: ['--x64', 'off'] },
  { opts: { system: 'jax', mode: 'strict' }, flags: ['--mode', 'strict'] },
  { opts: { system: 'numpy' }, flags: ['--system', 'numpy'] },
  { opts: { system: 'torch' }, flags: ['--system', 'torch'] },
  { opts: { system: 'array-api' }, flags: ['--system', 'array-api'] },
  { opts: { system: 'triton' }, flags: ['--system', 'triton'] },
  { opts: { system: 'c' }, flags: ['--system', 'c'] },
  { opts: { system: 'cpp' }, flags: ['--system', 'cpp'] },
  { opts: { system: 'tfjs' }, flags: ['--system', 'tfjs'] },
  { opts: { system: 'jax-js' }, flags: ['--system', 'jax-js'] },
  { opts: { system: 'mlx' }, flags: ['--system', 'mlx'] },
  { opts: { system: 'keras' }, flags: ['--system', 'keras'] },
  { opts: { system: 'paddle' }, flags: ['--system', 'paddle'] },
  { opts: { system: 'julia' }, flags: ['--system', 'julia'] },
  { opts: { system: 'numpy-2021' }, flags: ['--system', 'numpy-2021'] },
  { opts: { system: 'torch-2021' }, flags: ['--system', 'torch-2021'] },
  { opts: { system: 'tensorflow-2021' }, flags: ['--system', 'tensorflow-2021'] },
  { opts: { system: 'jax-lax' }, flags: ['--system', 'jax-lax'] },
];
const dataFile = (name) => path.join(sourceDir, 'tests/data', name);
const graphFile = (name) => JSON.parse(readFileSync(dataFile(name), 'utf8'));
const firstLine = (text) => text.split('\n')[0];

function cliTable(flags) {
  const r = cli(['table', '--all', '--format', 'json', ...flags]);
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

for (const { name, simd } of builds) {
  test(`${name}: a system handle promotes every pair as the CLI's table, and as promoteTypes`, async () => {
    const tl = await load(simd);
    for (const { opts, flags } of SYSTEMS) {
      const { types, cells } = cliTable(flags);
      const handle = tl.system(opts);
      types.forEach((a, i) => types.forEach((b, j) => {
        const want = cells[i][j];
        const label = `${JSON.stringify(opts)}: ${a}, ${b}`;
        if (want === null) {
          assert.throws(() => handle.promoteTypes(a, b), { name: 'TypePromotionError' }, label);
          assert.throws(() => tl.promoteTypes(a, b, opts), { name: 'TypePromotionError' }, label);
        } else {
          assert.equal(handle.promoteTypes(a, b), want, label);
          assert.equal(tl.promoteTypes(a, b, opts), want, label);
        }
      }));
      assert.deepEqual(handle.table({ types }), { types, cells });
      assert.deepEqual(handle.lattice(), tl.lattice(opts));
      handle.delete();
    }
  });

  test(`${name}: aliases and typos through a handle`, async () => {
    const tl = await load(simd);
    const jax = tl.system();
    assert.equal(jax.promoteTypes('f2', 'bf'), 'float32');
    assert.equal(jax.promoteTypes('FLOAT8E4M3FN', 'float8_e4m3fn'), 'float8_e4m3fn');
    assert.throws(() => jax.promoteTypes('flaot16', 'int8'),
                  (e) => e instanceof RangeError && /did you mean float16/.test(e.message) &&
                         e.suggestions[0] === 'float16');
    assert.throws(() => jax.promoteTypes(1, 'int8'), TypeError);
    assert.throws(() => tl.system({ system: 'nunpy' }), (e) => e instanceof RangeError && /numpy/.test(e.message));
    jax.delete();
  });

  test(`${name}: select() is the CLI's select: its first line, paths and competing bounds`, async () => {
    const tl = await load(simd);
    const cases = [
      [{ system: 'jax' }, [], ['float16', 'bfloat16']],
      [{ system: 'jax' }, [], ['i1', 'f*', 'c8']],
      [{ system: 'jax', mode: 'strict' }, ['--mode', 'strict'], ['float32', 'int32']],
      [{ system: 'jax', x64: false }, ['--x64', 'off'], ['uint32', 'int32']],
      [{ system: 'numpy' }, ['--system', 'numpy'], ['int8', 'uint8', 'float16']],
    ];
    for (const [opts, flags, names] of cases) {
      const handle = tl.system(opts);
      const s = handle.select(names);
      const r = cli(['select', ...flags, ...names]);
      assert.equal(s.text, firstLine(r.stdout), names.join(' '));
      assert.equal(r.status, s.join === null ? 1 : 0);
      const paths = r.stdout.split('\n').filter((l) => l.startsWith('path: '));
      assert.deepEqual(s.pathEdges.map(([a, b]) => `path: ${a} -> ${b}`), paths);
      handle.delete();
    }
    for (const file of ['lattice_diamond.json', 'lattice_competing.json', 'lattice_cycle.json']) {
      const graph = tl.graph(graphFile(file));
      const s = graph.select(['a', 'b']);
      const r = cli(['select', '--lattice', dataFile(file), 'a', 'b']);
      assert.equal(s.text, firstLine(r.stdout), file);
      const bounds = r.stdout.split('\n').find((l) => l.startsWith('minimal upper bounds:'));
      assert.deepEqual(s.minimalUpperBounds, bounds ? bounds.split(': ')[1].split(' ') : [], file);
      const cycle = r.stdout.split('\n').find((l) => l.startsWith('cycle:'));
      assert.deepEqual(s.cycle, cycle ? cycle.split(': ')[1].split(' -> ') : [], file);
      graph.delete();
    }
  });

  test(`${name}: a graph handle answers as the one-call functions`, async () => {
    const tl = await load(simd);
    const g = graphFile('lattice_competing.json');
    const graph = tl.graph(g);
    for (const a of g.nodes) {
      assert.deepEqual(graph.reachable(a), tl.reachable(g, a));
      for (const b of g.nodes) assert.deepEqual(graph.joinOnGraph([a, b]), tl.joinOnGraph(g, [a, b]));
    }
    assert.deepEqual(graph.check(), tl.checkLattice(g));
    assert.throws(() => graph.select(['a', 'tpo']), (e) => e instanceof RangeError && /unknown node 'tpo'; did you mean top/.test(e.message));
    graph.delete();
    assert.throws(() => tl.graph({ nodes: ['a'], edges: [['a', 'b']] }), (e) => /unknown node 'b'/.test(e.message));
  });

  test(`${name}: using a deleted handle throws a clear error; delete() twice is harmless`, async () => {
    const tl = await load(simd);
    const jax = tl.system();
    assert.equal(jax.deleted, false);
    jax.delete();
    jax.delete();
    assert.equal(jax.deleted, true);
    for (const call of [() => jax.promoteTypes('int8', 'uint8'), () => jax.select(['int8']), () => jax.table(),
      () => jax.lattice(), () => jax.reachable('int8'), () => jax.resultType(['int8'])]) {
      assert.throws(call, (e) => e instanceof Error && /this handle was deleted/.test(e.message));
    }
    const graph = tl.graph({ nodes: ['a', 'b'], edges: [['a', 'b']] });
    graph.delete();
    assert.throws(() => graph.select(["a"]), /graph\.select: this handle was deleted/);
  });

  test(`${name}: 100 000 handle calls leave the heap size and the bytes in use unchanged`, async () => {
    const tl = await load(simd);
    const jax = tl.system();
    const numpy = tl.system({ system: 'numpy' });
    const graph = tl.graph(graphFile('lattice_cycle.json'));
    const attempt = (call) => { try { call(); } catch { /* the errors are part of the mix */ } };
    const mixed = (i) => {
      switch (i % 8) {
        case 0: return jax.promoteTypes('int8', 'float16');
        case 1: return attempt(() => jax.promoteTypes('float8_e4m3fn', 'float16'));
        case 2: return numpy.select(['int8', 'uint8', 'float16']);
        case 3: return jax.select(['float16', 'bfloat16']);
        case 4: return graph.select(['a', 'b']);
        case 5: return graph.reachable('c');
        case 6: return attempt(() => graph.select(['a', 'x']));
        default: return jax.reachable('int8');
      }
    };
    for (let i = 0; i < 1000; ++i) mixed(i);
    const before = tl.heapStats();
    for (let i = 0; i < 100_000; ++i) mixed(i);
    assert.deepEqual(tl.heapStats(), before);
    for (const h of [jax, numpy, graph]) h.delete();
  });
}
