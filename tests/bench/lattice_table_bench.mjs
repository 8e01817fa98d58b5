// What the Table view's "Table of: your lattice" costs per graph shape and size: one tl.graph handle and one
// joinOnGraph per cell, as web/playground/table-view.js computes the table (its cap, LATTICE_TABLE_MAX_NODES, is 64).
// Usage: node tests/bench/lattice_table_bench.mjs [DIST]   (DIST: the built module, default web/dist).
// Prints ms per table: the median of 5 runs of CPU time (user + system), after one warm-up run.
import { cpuMs, graphShape, loadBuiltModule, median } from './module-bench.mjs';

const tl = await loadBuiltModule();

function table(graph) {
  const handle = tl.graph(graph);
  try {
    return graph.nodes.map((a) => graph.nodes.map((b) => handle.joinOnGraph([a, b]).join));
  } finally {
    handle.delete();
  }
}

console.log(`typelattice ${tl.version} (${tl.isa}), node ${process.version}`);
console.log('shape  nodes  table ms');
for (const n of [16, 32, 64]) {
  for (const name of ['chain', 'star', 'grid', 'tree']) {
    const graph = graphShape(name, n, { treeUp: false });   // a tree with no joins among its leaves
    const runs = [];
    for (let run = 0; run < 6; ++run) runs.push(cpuMs(() => table(graph)));
    console.log(`${name.padEnd(6)} ${String(n).padStart(5)} ${median(runs.slice(1)).toFixed(1).padStart(9)}`);
  }
}
