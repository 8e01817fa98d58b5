// The Bits view: one format's bit layout (one toggle per bit), the exact decoded value and its neighbours,
// a grid of the format's codes by category, casting a typed value into this and every other format.
import { t } from './strings.js';
import { formatCard } from './format-card.js';
import { castFacts, destinations, fillRoundMenu, modeCasts, modeResults, viewedMode } from './rounding-panel.js';
import { castStrip } from './cast-strip.js';
import { stochasticPanel } from './stochastic-panel.js';
import { fillFormatMenu, showDefinition, wireFormatEditor } from './format-editor.js';

const $ = (id) => document.getElementById(id);

// The saturating cast table of ONNX's "Float stored in 8 bits" notes (onnx.ai/onnx/technical/float8.html) for
// ±Inf; shown beside the module's answer because the code follows ONNX's backend test data instead (see the note in the view).
const SEED_SATURATING_INF = {
  float8_e4m3fn: ['FLT_MAX', '-FLT_MAX'],
  float8_e4m3fnuz: ['NaN', 'NaN'],
  float8_e5m2: ['FLT_MAX', '-FLT_MAX'],
  float8_e5m2fnuz: ['NaN', 'NaN'],
};

// A number for reading, not for computing: 6 significant digits.
const short = (v) => (v === 0 ? '0' : Math.abs(v) >= 1e-4 && Math.abs(v) < 1e6 ? String(Number(v.toPrecision(6))) : v.toExponential(5));
const hex = (code, bits) => `0x${code.toString(16).toUpperCase().padStart(Math.ceil(bits / 4), '0')}`;

export class BitsView {
  constructor(app) {
    this.app = app;
    this.tl = app.tl;
    this.formats = this.tl.formats();
    this.byName = new Map(this.formats.map((f) => [f.name, f]));
    this.categoryCache = new Map();
    this.builtFor = null;
    this.gridFor = null;   // `${format}:${page}` of the grid on screen
    this.p3109 = this.tl.formats('p3109');
    for (const f of this.p3109) this.byName.set(f.name, f);
    this.menuFor = null;   // the defined format the menu lists ('' none; null: to be filled)
    const sel = $('format-select');
    sel.addEventListener('change', (e) => this.app.set({ format: e.target.value, code: null }));
    wireFormatEditor(document, this.tl, (name) => this.app.set({ format: name, code: null }));
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

  relabel() { this.builtFor = null; this.gridFor = null; this.cardsFor = null; this.menuFor = null; }

  // Built-in and P3109 formats are listed up front; a defined one (from the editor or a link) is read on first use.
  #format() {
    const name = this.app.state.format;
    if (!this.byName.has(name)) {
      try { this.byName.set(name, this.tl.formatInfo(name)); } catch { return this.formats[0]; }
    }
    return this.byName.get(name);
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
    if (this.builtFor !== f.name) {
      this.#buildBits(f);
      this.#facts(f);
      fillRoundMenu(document, $('round-select'), f);
      this.builtFor = f.name;
    }
    // The mode in effect: the chosen one where this format has it, else the format's default (listed first).
    $('round-select').value = viewedMode(f, state.round) ?? f.roundModes[0] ?? '';
    $('round-select').disabled = f.roundModes.length === 0;
    let cast = null;
    let castError = null;
    if (state.value) {
      try {
        cast = this.tl.castValue(f.name, state.value, this.#castOptions(state, f));
      } catch (e) {
        castError = e.message;
      }
    }
    let code = state.code ?? (cast ? cast.code : 0);
    if (code < 0 || code >= 2 ** f.totalBits) code = 0;
    this.current = code;
    // Wider formats show the 256 codes that share all but the current code's low byte: the grid follows it.
    const page = f.codeBytes > 1 ? Math.floor(code / 256) : 0;
    if (this.gridFor !== `${f.name}:${page}`) {
      this.#buildGrid(f, page);
      this.gridFor = `${f.name}:${page}`;
    }
    this.#showCode(f, code);
    this.#showCast(f, state, cast, castError);
    this.#showAll(state);
    this.#saturationNote(f);
    this.#cards(f, state.vs);
  }

  // The format's card, and beside it the card of the format chosen in "Compare with".
  #cards(f, vs) {
    const other = vs && vs !== f.name ? this.byName.get(vs) : null;
    $('compare-format').value = other ? other.name : '';
    const key = `${f.name}|${other ? other.name : ''}`;
    if (this.cardsFor === key) return;
    this.cardsFor = key;
    const box = $('format-cards');
    box.replaceChildren(formatCard(document, this.tl, f));
    if (other) box.append(formatCard(document, this.tl, other));
    box.classList.toggle('two', !!other);
  }

