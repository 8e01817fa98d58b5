// Loads the typelattice wasm module once per page; the playground and every <type-lattice> share it.
let instance = null;

export function loadTypeLattice() {
  if (!instance) {
    instance = import(new URL('../dist/typelattice.mjs', import.meta.url).href)
      .then((m) => m.default());
  }
  return instance;
}

