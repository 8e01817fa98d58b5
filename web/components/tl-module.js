// Loads the typelattice wasm module once per page; the playground and every <type-lattice> share it. The
// wrapper is imported statically so bundlers follow it (and the .wasm URLs inside it). A failed load is not
// kept: the next caller tries again, so one network hiccup does not break the page for good.
import createTypeLattice from '../dist/typelattice.mjs';

let instance = null;
let moduleOptions = {};

/** Options for the shared module (createTypeLattice's, e.g. { locateFile }); set them before the first load. */
export function setModuleOptions(options) {
  moduleOptions = { ...options };
}

export function loadTypeLattice() {
  if (!instance) {
    const loading = createTypeLattice(moduleOptions);
    loading.catch(() => { if (instance === loading) instance = null; });
    instance = loading;
  }
  return instance;
}

