// What a selection means, asked of a compiled handle (tl.system(opts) or tl.graph(graph)) kept while its graph is
// shown: the core's select() gives the join, the edges on the paths up to it, or the text saying why there is
// none. The core computes; this only asks, once per selection.
//
// Returns { join: name|null, pathEdges, minimalUpperBounds, error: text|null, errorMessage: the same as a message
// to translate (a string: a library's own words), reason: the core's sentence for why this join ('' without
// one), reasonMessage: the same as a message to translate, pending: bool (fewer than two selected) }. An unknown
// name throws the core's RangeError.
export function selectionState(handle, selected) {
  if (selected.length < 2) {
    return { join: null, pathEdges: [], minimalUpperBounds: [], error: null, errorMessage: null, reason: '',
      reasonMessage: '', pending: true };
  }
  const s = handle.select(selected);
  return { join: s.join, pathEdges: s.pathEdges, minimalUpperBounds: s.minimalUpperBounds,
    error: s.join === null ? s.text : null, errorMessage: s.join === null ? s.textMessage : null, reason: s.reason,
    reasonMessage: s.reasonMessage, pending: false };
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
