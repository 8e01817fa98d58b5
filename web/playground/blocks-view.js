// The Blocks view: a block of values quantized to a block-scaled format (OCP MX, NVIDIA NVFP4). The module (the
// core) quantizes; this view draws: the values (typed, or generated from a distribution with a seed), amax, the
// shared scale and its bits, each element's scaled value, code, rounding and error, the block's statistics, the
// representable values at this scale on a number line, and the same values under every format and scale mode.
// The side-by-side rows come from the bulk kernels (blocks-compute.js), in a worker for large inputs
// (blocks-runner.js, with progress and Cancel); elements are asked of the module, and drawn, a page of blocks at
// a time as the page nears them, so no keystroke waits for thousands of blocks.
import { t } from './strings.js';
import { LINK_LIMIT, linkHolds } from './state.js';
import { splitValues, fixed2, summarize } from './blocks-compute.js';
import { BlocksRunner } from './blocks-runner.js';
import { StoredBlocksPanel } from './stored-blocks-panel.js';

const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';

export const DISTRIBUTIONS = ['normal', 'laplace', 'uniform', 'outlier', 'equal', 'tiny'];

// mulberry32 (a public-domain 32-bit generator): the same seed gives the same block on every machine.
function stream(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** `count` values drawn from a distribution, as short decimal text (they go into the values field and the link). */
export function generatedValues(kind, count, seed) {
  const next = stream(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  const draw = {
    normal,
    laplace: () => { const u = next() - 0.5; return -Math.sign(u) * Math.log(1 - 2 * Math.abs(u)); },
    uniform: () => 2 * next() - 1,
    outlier: normal,
    equal: () => 0.7,
    tiny: () => normal() * 1e-6,
  }[kind];
  const values = Array.from({ length: count }, draw);
  if (kind === 'outlier') values[Math.floor(next() * count)] = 40 * (next() < 0.5 ? -1 : 1);
  return values.map((v) => String(Number(v.toPrecision(4))));
}

const svg = (name, attrs) => {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
};
const cell = (row, text, className) => {
  const td = document.createElement('td');
  td.textContent = text;
  if (className) td.className = className;
  row.append(td);
  return td;
};
// A number as text that reads back as it, -0 included (String(-0) is '0').
const exact = (v) => (Object.is(v, -0) ? '-0' : String(v));

// Beyond this many values the rows are computed in the worker: 512 values' 25 rows take a few ms on the page,
// which keeps small blocks drawn in the same frame as the keystroke (tests/bench/blocks_typing_bench.mjs
// measures typing at 1 000 and 10 000).
const OFF_THREAD_VALUES = 512;
// Elements drawn per page of blocks (whole blocks, at least one): quantizeDetail makes an object per element,
// so one page is one short task.
const PAGE_VALUES = 32;

// Runs f and records its time as a User Timing measure (`typelattice-blocks-*`), so a profile or
// tests/bench/blocks_typing_bench.mjs can tell the view's own work from the rest of a task.
function timed(name, f) {
  const start = performance.now();
  try {
    return f();
  } finally {
    performance.measure(`typelattice-blocks-${name}`, { start });
  }
}

export class BlocksView {
  constructor(app) {
    this.app = app;
    this.tl = app.tl;
    this.formats = this.tl.blockFormats();
    this.byName = new Map(this.formats.map((f) => [f.name, f]));
    this.shown = null;
    this.computed = null;  // { text, tensorScale, inputs, rows, tensorScales } of the values last read
    this.wanted = null;    // { f, scaleMode, text }: what the worker's answer is drawn for
    this.pages = null;     // { f, scaleMode, tensorScale, inputs, next }: the blocks drawn so far
    this.token = 0;        // the latest worker job; older ones' answers are dropped
    this.reading = null;   // the text the worker is reading
    this.runner = new BlocksRunner();
    this.stored = new StoredBlocksPanel(app);   // the values as bitsandbytes, ggml and GPTQ store them
    this.observer = typeof IntersectionObserver === 'function'
      ? new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) timed('page', () => this.#drawPage());
      },
                                 { rootMargin: '800px 0px' })
      : null;
    const formatSelect = $('block-format-select');
    formatSelect.replaceChildren(...this.formats.map((f) => new Option(f.name, f.name)));
    formatSelect.addEventListener('change', (e) => {
      const f = this.byName.get(e.target.value);
      const scale = f.scaleModes.includes(this.app.state.scale) ? this.app.state.scale : '';
      this.app.set({ blockFormat: f.name, scale });
    });
    $('block-scale-mode-select').addEventListener('change', (e) => {
      const f = this.byName.get(this.app.state.blockFormat);
      this.app.set({ scale: e.target.value === f.defaultScaleMode ? '' : e.target.value });
    });
    $('block-tensor-scale').addEventListener('change', (e) => this.app.set({ tensorScale: e.target.checked }));
    $('block-values').addEventListener('input', (e) => this.app.set({ values: e.target.value }, 'type'));
    $('block-generate').addEventListener('click', () => {
      const count = Math.min(64, Math.max(1, Math.trunc(Number($('block-count').value)) || 1));
      const seed = Math.max(0, Math.trunc(Number($('block-seed').value)) || 0);
      this.app.set({ values: generatedValues($('block-distribution').value, count, seed).join(',') });
    });
    // A scale bit opens the scale's code in the Bits view (E8M0 or E4M3), where every bit can be flipped.
    $('view-blocks').addEventListener('click', (e) => {
      const bit = e.target.closest('[data-scale-code]');
      if (bit) this.app.set({ view: 'bits', format: bit.dataset.scaleFormat, code: Number(bit.dataset.scaleCode), value: '' });
      const row = e.target.closest('tr[data-format]');
      if (row) this.app.set({ blockFormat: row.dataset.format, scale: row.dataset.default === 'true' ? '' : row.dataset.mode });
    });
    this.relabel();
  }

  relabel() {
    this.stored?.relabel();
    this.shown = null;
    this.pages = null;  // the blocks and the table drawn are in the old language: drawn again
    $('block-compare').replaceChildren();
    $('block-distribution').replaceChildren(...DISTRIBUTIONS.map((d) => new Option(t(`blocks.dist.${d}`), d)));
  }

  render(s) {
    timed('render', () => this.#render(s));
    this.stored.show(s, this.computed?.text === s.values ? this.computed.inputs : null);
  }

  #render(s) {
    const key = JSON.stringify([s.blockFormat, s.scale, s.tensorScale, s.values, s.lang]);
    if (key === this.shown) return;
    this.shown = key;
    const f = this.byName.get(s.blockFormat);
    const scaleMode = s.scale || f.defaultScaleMode;
    $('block-format-select').value = f.name;
    const modes = $('block-scale-mode-select');
    modes.replaceChildren(...f.scaleModes.map((m) => new Option(m, m)));
    modes.value = scaleMode;
    $('block-tensor-scale-label').hidden = !f.takesTensorScale;
    $('block-tensor-scale').checked = s.tensorScale;
    $('block-format-facts').textContent = t('blocks.facts', {
      size: f.blockSize, element: f.elementFormat ?? t('blocks.int8'), scale: f.scaleFormat, bits: f.bitsPerElement,
    });
    const field = $('block-values');
    if (field.value !== s.values) field.value = s.values;
    // Values too long for a link stay in the field and the tab (state.js, `held=`); the page says so.
    const note = $('block-values-link');
    note.hidden = linkHolds(s, 'values');
    note.textContent = note.hidden ? '' : t('blocks.linkTooLong', { n: s.values.length, limit: LINK_LIMIT });
    let words;
    try {
      words = splitValues(s.values);
    } catch (e) {
      this.#stopWorker();
      this.#refuse(e.message);
      return;
    }
    this.wanted = { f, scaleMode, text: s.values };
    const ready = this.computed?.text === s.values && this.computed.tensorScale === s.tensorScale;
    if (!words.length || ready || words.length <= OFF_THREAD_VALUES) this.#stopWorker();
    if (!words.length) {
      this.#refuse(t('blocks.noValues'));
    } else if (ready) {
      this.#draw();
    } else if (words.length > OFF_THREAD_VALUES) {
      this.#readOffThread(s.values, s.tensorScale, words.length);
    } else {
      try {
        this.computed = { text: s.values, tensorScale: s.tensorScale,
                          ...summarize(this.tl, words, this.formats, s.tensorScale) };
      } catch (e) {
        this.#refuse(e.message);
        return;
      }
      this.#draw();
    }
  }

  // The typed text stays as it is; the last good drawing stays under the message.
  #refuse(message) {
    $('block-values-error').textContent = message;
    $('block-values-error').hidden = false;
    $('block-values').setAttribute('aria-invalid', 'true');
  }

  // The wanted format and mode, of the values computed: the side-by-side table, then the first page of blocks.
  #draw() {
    const { f, scaleMode } = this.wanted;
    $('block-values-error').hidden = true;
    $('block-values').removeAttribute('aria-invalid');
    this.#compare(this.computed.rows, f.name, scaleMode);
    const { inputs } = this.computed;
    // nvfp4's tensor scale is the whole input's (its summary's), so that each page quantizes as the whole does.
    const tensorScale = this.computed.tensorScales[f.name] ?? false;
    const kept = this.#unchangedBlocks(f, scaleMode, tensorScale, inputs);
    this.pages = { f, scaleMode, tensorScale, inputs, next: kept * f.blockSize };
    this.observer?.disconnect();
    const details = $('block-details');
    details.querySelector('.block-more')?.remove();
    while (details.children.length > kept) details.lastElementChild.remove();
    if (kept) this.#more();
    else this.#drawPage();
    this.stored.show(this.app.state, inputs);
  }

  // How many of the blocks drawn (from the first) show the same values under the same format, mode and tensor
  // scale: they stay as they are, so typing at the end of a long list redraws none of the blocks above (a
  // block's detail depends only on its own values and the tensor scale).
  #unchangedBlocks(f, scaleMode, tensorScale, inputs) {
    const old = this.pages;
    if (!old || old.f !== f || old.scaleMode !== scaleMode || old.tensorScale !== tensorScale) return 0;
    const before = new Uint32Array(old.inputs.buffer, old.inputs.byteOffset, old.inputs.length);
    const now = new Uint32Array(inputs.buffer, inputs.byteOffset, inputs.length);
    let blocks = 0;
    for (let start = 0; start < old.next; start += f.blockSize, ++blocks) {
      const end = start + f.blockSize;
      if (Math.min(end, before.length) !== Math.min(end, now.length)) break;
      let same = true;
      for (let i = start; i < Math.min(end, now.length) && same; ++i) same = before[i] === now[i];
      if (!same) break;
    }
    return blocks;
  }

  // The next page of blocks in full (the module's quantizeDetail of just those values: blocks are independent),
  // then a marker that draws the page after it when it comes near the viewport, or at a click.
  #drawPage() {
    const pages = this.pages;
    if (!pages || pages.next >= pages.inputs.length) return;
    const { f, scaleMode, tensorScale, inputs } = pages;
    const start = pages.next;
    const end = Math.min(inputs.length, start + Math.max(1, Math.floor(PAGE_VALUES / f.blockSize)) * f.blockSize);
    const detail = this.tl.quantizeDetail(inputs.subarray(start, end), f.name, { scaleMode, tensorScale });
    pages.next = end;
    const details = $('block-details');
    details.querySelector('.block-more')?.remove();
    this.observer?.disconnect();
    details.append(...detail.blocks.map((b, i) => this.#block(f, detail, b, start / f.blockSize + i)));
    this.#more();
  }

  // After the blocks drawn, while some are not: how many are shown, a button for the next page, and the
  // marker the observer watches.
  #more() {
    const { f, inputs, next: end } = this.pages;
    const details = $('block-details');
    if (end < inputs.length) {
      const more = document.createElement('p');
      more.className = 'block-more hint';
      const button = Object.assign(document.createElement('button'), { type: 'button', className: 'small',
        textContent: t('blocks.more') });
      button.addEventListener('click', () => this.#drawPage());
      more.append(t('blocks.shown', { blocks: end / f.blockSize, count: Math.ceil(inputs.length / f.blockSize) }),
                  ' ', button);
      details.append(more);
      this.observer?.observe(more);
    }
  }

  // Large inputs are read and summarized in the worker, with progress and Cancel; the last drawing stays until
  // the answer comes.
  #readOffThread(text, tensorScale, count) {
    const reading = `${tensorScale}:${text}`;
    if (this.reading === reading) return;  // its answer is drawn for the format and mode wanted then
    this.reading = reading;
    const token = ++this.token;
    const status = $('block-progress');
    const label = document.createElement('span');
    label.textContent = t('blocks.phase.loading');
    const cancel = Object.assign(document.createElement('button'), { type: 'button', className: 'small',
      id: 'block-cancel', textContent: t('blocks.cancel') });
    cancel.addEventListener('click', () => this.runner.cancel());
    status.replaceChildren(label, ' ', cancel);
    status.hidden = false;
    const say = (m) => {
      if (token === this.token && m.phase === 'quantizing') {
        label.textContent = t('blocks.phase.quantizing', { count, done: m.done, total: m.total });
      }
    };
    this.runner.run({ text, tensorScale }, say).then((result) => {
      if (token !== this.token) return;
      this.reading = null;
      status.hidden = true;
      this.computed = { text, tensorScale, ...result };
      timed('draw', () => this.#draw());
    }, (e) => {
      if (token !== this.token || e.reason === 'superseded') return;
      this.reading = null;
      this.shown = null;  // the same state asked again computes again
      if (e.reason === 'cancelled') {
        status.textContent = t('blocks.cancelled');
      } else {
        status.hidden = true;
        this.#refuse(e.message);
      }
    });
  }

  #stopWorker() {
    ++this.token;
    this.reading = null;
    if (this.runner.busy) this.runner.cancel();
    $('block-progress').hidden = true;
  }

  #block(f, detail, block, index) {
    const box = document.createElement('section');
    box.className = 'block';
    const title = document.createElement('h3');
    title.textContent = t('blocks.blockTitle', { n: index + 1, count: block.elements.length });
    const facts = document.createElement('dl');
    facts.className = 'facts';
    const fact = (label, value, id) => {
      const dt = document.createElement('dt');
      dt.textContent = label;
      const dd = document.createElement('dd');
      dd.className = 'mono';
      if (typeof value === 'string') dd.textContent = value;
      else dd.append(value);
      if (id) dd.id = id;
      facts.append(dt, dd);
    };
    const log2 = Number.isFinite(block.amax) && block.amax > 0 ? Math.log2(block.amax).toFixed(3) : '—';
    fact(t('blocks.amax'), `${block.amax} (log2 ${log2})`);
    const tensor = detail.tensorScale !== 1 ? ` × ${detail.tensorScale}` : '';
    fact(t('blocks.scale'), `${block.scaleHex} = ${block.scale}${tensor}`);
    fact(t('blocks.scaleBits'), this.#scaleBits(f, block, index));
    const st = block.statistics;
    fact(t('blocks.stats'), t('blocks.statsLine', {
      mse: st.mse, sqnr: fixed2(st.sqnrDb), max: st.maxAbsError, saturated: st.saturated, flushed: st.flushed,
      bits: st.bitsPerElement,
    }));
    const line = this.#numberLine(f, detail, block);
    const table = document.createElement('table');
    table.className = 'data block-elements';
    const head = table.createTHead().insertRow();
    for (const k of ['index', 'input', 'scaled', 'code', 'element', 'dequantized', 'error', 'rounding', 'flags']) {
      const th = document.createElement('th');
      th.textContent = t(`blocks.col.${k}`);
      head.append(th);
    }
    const body = table.createTBody();
    block.elements.forEach((e, i) => {
      const n = index * f.blockSize + i;
      const row = body.insertRow();
      row.dataset.element = String(n);
      row.dataset.code = String(e.code);
      row.dataset.dequantized = exact(e.dequantized);
      const amax = Math.abs(e.input) === block.amax;
      if (amax) row.classList.add('amax');
      cell(row, String(n));
      const input = cell(row, e.inputText);
      if (amax) input.append(Object.assign(document.createElement('span'), { className: 'badge', textContent: 'amax' }));
      cell(row, exact(e.scaled));
      cell(row, `${e.codeHex} ${e.code.toString(2).padStart(f.elementBits, '0')}`);
      cell(row, exact(e.value));
      cell(row, exact(e.dequantized));
      cell(row, exact(e.error));
      cell(row, `${{ up: '↑', down: '↓', exact: '=' }[e.direction]} ${t(`blocks.dir.${e.direction}`)}`);
      cell(row, [e.saturated && t('blocks.saturated'), e.flushed && t('blocks.flushed')].filter(Boolean).join(', '),
           e.saturated || e.flushed ? 'error' : '');
    });
    const scroll = document.createElement('div');
    scroll.className = 'scroll';
    scroll.append(table);
    box.append(title, facts, line, scroll);
    return box;
  }

  #scaleBits(f, block, index) {
    const layout = this.tl.layout(f.scaleFormat, block.scaleCode);
    const bits = document.createElement('div');
    bits.className = 'bits scale-bits';
    if (index === 0) bits.id = 'block-scale';
    bits.dataset.code = String(block.scaleCode);
    bits.dataset.format = f.scaleFormat;
    for (const field of layout.fields) {
      for (let n = field.highBit; n >= field.lowBit; --n) {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = `bit field-${field.name}`;
        const on = (block.scaleCode >>> n) & 1;
        b.setAttribute('aria-pressed', on ? 'true' : 'false');
        b.dataset.bit = String(n);
        b.dataset.scaleCode = String(block.scaleCode);
        b.dataset.scaleFormat = f.scaleFormat;
        b.title = t('blocks.scaleBitTitle', { n, field: t(`field.${field.name}`), format: f.scaleFormat });
        const digit = Object.assign(document.createElement('span'), { className: 'bit-digit', textContent: String(on) });
        b.append(digit, Object.assign(document.createElement('small'), { textContent: String(n) }));
        bits.append(b);
      }
    }
    const formula = Object.assign(document.createElement('span'),
      { className: 'hint mono', textContent: layout.formula || layout.exactValue });
    const wrap = document.createElement('div');
    wrap.className = 'scale-row';
    wrap.append(bits, formula);
    return wrap;
  }

  // The values this block can take (every code at its scale, from the module's dequantize) on a line, with the
  // inputs above it and a tick from each input down to its dequantized value.
  #numberLine(f, detail, block) {
    const codes = Uint8Array.from({ length: 2 ** f.elementBits }, (_, i) => i);
    const scales = new Uint8Array(Math.ceil(codes.length / f.blockSize)).fill(block.scaleCode);
    const grid = Array.from(this.tl.dequantizeBlocks({ scales, codes }, f.name, { tensorScale: detail.tensorScale }))
      .filter(Number.isFinite);
    const figure = svg('svg', { viewBox: '0 0 1000 90', class: 'number-line', role: 'img',
      'aria-label': t('blocks.lineLabel', { n: new Set(grid).size }) });
    const inputs = block.elements.map((e) => e.input).filter(Number.isFinite);
    const reach = Math.max(...grid.map(Math.abs), ...inputs.map(Math.abs), Number.MIN_VALUE);
    const x = (v) => 500 + (480 * v) / reach;
    figure.append(svg('line', { x1: 20, x2: 980, y1: 60, y2: 60, class: 'axis' }));
    for (const v of new Set(grid)) figure.append(svg('line', { x1: x(v), x2: x(v), y1: 52, y2: 68, class: 'grid-value' }));
    for (const e of block.elements) {
      if (!Number.isFinite(e.input) || !Number.isFinite(e.dequantized)) continue;
      const kind = e.saturated ? 'saturated' : e.flushed ? 'flushed' : 'input';
      figure.append(svg('line', { x1: x(e.input), x2: x(e.dequantized), y1: 24, y2: 58, class: `link ${kind}` }));
      figure.append(svg('circle', { cx: x(e.input), cy: 20, r: 5, class: kind }));
    }
    for (const v of [-reach, 0, reach]) {
      const label = svg('text', { x: x(v), y: 86, 'text-anchor': v < 0 ? 'start' : v > 0 ? 'end' : 'middle' });
      label.textContent = String(Number(v.toPrecision(4)));
      figure.append(label);
    }
    return figure;
  }

  // The same values under every block format and each of its scale modes: the module's SQNR of each block and
  // of all the values together (per-block figures alone mislead: a format can lose more in its best block and
  // less in all), with nvfp4's tensor scale when it uses one. The
  // rows are kept and only the cells whose text changed are set: at 10 000 values a cell holds thousands of
  // characters, and laying the whole table out again is most of a keystroke's work.
  #compare(rows, current, currentMode) {
    const table = $('block-compare');
    let body = table.tBodies[0];
    const fits = body?.rows.length === rows.length &&
      rows.every((r, i) => body.rows[i].dataset.format === r.format && body.rows[i].dataset.mode === r.mode);
    if (!fits) {
      table.replaceChildren();
      const head = table.createTHead().insertRow();
      for (const k of ['format', 'mode', 'scales', 'sqnr', 'whole', 'saturated', 'flushed', 'bits']) {
        const th = document.createElement('th');
        th.textContent = t(`blocks.cmp.${k}`);
        head.append(th);
      }
      body = table.createTBody();
    }
    rows.forEach((r, i) => {
      const row = fits ? body.rows[i] : body.insertRow();
      Object.assign(row.dataset, { format: r.format, mode: r.mode, default: String(r.isDefault),
                                   wholeSqnr: String(r.wholeSqnr) });
      row.classList.toggle('current', r.format === current && r.mode === currentMode);
      const scales = r.tensorScale === null ? r.scales : t('blocks.withTensorScale', { scales: r.scales, t: r.tensorScale });
      [r.format, r.mode, scales, r.sqnr, fixed2(r.wholeSqnr), String(r.saturated), String(r.flushed),
       String(r.bits)].forEach((text, c) => {
        if (!fits) cell(row, text);
        else if (row.cells[c].textContent !== text) row.cells[c].textContent = text;
      });
    });
  }
}
