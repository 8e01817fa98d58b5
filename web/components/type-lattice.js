// <type-lattice>: a promotion lattice (or table) for docs pages, from one module import:
//   <script type="module" src="web/components/type-lattice.js"></script>   (from npm: import 'typelattice/element')
//   <type-lattice system="jax" mode="strict" select="float16,bfloat16" view="lattice"></type-lattice>
// Attributes: the table in ./attributes.js (typings, manifest and README are generated from it). Clicking
// nodes changes the selection and fires a `select` event whose detail is { selected, join, error }; a Reset
// button brings back the author's selection. Labels stay at 11 px or more: a narrow column scrolls sideways.
import { loadTypeLattice } from './tl-module.js';
import { renderBits } from './bits-figure.js';
import { latticeCss, elementCss, styleSheet } from './styles.js';
import { ATTRIBUTES, attributeOrDefault } from './attributes.js';
import { hostScheme, watchTheme, unwatchTheme } from './theme.js';

export { setModuleOptions } from './tl-module.js';

// Importing this file on a server (SSR, static site generators) must not throw: there is no HTMLElement there,
// and the element is only defined where there is a customElements registry.
const ElementBase = typeof HTMLElement === 'function' ? HTMLElement : class {};
let sheets = null;
// The lattice and table views' code (./lattice-view.js), imported when one of them is first drawn.
let latticeView = null;

export class TypeLatticeElement extends ElementBase {
  static observedAttributes = ATTRIBUTES.map((a) => a.name);

  #root;
  #body;
  #result;
  #reason;
  #reset;
  #authorSelection = '[]';
  #diagram = null;
  #drawn = null;
  #selected = [];
  #renderId = 0;
  #announced = null;

  #internals;

  constructor() {
    super();
    this.#root = this.attachShadow({ mode: 'open' });
    this.#internals = this.attachInternals();
    const doc = this.ownerDocument;
    this.#body = doc.createElement('div');
    this.#body.className = 'body';
    this.#body.setAttribute('part', 'body');
    this.#result = doc.createElement('output');
    this.#result.className = 'result';
    this.#result.setAttribute('part', 'result');
    this.#result.setAttribute('aria-live', 'polite');
    sheets ??= [styleSheet(latticeCss), styleSheet(elementCss)];
    this.#root.adoptedStyleSheets = sheets;
    this.#reason = doc.createElement('p');
    this.#reason.className = 'reason';
    this.#reason.setAttribute('part', 'reason');
    this.#reset = doc.createElement('button');
    this.#reset.type = 'button';
    this.#reset.className = 'reset';
    this.#reset.setAttribute('part', 'reset');
    this.#reset.textContent = 'Reset';
    this.#reset.hidden = true;
    this.#reset.addEventListener('click', () => this.#render());
    this.#root.append(this.#body, this.#result, this.#reason, this.#reset);
  }

  connectedCallback() {
    watchTheme(this);
    this.#renderWhenNear();
  }
  disconnectedCallback() {
    unwatchTheme(this);
    this.#unobserve();
  }
  attributeChangedCallback(name) {
    if (!this.isConnected) return;
    if (name === 'theme') this.applyTheme(); else this.#renderWhenNear();
  }

  // theme: light | dark | auto (the default: the host page's scheme, theme.js). Shown as the :state(dark) custom
  // state, which the styles select on.
  applyTheme() {
    const theme = attributeOrDefault(this, 'theme');
    const dark = theme === 'dark' || (theme !== 'light' && hostScheme(this) === 'dark');
    try {
      if (dark) this.#internals.states.add('dark'); else this.#internals.states.delete('dark');
    } catch {
      // a browser without custom states draws the light theme
    }
  }

