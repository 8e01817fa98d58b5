// Loads the typelattice wasm module's parts once per page, each when something first needs it: the playground
// and every <type-lattice> share them. The wrapper is imported statically so bundlers follow it (and the .wasm
// URLs inside it). A failed load is not kept: the next caller tries again, so one network hiccup does not break
// the page for good.
import createTypeLattice from '../dist/typelattice.mjs';

const ALL_PARTS = ['promotion', 'formats'];
const loads = new Map();  // part -> Promise of an instance with that part only
let moduleOptions = {};

/** Options for the shared module (createTypeLattice's, e.g. { locateFile }); set them before the first load. */
export function setModuleOptions(options) {
  moduleOptions = { ...options };
}

function loadPart(part) {
  if (!loads.has(part)) {
    const loading = createTypeLattice({ ...moduleOptions, parts: [part] });
    loading.catch(() => { if (loads.get(part) === loading) loads.delete(part); });
    loads.set(part, loading);
  }
  return loads.get(part);
}

/** The API of the given parts (default all): one object with the members of each, every part loaded once per page. */
export async function loadTypeLattice(parts = ALL_PARTS) {
  const instances = await Promise.all(ALL_PARTS.filter((p) => parts.includes(p)).map(loadPart));
  if (instances.length === 1) return instances[0];
  return Object.freeze(Object.assign({}, ...instances, {
    parts: Object.freeze(instances.flatMap((i) => i.parts)),
    heapStats: () => instances.map((i) => i.heapStats()).reduce((a, b) => ({
      memoryBytes: a.memoryBytes + b.memoryBytes, bytesInUse: a.bytesInUse + b.bytesInUse })),
  }));
}
