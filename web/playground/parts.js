// Which parts of the wasm module each playground view shows: every view needs the promotion part (the page's
// system bar and link checks use it); the Bits and Blocks views also need the formats part.
export const FORMAT_VIEWS = new Set(['bits', 'blocks']);

export function partsOfView(view) {
  return FORMAT_VIEWS.has(view) ? ['promotion', 'formats'] : ['promotion'];
}
