// Where each part's builds' .wasm are. One literal `new URL('./file.wasm', import.meta.url)` per file is what
// Vite, webpack 5 and Parcel recognise: they emit the file (hashed) and rewrite the URL. The single-file build
// (web/tools/build-dist.mjs) replaces this module with one that carries the plain builds' bytes.

/** The .wasm of each part's SIMD128 and plain build (the promotion part keeps the module's first file names). */
export const WASM_FILES = {
  promotion: { simd: 'typelattice-core-simd.wasm', plain: 'typelattice-core.wasm' },
  formats: { simd: 'typelattice-formats-simd.wasm', plain: 'typelattice-formats.wasm' },
};

export function defaultWasmUrl(part, simd) {
  if (part === 'formats') {
    return simd ? new URL('./typelattice-formats-simd.wasm', import.meta.url)
                : new URL('./typelattice-formats.wasm', import.meta.url);
  }
  return simd ? new URL('./typelattice-core-simd.wasm', import.meta.url)
              : new URL('./typelattice-core.wasm', import.meta.url);
}

/** Each part's plain .wasm as base64 in the single-file build; null when the .wasm files sit next to the module. */
export const embeddedWasm = null;
