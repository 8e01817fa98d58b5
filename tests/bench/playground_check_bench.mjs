// What "Apply" costs in the Your lattice view, per graph shape and size: tl.parseLattice of the JSON and
// tl.checkLattice (closure, check, layout), as the playground's worker runs them (web/playground/check-worker.js).
// Usage: node tests/bench/playground_check_bench.mjs [DIST]   (DIST: the built module, default web/dist).
// Prints ms per call: the median of 5 runs of CPU time (user + system), after one warm-up run.
import { cpuMs, graphShape, loadBuiltModule, median } from './module-bench.mjs';

const tl = await loadBuiltModule();

console.log(`typelattice ${tl.version} (${tl.isa}), node ${process.version}`);
console.log('shape  nodes  parseLattice ms  checkLattice ms');
for (const n of [256, 1024, 4096]) {
  for (const name of ['chain', 'star', 'grid', 'tree']) {
    const graph = graphShape(name, n);
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
