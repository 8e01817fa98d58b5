// The Bits view: one format's bit layout (one toggle per bit), the exact decoded value and its neighbours,
// a grid of the format's codes by category, casting a typed value into this and every other format. The format
// is a handle (tl.format): a render asks it once (explore, or describeCode without a value); hex is the core's.
import { t } from './strings.js';
import { formatCard } from './format-card.js';
import { castFacts, destinations, fillRoundMenu, modeResults, viewedMode } from './rounding-panel.js';
import { castStrip } from './cast-strip.js';
import { stochasticPanel } from './stochastic-panel.js';
import { fillFormatMenu, showDefinition, wireFormatEditor } from './format-editor.js';
import { carryCast, castRange, short, showCarryNote, showComparison } from './format-carry.js';

const $ = (id) => document.getElementById(id);

// The saturating cast table of ONNX's "Float stored in 8 bits" notes (onnx.ai/onnx/technical/float8.html) for
// ±Inf; shown beside the module's answer because the code follows ONNX's backend test data instead (see the note in the view).
const SEED_SATURATING_INF = {
  float8_e4m3fn: ['FLT_MAX', '-FLT_MAX'],
  float8_e4m3fnuz: ['NaN', 'NaN'],
  float8_e5m2: ['FLT_MAX', '-FLT_MAX'],
  float8_e5m2fnuz: ['NaN', 'NaN'],
};

// Format handles kept at once: the most recently used; an older one is deleted (never one a render still holds).
const HANDLES_KEPT = 16;

export class BitsView {
  constructor(app) {
    this.app = app;
    this.tl = app.tl;
    this.formats = this.tl.formats();
    this.byName = new Map(this.formats.map((f) => [f.name, f]));
    this.categoryCache = new Map();
    this.handles = new Map();   // format name -> handle, least recently used first
    this.builtFor = null;
    this.gridFor = null;   // `${format}:${page}` of the grid on screen
    this.p3109 = this.tl.formats('p3109');
    for (const f of this.p3109) this.byName.set(f.name, f);
    this.menuFor = null;   // the defined format the menu lists ('' none; null: to be filled)
    const sel = $('format-select');
    this.carried = null;   // the value the last format switch kept (#carry-note)
    sel.addEventListener('change', (e) => this.#switchFormat(e.target.value));
    wireFormatEditor(document, this.tl, (name) => this.#switchFormat(name));
    for (const f of this.formats) {
      const o = document.createElement('option');
      o.value = f.name;
      o.textContent = f.name;
      $('compare-format').append(o);
    }
    $('compare-format').addEventListener('change', (e) => this.app.set({ vs: e.target.value }));
    this.cardsFor = null;
    $('value-input').addEventListener('input', (e) => this.app.set({ value: e.target.value.trim(), code: null }, 'type'));
    $('input-kind').addEventListener('change', (e) => this.app.set({ input: e.target.value, code: null }));
    $('saturate-select').addEventListener('change', (e) =>
      this.app.set({ sat: e.target.value === '' ? null : e.target.value === '1', code: null }));
    $('round-select').addEventListener('change', (e) => this.app.set({ round: e.target.value, code: null }));
    const layout = $('bit-layout');
    layout.addEventListener('click', (e) => {
      const b = e.target.closest('[data-bit]');
      if (b) this.#flip(Number(b.dataset.bit));
    });
    layout.addEventListener('keydown', (e) => {
      const b = e.target.closest('[data-bit]');
      const step = { ArrowLeft: 1, ArrowRight: -1 }[e.key];   // msb is on the left
      if (!b || !step) return;
      const next = layout.querySelector(`[data-bit="${Number(b.dataset.bit) + step}"]`);
      if (next) { e.preventDefault(); next.focus(); }
    });
    $('code-grid').addEventListener('click', (e) => {
      const cell = e.target.closest('[data-code]');
      if (cell) this.app.set({ code: Number(cell.dataset.code) });
    });
    // The grid is one tab stop; arrow keys move between codes, Enter or Space loads one.
    $('code-grid').addEventListener('keydown', (e) => {
      const cell = e.target.closest('[data-code]');
      const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 16, ArrowUp: -16 }[e.key];
      if (!cell || !step) return;
      const cells = [...$('code-grid').querySelectorAll('[data-code]')];
      const next = cells[cells.indexOf(cell) + step];
      if (!next) return;
      e.preventDefault();
      cell.tabIndex = -1;
      next.tabIndex = 0;
      next.focus();
    });
    $('cast-all').addEventListener('click', (e) => {
      const row = e.target.closest('tr[data-format]');
      if (row) this.app.set({ format: row.dataset.format, code: Number(row.dataset.code) });
    });
  }

  relabel() { this.builtFor = null; this.gridFor = null; this.cardsFor = null; this.menuFor = null; this.saturationFor = null; }

  // The handle of a format (its facts and its calls), made on first use.
  #handle(name) {
    let h = this.handles.get(name);
    if (h) {
      this.handles.delete(name);
    } else {
      h = this.tl.format(name);
      if (this.handles.size >= HANDLES_KEPT) {
        const [oldest, old] = this.handles.entries().next().value;
        this.handles.delete(oldest);
        old.delete();
      }
    }
    this.handles.set(name, h);
    return h;
  }

