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

