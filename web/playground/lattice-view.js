// The Lattice view: the current system's lattice, the selection and its join, reachability on hover; for
// table-only systems the reason they are not a lattice and a type picker.
import { LatticeDiagram, download } from '../components/lattice-svg.js';
import { selectionState, docsTypes, restrictDrawing } from '../components/promotion-state.js';
import { t, messageText } from './strings.js';

const $ = (id) => document.getElementById(id);

export class LatticeView {
  constructor(app) {
    this.app = app;
    this.tl = app.tl;
    this.key = null;
    this.drawn = null;
    this.system = null;   // the shown system, compiled once: clicks and hovers ask it, not the whole graph
    this.hovered = null;
    this.reachCache = new Map();
    this.diagram = new LatticeDiagram({ document, routeEdges: this.tl.routeEdges });
    $('lattice-figure').append(this.diagram.svg);
    this.diagram.on('toggle', (name) => this.#toggle(name));
    this.diagram.on('hover', (name) => { this.hovered = name; this.update(this.app.state); });
    $('clear-selection').addEventListener('click', () => this.app.set({ select: [] }));
    // A few pairs worth a first look: two 16-bit floats, signed with unsigned, a Python scalar, uint64.
    for (const pair of [['float16', 'bfloat16'], ['int8', 'uint8'], ['i*', 'uint16'], ['int8', 'uint64'],
      ['float32', 'c*']]) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'chip';
      b.textContent = pair.join(' ∨ ');
      b.addEventListener('click', () => this.app.set({ select: pair }));
      $('lattice-examples').append(' ', b);
    }
    $('export-svg').addEventListener('click', () => {
      const { text } = this.diagram.exportSvg(this.#title());
      download(document, `${this.#fileStem()}.svg`, text, 'image/svg+xml');
    });
    $('export-png').addEventListener('click', async () => {
      download(document, `${this.#fileStem()}.png`, await this.diagram.exportPng(this.#title()));
    });
  }

  #fileStem() {
    const s = this.app.state;
    return `typelattice-${s.system}-${s.mode}${s.x64 ? '' : '-x32'}`;
  }
  #title() {
    const s = this.app.state;
    return t(s.x64 ? 'lattice.figure' : 'lattice.figureX32', { system: s.system, mode: s.mode });
  }
  #reachable(name) {
    if (!this.reachCache.has(name)) this.reachCache.set(name, this.system.reachable(name));
    return this.reachCache.get(name);
  }
  #toggle(name) {
    const sel = [...this.app.state.select];
    const i = sel.indexOf(name);
    if (i >= 0) sel.splice(i, 1); else sel.push(name);
    this.app.set({ select: sel });
  }

  relabel() { this.key = null; }

  render(state) {
    const opts = this.app.opts();
    const key = JSON.stringify([opts, state.all]);
    if (key !== this.key) {
      this.key = key;
      this.reachCache.clear();
      this.hovered = null;
      if (this.system) this.system.delete();
      this.system = this.tl.system(opts);
      this.drawn = this.system.lattice();   // the whole lattice: joins, paths and reachability use it
      this.shown = this.drawn && !state.all ? restrictDrawing(this.drawn, docsTypes(this.tl)) : this.drawn;
      this.#status(opts, !!this.drawn, state.all);
      const isLattice = !!this.drawn;
      $('lattice-figure').hidden = !isLattice;
      $('lattice-legend').hidden = !isLattice;
      $('lattice-examples').hidden = !isLattice;
      const label = $('join-label');
      label.dataset.i18n = isLattice ? 'lattice.join' : 'lattice.result';
      label.textContent = t(label.dataset.i18n);
      $('export-svg').disabled = !isLattice;
      $('export-png').disabled = !isLattice;
      this.diagram.svg.setAttribute('aria-label', this.#title());
      if (isLattice) {
        this.diagram.render(this.shown);
        this.diagram.setEdgeReasons((a, b) => messageText(this.system.select([a, b]).reasonMessage));
      }
      this.#chips(isLattice);
    }
    this.update(state);
  }

  #status(opts, drawable, all) {
    const box = $('lattice-status');
    box.replaceChildren();
    box.classList.remove('bad', 'good');
    // The view's own handle: the module's by-options calls would build a second copy of the system.
    const check = this.system.check();
    const p = document.createElement('p');
    if (check.isLattice) {
      box.classList.add('good');
      // "Exactly one join" only where every pair of the types shown has one (the module's own table says);
      // otherwise at most one, and the pairs without a common upper bound are counted.
      // Only the types the system has (a type it lacks does not promote even with itself: the array API has no
      // float16); the first pair without a join is shown with the core's words for it (an error, or unspecified).
      const table = this.system.table(all ? {} : { types: docsTypes(this.tl) });
      const has = table.types.map((_, i) => table.cells[i][i] !== null);
      const types = table.types.filter((_, i) => has[i]);
      const n = types.length;
      let missing = 0;
      let example = null;
      table.types.forEach((a, r) => table.types.forEach((b, c) => {
        if (c <= r || !has[r] || !has[c] || table.cells[r][c] !== null) return;
        ++missing;
        example ??= [a, b];
      }));
      p.textContent = missing === 0 ? t('lattice.isLattice', { system: opts.system, mode: opts.mode, count: n })
        : t('lattice.partial', { system: opts.system, mode: opts.mode, count: n, missing, pairs: (n * (n - 1)) / 2,
          a: example[0], b: example[1] });
      box.append(p);
      if (example) {
        try {
          this.system.promoteTypes(example[0], example[1]);
        } catch (e) {
          // The library's words (or the table's refusal), as it raises them: English.
          box.append(Object.assign(para(e.message, 'mono counterexample'), { lang: 'en' }));
        }
      }
      if (opts.mode === 'strict' && this.app.hasModes(opts.system)) box.append(para(t('lattice.strictNote')));
      if (!drawable) box.append(para(t('lattice.tableOnly'), 'hint'));
      return;
    }
    box.classList.add('bad');
    p.textContent = t('lattice.notLattice', { system: opts.system });
    box.append(p);
    const v = check.violation;
    if (v) {
      const q = document.createElement('p');
      const head = document.createElement('strong');
      head.textContent = `${t('lattice.counter', { kind: t(`kind.${v.kind}`) })} `;
      // The formula says what the core's description says (its English words are the CLI's), in any language.
      q.append(head, counterexampleText(v));
      const tryIt = document.createElement('button');
      tryIt.type = 'button';
      tryIt.id = 'try-counterexample';
      tryIt.textContent = t('lattice.tryIt');
      tryIt.addEventListener('click', () => this.app.set({ select: [...v.inputs] }));
      box.append(q, tryIt);
    }
    box.append(para(t('lattice.tableOnly'), 'hint'));
  }

  // Table-only systems: one toggle button per type instead of a drawing.
  #chips(isLattice) {
    const chips = $('type-chips');
    chips.replaceChildren();
    chips.hidden = isLattice;
    if (isLattice) return;
    for (const name of this.system.table(this.app.state.all ? {} : { types: docsTypes(this.tl) }).types) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'chip';
      b.dataset.type = name;
      b.textContent = name;
      b.addEventListener('click', () => this.#toggle(name));
      chips.append(b);
    }
  }

  // Cheap: only classes and texts change (the selection budget is one frame).
  update(state) {
    const sel = state.select;
    let result;
    try {
      result = selectionState(this.system, sel);
    } catch (e) {   // e.g. an unknown name from a hand-edited link
      result = { pending: false, join: null, pathEdges: [], error: e.message, errorMessage: e.message,
        reasonMessage: '' };
    }
    $('join-reason').textContent = messageText(result.reasonMessage);
    const out = $('join-result');
    out.classList.toggle('error', !!result.error);
    // A system's refusal is the library's words (a literal, English); a graph's is the core's message.
    out.textContent = result.pending ? t('lattice.pick') : result.error ? messageText(result.errorMessage) : result.join;
    if (result.error && typeof result.errorMessage === 'string') out.lang = 'en';
    else out.removeAttribute('lang');
    $('selection-list').textContent = sel.length ? sel.join(' ∨ ') : t('lattice.none');
    for (const chip of $('type-chips').children) {
      chip.setAttribute('aria-pressed', sel.includes(chip.dataset.type) ? 'true' : 'false');
    }
    if (!this.drawn) return;
    const hovered = this.hovered && this.diagram.hasNode(this.hovered) ? this.hovered : null;
    const reachable = hovered ? this.#reachable(hovered) : null;
    this.diagram.show({ selected: sel, join: result.join, pathEdges: result.pathEdges, reachable, hovered });
    if (this.app.state.select !== this.lastSelect) {
      this.lastSelect = this.app.state.select;
      this.diagram.reveal(result.join || sel[0]);
    }
    $('reach-info').textContent = hovered
      ? t('lattice.reach', { name: hovered, list: reachable.filter((n) => n !== hovered && this.diagram.hasNode(n)).join(', ') || '—' }) : '';
  }
}

function para(text, className = '') {
  const p = document.createElement('p');
  p.className = className;
  p.textContent = text;
  return p;
}

// "(int8 ∨ uint8) ∨ float16 = float32, but int8 ∨ (uint8 ∨ float16) = float16" from a system's violation.
function counterexampleText(v) {
  const [a, b, c] = v.inputs;
  switch (v.kind) {
    case 'not_associative':
      return `(${a} ∨ ${b}) ∨ ${c} = ${v.left}, ${a} ∨ (${b} ∨ ${c}) = ${v.right}`;
    case 'not_commutative':
      return `${a} ∨ ${b} = ${v.left}, ${b} ∨ ${a} = ${v.right}`;
    default:
      return `${v.inputs.join(' ∨ ')} = ${v.left}`;
  }
}
