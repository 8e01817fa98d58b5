// wasm-files.mjs for the parts loaded on demand, the tensors part (tl.analyze) and the codecs part
// (tl.taperedFormat, tl.storedBlocks): their code (typelattice-analyze.mjs) has its own copy of the loader, which
// web/tools/build-dist.mjs points here, so that createTypeLattice's wrapper carries none of these names.

/** The .wasm of the SIMD128 and the plain build of each part loaded on demand. */
export const WASM_FILES = {
  tensors: { simd: 'typelattice-tensors-simd.wasm', plain: 'typelattice-tensors.wasm' },
  codecs: { simd: 'typelattice-codecs-simd.wasm', plain: 'typelattice-codecs.wasm' },
};

export function defaultWasmUrl(part, simd) {
  if (part === 'tensors') {
    return simd ? new URL('./typelattice-tensors-simd.wasm', import.meta.url)
                : new URL('./typelattice-tensors.wasm', import.meta.url);
  }
  return simd ? new URL('./typelattice-codecs-simd.wasm', import.meta.url)
              : new URL('./typelattice-codecs.wasm', import.meta.url);
}

/** The glue of a build. */
export function importGlue(part, simd) {
  if (part === 'tensors') return simd ? import('./typelattice-tensors-simd.mjs') : import('./typelattice-tensors.mjs');
  return simd ? import('./typelattice-codecs-simd.mjs') : import('./typelattice-codecs.mjs');
}

export const embeddedModule = null;
