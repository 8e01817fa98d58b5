// What the Table view's "Table of: your lattice" costs per graph shape and size: one tl.graph handle and one
// joinOnGraph per cell, as web/playground/table-view.js computes the table (its cap, LATTICE_TABLE_MAX_NODES, is 64).
// Usage: node tests/bench/lattice_table_bench.mjs [DIST]   (DIST: the built module, default web/dist).
// Prints ms per table: the median of 5 runs of CPU time (user + system), after one warm-up run.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(process.argv[2] ?? path.join(here, '..', '..', 'web', 'dist'));
const entry = path.join(dist, 'typelattice.mjs');
if (!existsSync(entry)) {
  console.error(`missing ${entry}: build the module first (cmake --preset wasm && cmake --build --preset wasm)`);
  process.exit(2);
}
const { default: createTypeLattice } = await import(pathToFileURL(entry).href);
const tl = await createTypeLattice();

// The shapes of tests/bench/playground_check_bench.mjs: chain, star (one top), grid, tree (no joins among leaves).
function shape(name, n) {
  const nodes = Array.from({ length: n }, (_, i) => `t${i}`);
  const edges = [];
  if (name === 'chain') for (let i = 0; i + 1 < n; ++i) edges.push([nodes[i], nodes[i + 1]]);
  if (name === 'star') for (let i = 0; i + 1 < n; ++i) edges.push([nodes[i], nodes[n - 1]]);
  if (name === 'grid') {
    const side = Math.round(Math.sqrt(n));
    for (let i = 0; i < n; ++i) {
      if (i + side < n) edges.push([nodes[i], nodes[i + side]]);
      if ((i + 1) % side !== 0 && i + 1 < n) edges.push([nodes[i], nodes[i + 1]]);
    }
  }
  if (name === 'tree') for (let i = 1; i < n; ++i) edges.push([nodes[(i - 1) >> 1], nodes[i]]);
  return { nodes, edges };
}

function table(graph) {
  const handle = tl.graph(graph);
  try {
    return graph.nodes.map((a) => graph.nodes.map((b) => handle.joinOnGraph([a, b]).join));
  } finally {
    handle.delete();
  }
}

function cpuMs(call) {
  const start = process.cpuUsage();
  call();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

console.log(`typelattice ${tl.version} (${tl.isa}), node ${process.version}`);
console.log('shape  nodes  table ms');
for (const n of [16, 32, 64]) {
  for (const name of ['chain', 'star', 'grid', 'tree']) {
    const graph = shape(name, n);
    const runs = [];
    for (let run = 0; run < 6; ++run) runs.push(cpuMs(() => table(graph)));
    console.log(`${name.padEnd(6)} ${String(n).padStart(5)} ${median(runs.slice(1)).toFixed(1).padStart(9)}`);
  }
}
