// The parts of the module (docs/wasm.md, "Parts"): each is its own wasm build, loaded when a caller asks for it;
// the whole module (every part's bindings in one build) stands in for all of them when no parts are named.
// The wrapper (typelattice.mjs) builds the whole API over the loaded parts' bindings and keeps only their members.
import { describe, optionOf } from './arguments.mjs';

// The members each part of the module brings (docs/wasm.md, "Parts"); version, isa, parts, heapStats and
// renderMessage come with any. tests/js/module/parts.test.mjs checks that every member of the whole API is in one list.
export const PART_MEMBERS = {
  promotion: ['dtypes', 'systems', 'presets', 'designStory', 'system', 'graph', 'promoteTypes', 'resultType', 'table',
    'lattice', 'checkSystem', 'compareTables', 'compare', 'checkLattice', 'joinOnGraph', 'reachable', 'routeEdges',
    'parseLattice'],
  formats: ['formats', 'formatInfo', 'castFloat32', 'decode', 'layout', 'shortestDecimal', 'castValue', 'castSamples',
    'blockFormats', 'quantizeBlocks', 'dequantizeBlocks', 'quantizeDetail', 'quantizeBlock', 'format', 'parseCode',
    'quantizeSummary'],
};
export const PARTS = Object.keys(PART_MEMBERS);

// The `parts` option: some of PARTS (default all), returned in PARTS' order.
export function partsOption(opts) {
  const given = optionOf(opts, 'parts', 'object', PARTS, 'createTypeLattice');
  if (!Array.isArray(given)) throw new TypeError(`createTypeLattice: option parts must be an array, got ${describe(given)}`);
  for (const part of given) {
    if (!PARTS.includes(part)) {
      const name = typeof part === 'string' ? `'${part}'` : describe(part);
      throw new RangeError(`createTypeLattice: unknown part ${name}; the parts are ${PARTS.join(', ')}`);
    }
  }
  if (given.length === 0) throw new RangeError(`createTypeLattice: option parts names none of ${PARTS.join(', ')}`);
  return PARTS.filter((part) => given.includes(part));
}

// The whole module standing in for each of `parts` (it has every part's bindings).
export function wholeCores(parts, module) {
  return Object.fromEntries(parts.map((part) => [part, module]));
}

// The loaded parts' Emscripten modules as one: a binding is taken from the part that has it; the heap (_malloc,
// HEAPU8) is the formats part's when it is loaded (routeEdges uses the promotion part's own).
export function joinedCore(cores) {
  const modules = [...new Set(PARTS.map((part) => cores[part]).filter(Boolean))].reverse();
  if (modules.length === 1) return modules[0];
  return new Proxy(modules[0], {
    get: (target, key) => (modules.find((m) => key in m) ?? target)[key],
  });
}

/** `tl` without the members of the parts that were not loaded. */
export function keepParts(tl, parts) {
  for (const part of PARTS) {
    if (!parts.includes(part)) for (const member of PART_MEMBERS[part]) delete tl[member];
  }
  return tl;
}