  // The state's format; a name the module does not read (a link's) shows the first built-in format.
  #format() {
    try { return this.#handle(this.app.state.format); } catch { return this.#handle(this.formats[0].name); }
  }

  // The round mode goes only to a format that has it (the core lists them: E8M0's for float8_e8m0fnu).
  #castOptions(state, f) {
    const options = { input: state.input };
    const round = viewedMode(f, state.round);
    if (round) options.round = round;
    if (round === 'stochastic') Object.assign(options, { srNumBits: state.srnumbits, seed: BigInt(state.seed) });
    if (state.sat !== null) options.saturate = state.sat;   // else ONNX Cast's default for the format
    return options;
  }

  // A new format keeps the value: a picked code's exact value is cast into it (a typed value stays the input and
  // is cast as before; with neither, the format opens at its first code). A link's format and code open as given.
  #switchFormat(name) {
    const { state } = this.app;
    let to = null;
    if (!state.value && state.code !== null && this.shown && name !== state.format) {
      try { to = this.#handle(name); } catch { /* a name the module does not read opens as a link's would */ }
    }
    const { cast } = to ? carryCast(this.tl, to, this.shown.exactValue, state.sat) : { cast: null };
    this.carried = cast && { from: this.shown.format, fromHex: this.shown.hex, value: this.shown.exactValue, to: name, cast };
    // Switching to the compared format keeps the comparison: the old format becomes the one compared.
    this.app.set({ format: name, code: cast ? cast.code : null, ...(state.vs === name ? { vs: state.format } : {}) });
  }

  #flip(bit) {
    const code = (this.current ^ (1 << bit)) >>> 0;   // unsigned: float32's sign is bit 31
    this.app.set({ code });
  }

  render(state) {
    const f = this.#format();
    const menu = f.family === 'defined' ? f.name : this.menuFor ?? '';   // a defined format stays listed once used
    if (this.menuFor !== menu) {
      fillFormatMenu(document, $('format-select'), this.formats, this.p3109, f.family === 'defined' ? f : null);
      this.menuFor = menu;
      showDefinition(document, f);
    }
    $('format-select').value = f.name;
    if ($('value-input').value.trim() !== state.value) $('value-input').value = state.value;
    $('input-kind').value = state.input;
    $('saturate-select').value = state.sat === null ? '' : state.sat ? '1' : '0';
    // The code shown: the one picked (a bit, a cell, a link), else the cast's; one that does not fit shows 0.
    const picked = state.code === null ? undefined : state.code >= 0 && state.code < 2 ** f.totalBits ? state.code : 0;
    const options = this.#castOptions(state, f);
    let explored = null;
    let castError = null;
    if (state.value) {
      try {
        explored = f.explore(state.value, { ...options, code: picked,
          draws: options.round === 'stochastic' ? state.draws : 0 });
        castError = explored.message;
      } catch (e) {
        castError = e.message;   // options the core refuses: said where the cast would be
      }
    }
    const shown = explored ? explored.shown : f.describeCode(picked ?? 0);
    if (this.builtFor !== f.name) {
      this.#buildBits(f, shown);
      this.#facts(f);
      fillRoundMenu(document, $('round-select'), f);
      this.builtFor = f.name;
    }
    // The mode in effect: the chosen one where this format has it, else the format's default (listed first).
    $('round-select').value = viewedMode(f, state.round) ?? f.roundModes[0] ?? '';
    $('round-select').disabled = f.roundModes.length === 0;
    this.current = shown.code;
    this.shown = { format: f.name, hex: shown.hex, exactValue: shown.exactValue, code: shown.code };
    showCarryNote(document, $('carry-note'), this.carried, f, state);
    // Wider formats show the 256 codes that share all but the current code's low byte: the grid follows it.
    const page = f.codeBytes > 1 ? Math.floor(shown.code / 256) : 0;
    if (this.gridFor !== `${f.name}:${page}`) {
      this.#buildGrid(f, page);
      this.gridFor = `${f.name}:${page}`;
    }
    this.#showCode(shown);
    this.#showCast(f, state, options, explored, castError);
    this.#showAll(state, explored, castError);
    if (this.saturationFor !== f.name) {
      this.#saturationNote(f);
      this.saturationFor = f.name;
    }
    this.#cards(f, state);
  }

  // The format's card, and beside it the card of the format chosen in "Compare with"; with two, each card
  // shows the same code and the same value in its format (the second's open that format there).
  #cards(f, state) {
    const { vs } = state;
    const other = vs && vs !== f.name && this.byName.has(vs) ? this.#handle(vs) : null;
    $('compare-format').value = other ? other.name : '';
    const key = `${f.name}|${other ? other.name : ''}`;
    const box = $('format-cards');
    if (this.cardsFor !== key) {
      this.cardsFor = key;
      box.replaceChildren(formatCard(document, this.tl, f));
      if (other) box.append(formatCard(document, this.tl, other));   // before the next #handle call can delete it
      box.classList.toggle('two', !!other);
    }
    if (!other) return;
    const open = (code) => (code === null ? this.#switchFormat(other.name)
      : this.app.set({ format: other.name, code, vs: f.name }));
    showComparison(document, box, [f, other], this.tl, state, this.shown, (g) => this.#castOptions(state, g), open);
  }

  #facts(f) {
    // Every fact from the module's data: a format without subnormals (E8M0) says so instead of naming one.
    $('format-facts').textContent = t('bits.facts', { bits: f.totalBits, e: f.exponentBits, m: f.mantissaBits,
      bias: f.bias, max: powerOfTwo(f.max), minNormal: powerOfTwo(f.minNormal),
      minSub: f.hasSubnormals ? powerOfTwo(f.minSubnormal) : t('bits.none') });
  }

  // One toggle per bit, grouped by the fields of `layout` (any code's: every code has the same fields).
  #buildBits(f, layout) {
    const box = $('bit-layout');
    box.replaceChildren();
    box.classList.toggle('wide', f.codeBytes > 2);   // float32: narrower bits that wrap
    for (const field of layout.fields) {
      const group = document.createElement('div');
      group.className = `bit-field field-${field.name}`;
      const label = document.createElement('span');
      label.className = 'field-label';
      label.textContent = t(`field.${field.name}`);
      const bits = document.createElement('div');
      bits.className = 'bits';
      for (let n = field.highBit; n >= field.lowBit; --n) {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = `bit field-${field.name}`;
        b.dataset.bit = String(n);
        b.dataset.field = field.name;
        const idx = document.createElement('small');
        idx.textContent = String(n);
        const val = document.createElement('span');
        val.className = 'bit-digit';
        b.append(val, idx);
        bits.append(b);
      }
      group.append(label, bits);
      box.append(group);
    }
  }

  // The code shown (a CodeDescription: its layout, shortest decimal and neighbours).
  #showCode(layout) {
    const { code } = layout;
    for (const b of $('bit-layout').querySelectorAll('[data-bit]')) {
      const n = Number(b.dataset.bit);
      const on = (code >>> n) & 1;
      b.querySelector('.bit-digit').textContent = String(on);
      b.setAttribute('aria-pressed', on ? 'true' : 'false');
      b.setAttribute('aria-label', t('bits.bitLabel', { n, field: t(`field.${b.dataset.field}`), value: on }));
    }
    $('bit-value').textContent = layout.exactValue;
    $('bit-shortest').textContent = layout.shortest || '—';   // the core's: casts back to this code
    $('bit-value').dataset.category = layout.category;
    const binary = layout.fields.map((fl) => fl.raw.toString(2).padStart(fl.highBit - fl.lowBit + 1, '0')).join(' ');
    $('bit-code').textContent = `${layout.hex} = ${binary}`;
    $('bit-category').textContent = t(`cat.${layout.category}`);
    $('bit-category').className = `cat-text cat-${layout.category}`;
    const field = layout.fields.find((fl) => fl.name === 'exponent');
    $('bit-exponent').textContent = layout.unbiasedExponent === null ? '—'
      : t('bits.exponentFields', { e: layout.unbiasedExponent, raw: field.raw, bias: layout.bias });
    $('bit-significand').textContent = layout.significand || '—';
    $('bit-formula').textContent = layout.formula || '—';   // the core's: the value from its fields
    const nb = $('bit-neighbours');
    nb.replaceChildren();
    const spacing = [];
    for (const dir of ['down', 'up']) {
      const o = layout[dir];
      if (o === null) continue;
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'link';
      b.textContent = `${dir === 'down' ? '↓' : '↑'} ${o.hex} = ${o.exactValue}`;
      b.addEventListener('click', () => this.app.set({ code: o.code }));
      nb.append(b, ' ');
      if (Number.isFinite(layout.value)) spacing.push(`${t(`bits.${dir}`)} ${powerOfTwo(Math.abs(o.value - layout.value))}`);
    }
    $('bit-spacing').textContent = spacing.join(', ') || '—';
    for (const cell of $('code-grid').querySelectorAll('[data-code]')) {
      cell.classList.toggle('current', Number(cell.dataset.code) === code);
    }
  }

  // The codes a grid shows: all of them for <= 8 bits; for wider formats the 256 codes page * 256 + 0x00..0xff
  // (0xpp00..0xppff for 16 bits, 0xpppppp00..0xppppppff for float32), from one call.
  #buildGrid(f, page) {
    const key = `${f.name}:${page}`;
    if (!this.categoryCache.has(key)) {
      this.categoryCache.set(key, f.codeBytes === 1 ? f.codes(0, 2 ** f.totalBits) : f.codes(page * 256, 256));
    }
    const grid = $('code-grid');
    grid.replaceChildren();
    const cols = Math.min(16, 2 ** f.totalBits);
    grid.style.setProperty('--cols', String(cols));
    grid.style.setProperty('--label-chars', String(Math.ceil(f.totalBits / 4) + 2));   // "0x" and the row's digits
    const cells = this.categoryCache.get(key);
    // Column labels are a hex digit, row labels the rest of the code (row 0x7_, column e: 0x7e; for 16-bit
    // formats row 0x3f8_, column 0: 0x3f80; for float32 row 0x3f80000_).
    const head = document.createElement('div');
    head.className = 'grid-row grid-head';
    head.setAttribute('aria-hidden', 'true');
    head.append(document.createElement('span'));
    for (let c = 0; c < cols; ++c) {
      const s2 = document.createElement('span');
      s2.textContent = c.toString(16);   // the core's case
      head.append(s2);
    }
    grid.append(head);
    for (let r = 0; r < cells.length; r += 16) {
      const row = document.createElement('div');
      row.setAttribute('role', 'row');
      row.className = 'grid-row';
      const label = document.createElement('span');
      label.className = 'grid-label';
      label.setAttribute('aria-hidden', 'true');
      label.textContent = cells[r].hex.replace(/.$/, '_');
      row.append(label);
      for (const c of cells.slice(r, r + 16)) {
        const b = document.createElement('button');
        b.type = 'button';
        b.setAttribute('role', 'gridcell');
        b.className = `code-cell cat-${c.category}`;
        b.dataset.code = String(c.code);
        b.title = `${c.hex} = ${c.exactValue} (${t(`cat.${c.category}`)})`;
        b.setAttribute('aria-label', b.title);
        b.tabIndex = -1;
        row.append(b);
      }
      grid.append(row);
    }
    grid.querySelector('[data-code]').tabIndex = 0;
    // Only the categories the format has (E8M0: no zero, no subnormals, no Inf).
    const has = { zero: f.hasZero, subnormal: f.hasSubnormals, normal: true, inf: f.hasInf, nan: f.hasNaN };
    $('grid-legend').replaceChildren(...Object.keys(has).filter((cat) => has[cat]).map((cat) => {
      const li = document.createElement('li');
      const sw = document.createElement('span');
      sw.className = `swatch code-cell cat-${cat}`;
      li.append(sw, ` ${t(`cat.${cat}`)}`);
      return li;
    }));
    const note = document.createElement('li');
    if (f.codeBytes > 1) {
      note.textContent = t('bits.gridHigh', { prefix: f.hex(page * 256).replace(/..$/, '__') });
      $('grid-legend').append(note);
    }
  }

  #showCast(f, state, options, explored, error) {
    const box = $('cast-result');
    box.replaceChildren();
    box.classList.toggle('error', !!error);
    if (error) { box.textContent = error; return; }
    if (!explored) return;
    const { cast } = explored;
    const { kind, text } = castRange(f.name, cast);
    const range = Object.assign(paragraph(kind === 'in-range' ? 'hint' : 'warn', text), { id: 'cast-range' });
    range.dataset.range = kind;
    box.append(paragraph('mono big-line', t('bits.castCode', { input: cast.input, code: cast.hex,
      value: cast.exactValue, category: t(`cat.${cast.category}`) })), range);
    if (cast.roundingInterval) {
      const { low, high, lowInclusive, highInclusive } = cast.roundingInterval;
      // Under stochastic rounding the interval holds for this draw's bits only (the facts name them).
      box.append(paragraph('mono', t(options.round === 'stochastic' ? 'bits.intervalDraw' : 'bits.interval',
        { range: `${lowInclusive === false ? '(' : '['}${low}, ${high}${highInclusive === false ? ')' : ']'}` })));
    }
    if (cast.error !== null) {
      const err = paragraph('mono', t('bits.castError', { abs: short(Math.abs(cast.error)),
        rel: cast.relativeError === null ? '—' : `${short(Math.abs(cast.relativeError) * 100)} %`,
        dir: cast.error > 0 ? t('bits.roundedUp') : cast.error < 0 ? t('bits.roundedDown') : t('bits.exact') }));
      err.id = 'cast-error';
      box.append(err);
    }
    const facts = castFacts(document, cast);
    if (facts) box.append(facts);
    // E8M0's up, down and nearest are not directions of one rounding: no modes on its strip, no table of them.
    const perMode = f.isScaleFormat ? [] : explored.modes;
    const pad = getComputedStyle(box);   // the strip is drawn at the box's content width: its text at its own size
    const inner = box.clientWidth - parseFloat(pad.paddingLeft) - parseFloat(pad.paddingRight);
    const strip = castStrip(document, cast, destinations(perMode), inner);
    if (strip) box.append(strip);
    const sr = stochasticPanel(document, f, state, options, cast, explored.samples, (change) => this.app.set(change));
    if (sr) box.append(sr);
    const modes = modeResults(document, f, options, cast, perMode);
    if (modes) box.append(modes);
  }

  // Every built-in format's row: explore's rows, or each with the reason the options were refused.
  #showAll(state, explored, error) {
    const table = $('cast-all');
    table.replaceChildren();
    if (!state.value) return;
    const cap = document.createElement('caption');
    cap.textContent = t('bits.allFormats');
    const head = document.createElement('tr');
    for (const k of ['colFormat', 'colCode', 'colValue', 'colCategory', 'colRange', 'colError']) {
      const th = document.createElement('th');
      th.scope = 'col';
      th.textContent = t(`bits.${k}`);
      head.append(th);
    }
    const thead = document.createElement('thead');
    thead.append(head);
    const body = document.createElement('tbody');
    const rows = explored ? explored.rows : this.formats.map((f) => ({ format: f.name, cast: null, message: error }));
    for (const { format, cast: r, message } of rows) {
      const tr = document.createElement('tr');
      tr.dataset.format = format;
      if (format === state.format) tr.classList.add('current');
      let cells;
      if (r) {
        tr.dataset.code = String(r.code);
        // Out of range at either end (past max, below the smallest value) as castRange says it under the cast.
        const { kind, text } = castRange(format, r);
        const range = kind === 'in-range' ? t('bits.no') : kind === 'overflow-saturated' ? t('bits.rangeSaturated') : text;
        tr.dataset.range = kind === 'overflow-saturated' ? 'saturated' : kind;
        const err = r.error === null ? '—' : `${short(r.error)}${r.relativeError === null ? ''
          : ` (${short(r.relativeError * 100)} %)`}`;
        cells = [format, r.hex, r.exactValue, t(`cat.${r.category}`), range, err];
        tr.classList.add(`cat-row-${r.category}`);
        if (kind !== 'in-range') tr.classList.add('out-of-range');
      } else {
        cells = [format, '', message, '', '', ''];
      }
      for (const text of cells) {
        const td = document.createElement('td');
        td.textContent = text;
        tr.append(td);
      }
      body.append(tr);
    }
    table.append(cap, thead, body);
  }

  // ONNX's table beside the module's saturating casts of ±Inf (each format's facts: saturatedInf).
  #saturationNote(f) {
    const box = $('saturation-note');
    box.replaceChildren();
    const h = document.createElement('h3');
    h.textContent = t('sat.title');
    const p = paragraph('', t('sat.body'));
    const table = document.createElement('table');
    table.className = 'data';
    const head = document.createElement('tr');
    for (const text of [t('bits.colFormat'), t('sat.input'), t('sat.module'), t('sat.seed')]) {
      const th = document.createElement('th');
      th.textContent = text;
      head.append(th);
    }
    table.append(head);
    for (const [name, seed] of Object.entries(SEED_SATURATING_INF)) {
      const fmt = this.byName.get(name);
      if (!fmt) continue;
      ['inf', '-inf'].forEach((input, i) => {
        const r = fmt.saturatedInf[input === 'inf' ? 'plus' : 'minus'];
        const tr = document.createElement('tr');
        if (name === f.name) tr.classList.add('current');
        const ours = `${r.hex} = ${r.exactValue}`;
        if (r.category === 'nan' ? seed[i] !== 'NaN' : seed[i] === 'NaN') tr.classList.add('differs-row');
        for (const text of [name, input === 'inf' ? '+Inf' : '-Inf', ours, seed[i]]) {
          const td = document.createElement('td');
          td.textContent = text;
          tr.append(td);
        }
        table.append(tr);
      });
    }
    const scroll = document.createElement('div');
    scroll.className = 'scroll';
    scroll.append(table);
    box.append(h, p, scroll);
  }
}

// "2^-9" when x is a power of two (exact, and short for tiny values), else the number.
function powerOfTwo(x) {
  const k = Math.log2(x);
  return Number.isInteger(k) ? `2^${k}` : String(x);
}

function paragraph(className, text) {
  const p = document.createElement('p');
  p.className = className;
  p.textContent = text;
  return p;
}
