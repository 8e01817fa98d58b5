// The Bits view: one format's bit layout (one toggle per bit), the exact decoded value and its neighbours,
// a grid of the format's codes by category, casting a typed value into this and every other format. The format
// is a handle (tl.format): a render asks it once (explore, or describeCode without a value); hex is the core's.
import { t } from './strings.js';
import { formatCard } from './format-card.js';
import { castFacts, destinations, fillRoundMenu, modeResults, viewedMode } from './rounding-panel.js';
import { castStrip } from './cast-strip.js';
import { stochasticPanel } from './stochastic-panel.js';
import { fillFormatMenu, showDefinition, wireFormatEditor } from './format-editor.js';
import { carryCast, castRange, powerOfTwo, short, showCarryNote, showComparison } from './format-carry.js';
import { builtinRow, fillCastTable, fillSaturationNote } from './cast-table.js';
import { codeLine, fillBitLayout, showBits } from './bit-layout.js';
import { fillCodeGrid, markCurrentCode } from './code-grid.js';
import { TaperedBits } from './tapered-bits.js';
import { TAPERED_FORMATS } from './parts.js';

const $ = (id) => document.getElementById(id);

// Format handles kept at once: the most recently used; an older one is deleted (never one a render still holds).
const HANDLES_KEPT = 16;

export class BitsView {
  constructor(app) {
    this.app = app;
    this.tl = app.tl;
    this.formats = this.tl.formats();
    this.byName = new Map(this.formats.map((f) => [f.name, f]));
    this.categoryCache = new Map();
    this.tapered = new TaperedBits(this.tl);   // posit8, posit16, hif8: drawn by tapered-bits.js
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
    // A tapered format's neighbours name their code (a minifloat's have their own listeners).
    $('bit-neighbours').addEventListener('click', (e) => {
      const b = e.target.closest('[data-code]');
      if (b) this.app.set({ code: Number(b.dataset.code) });
    });
    $('cast-all').addEventListener('click', (e) => {
      const row = e.target.closest('tr[data-format]');
      // A row without a code (the options were refused there) opens the format alone.
      if (row) this.app.set({ format: row.dataset.format, code: row.dataset.code ? Number(row.dataset.code) : null });
    });
  }

