// Graphs through the JS module: the JAX lattice drawing, lattice checks with counterexamples, joins on user
// graphs, the design document's presets, and the systems' table checks.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { load, seedTable } from './helpers.mjs';

// The design document's final lattice ("JAX's type promotion lattice then looks like this"), in its own
// bit-width names.
const docFinal = {
  'i*': ['u8', 'i8'], 'f*': ['c*', 'f16', 'bf16'], 'c*': ['c64'],
  'u8': ['u16', 'i16'], 'u16': ['u32', 'i32'], 'u32': ['u64', 'i64'], 'u64': ['f*'],
  'i8': ['i16'], 'i16': ['i32'], 'i32': ['i64'], 'i64': ['f*'],
  'f16': ['f32'], 'bf16': ['f32'], 'f32': ['f64', 'c64'], 'f64': ['c128'],
  'c64': ['c128'],
};
const graphOf = (dict) => {
  const nodes = [...new Set(Object.entries(dict).flatMap(([from, tos]) => [from, ...tos]))];
  return { nodes, edges: Object.entries(dict).flatMap(([from, tos]) => tos.map((to) => [from, to])) };
};

function assertInUnitBox(nodes) {
  for (const { name, x, y } of nodes) {
    assert.equal(typeof name, 'string');
    assert.ok(x >= 0 && x <= 1 && y >= 0 && y <= 1, `${name} at (${x}, ${y})`);
  }
}

test('the jax lattice drawing: unique nodes in the unit box, edges between them, the docs joins', async () => {
  const tl = await load();
  const drawing = tl.lattice({ system: 'jax' });
  const names = drawing.nodes.map((n) => n.name);
  assert.equal(new Set(names).size, names.length, 'node names are unique');
  assertInUnitBox(drawing.nodes);
  for (const [from, to] of drawing.edges) assert.ok(names.includes(from) && names.includes(to), `${from} -> ${to}`);

  // Joins on the drawn graph reproduce the JAX docs table: the drawing is the lattice, not a picture of it.
  const graph = { nodes: names, edges: drawing.edges };
  const { types, rowNames, cells } = seedTable('jax_docs');
  for (const a of rowNames) assert.ok(names.includes(a), `${a} is drawn`);
  rowNames.forEach((a, r) => types.forEach((b, c) => {
    const j = tl.joinOnGraph(graph, [a, b]);
    assert.equal(j.join, cells[r][c], `${a} v ${b}`);
    assert.deepEqual(j.minimalUpperBounds, [j.join]);
    assert.equal(j.description, '');
  }));
});

test('the jax lattice: one node per jax dtype, the docs Hasse edges, the newer types as leaves', async () => {
  const tl = await load();
  const drawing = tl.lattice();
  const names = drawing.nodes.map((n) => n.name);
  const jaxTypes = tl.table({ system: 'jax' }).types;
  assert.deepEqual([...names].sort(), [...jaxTypes].sort());
  assert.equal(names.length, 35);  // the 18 docs types + int1/2/4, uint1/2/4 and the 11 narrow floats
  // Among the 18 docs types the edges are exactly the covering pairs of the docs table: the design document's
  // final lattice plus bool -> i*, 24 edges.
  const { types, rowNames, cells } = seedTable('jax_docs');
  const leq = (a, b) => cells[rowNames.indexOf(a)][types.indexOf(b)] === b;
  const covers = [];
  for (const a of rowNames) for (const b of rowNames) {
    const between = rowNames.some((c) => c !== a && c !== b && leq(a, c) && leq(c, b));
    if (a !== b && leq(a, b) && !between) covers.push(`${a}>${b}`);
  }
  assert.equal(covers.length, 24);
  const docsEdges = drawing.edges.filter(([f, t]) => rowNames.includes(f) && rowNames.includes(t))
    .map((e) => e.join('>'));
  assert.deepEqual(docsEdges.sort(), covers.sort());
  // As in JAX, each newer type hangs below a weak type and promotes to nothing: int*/uint* from i*, floats from f*.
  const newer = names.filter((n) => !rowNames.includes(n));
  for (const n of newer) {
    const into = drawing.edges.filter(([, t]) => t === n).map(([f]) => f);
    assert.deepEqual(into, [n.startsWith('float') ? 'f*' : 'i*'], n);
    assert.equal(drawing.edges.filter(([f]) => f === n).length, 0, n);
  }
  assert.equal(drawing.edges.length, 24 + newer.length);
});