  // loading="lazy" (the default): the module part is fetched and the figure drawn only once the element comes
  // within 200 px of the viewport; attribute changes before then are read at that first draw.
  #near = false;
  #observer = null;
  #renderWhenNear() {
    if (!this.#near && attributeOrDefault(this, 'loading') !== 'eager' && typeof IntersectionObserver === 'function') {
      this.#observer ??= new IntersectionObserver((entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        this.#near = true;
        this.#renderWhenNear();
      }, { rootMargin: '200px' });
      this.#observer.observe(this);
      return;
    }
    this.#near = true;
    this.#unobserve();
    this.#render();
  }
  #unobserve() {
    this.#observer?.disconnect();
    this.#observer = null;
  }

  get options() {
    return {
      system: attributeOrDefault(this, 'system'),
      mode: attributeOrDefault(this, 'mode'),
      x64: attributeOrDefault(this, 'x64') !== 'off',
    };
  }
  get selected() { return [...this.#selected]; }

  async #render() {
    const id = ++this.#renderId;
    let tl;
    try {
      const bits = attributeOrDefault(this, 'view') === 'bits';
      [tl] = await Promise.all([loadTypeLattice(this.#parts()),
        !bits && !latticeView && import('./lattice-view.js').then((m) => { latticeView = m; })]);
    } catch (e) {
      if (id === this.#renderId) this.#showLoadError(e);
      return;
    }
    if (id !== this.#renderId) return;  // a newer attribute change won
    try {
      this.#draw(tl);
    } catch (e) {
      this.#showError(e.message);
    }
    this.dataset.ready = 'true';
  }

  // The module's parts this view shows: the bits view needs formats (and promotion only to read `select`), the
  // lattice and the table promotion only.
  #parts() {
    if (this.getAttribute('view') !== 'bits') return ['promotion'];
    return (this.getAttribute('select') || '').trim() ? ['promotion', 'formats'] : ['formats'];
  }

  // The load is not cached when it fails: the button (or any attribute change) tries again.
  #showLoadError(error) {
    this.#showError(`typelattice module failed to load: ${error.message}`);
    const retry = this.ownerDocument.createElement('button');
    retry.type = 'button';
    retry.className = 'retry';
    retry.setAttribute('part', 'retry');
    retry.textContent = 'Try again';
    retry.addEventListener('click', () => this.#render());
    this.#body.append(retry);
  }

  #showError(text) {
    const p = this.ownerDocument.createElement('p');
    p.className = 'error';
    p.textContent = text;
    this.#body.replaceChildren(p);
    this.#result.textContent = '';
    this.#reason.textContent = '';
    this.dataset.ready = 'true';
  }

  #draw(tl) {
    const doc = this.ownerDocument;
    const opts = this.options;
    // One handle for everything the figure asks (#systemHandle); the module's by-options calls would compile a
    // second copy of the system. Asked for only when there is a name: a bits view without one has no promotion part.
    const canonical = (name) => this.#systemHandle(tl, opts).promoteTypes(name, name);
    const requested = attributeOrDefault(this, 'select').split(',').map((s) => s.trim()).filter(Boolean);
    this.#selected = requested.map(canonical);
    this.#authorSelection = JSON.stringify(this.#selected);
    if (attributeOrDefault(this, 'view') === 'bits') {
      this.#drawBits(tl);
      return;
    }
    const caption = doc.createElement('p');
    caption.className = 'caption';
    caption.textContent = `${opts.system}${opts.mode === 'strict' ? ', strict mode' : ''}${opts.x64 ? '' : ', x64 off'}`;

    const allTypes = attributeOrDefault(this, 'types') === 'all';
    const { LatticeDiagram, docsTypes, renderPromotionTable, restrictDrawing, selectionState } = latticeView;
    if (attributeOrDefault(this, 'view') === 'table') {
      const table = this.#systemHandle(tl, opts).table(allTypes ? {} : { types: docsTypes(tl) });
      const short = shortNames(tl);
      const el = renderPromotionTable(doc, table, { short, caption: caption.textContent,
        onCell: (r, c) => { this.#selected = [r, c]; this.#update(tl); this.#markCells(el); } });
      this.#diagram = null;
      this.#drawn = null;
      const scroll = doc.createElement('div');
      scroll.className = 'scroll';
      scroll.append(el);
      this.#body.replaceChildren(scroll);
      this.#tableEl = el;
      this.#markCells(el);
      this.#update(tl);
      return;
    }
    this.#tableEl = null;
    const system = this.#systemHandle(tl, opts);
    const drawn = system.lattice();
    if (!drawn) {
      const check = system.check();
      const p = doc.createElement('p');
      p.className = 'not-lattice';
      p.textContent = `${opts.system} is not a lattice: ${check.violation ? check.violation.description : ''}`;
      this.#body.replaceChildren(caption, p);
      this.#drawn = null;
      this.#diagram = null;
      this.#update(tl);
      return;
    }
    this.#drawn = drawn;
    this.#diagram = new LatticeDiagram({ document: doc, label: `Type promotion lattice: ${caption.textContent}`,
      routeEdges: tl.routeEdges });
    this.#diagram.render(allTypes ? drawn : restrictDrawing(drawn, docsTypes(tl)));
    this.#diagram.on('toggle', (name) => {
      const i = this.#selected.indexOf(name);
      if (i >= 0) this.#selected.splice(i, 1); else this.#selected.push(name);
      this.#update(tl);
    });
    this.#diagram.on('hover', (name) => this.#update(tl, name));
    this.#diagram.setEdgeReasons((a, b) => system.select([a, b]).reason);
    const scroll = doc.createElement('div');
    scroll.className = 'scroll';   // a narrow column scrolls rather than shrinking labels below 11 px
    scroll.append(this.#diagram.svg);
    this.#body.replaceChildren(caption, scroll);
    this.#update(tl);
    // In a narrow column the figure scrolls: bring the author's join (or first selected type) into view.
    const { join } = selectionState(system, this.#selected);
    this.#diagram.reveal(join || this.#selected[0]);
  }

  #drawBits(tl, code = null) {
    const format = attributeOrDefault(this, 'format');
    // The author's code, read by the core's grammar (0x hex, 0b binary or decimal digits): a code the CLI
    // refuses is shown with the CLI's message, never read some other way.
    const authorCode = tl.parseCode(format, attributeOrDefault(this, 'code'));
    const shown = code ?? authorCode;
    this.#tableEl = null;
    this.#drawn = null;
    this.#diagram = null;
    const figure = renderBits(this.ownerDocument, tl, format, shown, (next) => this.#drawBits(tl, next));
    this.#body.replaceChildren(figure);
    this.#result.textContent = '';
    this.#reason.textContent = '';
    this.#reset.hidden = code === null || code === authorCode;
  }

  #tableEl = null;
  #markCells(table) {
    const [r, c] = this.#selected;
    for (const td of table.querySelectorAll('td[data-row]')) {
      td.classList.toggle('picked', this.#selected.length === 2 && td.dataset.row === r && td.dataset.col === c);
    }
  }

  // The shown system compiled once (a new one when the options change), so a click does not re-send the graph.
  #system = null;
  #systemKey = null;
  #systemHandle(tl, opts) {
    const key = JSON.stringify([opts.system, opts.mode, opts.x64]);
    if (key !== this.#systemKey) {
      if (this.#system) this.#system.delete();
      this.#system = tl.system(opts);
      this.#systemKey = key;
    }
    return this.#system;
  }

  #update(tl, hovered = null) {
    const opts = this.options;
    const system = this.#systemHandle(tl, opts);
    const { join, error, pathEdges, reason } = latticeView.selectionState(system, this.#selected);
    if (this.#drawn) {
      const reachable = hovered ? system.reachable(hovered) : null;
      this.#diagram.show({ selected: this.#selected, join, pathEdges, reachable, hovered });
    }
    if (this.#selected.length < 2) {
      this.#result.textContent = this.#drawn ? 'Click two or more types to see their join.' : '';
      this.#reason.textContent = '';
    } else {
      this.#result.textContent = error !== null ? error : `${this.#selected.join(' ∨ ')} = ${join}`;
      this.#reason.textContent = reason;   // the core's sentence: why this join
    }
    this.#result.classList.toggle('error', error !== null);
    if (this.#selected.length === 3 && error === null) this.#result.textContent += groupings(system, this.#selected);
    const key = JSON.stringify(this.#selected);
    this.#reset.hidden = key === this.#authorSelection;
    if (key !== this.#announced) {   // hovering does not change the selection: no event for it
      this.#announced = key;
      this.dispatchEvent(new CustomEvent('select', { detail: { selected: this.selected, join, error } }));
    }
  }
}

// A system whose binary promotion is not associative (a table system such as NumPy's) answers a ∨ b ∨ c by its
// left fold; when the other grouping differs, both are shown, each asked of the system's handle.
function groupings(system, [a, b, c]) {
  const promote = (x, y) => { try { return system.promoteTypes(x, y); } catch { return null; } };
  const ab = promote(a, b);
  const bc = promote(b, c);
  const left = ab === null ? null : promote(ab, c);
  const right = bc === null ? null : promote(a, bc);
  if (left === right) return '';
  return `\nnot associative here: (${a} ∨ ${b}) ∨ ${c} = ${left ?? 'no promotion'}, ` +
    `but ${a} ∨ (${b} ∨ ${c}) = ${right ?? 'no promotion'}`;
}

function shortNames(tl) {
  const codes = new Map(tl.dtypes().map((d) => [d.name, d.shortCode || d.name]));
  return (name) => codes.get(name) || name;
}

if (typeof customElements === 'object' && customElements !== null && !customElements.get('type-lattice')) {
  customElements.define('type-lattice', TypeLatticeElement);
}
