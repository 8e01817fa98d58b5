// What a selection means on a graph: the join (from the promotion system when one is given, else from the
// graph alone), the edges on the paths up to it, or the text of the error. The core computes; this only asks.
import { promotionErrorText } from './tl-module.js';

export const graphOf = (drawn) => ({ nodes: drawn.nodes.map((n) => n.name), edges: drawn.edges });

// drawn: { nodes: [{ name }], edges }; selected: [names]; opts: promotion options, or null for a user graph.
// Returns { join: name|null, pathEdges, error: text|null, pending: bool (fewer than two selected) }.
export function selectionState(tl, drawn, selected, opts) {
  if (selected.length < 2) return { join: null, pathEdges: [], error: null, pending: true };
  const graph = graphOf(drawn);
  const onGraph = tl.joinOnGraph(graph, selected);
  if (!opts) {
    return { join: onGraph.join, pathEdges: onGraph.pathEdges, pending: false,
      error: onGraph.join === null ? onGraph.description : null };
  }
  let join = null;
  let error = null;
  try {
    join = tl.resultType(selected, opts);
  } catch (e) {
    error = promotionErrorText(e);
  }
  const pathEdges = join !== null && onGraph.join === join ? onGraph.pathEdges : [];
  return { join, pathEdges, error, pending: false };
}


// The JAX docs' 18 types (the dtypes with a short code such as f2, bf, i*).
export const docsTypes = (tl) => tl.dtypes().filter((d) => d.shortCode).map((d) => d.name);

// The drawing of a subset of a lattice's nodes (edges between kept nodes; positions stretched back to the
// unit box). Only for display: joins are still asked of the whole system. Used to hide the newer types,
// which JAX's lattice hangs off i* and f* as sinks, so no path between the kept types runs through them.
export function restrictDrawing(drawn, keep) {
  const kept = new Set(keep);
  const nodes = drawn.nodes.filter((n) => kept.has(n.name));
  if (!nodes.length) return { nodes, edges: [] };
  const span = (key) => {
    const values = nodes.map((n) => n[key]);
    const lo = Math.min(...values);
    const width = Math.max(...values) - lo;
    return (v) => (width > 0 ? (v - lo) / width : 0.5);
  };
  const sx = span('x');
  const sy = span('y');
  return {
    nodes: nodes.map((n) => ({ name: n.name, x: sx(n.x), y: sy(n.y) })),
    edges: drawn.edges.filter(([a, b]) => kept.has(a) && kept.has(b)),
  };
}