test('table systems have no lattice drawing; the array API standard has its three components', async () => {
  const tl = await load();
  for (const system of ['numpy', 'torch', 'triton', 'c', 'cpp', 'tfjs', 'jax-js', 'mlx', 'keras', 'paddle',
    'julia', 'numpy-2021', 'torch-2021', 'tensorflow-2021', 'jax-lax']) {
    assert.equal(tl.lattice({ system }), null, system);
  }
  const api = tl.lattice({ system: 'array-api' });
  assert.equal(api.nodes.length, 13);
  assert.equal(api.edges.length, 13);
});

test("checkLattice: the design document's examples and their counterexamples", async () => {
  const tl = await load();
  const ok = tl.checkLattice(graphOf({ int: ['float'], float: ['complex'] }));
  assert.equal(ok.isLattice, true);
  assert.equal(ok.violation, null);
  assert.deepEqual(ok.layout.map((n) => n.name).sort(), ['complex', 'float', 'int']);
  assertInUnitBox(ok.layout);

  const twoJoins = tl.checkLattice(graphOf({ A: ['C', 'D'], B: ['C', 'D'] }));
  assert.equal(twoJoins.isLattice, false);
  assert.equal(twoJoins.violation.kind, 'no_least_upper_bound');
  assert.deepEqual([twoJoins.violation.a, twoJoins.violation.b], ['A', 'B']);
  assert.deepEqual([...twoJoins.violation.competing].sort(), ['C', 'D']);
  assert.ok(twoJoins.violation.description.length > 0);

  const apart = tl.checkLattice({ nodes: ['A', 'B'], edges: [] });
  assert.equal(apart.violation.kind, 'no_upper_bound');

  const cycle = tl.checkLattice({ nodes: ['a', 'b', 'c'], edges: [['a', 'b'], ['b', 'c'], ['c', 'a']] });
  assert.equal(cycle.isLattice, false);
  assert.equal(cycle.violation.kind, 'cycle');
  assert.equal(cycle.violation.cycle.length, 4);
  assert.equal(cycle.violation.cycle[0], cycle.violation.cycle[3]);

  assert.equal(tl.checkLattice(graphOf(docFinal)).isLattice, true);
});

test('joinOnGraph: the join with its paths, or the competing bounds and why', async () => {
  const tl = await load();
  const g = graphOf(docFinal);
  const j = tl.joinOnGraph(g, ['f16', 'bf16']);
  assert.equal(j.join, 'f32');
  assert.deepEqual(j.minimalUpperBounds, ['f32']);
  assert.deepEqual(j.pathEdges.map((e) => e.join('>')).sort(), ['bf16>f32', 'f16>f32']);

  const three = tl.joinOnGraph(g, ['u8', 'i8', 'f16']);
  assert.equal(three.join, 'f16');
  for (const [from, to] of three.pathEdges) assert.ok(docFinal[from].includes(to), `${from} -> ${to} is an edge`);

  const diamond = tl.joinOnGraph(graphOf({ A: ['C', 'D'], B: ['C', 'D'] }), ['A', 'B']);
  assert.equal(diamond.join, null);
  assert.deepEqual([...diamond.minimalUpperBounds].sort(), ['C', 'D']);
  assert.deepEqual(diamond.pathEdges, []);
  assert.match(diamond.description, /A/);
  assert.match(diamond.description, /2 minimal upper bounds, C and D/);  // the check's sentence for the pair
});

test('reachable: everything a node may promote to, itself included', async () => {
  const tl = await load();
  const g = graphOf(docFinal);
  assert.deepEqual(tl.reachable(g, 'f16').sort(), ['c128', 'c64', 'f16', 'f32', 'f64']);
  assert.equal(tl.reachable(g, 'i*').length, g.nodes.length);
  assert.deepEqual(tl.reachable(g, 'c128'), ['c128']);
});