  #facts(f) {
    // Every fact from the module's data: a format without subnormals (E8M0) says so instead of naming one.
    $('format-facts').textContent = t('bits.facts', { bits: f.totalBits, e: f.exponentBits, m: f.mantissaBits,
      bias: f.bias, max: powerOfTwo(f.max), minNormal: powerOfTwo(f.minNormal),
      minSub: f.hasSubnormals ? powerOfTwo(f.minSubnormal) : t('bits.none') });
  }

  #buildBits(f) {
    const layout = this.tl.layout(f.name, 0);
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

  #showCode(f, code) {
    const layout = this.tl.layout(f.name, code);
    for (const b of $('bit-layout').querySelectorAll('[data-bit]')) {
      const n = Number(b.dataset.bit);
      const on = (code >>> n) & 1;
      b.querySelector('.bit-digit').textContent = String(on);
      b.setAttribute('aria-pressed', on ? 'true' : 'false');
      b.setAttribute('aria-label', t('bits.bitLabel', { n, field: t(`field.${b.dataset.field}`), value: on }));
    }
    $('bit-value').textContent = layout.exactValue;
    $('bit-shortest').textContent = this.tl.shortestDecimal(f.name, code) || '—';   // the core's: casts back to this code
    $('bit-value').dataset.category = layout.category;
    const binary = layout.fields.map((fl) => fl.raw.toString(2).padStart(fl.highBit - fl.lowBit + 1, '0')).join(' ');
    $('bit-code').textContent = `${hex(code, f.totalBits)} = ${binary}`;
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
    for (const [dir, other] of [['down', layout.nextDown], ['up', layout.nextUp]]) {
      if (other === null || other === undefined) continue;
      const o = this.tl.layout(f.name, other);
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'link';
      b.textContent = `${dir === 'down' ? '↓' : '↑'} ${hex(other, f.totalBits)} = ${o.exactValue}`;
      b.addEventListener('click', () => this.app.set({ code: other }));
      nb.append(b, ' ');
      if (Number.isFinite(layout.value)) spacing.push(`${t(`bits.${dir}`)} ${powerOfTwo(Math.abs(o.value - layout.value))}`);
    }
    $('bit-spacing').textContent = spacing.join(', ') || '—';
    for (const cell of $('code-grid').querySelectorAll('[data-code]')) {
      cell.classList.toggle('current', Number(cell.dataset.code) === code);
    }
  }

  // The codes a grid shows: all of them for <= 8 bits; for wider formats the 256 codes page * 256 + 0x00..0xFF
  // (0xPP00..0xPPFF for 16 bits, 0xPPPPPP00..0xPPPPPPFF for float32).
  #gridCodes(f, page) {
    if (f.codeBytes === 1) return Array.from({ length: 2 ** f.totalBits }, (_, i) => i);
    return Array.from({ length: 256 }, (_, i) => page * 256 + i);
  }

  #buildGrid(f, page) {
    const key = `${f.name}:${page}`;
    if (!this.categoryCache.has(key)) {
      this.categoryCache.set(key, this.#gridCodes(f, page).map((c) => {
        const l = this.tl.layout(f.name, c);
        return { code: c, category: l.category, value: l.exactValue };
      }));
    }
    const grid = $('code-grid');
    grid.replaceChildren();
    const cols = Math.min(16, 2 ** f.totalBits);
    grid.style.setProperty('--cols', String(cols));
    grid.style.setProperty('--label-chars', String(Math.ceil(f.totalBits / 4) + 2));   // "0x" and the row's digits
    const cells = this.categoryCache.get(key);
    // Column labels are a hex digit, row labels the rest of the code (row 0x7_, column E: 0x7E; for 16-bit
    // formats row 0x3F8_, column 0: 0x3F80; for float32 row 0x3F80000_).
    const head = document.createElement('div');
    head.className = 'grid-row grid-head';
    head.setAttribute('aria-hidden', 'true');
    head.append(document.createElement('span'));
    for (let c = 0; c < cols; ++c) {
      const s2 = document.createElement('span');
      s2.textContent = c.toString(16).toUpperCase();
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
      label.textContent = hex(cells[r].code, f.totalBits).replace(/.$/, '_');
      row.append(label);
      for (const c of cells.slice(r, r + 16)) {
        const b = document.createElement('button');
        b.type = 'button';
        b.setAttribute('role', 'gridcell');
        b.className = `code-cell cat-${c.category}`;
        b.dataset.code = String(c.code);
        b.title = `${hex(c.code, f.totalBits)} = ${c.value} (${t(`cat.${c.category}`)})`;
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
      note.textContent = t('bits.gridHigh', { prefix: hex(page * 256, f.totalBits).replace(/..$/, '__') });
      $('grid-legend').append(note);
    }
  }

  #showCast(f, state, cast, error) {
    const box = $('cast-result');
    box.replaceChildren();
    box.classList.toggle('error', !!error);
    if (error) { box.textContent = error; return; }
    if (!cast) return;
    const line = document.createElement('p');
    line.className = 'mono big-line';
    line.textContent = t('bits.castCode', { input: cast.input, code: hex(cast.code, f.totalBits),
      value: cast.exactValue, category: t(`cat.${cast.category}`) });
    const sat = document.createElement('p');
    sat.className = cast.saturated ? 'warn' : 'hint';
    sat.textContent = cast.saturated ? t('bits.saturated') : t('bits.notSaturated');
    box.append(line, sat);
    if (cast.roundingInterval) {
      const iv = document.createElement('p');
      iv.className = 'mono';
      const { low, high, lowInclusive, highInclusive } = cast.roundingInterval;
      iv.textContent = t('bits.interval', { range: `${lowInclusive === false ? '(' : '['}${low}, ${high}${highInclusive === false ? ')' : ']'}` });
      box.append(iv);
    }
    if (cast.error !== null) {
      const err = document.createElement('p');
      err.id = 'cast-error';
      err.className = 'mono';
      err.textContent = t('bits.castError', { abs: short(Math.abs(cast.error)),
        rel: cast.relativeError === null ? '—' : `${short(Math.abs(cast.relativeError) * 100)} %`,
        dir: cast.error > 0 ? t('bits.roundedUp') : cast.error < 0 ? t('bits.roundedDown') : t('bits.exact') });
      box.append(err);
    }
    const facts = castFacts(document, cast);
    if (facts) box.append(facts);
    const options = this.#castOptions(state, f);
    const perMode = modeCasts(this.tl, f, state.value, options, cast);
    const strip = castStrip(document, this.tl, f, cast, destinations(perMode));
    if (strip) box.append(strip);
    const sr = stochasticPanel(document, this.tl, f, state, options, cast, (change) => this.app.set(change));
    if (sr) box.append(sr);
    const modes = modeResults(document, f, options, cast, perMode);
    if (modes) box.append(modes);
  }

  #showAll(state) {
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
    for (const f of this.formats) {
      const tr = document.createElement('tr');
      tr.dataset.format = f.name;
      if (f.name === state.format) tr.classList.add('current');
      let cells;
      try {
        const r = this.tl.castValue(f.name, state.value, this.#castOptions(state, f));
        tr.dataset.code = String(r.code);
        // Out of range at either end, as clearly as the other: clipped to ±max, or flushed below the smallest value.
        const range = r.saturated ? t('bits.rangeSaturated') : r.underflow === 'zero' ? t('bits.rangeToZero')
          : r.underflow === 'nonzero' ? t('bits.rangeToNonzero') : t('bits.no');
        tr.dataset.range = r.saturated ? 'saturated' : r.underflow ? `underflow-${r.underflow}` : 'in-range';
        const error = r.error === null ? '—' : `${short(r.error)}${r.relativeError === null ? ''
          : ` (${short(r.relativeError * 100)} %)`}`;
        cells = [f.name, hex(r.code, f.totalBits), r.exactValue, t(`cat.${r.category}`), range, error];
        tr.classList.add(`cat-row-${r.category}`);
        if (r.saturated || r.underflow) tr.classList.add('out-of-range');
      } catch (e) {
        cells = [f.name, '', e.message, '', '', ''];
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

  #saturationNote(f) {
    const box = $('saturation-note');
    box.replaceChildren();
    const h = document.createElement('h3');
    h.textContent = t('sat.title');
    const p = document.createElement('p');
    p.textContent = t('sat.body');
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
        const r = this.tl.castValue(name, input, { saturate: true, input: 'decimal' });
        const tr = document.createElement('tr');
        if (name === f.name) tr.classList.add('current');
        const ours = `${hex(r.code, fmt.totalBits)} = ${r.exactValue}`;
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
