// What the node benchmarks of the built module share: loading it, CPU time of a call, the median, and the graph
// shapes of tests/bench/lattice_bench.cpp.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The whole module from DIST (the first command-line argument, default web/dist); exits 2 when it is not built. */
export async function loadBuiltModule(dist = process.argv[2] ?? path.join(here, '..', '..', 'web', 'dist')) {
  const entry = path.join(path.resolve(dist), 'typelattice.mjs');
  if (!existsSync(entry)) {
    console.error(`missing ${entry}: build the module first (cmake --preset wasm && cmake --build --preset wasm)`);
    process.exit(2);
  }
  const { default: createTypeLattice } = await import(pathToFileURL(entry).href);
  return createTypeLattice();
}

/** CPU time (user + system) of `call()` in ms: other load on a shared machine does not count. */
export function cpuMs(call) {
  const start = process.cpuUsage();
  call();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * A graph of `n` nodes t0…: chain, star (one top), grid (a product of two chains) or tree. The tree's edges go
 * from each node to its parent (`treeUp`, one top: a lattice once a bottom is added) or from the parent down
 * (leaves without a common upper bound).
 */
export function graphShape(name, n, { treeUp = true } = {}) {
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
  if (name === 'tree') {
    for (let i = 1; i < n; ++i) edges.push(treeUp ? [nodes[i], nodes[(i - 1) >> 1]] : [nodes[(i - 1) >> 1], nodes[i]]);
  }
  return { nodes, edges };
}
