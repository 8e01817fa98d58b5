// Argument checks of the ES module's calls: a TypeError for a wrong type, a RangeError for a value out of range,
// each naming the call and the argument. They decide nothing the core decides (names and values are its).

export function describe(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (ArrayBuffer.isView(value)) return `a ${value.constructor.name}`;
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}

export function requireString(value, what) {
  if (typeof value !== 'string') throw new TypeError(`${what} must be a string, got ${describe(value)}`);
  // A lone surrogate cannot cross into the core's UTF-8 intact (it would come back as another name). Engines
  // without isWellFormed (before 2023) skip the check.
  if (value.isWellFormed?.() === false) {
    throw new RangeError(`${what} holds a lone surrogate (ill-formed UTF-16)`);
  }
  return value;
}

// A checked copy: holes are refused (forEach would skip them) and the core gets exactly the strings that were
// checked, even if the caller's array has getters that answer differently the second time.
export function requireStringArray(value, what) {
  if (!Array.isArray(value)) throw new TypeError(`${what} must be an array of strings, got ${describe(value)}`);
  const copy = new Array(value.length);
  for (let i = 0; i < copy.length; ++i) copy[i] = requireString(value[i], `${what}[${i}]`);
  return copy;
}

// Typed arrays are read through the built-in getters, never through the object's own properties, which a caller
// may have redefined: a wrong length or offset must not make the module read or write past its buffers.
const [typedArrayKind, typedArrayBuffer, typedArrayOffset, typedArrayLength] = [Symbol.toStringTag, 'buffer',
  'byteOffset', 'length'].map((key) => Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), key).get);

/** A fresh view of `value`'s elements when it is a `Kind` (or a subclass, such as node's Buffer), else null. */
export function typedView(value, Kind) {
  if (typedArrayKind.call(value) !== Kind.name) return null;
  return new Kind(typedArrayBuffer.call(value), typedArrayOffset.call(value), typedArrayLength.call(value));
}

export function requireOptions(opts, what) {
  if (opts === undefined) return {};
  if (opts === null || typeof opts !== 'object' || Array.isArray(opts)) {
    throw new TypeError(`${what} options must be an object, got ${describe(opts)}`);
  }
  return opts;
}

export function optionOf(opts, key, type, fallback, what) {
  const value = opts[key];
  if (value === undefined) return fallback;
  if (typeof value !== type) throw new TypeError(`${what}: option ${key} must be a ${type}, got ${describe(value)}`);
  return value;
}

export function requireGraph(graph, what) {
  if (graph === null || typeof graph !== 'object' || Array.isArray(graph)) {
    throw new TypeError(`${what}: the graph must be an object { nodes, edges }, got ${describe(graph)}`);
  }
  const nodes = requireStringArray(graph.nodes, `${what}: graph.nodes`);
  const given = graph.edges;
  if (!Array.isArray(given)) {
    throw new TypeError(`${what}: graph.edges must be an array of [from, to] pairs, got ${describe(given)}`);
  }
  const edges = new Array(given.length);
  for (let i = 0; i < edges.length; ++i) {
    const edge = given[i];
    if (!Array.isArray(edge) || edge.length !== 2) {
      throw new TypeError(`${what}: graph.edges[${i}] must be a [from, to] pair, got ${describe(edge)}`);
    }
    edges[i] = requireStringArray(edge, `${what}: graph.edges[${i}]`);
  }
  return { nodes, edges };  // a checked copy, as requireStringArray's
}

const BOX_KEYS = ['x', 'y', 'halfWidth', 'halfHeight'];

// routeEdges' arguments, checked, as the heap holds them: 4 doubles per box, then 2 uint32 per edge.
export function routeInput(boxes, edges) {
  if (!Array.isArray(boxes) || !Array.isArray(edges)) {
    throw new TypeError(`routeEdges: boxes and edges must be arrays, got ${describe(boxes)} and ${describe(edges)}`);
  }
  if (boxes.length > 65536 || edges.length > 1 << 20) {
    throw new RangeError(`routeEdges: at most 65536 boxes and 2^20 edges, got ${boxes.length} and ${edges.length}`);
  }
  const numbers = Float64Array.from(boxes.flatMap((box, i) => BOX_KEYS.map((key, k) => {
    const v = box?.[key];
    if (typeof v !== 'number' || !(v >= (k > 1 ? 0 : -Infinity) && v < Infinity)) {
      throw new TypeError(`routeEdges: boxes[${i}].${key} must be a finite number${k > 1 ? ' ≥ 0' : ''}, got ${describe(v)}`);
    }
    return v;
  })));
  const ends = Uint32Array.from(edges.flatMap((edge, i) => {
    if (!Array.isArray(edge) || edge.length !== 2 || !edge.every((v) => Number.isInteger(v) && v >= 0 && v < boxes.length)) {
      throw new RangeError(`routeEdges: edges[${i}] must be a [from, to] pair of indices of the ${boxes.length} boxes, ` +
                           `got ${Array.isArray(edge) ? `[${edge.map(describe).join(', ')}]` : describe(edge)}`);
    }
    return edge;
  }));
  return { numbers, ends };
}

