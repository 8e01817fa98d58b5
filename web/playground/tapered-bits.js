// The Bits view of a tapered format (posit8, posit16, hif8; docs/formats.md, "Tapered precision"). Its fields
// change width from code to code, so the bits are regrouped for every code shown, each field with what its bits
// mean. The formats come from tl.taperedFormat (the module's tensors part, fetched when one first opens); every
// field, value, category and fact on screen is the core's.
import { t, messageText } from './strings.js';
import { castFacts } from './rounding-panel.js';
import { codeLine, fillBitLayout, showBits } from './bit-layout.js';
import { fillCodeGrid, markCurrentCode } from './code-grid.js';
import { TAPERED_FORMATS } from './parts.js';
import { powerOfTwo } from './format-carry.js';

const $ = (id) => document.getElementById(id);

// The core's categories as the page names and colours them: HiF8's denormals are subnormals.
const CATEGORY = { zero: 'zero', denormal: 'subnormal', normal: 'normal', infinity: 'inf', nan: 'nan' };
const GRID_ORDER = ['zero', 'subnormal', 'normal', 'inf', 'nan'];

export class TaperedBits {
  constructor(tl) {
    this.tl = tl;
    this.formats = null;    // name -> the module's format, once loaded (all at once: they share one part)
    this.loading = null;
    this.pages = new Map(); // `${name}:${page}` -> the grid's cells
  }

  /** The formats, or null while they load; `done(error)` is called once when a load started here ends. */
  loaded(done) {
    if (this.formats) return this.formats;
    if (!this.loading) {
      this.loading = Promise.all([...TAPERED_FORMATS.keys()].map((name) => this.tl.taperedFormat(name)));
      this.loading.then((list) => {
        this.formats = new Map(list.map((f) => [f.name, f]));
        done(null);
      }, (e) => {
        this.loading = null;   // the next render tries again
        done(e);
      });
    }
    return null;
  }

  /**
   * Draws `state` for the tapered format `f`: the bits of the picked code (else of the typed value's cast, else
   * code 0), its facts, the grid and the cast.
   * Returns the code shown.
   */
  render(state, f) {
    const options = castOptions(state);
    let cast = null;
    let error = null;
    if (state.value) {
      try {
        cast = f.cast(state.value, options);
      } catch (e) {
        error = e.message;   // the core's reason, where the cast would be
      }
    }
    this.shownCast = { format: f.name, cast, error };   // rows() takes this format's from here
    const picked = state.code === null ? null : state.code < 2 ** f.bits ? state.code : 0;
    const shown = picked !== null ? f.layout(picked) : cast ?? f.layout(0);
    $('format-facts').textContent = t('tapered.facts', { bits: f.bits, max: powerOfTwo(f.max),
      min: powerOfTwo(f.minPositive) });
    $('format-facts').title = f.summary;
    $('tapered-help').textContent = t(`tapered.help.${f.name}`);
    this.#bits(shown);
    this.#facts(f, shown);
    const page = Math.floor(shown.code / 256);
    if (this.gridFor !== `${f.name}:${page}`) {
      this.#grid(f, page);
      this.gridFor = `${f.name}:${page}`;
    }
    markCurrentCode($('code-grid'), shown.code);
    this.#cast(cast, error);
    return shown;
  }

  /** The rows of #cast-all for the tapered formats: the typed value cast into each (or why it was not); the
   *  format render() drew keeps the cast it made. */
  rows(state) {
    if (!state.value) return [];
    return [...this.formats.values()].map((g) => {
      let { cast: c, error } = this.shownCast?.format === g.name ? this.shownCast : { cast: null, error: null };
      if (!c && !error) {
        try {
          c = g.cast(state.value, castOptions(state));
        } catch (e) {
          error = e.message;
        }
      }
      if (error) return { format: g.name, cells: [g.name, '', error, '', '', ''] };
      const fact = (name) => c.facts.find((x) => x.name === name);
      const clamped = fact('clamped');
      const category = CATEGORY[c.category];
      return { format: g.name, code: c.code, category, outOfRange: !!clamped, range: clamped ? 'clamped' : 'in-range',
        cells: [g.name, c.hex, c.exactValue, t(`cat.${category}`), clamped ? messageText(clamped.textMessage)
          : t('bits.no'), fact('exact') ? messageText(fact('exact').textMessage) : '—'] };
    });
  }