test("presets: the design document's stages, ending with the final lattice", async () => {
  const tl = await load();
  const presets = tl.presets();
  assert.ok(presets.length >= 2);
  for (const p of presets) {
    assert.equal(typeof p.title, 'string');
    assert.ok(p.graph.nodes.length > 0, p.name);
  }
  const final = presets.at(-1);
  assert.equal(final.name, 'final');
  assert.equal(tl.checkLattice(final.graph).isLattice, true);
  const doc = graphOf(docFinal);
  assert.equal(final.graph.nodes.length, doc.nodes.length);
  assert.equal(final.graph.edges.length, doc.edges.length);
  // Drawn in the design story's frame, whose left edge is bool's place (x -2.25; i* is at -1.25) and right
  // edge complex128's (8.5); f16 above bf16. A type has the same place in every stage.
  const at = Object.fromEntries(final.layout.map((n) => [n.name, n]));
  assert.deepEqual(Object.keys(at).sort(), [...final.graph.nodes].sort());
  assertInUnitBox(final.layout);
  assert.ok(Math.abs(at['i*'].x - 1 / 10.75) < 1e-12, String(at['i*'].x));
  assert.equal(at.complex128.x, 1);
  assert.ok(at.float16.x === at.bfloat16.x && at.float16.y < at.bfloat16.y);
  for (const p of presets) {
    for (const n of p.layout) if (at[n.name]) assert.deepEqual([n.x, n.y], [at[n.name].x, at[n.name].y], `${n.name} in ${p.name}`);
  }
});

test('designStory: the stages, then today as lattice() draws it, each with what it changes', async () => {
  const tl = await load();
  const story = tl.designStory();
  const presets = tl.presets();
  assert.deepEqual(story.map((s) => s.name), [...presets.map((p) => p.name), 'today']);
  assert.equal(story[0].changes, null);
  const final = story.at(-2).changes;
  assert.deepEqual(final.addedEdges, [['uint64', 'f*']]);
  assert.deepEqual([final.removedEdges, final.lost, final.changed, final.addedNodes], [[], [], [], []]);
  assert.ok(final.gained.some(({ a, b, before, after }) => a === 'int8' && b === 'uint64' && before === null && after === 'f*'));
  // Each gained join is the join on the stage's own graph.
  const handle = tl.graph(story.at(-2).graph);
  for (const { a, b, after } of final.gained) assert.equal(handle.joinOnGraph([a, b]).join, after, `${a} ∨ ${b}`);
  handle.delete();
  const today = story.at(-1);
  assert.deepEqual(today.changes.addedNodes, ['bool']);
  assert.deepEqual(today.changes.addedEdges, [['bool', 'i*']]);
  // today is the Lattice view: lattice() restricted to the docs' types and stretched back to the unit box.
  const docs = new Set(tl.dtypes().filter((d) => d.shortCode).map((d) => d.name));
  const whole = tl.lattice().nodes.filter((n) => docs.has(n.name));
  const span = (key) => [Math.min(...whole.map((n) => n[key])), Math.max(...whole.map((n) => n[key]))];
  const [[x0, x1], [y0, y1]] = [span('x'), span('y')];
  for (const n of today.layout) {
    const w = whole.find((m) => m.name === n.name);
    assert.ok(Math.abs(n.x - (w.x - x0) / (x1 - x0)) < 1e-12 && Math.abs(n.y - (w.y - y0) / (y1 - y0)) < 1e-12, n.name);
  }
  assert.equal(today.layout.length, 18);
});

test('systems and checkSystem: JAX is a lattice, NumPy is not (int8, uint8, float16)', async () => {
  const tl = await load();
  const systems = tl.systems();
  assert.deepEqual(systems.map((s) => s.name), ['jax', 'numpy', 'torch', 'array-api', 'triton', 'c', 'cpp', 'tfjs',
    'jax-js', 'mlx', 'keras', 'paddle', 'julia', 'numpy-2021', 'torch-2021', 'tensorflow-2021',
    'jax-lax']);
  for (const s of systems) assert.ok(s.version && s.source && s.title && s.kind, s.name);
  for (const s of systems) assert.equal(s.isLattice, tl.checkSystem({ system: s.name }).isLattice, s.name);
  assert.equal(tl.checkSystem({ system: 'jax' }).isLattice, true);
  assert.equal(tl.checkSystem({ system: 'jax' }).violation, null);
  const numpy = tl.checkSystem({ system: 'numpy' });
  assert.equal(numpy.isLattice, false);
  assert.deepEqual([...numpy.violation.inputs].sort(), ['float16', 'int8', 'uint8']);
  assert.equal(numpy.violation.kind, 'not_associative');
  assert.notEqual(numpy.violation.left, numpy.violation.right);
});

