// The Blocks view's "as libraries store them" section (#stored-section): the values quantized to a block format of
// bitsandbytes, ggml (GGUF), GPTQ/AWQ/MLX or DeepSeek (FP8 groups of 128), and the first blocks' bytes as the
// library stores them, every bit coloured by the element whose code it holds. Pointing at an element (its row or any
// of its bits) marks all its bits. Everything shown is tl.storedBlocks' (the module's codecs part, fetched when the
// section first opens).
import { t } from './strings.js';
import { short } from './format-carry.js';

const $ = (id) => document.getElementById(id);
const BLOCKS_SHOWN = 4;
const FAMILIES = ['bitsandbytes', 'gguf', 'gptq', 'awq', 'mlx', 'deepseek'];
const INTEGER_FAMILIES = new Set(['gptq', 'awq', 'mlx']);

const el = (tag, props = {}, ...children) => {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
};
const hex = (n, digits) => `0x${n.toString(16).padStart(digits, '0')}`;
// An element's colour: hues spread around the circle so that neighbours differ.
const hue = (j) => (j * 137) % 360;

export class StoredBlocksPanel {
  constructor(app) {
    this.app = app;
    this.formats = null;   // the module's list, once loaded
    this.loading = null;
    this.shown = null;     // the key of what is drawn
    $('stored-section').addEventListener('toggle', (e) => {
      const open = e.target.open;
      if (open !== (this.app.state.stored !== '')) this.app.set({ stored: open ? 'nf4' : '' });
    });
    $('stored-format').addEventListener('change', (e) => this.app.set({ stored: e.target.value }));
    $('stored-packing').addEventListener('change', (e) => this.app.set({ packing: e.target.value }));
    // Pointing at an element's row or one of its bits marks every bit of its code.
    const out = $('stored-blocks-out');
    for (const type of ['pointerover', 'focusin']) {
      out.addEventListener(type, (e) => this.#mark(e.target.closest('[data-element]')));
    }
    out.addEventListener('pointerleave', () => this.#mark(null));
  }

  relabel() { this.shown = null; this.filledFor = null; }

  /** Draws the section for state `s` and the values as read (`inputs`, a Float32Array; null while they are read). */
  show(s, inputs) {
    const section = $('stored-section');
    section.open = s.stored !== '';
    if (!section.open || !inputs) return;
    const key = JSON.stringify([s.stored, s.packing, s.lang]);
    if (key === this.shown && inputs === this.inputs) return;
    if (!this.formats) {
      $('stored-facts').textContent = t('stored.loading');
      this.loading ??= this.app.tl.storedBlockFormats().then((list) => { this.formats = list; },
        (e) => { this.loading = null; this.#error(t('loadFailed', { error: e.message })); });
      this.loading.then(() => { if (this.formats) this.show(this.app.state, inputs); });
      return;
    }
    this.shown = key;
    this.inputs = inputs;
    this.#fillMenu(s.stored);
    const f = this.formats.find((x) => x.name === s.stored);
    $('stored-packing').value = s.packing;
    $('stored-packing').disabled = !f || !INTEGER_FAMILIES.has(f.family);
    const opts = { maxBlocks: BLOCKS_SHOWN, ...(f && INTEGER_FAMILIES.has(f.family) ? { packing: s.packing } : {}) };
    const token = (this.token ?? 0) + 1;
    this.token = token;
    this.app.tl.storedBlocks(inputs, s.stored, opts).then((stored) => {
      if (token === this.token) this.#draw(stored);
    }, (e) => { if (token === this.token) this.#error(e.message); });
  }

  #fillMenu(current) {
    if (this.filledFor === current) return;
    this.filledFor = current;
    const groups = FAMILIES.map((family) => el('optgroup', { label: t(`stored.family.${family}`) },
      ...this.formats.filter((f) => f.family === family).map((f) => new Option(f.name, f.name))));
    $('stored-format').replaceChildren(...groups);
    // A name the module does not know stays shown (its refusal is said below), so the link's text is not lost.
    if (!this.formats.some((f) => f.name === current)) $('stored-format').append(new Option(current, current));
    $('stored-format').value = current;
  }

  #error(message) {
    $('stored-error').textContent = message;
    $('stored-error').hidden = false;
    $('stored-blocks-out').replaceChildren();
    $('stored-facts').textContent = '';
  }

  #draw(stored) {
    $('stored-error').hidden = true;
    $('stored-facts').textContent = t('stored.facts', { size: stored.blockSize, bits: stored.bitsPerElement,
      count: stored.count, shown: stored.blocks.length, blocks: Math.ceil(stored.count / stored.blockSize) });
    $('stored-blocks-out').replaceChildren(...stored.blocks.map((block, b) => this.#block(block, b, stored.blockSize)));
  }

  // One block: each field's bytes with every bit coloured by its element (or its field, for a scale), then the
  // elements' table.
  #block(block, b, size) {
    // owner[field][bit] = [element, bit of its code]
    const owner = block.fields.map(() => new Map());
    block.elements.forEach((e, j) => {
      for (let k = 0; k < e.bits.length / 2; ++k) owner[e.bits[2 * k]].set(e.bits[2 * k + 1], [j, k]);
    });
    const fields = block.fields.map((field, i) => {
      const bytes = [...field.bytes].map((byte, n) => {
        const bits = [];
        for (let bit = 7; bit >= 0; --bit) {   // most significant bit on the left, as the byte's hex reads
          const on = (byte >> bit) & 1;
          const own = owner[i].get(n * 8 + bit);
          const cell = el('span', { className: own ? 'sbit code-bit' : 'sbit scale-bit', textContent: String(on) });
          if (own) {
            const [j, k] = own;
            cell.dataset.element = `${b}:${j}`;
            cell.style.setProperty('--hue', String(hue(b * size + j)));
            cell.title = t('stored.bitTitle', { j: b * size + j, k, byte: n, bit });
          } else {
            cell.title = t('stored.scaleBitTitle', { field: field.name, byte: n, bit });
          }
          bits.push(cell);
        }
        return el('span', { className: 'sbyte', title: hex(byte, 2) }, ...bits);
      });
      const scales = field.scales.map((s) => `${hex(s.code, 0)} = ${s.value}`).join(', ');
      const about = [field.meaning, scales && (field.bytes.length ? scales : t('stored.zeroStored', { scales }))]
        .filter(Boolean).join('; ');
      return el('div', { className: 'stored-field' },
        el('span', { className: 'stored-field-name mono', textContent: field.name }),
        el('span', { className: 'stored-bytes' }, ...bytes),
        el('span', { className: 'hint mono', textContent: about }));
    });
    const head = el('tr', {}, ...['index', 'input', 'code', 'dequantized', 'error', 'bits'].map((k) =>
      el('th', { scope: 'col', textContent: t(`stored.col.${k}`) })));
    const rows = block.elements.map((e, j) => {
      const tr = el('tr', { tabIndex: 0 }, ...[String(b * size + j), e.inputText, hex(e.code, 0),
        e.dequantizedText, Number.isNaN(e.error) ? 'nan' : short(e.error), bitsText(block, e)]
        .map((text) => el('td', { textContent: text })));
      tr.dataset.element = `${b}:${j}`;
      tr.style.setProperty('--hue', String(hue(b * size + j)));
      return tr;
    });
    const table = el('table', { className: 'data mono stored-elements' }, el('thead', {}, head), el('tbody', {}, ...rows));
    return el('section', { className: 'stored-block' },
      el('h3', { textContent: t('stored.block', { n: b + 1 }) }), ...fields, el('div', { className: 'scroll' }, table));
  }

  #mark(target) {
    const out = $('stored-blocks-out');
    const element = target?.dataset.element ?? null;
    if (element === this.marked) return;
    for (const e of out.querySelectorAll('.marked')) e.classList.remove('marked');
    this.marked = element;
    if (element !== null) for (const e of out.querySelectorAll(`[data-element="${element}"]`)) e.classList.add('marked');
  }
}

// Where an element's code lies: "qs byte 0 bits 0–3, qh byte 0 bit 3" (runs of bits within one byte of a field).
function bitsText(block, e) {
  const runs = [];
  for (let k = 0; k < e.bits.length / 2; ++k) {
    const field = block.fields[e.bits[2 * k]].name;
    const byte = e.bits[2 * k + 1] >> 3;
    const bit = e.bits[2 * k + 1] & 7;
    const last = runs.at(-1);
    if (last && last.field === field && last.byte === byte && last.high === bit - 1) last.high = bit;
    else runs.push({ field, byte, low: bit, high: bit });
  }
  return runs.map((r) => t(r.low === r.high ? 'stored.bitsOne' : 'stored.bitsRun', r)).join(', ');
}