  /** Forgets what was drawn (the language changed, or the view showed another format). */
  relabel() { this.gridFor = null; }

  // The fields of this code: rebuilt for every code, keeping the focus on the bit that was flipped.
  #bits(shown) {
    const box = $('bit-layout');
    const focused = box.contains(document.activeElement) ? document.activeElement.dataset.bit : undefined;
    fillBitLayout(document, box, shown.fields);
    box.classList.remove('wide');
    showBits(box, shown.code);
    if (focused !== undefined) box.querySelector(`[data-bit="${focused}"]`)?.focus();
  }

  #facts(f, shown) {
    const category = CATEGORY[shown.category];
    $('bit-value').textContent = shown.exactValue;
    $('bit-value').dataset.category = category;
    $('bit-shortest').textContent = '—';
    $('bit-code').textContent = codeLine(shown);
    $('bit-category').textContent = t(`cat.${category}`);
    $('bit-category').className = `cat-text cat-${category}`;
    $('bit-exponent').textContent = shown.scale === null ? '—' : shown.truncatedExponentBits
      ? t('tapered.truncated', { scale: shown.scale, n: shown.truncatedExponentBits })
      : t('tapered.scale', { scale: shown.scale });
    $('bit-significand').textContent = '—';
    $('bit-formula').textContent = shown.formula || '—';
    const nb = $('bit-neighbours');
    nb.replaceChildren();
    const spacing = [];
    for (const [dir, code] of [['down', shown.nextDown], ['up', shown.nextUp]]) {
      if (code === null) continue;
      const o = f.layout(code);
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'link';
      b.dataset.code = String(code);
      b.textContent = `${dir === 'down' ? '↓' : '↑'} ${o.hex} = ${o.exactValue}`;
      nb.append(b, ' ');
      if (Number.isFinite(shown.value) && Number.isFinite(o.value)) {
        spacing.push(`${t(`bits.${dir}`)} ${powerOfTwo(Math.abs(o.value - shown.value))}`);
      }
    }
    $('bit-spacing').textContent = spacing.join(', ') || '—';
  }

  // All codes of an 8-bit format; 256 of posit16's at a time (those sharing the shown code's high byte).
  #grid(f, page) {
    const key = `${f.name}:${page}`;
    if (!this.pages.has(key)) {
      const cells = [];
      for (let code = page * 256; code < Math.min(2 ** f.bits, page * 256 + 256); ++code) {
        const l = f.layout(code);
        cells.push({ code, hex: l.hex, exactValue: l.exactValue, category: CATEGORY[l.category] });
      }
      this.pages.set(key, cells);
    }
    const cells = this.pages.get(key);
    // The legend lists the categories of the codes on this page.
    const seen = new Set(cells.map((c) => c.category));
    fillCodeGrid(document, $('code-grid'), $('grid-legend'), cells, { bits: f.bits,
      categories: GRID_ORDER.filter((cat) => seen.has(cat)),
      page: f.bits > 8 ? `${cells[0].hex.slice(0, -2)}__` : null });
  }

  #cast(cast, error) {
    const box = $('cast-result');
    box.replaceChildren();
    box.classList.toggle('error', !!error);
    if (error) { box.textContent = error; return; }
    if (!cast) return;
    const line = document.createElement('p');
    line.className = 'mono big-line';
    line.textContent = t('bits.castCode', { input: cast.input, code: cast.hex, value: cast.exactValue,
      category: t(`cat.${CATEGORY[cast.category]}`) });
    box.append(line);
    const facts = castFacts(document, cast);
    if (facts) box.append(facts);
  }
}

// The cast's options from the page's: the format keeps its own rounding; saturation as chosen (the core refuses
// it for posits, which never overflow).
function castOptions(state) {
  const options = { input: state.input };
  if (state.sat !== null) options.saturate = state.sat;
  return options;
}
