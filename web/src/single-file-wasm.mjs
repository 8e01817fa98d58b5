// The single-file build's stand-in for wasm-files.mjs: web/tools/build-dist.mjs puts the whole module's plain .wasm, gzipped
// and in base64, where PLAIN_WASM_GZIP_BASE64 stands. Gzipped because base64 of the raw bytes gzips to about a third
// more than the .wasm, base64 of its gzip to about the gzip; only this build carries the code that inflates it.

// The same names as wasm-files.mjs, for a locateFile that moves the .wasm files.
export const WASM_FILES = {
  whole: { simd: 'typelattice-core-simd.wasm', plain: 'typelattice-core.wasm' },
  promotion: { simd: 'typelattice-promotion-simd.wasm', plain: 'typelattice-promotion.wasm' },
  formats: { simd: 'typelattice-formats-simd.wasm', plain: 'typelattice-formats.wasm' },
};

export const defaultWasmUrl = () => null;

// The whole module's plain glue (build-dist.mjs resolves the specifier to it): the one glue this file has.
export const importGlue = () => import('./typelattice-core.mjs');

/** Compiles the embedded plain .wasm; `LoadError` is load-core.mjs's WasmLoadError. */
export async function embeddedModule(LoadError) {
  if (typeof DecompressionStream !== 'function') {
    throw new LoadError('typelattice: the single file needs DecompressionStream', '', 0);
  }
  const packed = Uint8Array.from(atob('PLAIN_WASM_GZIP_BASE64'), (c) => c.charCodeAt(0));
  const inflated = new Blob([packed]).stream().pipeThrough(new DecompressionStream('gzip'));
  return WebAssembly.compile(await new Response(inflated).arrayBuffer());
}
