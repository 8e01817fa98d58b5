// The Table view: the binary promotion table of the current system, optionally compared with another system
// (differing cells marked), or the join table of the user's own lattice (Your lattice's graph); exported as
// Markdown, CSV or JSON; clicking a cell selects that pair on the lattice (or in Your lattice).
import { renderPromotionTable, tableToCsv, tableToMarkdown } from '../components/promotion-table.js';
import { download } from '../components/lattice-svg.js';
import { docsTypes } from '../components/promotion-state.js';
import { graphOfState } from './custom-view.js';
import { t } from './strings.js';

const $ = (id) => document.getElementById(id);

// A user's lattice of more types is not tabulated here: each cell is one join on the graph handle, and 64 types
// (4096 cells) take 0.1-0.5 s (tests/bench/lattice_table_bench.mjs); `typelattice table --lattice FILE` takes any size.
export const LATTICE_TABLE_MAX_NODES = 64;

export class TableView {
  constructor(app) {
    this.app = app;
    this.tl = app.tl;
    this.codes = new Map(this.tl.dtypes().map((d) => [d.name, d.shortCode || d.name]));
    this.table = null;
    this.lattice = { key: null, table: null, error: null };   // the user's lattice's joins, kept per graph
    $('compare-select').addEventListener('change', (e) => this.app.set({ compare: e.target.value }));
    $('table-source').addEventListener('change', (e) => this.app.set({ tableOf: e.target.value }));
    $('export-csv').addEventListener('click', () =>
      download(document, `${this.#stem()}.csv`, tableToCsv(this.table), 'text/csv'));
    $('export-md').addEventListener('click', () =>
      download(document, `${this.#stem()}.md`, tableToMarkdown(this.table), 'text/markdown'));
    // The JSON `typelattice table --format json` prints: the system and its modes (or nothing more for a user's
    // lattice, which has no file name here), the types and the cells, null where there is no join.
    $('export-json').addEventListener('click', () => {
      const s = this.app.state;
      const head = s.tableOf === 'lattice' ? {} : { system: s.system, mode: s.mode, x64: s.x64 };
      const json = `${JSON.stringify({ ...head, types: this.table.types, cells: this.table.cells })}\n`;
      download(document, `${this.#stem()}.json`, json, 'application/json');
    });
    this.#fillCompare();
  }

