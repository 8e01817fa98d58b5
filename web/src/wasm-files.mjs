// Where the .wasm and the glue of each build of the whole module and of each part createTypeLattice loads are. One
// literal `new URL('./file.wasm', import.meta.url)` per file is what Vite, webpack 5 and Parcel recognise: they emit
// the file (hashed) and rewrite the URL; one literal import() per glue makes each its own chunk. The parts loaded
// on demand are in wasm-files-on-demand.mjs, which the on-demand code's copy of the loader reads instead
// (web/tools/build-dist.mjs). The single-file build replaces this module with single-file-wasm.mjs, which carries
// the whole module's plain build's bytes.

/** The .wasm of the SIMD128 and the plain build of the whole module ('whole') and of each part. */
export const WASM_FILES = {
  whole: { simd: 'typelattice-core-simd.wasm', plain: 'typelattice-core.wasm' },
  promotion: { simd: 'typelattice-promotion-simd.wasm', plain: 'typelattice-promotion.wasm' },
  formats: { simd: 'typelattice-formats-simd.wasm', plain: 'typelattice-formats.wasm' },
};

export function defaultWasmUrl(part, simd) {
  if (part === 'formats') {
    return simd ? new URL('./typelattice-formats-simd.wasm', import.meta.url)
                : new URL('./typelattice-formats.wasm', import.meta.url);
  }
  if (part === 'promotion') {
    return simd ? new URL('./typelattice-promotion-simd.wasm', import.meta.url)
                : new URL('./typelattice-promotion.wasm', import.meta.url);
  }
  return simd ? new URL('./typelattice-core-simd.wasm', import.meta.url)
              : new URL('./typelattice-core.wasm', import.meta.url);
}

/** The glue of a build. */
export function importGlue(part, simd) {
  if (part === 'formats') return simd ? import('./typelattice-formats-simd.mjs') : import('./typelattice-formats.mjs');
  if (part === 'promotion') {
    return simd ? import('./typelattice-promotion-simd.mjs') : import('./typelattice-promotion.mjs');
  }
  return simd ? import('./typelattice-core-simd.mjs') : import('./typelattice-core.mjs');
}

/** null here; in the single-file build (single-file-wasm.mjs) a function that compiles the embedded whole
 * module's plain .wasm. */
export const embeddedModule = null;
