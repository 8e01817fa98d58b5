// One core answer behind two names, and the module's limits read from the core: a graph handle's joinOnGraph()
// is its select() in another shape, and the wrapper retypes no limit, default or enum name the core has.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { load, sourceDir } from './helpers.mjs';

const dataGraph = (file) => JSON.parse(readFileSync(path.join(sourceDir, 'tests/data', file), 'utf8'));

test('joinOnGraph and select agree on every selection of the test graphs', async () => {
  const tl = await load();
  for (const file of ['lattice_diamond.json', 'lattice_competing.json', 'lattice_cycle.json']) {
    const g = dataGraph(file);
    const graph = tl.graph(g);
    const selections = [[], ...g.nodes.map((a) => [a]), ...g.nodes.flatMap((a) => g.nodes.map((b) => [a, b])),
      g.nodes.slice(0, 3)];
    for (const names of selections) {
      const s = graph.select(names);
      const j = graph.joinOnGraph(names);
      const what = `${file}: ${names.join(', ')}`;
      assert.equal(j.join, s.join, what);
      assert.deepEqual(j.pathEdges, s.pathEdges, what);
      // The join alone is its one minimal upper bound; without one, both name the same competitors.
      assert.deepEqual(j.minimalUpperBounds, s.join === null ? s.minimalUpperBounds : [s.join], what);
      if (s.join !== null) assert.equal(j.description, '', what);
      else if (names.length > 0) assert.equal(j.description, s.text, what);
      assert.ok(!('explanation' in s), `${what}: select() keeps its shape`);
    }
    graph.delete();
  }
  // A pair without a join: the same sentence as checkLattice's counterexample for it.
  const competing = dataGraph('lattice_competing.json');
  assert.equal(tl.joinOnGraph(competing, ['a', 'b']).description, tl.checkLattice(competing).violation.description);
});

test('the wrapper reads limits, defaults and enum names from the module instead of retyping them', async () => {
  const tl = await load();
  const wrapper = readFileSync(path.join(sourceDir, 'web/src/typelattice.mjs'), 'utf8');
  for (const retyped of ['1 << 20', '2 ** 31', '0xff', "'weak-scalar'", "'jax'", 'is not a minifloat format']) {
    assert.ok(!wrapper.includes(retyped), `typelattice.mjs retypes ${retyped}`);
  }
  // What those values are for still holds: the core's defaults, its cell classes, its refusal of float32.
  assert.equal(tl.promoteTypes('int8', 'uint8'), tl.promoteTypes('int8', 'uint8', { system: 'jax', mode: 'standard', x64: true }));
  assert.deepEqual(Object.keys(tl.compareTables({ system: 'jax' }, { system: 'numpy' }).counts),
    ['same', 'weak-scalar', 'integer-float', 'missing-type', 'disagreement']);
  assert.throws(() => tl.castFloat32(new Float32Array(1), 'float32'),
    (e) => e instanceof RangeError && /^castFloat32: float32 is not a minifloat format/.test(e.message));
  assert.throws(() => tl.decode(new Uint32Array(1), 'float32'),
    (e) => e instanceof RangeError && /^decode: float32 is not a minifloat format/.test(e.message));
  assert.throws(() => tl.castSamples('float8_e4m3fn', 1, 2 ** 20 + 1), /from 0 to 1048576/);
  assert.equal(tl.castSamples('float8_e4m3fn', 1, 3).length, 3);
});
