// What "Apply" costs in the Your lattice view, per graph shape and size: tl.parseLattice of the JSON and
// tl.checkLattice (closure, check, layout), as the playground's worker runs them (web/playground/check-worker.js).
// Usage: node tests/bench/playground_check_bench.mjs [DIST]   (DIST: the built module, default web/dist).
// Prints ms per call: the median of 5 runs of CPU time (user + system), after one warm-up run.
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

// The shapes of tests/bench/lattice_bench.cpp: chain, star (one top), grid (product of two chains), tree.
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
  if (name === 'tree') for (let i = 1; i < n; ++i) edges.push([nodes[i], nodes[(i - 1) >> 1]]);
  return { nodes, edges };
}

function cpuMs(call) {
  const start = process.cpuUsage();
  call();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

console.log(`typelattice ${tl.version} (${tl.isa}), node ${process.version}`);
console.log('shape  nodes  parseLattice ms  checkLattice ms');
for (const n of [256, 1024, 4096]) {
  for (const name of ['chain', 'star', 'grid', 'tree']) {
    const graph = shape(name, n);
    const text = JSON.stringify(graph);
    const parse = [];
    const check = [];
    for (let run = 0; run < 6; ++run) {
      parse.push(cpuMs(() => tl.parseLattice(text)));
      check.push(cpuMs(() => tl.checkLattice(graph)));
    }
    const row = [name.padEnd(6), String(n).padStart(5), median(parse.slice(1)).toFixed(1).padStart(15),
      median(check.slice(1)).toFixed(1).padStart(16)];
    console.log(row.join('  '));
  }
}
