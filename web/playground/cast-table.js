// The Bits view's table of the typed value cast into every format (#cast-all), and its conformance note on ONNX's
// saturating casts of ±Inf (#saturation-note).
import { t } from './strings.js';
import { castRange, short } from './format-carry.js';

// The saturating cast table of ONNX's "Float stored in 8 bits" notes (onnx.ai/onnx/technical/float8.html) for
// ±Inf; shown beside the module's answer because the code follows ONNX's backend test data instead (see the note in the view).
const SEED_SATURATING_INF = {
  float8_e4m3fn: ['FLT_MAX', '-FLT_MAX'],
  float8_e4m3fnuz: ['NaN', 'NaN'],
  float8_e5m2: ['FLT_MAX', '-FLT_MAX'],
  float8_e5m2fnuz: ['NaN', 'NaN'],
};

/** A row of explore's (a format's cast, or the reason the options were refused) as the table's cells. */
export function builtinRow({ format, cast: r, message }) {
  if (!r) return { format, cells: [format, '', message, '', '', ''] };
  // Out of range at either end (past max, below the smallest value) as castRange says it under the cast.
  const { kind, text } = castRange(format, r);
  const range = kind === 'in-range' ? t('bits.no') : kind === 'overflow-saturated' ? t('bits.rangeSaturated') : text;
  const err = r.error === null ? '—' : `${short(r.error)}${r.relativeError === null ? ''
    : ` (${short(r.relativeError * 100)} %)`}`;
  return { format, code: r.code, category: r.category, outOfRange: kind !== 'in-range',
    range: kind === 'overflow-saturated' ? 'saturated' : kind,
    cells: [format, r.hex, r.exactValue, t(`cat.${r.category}`), range, err] };
}

/** Fills #cast-all with `rows` (builtinRow's shape; a row with a code opens it when clicked). */
export function fillCastTable(doc, table, currentFormat, rows) {
  table.replaceChildren();
  if (!rows.length) return;
  const cap = doc.createElement('caption');
  cap.textContent = t('bits.allFormats');
  const head = doc.createElement('tr');
  for (const k of ['colFormat', 'colCode', 'colValue', 'colCategory', 'colRange', 'colError']) {
    const th = doc.createElement('th');
    th.scope = 'col';
    th.textContent = t(`bits.${k}`);
    head.append(th);
  }
  const thead = doc.createElement('thead');
  thead.append(head);
  const body = doc.createElement('tbody');
  for (const row of rows) {
    const tr = doc.createElement('tr');
    tr.dataset.format = row.format;
    if (row.format === currentFormat) tr.classList.add('current');
    if (row.code !== undefined) tr.dataset.code = String(row.code);
    if (row.range) tr.dataset.range = row.range;
    if (row.category) tr.classList.add(`cat-row-${row.category}`);
    if (row.outOfRange) tr.classList.add('out-of-range');
    for (const text of row.cells) {
      const td = doc.createElement('td');
      td.textContent = text;
      tr.append(td);
    }
    body.append(tr);
  }
  table.append(cap, thead, body);
}

/** ONNX's table beside the module's saturating casts of ±Inf (each format's facts: saturatedInf). */
export function fillSaturationNote(doc, box, byName, currentFormat) {
  box.replaceChildren();
  const h = doc.createElement('h3');
  h.textContent = t('sat.title');
  const p = doc.createElement('p');
  p.textContent = t('sat.body');
  const table = doc.createElement('table');
  table.className = 'data';
  const head = doc.createElement('tr');
  for (const text of [t('bits.colFormat'), t('sat.input'), t('sat.module'), t('sat.seed')]) {
    const th = doc.createElement('th');
    th.textContent = text;
    head.append(th);
  }
  table.append(head);
  for (const [name, seed] of Object.entries(SEED_SATURATING_INF)) {
    const fmt = byName.get(name);
    if (!fmt) continue;
    ['inf', '-inf'].forEach((input, i) => {
      const r = fmt.saturatedInf[input === 'inf' ? 'plus' : 'minus'];
      const tr = doc.createElement('tr');
      if (name === currentFormat) tr.classList.add('current');
      const ours = `${r.hex} = ${r.exactValue}`;
      if (r.category === 'nan' ? seed[i] !== 'NaN' : seed[i] === 'NaN') tr.classList.add('differs-row');
      for (const text of [name, input === 'inf' ? '+Inf' : '-Inf', ours, seed[i]]) {
        const td = doc.createElement('td');
        td.textContent = text;
        tr.append(td);
      }
      table.append(tr);
    });
  }
  const scroll = doc.createElement('div');
  scroll.className = 'scroll';
  scroll.append(table);
  box.append(h, p, scroll);
}