  relabel() {
    this.builtFor = null; this.gridFor = null; this.cardsFor = null; this.menuFor = null; this.saturationFor = null;
    this.tapered.relabel();
  }

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
    const tapered = TAPERED_FORMATS.has(state.format);
    const f = tapered ? null : this.#format();
    const menu = f?.family === 'defined' ? f.name : this.menuFor ?? '';   // a defined format stays listed once used
    if (this.menuFor !== menu) {
      fillFormatMenu(document, $('format-select'), this.formats, this.p3109, f?.family === 'defined' ? f : null,
        [...TAPERED_FORMATS.keys()]);
      this.menuFor = menu;
      if (f) showDefinition(document, f);
    }
    $('format-select').value = f ? f.name : state.format;
    if ($('value-input').value.trim() !== state.value) $('value-input').value = state.value;
    $('input-kind').value = state.input;
    $('saturate-select').value = state.sat === null ? '' : state.sat ? '1' : '0';
    $('saturate-select').options[0].textContent = t(tapered ? 'tapered.satDefault' : 'bits.satDefault');
    $('format-cards-section').hidden = tapered;
    $('tapered-help').hidden = !tapered;
    if (tapered) {
      this.#renderTapered(state);
      return;
    }
    if (this.taperedShown) {
      this.taperedShown = false;
      $('format-facts').title = '';
      this.tapered.relabel();
    }
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
      fillSaturationNote(document, $('saturation-note'), this.byName, f.name);
      this.saturationFor = f.name;
    }
    this.#cards(f, state);
  }

  // A tapered format (tapered-bits.js), once the module's tensors part has loaded; until then the view is empty.
  #renderTapered(state) {
    this.taperedShown = true;
    this.builtFor = null;   // the minifloat layout, grid and menu are drawn again when one is shown
    this.gridFor = null;
    this.cardsFor = null;
    $('carry-note').hidden = true;
    const round = $('round-select');
    round.replaceChildren(Object.assign(document.createElement('option'), { textContent: t('tapered.ownRounding') }));
    round.disabled = true;
    const formats = this.tapered.loaded((e) => {
      if (this.app.state.view !== 'bits' || !TAPERED_FORMATS.has(this.app.state.format)) return;
      if (e) $('cast-result').textContent = t('loadFailed', { error: e.message });
      else this.app.render();
    });
    if (!formats) {
      $('format-facts').textContent = t('tapered.loading');
      for (const id of ['bit-layout', 'code-grid', 'grid-legend', 'cast-result', 'cast-all']) $(id).replaceChildren();
      return;
    }
    const shown = this.tapered.render(state, formats.get(state.format));
    this.current = shown.code;
    this.shown = { format: shown.format, hex: shown.hex, exactValue: shown.exactValue, code: shown.code };
    fillCastTable(document, $('cast-all'), state.format, [...this.tapered.rows(state), ...this.#builtinRows(state)]);
  }

  // The typed value in every built-in format (one explore call answers for all), as #cast-all's rows.
  #builtinRows(state) {
    if (!state.value) return [];
    const f = this.#handle(this.formats[0].name);
    let rows;
    try {
      rows = f.explore(state.value, { ...this.#castOptions(state, f), draws: 0 }).rows;
    } catch (e) {
      rows = this.formats.map((g) => ({ format: g.name, cast: null, message: e.message }));
    }
    return rows.map(builtinRow);
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
    fillBitLayout(document, $('bit-layout'), layout.fields);
    $('bit-layout').classList.toggle('wide', f.codeBytes > 2);   // float32: narrower bits that wrap
  }

  // The code shown (a CodeDescription: its layout, shortest decimal and neighbours).
  #showCode(layout) {
    const { code } = layout;
    showBits($('bit-layout'), code);
    $('bit-value').textContent = layout.exactValue;
    $('bit-shortest').textContent = layout.shortest || '—';   // the core's: casts back to this code
    $('bit-value').dataset.category = layout.category;
    $('bit-code').textContent = codeLine(layout);
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
    markCurrentCode($('code-grid'), code);
  }

  // The codes a grid shows: all of them for <= 8 bits; for wider formats the 256 codes page * 256 + 0x00..0xff
  // (0xpp00..0xppff for 16 bits, 0xpppppp00..0xppppppff for float32), from one call.
  #buildGrid(f, page) {
    const key = `${f.name}:${page}`;
    if (!this.categoryCache.has(key)) {
      this.categoryCache.set(key, f.codeBytes === 1 ? f.codes(0, 2 ** f.totalBits) : f.codes(page * 256, 256));
    }
    // Only the categories the format has (E8M0: no zero, no subnormals, no Inf).
    const has = { zero: f.hasZero, subnormal: f.hasSubnormals, normal: true, inf: f.hasInf, nan: f.hasNaN };
    fillCodeGrid(document, $('code-grid'), $('grid-legend'), this.categoryCache.get(key), { bits: f.totalBits,
      categories: Object.keys(has).filter((cat) => has[cat]),
      page: f.codeBytes > 1 ? f.hex(page * 256).replace(/..$/, '__') : null });
  }

  // Every built-in format's row: explore's rows, or each with the reason the options were refused.
  #showAll(state, explored, error) {
    const rows = !state.value ? [] : explored ? explored.rows
      : this.formats.map((f) => ({ format: f.name, cast: null, message: error }));
    fillCastTable(document, $('cast-all'), state.format, rows.map(builtinRow));
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
}

function paragraph(className, text) {
  const p = document.createElement('p');
  p.className = className;
  p.textContent = text;
  return p;
}
