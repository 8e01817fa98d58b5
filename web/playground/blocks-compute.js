// What the Blocks view computes apart from drawing, so that it runs on the page (small inputs) or in
// blocks-worker.js (large ones) alike: the values read once by the core, and every format × scale mode's
// blocks summarized by the bulk kernels (tl.quantizeSummary: no per-element objects). Elements are asked of
// the module only for the blocks that are drawn (blocks-view.js).

// The most copies one `value*count` word makes: a block of outliers needs tens, a tensor-sized list thousands.
export const MAX_REPEAT = 100000;

/**
 * The values field as words: commas or white space separate them, and `value*count` stands for count copies of
 * value (`100, 0.1*31`: one outlier and 31 equal values). Throws a RangeError naming the word for a count that
 * is not a whole number from 1 to MAX_REPEAT; each value is read by the core.
 */
export function splitValues(text) {
  const words = [];
  for (const word of text.split(/[\s,]+/).filter(Boolean)) {
    const star = word.lastIndexOf('*');
    if (star < 0) {
      words.push(word);
      continue;
    }
    const count = word.slice(star + 1);
    if (!/^[0-9]+$/.test(count) || Number(count) < 1 || Number(count) > MAX_REPEAT || star === 0) {
      throw new RangeError(`'${word}': write value*count, with count a whole number from 1 to ${MAX_REPEAT}`);
    }
    for (let i = 0; i < Number(count); ++i) words.push(word.slice(0, star));
  }
  return words;
}

/** A number with two decimals, or its name as the core's texts write it (inf for an exact SQNR, -inf, nan). */
export const fixed2 = (v) => (Number.isFinite(v) ? v.toFixed(2) : v > 0 ? 'inf' : v < 0 ? '-inf' : 'nan');

/** How many rows summarize() computes for these formats. */
export const rowCount = (formats) => formats.reduce((n, f) => n + f.scaleModes.length, 0);

/**
 * Every format and scale mode's row of the side-by-side table for `words`, and the values as read (float32);
 * `tensorScale`: whether the formats that take a per-tensor scale (nvfp4) use one. tensorScales maps such a
 * format to the scale its summary used, for the blocks drawn later. Throws the core's message for a value it
 * cannot read ("value 3: ..."). onRow(done, total) after each row.
 */
export function summarize(tl, words, formats, tensorScale, onRow = () => {}) {
  let inputs = null;
  const rows = [];
  const tensorScales = {};
  const total = rowCount(formats);
  for (const f of formats) {
    for (const mode of f.scaleModes) {
      const withTensorScale = tensorScale && f.takesTensorScale;
      const s = tl.quantizeSummary(inputs ?? words, f.name, { scaleMode: mode, tensorScale: withTensorScale });
      inputs = s.inputs;
      if (withTensorScale) tensorScales[f.name] = s.tensorScale;
      const all = s.wholeInput;
      rows.push({
        format: f.name, mode, isDefault: mode === f.defaultScaleMode, bits: f.bitsPerElement,
        tensorScale: withTensorScale ? s.tensorScale : null,
        scales: s.blocks.map((b) => b.scaleHex).join(' '),
        sqnr: s.blocks.map((b) => fixed2(b.statistics.sqnrDb)).join(' / '),
        wholeSqnr: all.sqnrDb, saturated: all.saturated, flushed: all.flushed,
      });
      onRow(rows.length, total);
    }
  }
  return { inputs, rows, tensorScales };
}
