// tl.storedBlocks(values, format, opts) and tl.storedBlockFormats(): blocks of bitsandbytes' lookup tables, ggml's
// GGUF types and GPTQ/AWQ/MLX integer groups as their libraries store them, each element's code with the bits that
// hold it (docs/wasm.md, "Blocks as libraries store them"). Their bindings are in the codecs part, loaded on the
// first call; every answer is the core's (codec_block_storage.h), the argument checks are here.
import { describe, requireString, typedView, requireOptions, optionOf } from './arguments.mjs';
import { heapFunctions } from './heap.mjs';
import { onDemandPart } from './on-demand-parts.mjs';

/** The formats storedBlocks takes: [{ name, family, blockSize, bitsPerElement, wholeBlocks }]. */
export async function storedBlockFormats(context) {
  return (await onDemandPart('codecs', context)).storedBlockFormats();
}

/** `context`: the wrapper instance's { simd, locateFile, unwrap, ... }. */
export async function storedBlocks(context, given, format, opts) {
  const what = 'storedBlocks';
  let values = typedView(given, Float32Array);
  if (values === null) {
    const bad = Array.isArray(given) ? given.findIndex((v) => typeof v !== 'number') : 0;
    if (bad >= 0) {
      throw new TypeError(`${what}: values must be a Float32Array or an array of numbers, got ` +
                          `${Array.isArray(given) ? `values[${bad}] = ${describe(given[bad])}` : describe(given)}`);
    }
    values = Float32Array.from(given);   // numbers are rounded to float32 once
  }
  requireString(format, `${what}: the format`);
  const o = requireOptions(opts, what);
  const packing = optionOf(o, 'packing', 'string', '', what);
  const maxBlocks = optionOf(o, 'maxBlocks', 'number', 8, what);
  if (!Number.isInteger(maxBlocks) || maxBlocks < 1 || maxBlocks > 4096) {
    throw new RangeError(`${what}: option maxBlocks must be a whole number from 1 to 4096, got ${maxBlocks}`);
  }
  const { unwrap } = context;
  const core = await onDemandPart('codecs', context);
  const { allocate, fits } = heapFunctions(core, core.maximumMemoryBytes, unwrap);
  fits(values.byteLength, what);
  const address = allocate(values.byteLength, what);
  try {
    new Float32Array(core.HEAPU8.buffer, address, values.length).set(values);
    return unwrap(core.storedBlocks(format, address, values.length, packing, maxBlocks));
  } finally {
    core._free(address);
  }
}