  #stem() {
    const s = this.app.state;
    if (s.tableOf === 'lattice') return 'typelattice-table-lattice';
    return `typelattice-table-${s.system}-${s.mode}${s.x64 ? '' : '-x32'}`;
  }

  // The joins of the state's graph, every pair in node order, each from the core through a graph handle
  // (graph_join.h, as `typelattice table --lattice` computes them); { table } or { error } to show instead.
  #latticeTable(state) {
    const graph = graphOfState(state, this.presets ??= this.tl.presets());
    const key = JSON.stringify([graph.nodes, graph.edges]);
    if (key !== this.lattice.key) this.lattice = { key, ...this.#joins(graph) };
    const n = graph.nodes.length;
    if (n === 0) return { table: null, error: t('table.latticeEmpty') };
    const max = LATTICE_TABLE_MAX_NODES;
    if (n > max) return { table: null, error: t('table.latticeTooLarge', { n, max }) };
    return this.lattice;
  }

  #joins(graph) {
    let table = null;
    let error = null;
    const n = graph.nodes.length;
    if (n > 0 && n <= LATTICE_TABLE_MAX_NODES) {
      let handle = null;
      try {
        handle = this.tl.graph(graph);
        const join = (a, b) => handle.joinOnGraph([a, b]).join;
        table = { types: [...graph.nodes], cells: graph.nodes.map((a) => graph.nodes.map((b) => join(a, b))) };
      } catch (e) {   // a graph the core refuses (a name given twice in a link): its words
        error = e.message;
      } finally {
        handle?.delete();
      }
    }
    return { table, error };
  }

  // The user's lattice: its table, no comparison; a click selects the pair in Your lattice.
  #renderLattice(state) {
    $('compare-summary').replaceChildren();
    const { table, error } = this.#latticeTable(state);
    this.table = table;
    for (const id of ['export-csv', 'export-md', 'export-json']) $(id).disabled = table === null;
    if (error !== null) {
      const p = document.createElement('p');
      p.id = 'table-error';
      p.className = 'status-box bad';
      p.textContent = error;
      $('table-container').replaceChildren(p);
      $('table-codes').textContent = '';
      return;
    }
    const el = renderPromotionTable(document, table, {
      caption: t('table.latticeCaption', { n: table.types.length }),
      onCell: (row, col) => this.app.set({ pick: [row, col], view: 'custom' }),
    });
    el.id = 'promotion-table';
    el.dataset.of = 'lattice';
    const [r, c] = state.pick;
    for (const td of el.querySelectorAll('td[data-row]')) {
      if (state.pick.length === 2 && td.dataset.row === r && td.dataset.col === c) td.classList.add('picked');
    }
    this.#keys(el, table.types.length);
    $('table-container').replaceChildren(el);
    const noJoin = table.cells.some((row) => row.includes(null));
    $('table-codes').textContent = noJoin ? t('table.latticeNoJoin') : '';
  }

  // Keyboard: one tab stop in the table, arrow keys move between cells.
  #keys(el, n) {
    const cells = [...el.querySelectorAll('td[data-row]')];
    if (cells.length) cells[0].tabIndex = 0;
    el.addEventListener('keydown', (e) => {
      const i = cells.indexOf(e.target);
      const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: n, ArrowUp: -n }[e.key];
      if (i < 0 || !step || !cells[i + step]) return;
      e.preventDefault();
      e.target.tabIndex = -1;
      cells[i + step].tabIndex = 0;
      cells[i + step].focus();
    });
  }

  #fillCompare() {
    const sel = $('compare-select');
    sel.replaceChildren();
    const none = document.createElement('option');
    none.value = '';
    none.textContent = t('table.noCompare');
    sel.append(none);
    for (const sys of this.tl.systems()) {
      const o = document.createElement('option');
      o.value = sys.name;
      o.textContent = sys.name;
      sel.append(o);
    }
  }

  relabel() { this.#fillCompare(); }

  // Which systems (and which versions of them) are compared, how many cells differ in each class, and one
  // paragraph per class saying why such cells differ.
  #summary(comparison, opts, other, total) {
    const box = $('compare-summary');
    box.replaceChildren();
    if (!comparison) return;
    const p = (text, className = '') => {
      const el = document.createElement('p');
      el.className = className;
      el.textContent = text;
      return el;
    };
    const c = comparison.counts;
    const differing = total - c.same;
    box.append(p(t('table.sources', { here: opts.system, hereSource: comparison.source, other,
      otherSource: comparison.otherSource }), 'hint'));
    box.append(p(t('table.differsBy', { n: differing, total, other, weak: c['weak-scalar'], intFloat: c['integer-float'],
      missing: c['missing-type'], disagree: c.disagreement })));
    const list = document.createElement('dl');
    list.id = 'compare-why';
    for (const kind of ['weak-scalar', 'integer-float', 'missing-type', 'disagreement']) {
      if (!c[kind]) continue;
      const dt = document.createElement('dt');
      dt.className = `diff-${kind}`;
      dt.dataset.kind = kind;
      dt.textContent = t('diff.count', { kind: t(`diff.${kind}`), n: c[kind] });
      const dd = document.createElement('dd');
      dd.textContent = t(`diff.${kind}.why`, { here: opts.system, other });
      list.append(dt, dd);
    }
    box.append(list);
  }

  render(state) {
    $('table-source').value = state.tableOf;
    // After applyStrings (main.js), so the intro matches what the table shows.
    const intro = state.tableOf === 'lattice' ? 'table.introLattice' : 'table.intro';
    $('view-table').querySelector('.intro').textContent = t(intro);
    $('compare-label').hidden = state.tableOf === 'lattice';
    if (state.tableOf === 'lattice') {
      this.#renderLattice(state);
      return;
    }
    for (const id of ['export-csv', 'export-md', 'export-json']) $(id).disabled = false;
    // By default the 18 types of the JAX docs' table (those with a short code); "all" adds the newer ones.
    const opts = state.all ? this.app.opts() : this.app.opts({ types: docsTypes(this.tl) });
    this.table = this.tl.table(opts);
    $('compare-select').value = state.compare;
    let comparison = null;
    if (state.compare) {
      // The other system in the same mode when it has one, else its standard table; the core classes each cell.
      try {
        comparison = this.tl.compareTables(opts, { system: state.compare, mode: opts.mode, x64: opts.x64 });
      } catch {
        comparison = this.tl.compareTables(opts, { system: state.compare });
      }
    }
    const short = (n) => this.codes.get(n) || n;
    const el = renderPromotionTable(document, this.table, {
      short, comparison, compareLabel: state.compare, kindLabel: (k) => t(`diff.${k}`),
      caption: t('table.caption', { system: opts.system, mode: opts.mode }),
      onCell: (row, col) => this.app.set({ select: [row, col], view: 'lattice' }),
    });
    el.id = 'promotion-table';
    const [r, c] = state.select;
    for (const td of el.querySelectorAll('td[data-row]')) {
      if (state.select.length === 2 && td.dataset.row === r && td.dataset.col === c) td.classList.add('picked');
    }
    const n = this.table.types.length;
    this.#keys(el, n);
    $('table-container').replaceChildren(el);
    const total = n * n;
    this.#summary(comparison, opts, state.compare, total);
    const codes = this.table.types.filter((x) => short(x) !== x).map((x) => `${short(x)} = ${x}`);
    $('table-codes').textContent = codes.length ? t('table.codes', { list: codes.join(', ') }) : '';
  }
}