test('routeEdges: straight where the way is clear, around a box in the way, clear errors for bad input', async () => {
  const tl = await load();
  const box = (x, y) => ({ x, y, halfWidth: 20, halfHeight: 10 });
  const [clearRoute, around, back] = tl.routeEdges([box(0, 0), box(300, 0), box(150, 2), box(150, 200)],
    [[0, 3], [0, 1], [1, 0]]);
  assert.deepEqual(clearRoute.length, 2);
  assert.ok(around.length > 2, 'bends around the box at x = 150');
  // Every point of the bent route keeps out of the middle box (grown by 6).
  for (let i = 1; i < around.length; ++i) {
    const [p, q] = [around[i - 1], around[i]];
    for (let t = 0; t <= 1; t += 1 / 64) {
      const x = p.x + (q.x - p.x) * t;
      const y = p.y + (q.y - p.y) * t;
      assert.ok(!(Math.abs(x - 150) < 26 && Math.abs(y - 2) < 16), `(${x}, ${y}) is inside the box`);
    }
  }
  assert.deepEqual(around[0], { x: 23, y: around[0].y }, 'starts on the source border plus 3');
  assert.ok(back.length > 2);
  assert.deepEqual(tl.routeEdges([], []), []);
  assert.throws(() => tl.routeEdges({}, []), TypeError);
  assert.throws(() => tl.routeEdges([box(0, 0)], 'edges'), TypeError);
  assert.throws(() => tl.routeEdges([{ x: 0, y: 0, halfWidth: -1, halfHeight: 1 }], []), /halfWidth must be a finite number ≥ 0/);
  assert.throws(() => tl.routeEdges([{ x: '1', y: 0, halfWidth: 1, halfHeight: 1 }], []), /boxes\[0\]\.x must be a finite number/);
  assert.throws(() => tl.routeEdges([null], []), TypeError);
  assert.throws(() => tl.routeEdges([box(0, 0), box(1, 1)], [[0, 2]]), /edges\[0\] must be a \[from, to\] pair of indices of the 2 boxes, got \[number 0, number 2\]/);
  assert.throws(() => tl.routeEdges([box(0, 0), box(1, 1)], [[0, 0.5]]), RangeError);
  assert.throws(() => tl.routeEdges([box(0, 0), box(1, 1)], [[0]]), RangeError);
  assert.throws(() => tl.routeEdges(new Array(70000).fill(box(0, 0)), []), /at most 65536 boxes/);
});

test('routeEdges: finite points for boxes at the ends of the double range, with subnormal sizes, or both', async () => {
  const tl = await load();
  const huge = 1.7e308;
  const tiny = 5e-324;
  const cases = [
    [{ x: -huge, y: 0, halfWidth: 20, halfHeight: 10 }, { x: huge, y: 0, halfWidth: 20, halfHeight: 10 }],
    [{ x: 0, y: -huge, halfWidth: 20, halfHeight: 10 }, { x: huge, y: huge, halfWidth: 1e308, halfHeight: 1e308 }],
    [{ x: 0, y: 0, halfWidth: tiny, halfHeight: tiny }, { x: tiny, y: 0, halfWidth: tiny, halfHeight: tiny }],
    [{ x: 0, y: 0, halfWidth: 0, halfHeight: 0 }, { x: 0, y: 2 * tiny, halfWidth: tiny, halfHeight: 0 }],
    [{ x: -huge, y: tiny, halfWidth: tiny, halfHeight: 0 }, { x: huge, y: -tiny, halfWidth: 0, halfHeight: tiny },
     { x: 0, y: 0, halfWidth: 1e300, halfHeight: tiny }],
  ];
  for (const [i, boxes] of cases.entries()) {
    const routes = tl.routeEdges(boxes, [[0, 1], [1, 0]]);
    assert.equal(routes.length, 2);
    for (const route of routes) {
      assert.ok(route.length >= 2, `case ${i}`);
      for (const p of route) assert.ok(Number.isFinite(p.x) && Number.isFinite(p.y), `case ${i}: ${JSON.stringify(route)}`);
    }
  }
});
