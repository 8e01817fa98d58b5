// The Table view: the binary promotion table of the current system, optionally compared with another system
// (differing cells marked), exported as Markdown or CSV; clicking a cell selects that pair on the lattice.
import { renderPromotionTable, tableToCsv, tableToMarkdown } from '../components/promotion-table.js';
import { download } from '../components/lattice-svg.js';
import { docsTypes } from '../components/promotion-state.js';
import { t } from './strings.js';

const $ = (id) => document.getElementById(id);

export class TableView {
  constructor(app) {
    this.app = app;
    this.tl = app.tl;
    this.codes = new Map(this.tl.dtypes().map((d) => [d.name, d.shortCode || d.name]));
    this.table = null;
    $('compare-select').addEventListener('change', (e) => this.app.set({ compare: e.target.value }));
    $('export-csv').addEventListener('click', () =>
      download(document, `${this.#stem()}.csv`, tableToCsv(this.table), 'text/csv'));
    $('export-md').addEventListener('click', () =>
      download(document, `${this.#stem()}.md`, tableToMarkdown(this.table), 'text/markdown'));
    this.#fillCompare();
  }

  #stem() {
    const s = this.app.state;
    return `typelattice-table-${s.system}-${s.mode}${s.x64 ? '' : '-x32'}`;
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
      dt.textContent = t(`diff.${kind}`, { n: c[kind] });
      const dd = document.createElement('dd');
      dd.textContent = t(`diff.${kind}.why`, { here: opts.system, other });
      list.append(dt, dd);
    }
    box.append(list);
  }

  render(state) {
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
      short, comparison, compareLabel: state.compare,
      caption: t('table.caption', { system: opts.system, mode: opts.mode }),
      onCell: (row, col) => this.app.set({ select: [row, col], view: 'lattice' }),
    });
    el.id = 'promotion-table';
    const [r, c] = state.select;
    for (const td of el.querySelectorAll('td[data-row]')) {
      if (state.select.length === 2 && td.dataset.row === r && td.dataset.col === c) td.classList.add('picked');
    }
    // Keyboard: one tab stop in the table, arrow keys move between cells.
    const cells = [...el.querySelectorAll('td[data-row]')];
    const n = this.table.types.length;
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
    $('table-container').replaceChildren(el);
    const total = n * n;
    this.#summary(comparison, opts, state.compare, total);
    const codes = this.table.types.filter((x) => short(x) !== x).map((x) => `${short(x)} = ${x}`);
    $('table-codes').textContent = codes.length ? t('table.codes', { list: codes.join(', ') }) : '';
  }
}
