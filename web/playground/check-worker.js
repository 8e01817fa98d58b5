// Runs the Your lattice view's parse and check in a module worker, so a 4096-node graph never blocks the page.
// One job at a time; the page cancels a job by terminating the worker (a wasm call cannot be interrupted).
// Messages in: { id, text } (JSON, read by the core as `typelattice check` reads it) or { id, graph }.
// Messages out: { id, phase } while working, then { id, graph, check } or { id, error }.
import createTypeLattice from '../dist/typelattice.mjs';

const loading = createTypeLattice({ parts: ['promotion'] });  // parse and check: the promotion part only

self.addEventListener('message', async ({ data }) => {
  const { id } = data;
  try {
    self.postMessage({ id, phase: 'loading' });
    const tl = await loading;
    let graph = data.graph;
    if (data.text !== undefined) {
      self.postMessage({ id, phase: 'reading' });
      graph = tl.parseLattice(data.text);
    }
    self.postMessage({ id, phase: 'checking', nodes: graph.nodes.length, edges: graph.edges.length });
    const check = tl.checkLattice(graph);
    self.postMessage({ id, graph, check });
  } catch (e) {
    self.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  }
});
