// What routing the edges of a drawn lattice costs in wasm: tl.routeEdges on the JAX graphs (standard, strict,
// all types), with boxes sized as the playground sizes them (web/components/lattice-svg.js).
// Usage: node tests/bench/route_edges_bench.mjs [DIST]   (DIST: the built module, default web/dist).
// Prints ms per call: the median of 5 runs of 100 calls, after a warm-up.
import { loadBuiltModule } from './module-bench.mjs';

const tl = await loadBuiltModule();

// The playground's box for a label: 7.9 px per character of 13 px monospace, long names on two lines.
function box(node) {
  const cut = node.name.indexOf('_');
  const twoLines = node.name.length > 10 && cut > 0;
  const chars = twoLines ? Math.max(cut + 1, node.name.length - cut - 1) : node.name.length;
  return { x: 104 + node.x * 892, y: 46 + node.y * 468, halfWidth: Math.max(40, Math.ceil(chars * 7.9) + 18) / 2,
    halfHeight: (14 + 15 * (twoLines ? 2 : 1)) / 2 };
}

for (const [label, opts] of [['standard', {}], ['strict', { mode: 'strict' }], ['x64 off', { x64: false }]]) {
  const g = tl.lattice(opts);
  const index = new Map(g.nodes.map((n, i) => [n.name, i]));
  const boxes = g.nodes.map(box);
  const edges = g.edges.map(([a, b]) => [index.get(a), index.get(b)]);
  for (let i = 0; i < 10; ++i) tl.routeEdges(boxes, edges);
  const runs = [];
  for (let r = 0; r < 5; ++r) {
    const t0 = performance.now();
    for (let i = 0; i < 100; ++i) tl.routeEdges(boxes, edges);
    runs.push((performance.now() - t0) / 100);
  }
  runs.sort((a, b) => a - b);
  console.log(`${label}: ${g.nodes.length} nodes, ${g.edges.length} edges: ${runs[2].toFixed(2)} ms per routeEdges call`);
}
