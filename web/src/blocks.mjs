// The block-scaled formats' calls of the ES module (docs/wasm.md, "Block-scaled formats"): argument checks here,
// everything else in the core. `heap` is the wrapper's { core, unwrap, allocate, fits } (see typelattice.mjs).

import { describe, requireString, typedView, requireOptions, optionOf } from './arguments.mjs';

export function blockFunctions({ core, unwrap, allocate, fits }) {
  const table = core.blockFormats();
  const byName = new Map(table.map((f) => [f.name, f]));
  // The core reads the name (case-insensitive, did-you-mean on a miss); the table gives its facts.
  const blockFormat = (name, what) =>
    byName.get(byName.has(name) ? name : unwrap(core.blockFormatName(requireString(name, `${what}: the block format`))));
  // The scale mode's name is read here, before any value, as the CLI reads --scale-mode before its values;
  // whether the format takes it is the core's call when quantizing.
  const quantizeOptions = (opts, what) => {
    const o = requireOptions(opts, what);
    const scaleMode = optionOf(o, 'scaleMode', 'string', undefined, what);
    if (scaleMode !== undefined) unwrap(core.scaleModeName(scaleMode));
    const t = o.tensorScale ?? false;
    if (typeof t === 'number') {
      // A tensor scale computed over a whole tensor (a summary's tensorScale), for some of its blocks.
      if (!(t > 0) || !Number.isFinite(t) || Math.fround(t) !== t) {
        throw new RangeError(`${what}: option tensorScale ${t} is not a positive finite float32` +
                             (Number.isFinite(t) && t > 0 ? ` (the nearest is ${Math.fround(t)})` : ''));
      }
    } else if (typeof t !== 'boolean') {
      throw new TypeError(`${what}: option tensorScale must be a boolean or a number, got ${describe(t)}`);
    }
    // As the bindings take it (bindings_blocks.cpp, options_of): 0 none, -1 from the values, else the scale.
    return [scaleMode, t === true ? -1 : t === false ? 0 : t];
  };
  const float32Values = (given, what, arrays = false) => {
    const values = typedView(given, Float32Array);
    if (values !== null) return values;
    if (arrays && Array.isArray(given)) {
      // Numbers are rounded to float32 once; strings are read by the core as `typelattice quantize` reads them.
      const kind = typeof given[0] === 'string' ? 'string' : 'number';
      const bad = given.findIndex((v) => typeof v !== kind);
      if (bad >= 0) throw new TypeError(`${what}: values[${bad}] must be a ${kind} like values[0], got ${describe(given[bad])}`);
      return Float32Array.from(kind === 'string' ? unwrap(core.readFloat32Values(given.map((v, i) =>
        requireString(v, `${what}: values[${i}]`)))) : given);
    }
    throw new TypeError(`${what}: values must be a Float32Array${arrays ? ', an array of numbers or of strings' : ''}, ` +
                        `got ${describe(given)}`);
  };

  // Runs `call(address)` with the Float32Array `values` copied into the heap; frees it whatever happens.
  function withValues(values, what, call) {
    fits(values.byteLength, what);
    const address = allocate(values.byteLength, what);
    try {
      new Float32Array(core.HEAPU8.buffer, address, values.length).set(values);
      return call(address);
    } finally {
      core._free(address);
    }
  }

  // In the CLI's order: the format, the scale mode's name, the values, then the options against the format.
  function quantizeDetail(given, formatName, opts, what) {
    const f = blockFormat(formatName, what);
    const [scaleMode, tensorScale] = quantizeOptions(opts, what);
    const values = float32Values(given, what, true);
    if (values.length === 0) throw new RangeError(`${what}: no values to quantize`);
    return withValues(values, what, (address) =>
      unwrap(core.quantizeDetail(f.name, scaleMode, tensorScale, address, values.length)));
  }

  // Every block's facts without its elements; `inputs` is the values as read (float32), to pass on to later calls.
  function quantizeSummary(given, formatName, opts) {
    const what = 'quantizeSummary';
    const f = blockFormat(formatName, what);
    const [scaleMode, tensorScale] = quantizeOptions(opts, what);
    const values = float32Values(given, what, true);
    if (values.length === 0) throw new RangeError(`${what}: no values to quantize`);
    const facts = withValues(values, what, (address) =>
      unwrap(core.quantizeSummary(f.name, scaleMode, tensorScale, address, values.length)));
    const hex = facts.scaleHex.split(' ');
    const n = facts.numbers;
    const blocks = hex.map((scaleHex, b) => {
      const [amax, scaleCode, scale, count, mse, sqnrDb, maxAbsError, saturated, flushed] = n.subarray(9 * b, 9 * b + 9);
      return { amax, scaleCode, scaleHex, scale, statistics: { mse, sqnrDb, maxAbsError, saturated, flushed, count,
                                                               bitsPerElement: f.bitsPerElement } };
    });
    const [mse, sqnrDb, maxAbsError, saturated, flushed, count] = n.subarray(9 * hex.length);
    const wholeInput = { mse, sqnrDb, maxAbsError, saturated, flushed, count, bitsPerElement: f.bitsPerElement };
    return { format: facts.format, scaleMode: facts.scaleMode, tensorScale: facts.tensorScale, inputs: values, blocks,
             wholeInput };
  }

  return {
    /** The block formats: element and scale formats, block size, bits per element, scale modes, element values. */
    blockFormats: () => structuredClone(table),

    quantizeBlocks(given, formatName, opts) {
      const f = blockFormat(formatName, 'quantizeBlocks');
      const [scaleMode, tensorScale] = quantizeOptions(opts, 'quantizeBlocks');
      const values = float32Values(given, 'quantizeBlocks');
      const count = values.length;
      const blocks = Math.ceil(count / f.blockSize);
      // In: the values; out: the dequantized values (first, so they are aligned), the scales and the codes.
      const outBytes = 4 * count + blocks + count;
      fits(values.byteLength + outBytes, 'quantizeBlocks');
      return withValues(values, 'quantizeBlocks', (inAddress) => {
        const out = allocate(outBytes, 'quantizeBlocks');
        const scales = out + 4 * count;
        try {
          const facts = unwrap(core.quantizeBlocks(f.name, scaleMode, tensorScale, inAddress, count, scales,
            scales + blocks, out));
          return {
            scales: new Uint8Array(core.HEAPU8.buffer, scales, blocks).slice(),
            codes: new Uint8Array(core.HEAPU8.buffer, scales + blocks, count).slice(),
            dequantized: new Float32Array(core.HEAPU8.buffer, out, count).slice(),
            tensorScale: facts.tensorScale,
            scaleMode: facts.scaleMode,
          };
        } finally {
          core._free(out);
        }
      });
    },

    dequantizeBlocks(given, formatName, opts) {
      if (given === null || typeof given !== 'object') {
        throw new TypeError(`dequantizeBlocks: the blocks must be an object { scales, codes }, got ${describe(given)}`);
      }
      const scales = typedView(given.scales, Uint8Array);
      const codes = typedView(given.codes, Uint8Array);
      if (scales === null || codes === null) {
        throw new TypeError('dequantizeBlocks: scales and codes must be Uint8Arrays, got ' +
                            `${describe(given.scales)} and ${describe(given.codes)}`);
      }
      const f = blockFormat(formatName, 'dequantizeBlocks');
      const o = requireOptions(opts, 'dequantizeBlocks');
      const tensorScale = optionOf(o, 'tensorScale', 'number',
        optionOf(given, 'tensorScale', 'number', 1, 'dequantizeBlocks: the blocks'), 'dequantizeBlocks');
      const count = codes.length;
      const blocks = Math.ceil(count / f.blockSize);
      if (scales.length !== blocks) {
        throw new RangeError(`dequantizeBlocks: ${count} codes of ${f.name} are ${blocks} blocks, one scale each; ` +
                             `got ${scales.length} scales`);
      }
      const bytes = 4 * count + scales.length + count;  // out first, so it is aligned
      fits(bytes, 'dequantizeBlocks');
      const out = allocate(bytes, 'dequantizeBlocks');
      const scalesAt = out + 4 * count;
      try {
        core.HEAPU8.set(scales, scalesAt);
        core.HEAPU8.set(codes, scalesAt + scales.length);
        unwrap(core.dequantizeBlocks(f.name, scalesAt, scales.length, scalesAt + scales.length, count, out,
                                     tensorScale));
        return new Float32Array(core.HEAPU8.buffer, out, count).slice();
      } finally {
        core._free(out);
      }
    },

    /** Every block of the values in full, and the text `typelattice quantize` prints for them. */
    quantizeDetail: (given, formatName, opts) => quantizeDetail(given, formatName, opts, 'quantizeDetail'),

    /** Every block's scale and statistics without its elements (a view of many blocks), and the values as read. */
    quantizeSummary,

    /** One block (1 to blockSize values) in full: each element, the scale, the statistics and the CLI's text. */
    quantizeBlock(given, formatName, opts) {
      const f = blockFormat(formatName, 'quantizeBlock');
      quantizeOptions(opts, 'quantizeBlock');
      const values = float32Values(given, 'quantizeBlock', true);
      if (values.length > f.blockSize) {
        throw new RangeError(`quantizeBlock: ${values.length} values are more than one ${f.name} block ` +
                             `(${f.blockSize}); use quantizeDetail for several blocks`);
      }
      const detail = quantizeDetail(values, f.name, opts, 'quantizeBlock');
      return { ...detail.blocks[0], format: detail.format, scaleMode: detail.scaleMode,
               tensorScale: detail.tensorScale, text: detail.text };
    },
  };
}
