// What the Blocks view computes apart from drawing, so that it runs on the page (small inputs) or in
// blocks-worker.js (large ones) alike: the values read once by the core, and every format × scale mode's
// blocks summarized by the bulk kernels (tl.quantizeSummary: no per-element objects). Elements are asked of
// the module only for the blocks that are drawn (blocks-view.js).

/** The values field as words: commas or white space separate them. */
export const splitValues = (text) => text.split(/[\s,]+/).filter(Boolean);

/** A number with two decimals, or its name (inf, NaN). */
export const fixed2 = (v) => (Number.isFinite(v) ? v.toFixed(2) : String(v));

/** How many rows summarize() computes for these formats. */
export const rowCount = (formats) => formats.reduce((n, f) => n + f.scaleModes.length, 0);

/**
 * Every format and scale mode's row of the side-by-side table for `words`, and the values as read (float32).
 * Throws the core's message for a value it cannot read ("value 3: ..."). onRow(done, total) after each row.
 */
export function summarize(tl, words, formats, onRow = () => {}) {
  let inputs = null;
  const rows = [];
  const total = rowCount(formats);
  for (const f of formats) {
    for (const mode of f.scaleModes) {
      const s = tl.quantizeSummary(inputs ?? words, f.name, { scaleMode: mode });
      inputs = s.inputs;
      rows.push({
        format: f.name, mode, isDefault: mode === f.defaultScaleMode, bits: f.bitsPerElement,
        scales: s.blocks.map((b) => b.scaleHex).join(' '),
        sqnr: s.blocks.map((b) => fixed2(b.statistics.sqnrDb)).join(' / '),
        saturated: s.blocks.reduce((n, b) => n + b.statistics.saturated, 0),
        flushed: s.blocks.reduce((n, b) => n + b.statistics.flushed, 0),
      });
      onRow(rows.length, total);
    }
  }
  return { inputs, rows };
}
