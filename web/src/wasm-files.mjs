// Where each build's .wasm is. One literal `new URL('./file.wasm', import.meta.url)` per build is what Vite,
// webpack 5 and Parcel recognise: they emit the file (hashed) and rewrite the URL. The single-file build
// (web/tools/build-dist.mjs) replaces this module with single-file-wasm.mjs, which carries the plain build's bytes.

export const WASM_FILES = { simd: 'typelattice-core-simd.wasm', plain: 'typelattice-core.wasm' };

export function defaultWasmUrl(simd) {
  return simd ? new URL('./typelattice-core-simd.wasm', import.meta.url)
              : new URL('./typelattice-core.wasm', import.meta.url);
}

/** null here; in the single-file build (single-file-wasm.mjs) a function that compiles the embedded plain .wasm. */
export const embeddedModule = null;
