// Which parts of the wasm module each playground view shows: every view needs the promotion part (the page's
// system bar and link checks use it); the Bits and Blocks views also need the formats part.
export const FORMAT_VIEWS = new Set(['bits', 'blocks']);

export function partsOfView(view) {
  return FORMAT_VIEWS.has(view) ? ['promotion', 'formats'] : ['promotion'];
}

// The tapered formats and their widths. The Bits view shows them from the module's tensors part
// (tl.taperedFormat), fetched only when one opens; until then links and the format menu use this list.
// tests/browser/bits-tapered.test.mjs checks it against `typelattice formats`.
export const TAPERED_FORMATS = new Map([['posit8', 8], ['posit16', 16], ['hif8', 8]]);
