// The Compare view: one expression (dtypes and Python values joined by operators, or a plain list) promoted in
// every system side by side, as `typelattice compare` prints it (the module's compare(): every row's text is the
// core's; compare-expression.js reads the text and passes each group's results on). Rows whose answer differs from
// the reference system's are marked; each links to its system's source. The page's strict/x64 toggles apply to the
// systems that have those modes, each row names the mode it was answered in, and "every mode" gives a row per mode
// a system has. With three or more operands, "every grouping" promotes them in every order of pairs.
import { splitOperands } from './state.js';
import { t, messageText, systemHeading } from './strings.js';
import {
  ExpressionError, evaluate, formatTree, groupings, isOperandList, leaves, listTree, parseExpression,
} from './compare-expression.js';

const $ = (id) => document.getElementById(id);

// Expressions worth a first look: a value out of uint8's range, signed with unsigned, two 16-bit floats, a
// Python float or complex with an array, uint64 with a negative int, a bool, a named operand, and NumPy's
// non-associative triple (the core's checkSystem finds it).
export const EXAMPLES = ['uint8 + 300', 'int8 | uint8', 'float16 + bfloat16', 'int32 * 1.5', 'float32 * 1j',
  'uint64 + -1', 'int64 | uint64', 'bool & True', 'x: int32; x * 2.5', 'int8 | uint8 | float16'];
// The most operands "every grouping" takes: n operands have Catalan(n-1) groupings, 14 for 5.
const MAX_GROUPED = 5;
const VALUES = ['300', '-1', '1.5', '1e40', '1j', 'True'];
// The settings a system with modes (SystemEntry.modes: JAX's) takes: its rows under "every mode", in this order.
const EVERY_MODE = [['standard', true], ['standard', false], ['strict', true], ['strict', false]];

const el = (tag, className, text) => {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
};
// Why a system gives no result: a library's own words (a string: English, marked so), or this project's (a message,
// in the page's language).
const errorText = (why) => (typeof why === 'string' ? Object.assign(el('span', 'compare-error', why), { lang: 'en' })
  : el('span', 'compare-error', messageText(why)));

export class CompareView {
  constructor(app) {
    this.app = app;
    this.tl = app.tl;
    this.systems = this.tl.systems();
    const input = $('compare-operands');
    input.addEventListener('input', () => this.app.set(this.#fromText(input.value), 'type'));
    $('compare-add-dtype').addEventListener('change', (e) => {
      if (e.target.value) this.#append(e.target.value);
      e.target.value = '';
    });
    $('compare-reference').addEventListener('change', (e) => this.app.set({ ref: e.target.value }));
    $('compare-every-mode').addEventListener('change', (e) => this.app.set({ modes: e.target.checked }));
    $('compare-every-grouping').addEventListener('change', (e) => this.app.set({ groupings: e.target.checked }));
    $('compare-clear').addEventListener('click', () => {
      this.app.set({ operands: [], expr: '' });
      input.focus();
    });
    for (const value of VALUES) {
      const b = el('button', 'chip', value);
      b.type = 'button';
      b.dataset.value = value;
      b.addEventListener('click', () => this.#append(value));
      $('compare-values').append(' ', b);
    }
    for (const text of EXAMPLES) {
      const b = el('button', 'chip', text);
      b.type = 'button';
      b.addEventListener('click', () => this.app.set(this.#fromText(text)));
      $('compare-examples').append(' ', b);
    }
    this.#fillMenus();
  }

  // The state for the text in the box: a plain list keeps the `operands` it always had, anything else is `expr`.
  // Both fields every time, so that a run of typing is one history entry (history.js).
  #fromText(text) {
    return isOperandList(text) ? { operands: splitOperands(text), expr: '' }
      : { operands: this.app.state.operands, expr: text };
  }

  // A dtype or value added from the menus: another operand of the list, or `+ operand` after an expression.
  #append(operand) {
    const { expr, operands } = this.app.state;
    if (!expr) this.app.set({ operands: [...operands, operand] });
    else this.app.set({ expr: /[-+*/%@<>&^|(;:]\s*$/.test(expr) ? `${expr} ${operand}` : `${expr} + ${operand}` });
  }

  #fillMenus() {
    const add = $('compare-add-dtype');
    const first = el('option', '', t('compare.addDtype'));
    first.value = '';
    add.replaceChildren(first, ...this.tl.dtypes().map((d) => {
      const o = el('option', '', d.name);
      o.value = d.name;
      return o;
    }));
    const ref = $('compare-reference');
    const firstRow = el('option', '', t('compare.firstRow', { system: this.systems[0].name }));
    firstRow.value = '';
    ref.replaceChildren(firstRow, ...this.systems.map((s) => {
      const o = el('option', '', s.name);
      o.value = s.name;
      return o;
    }));
  }

  relabel() { this.#fillMenus(); }

  render(state) {
    const input = $('compare-operands');
    // Rewrite the field only when the input changed elsewhere (a link, a chip): typing keeps its spacing.
    const typed = this.#fromText(input.value);
    const changed = state.expr ? input.value !== state.expr
      : typed.expr !== '' || typed.operands.join(',') !== state.operands.join(',');
    if (changed) input.value = state.expr || state.operands.join(', ');
    $('compare-reference').value = state.ref;
    $('compare-every-mode').checked = state.modes;
    $('compare-every-grouping').checked = state.groupings;
    const error = $('compare-error');
    const body = $('compare-rows');
    error.hidden = true;
    error.textContent = '';
    this.#showGroupings(null, state);
    const fail = (message) => {
      error.textContent = message;
      error.hidden = false;
      body.replaceChildren();
      $('compare-summary').textContent = '';
    };
    let tree;
    try {
      tree = state.expr ? parseExpression(state.expr) : state.operands.length ? listTree(state.operands) : null;
    } catch (e) {
      if (!(e instanceof ExpressionError)) throw e;
      fail(CompareView.#readingError(e));
      return;
    }
    if (!tree) {
      body.replaceChildren();
      $('compare-summary').textContent = t('compare.empty');
      return;
    }
    let rows;
    try {
      rows = this.#rows(state, tree);
    } catch (e) {
      // The core's words: an unknown dtype with the closest names, or text that is neither a number nor a dtype.
      fail(e.message);
      return;
    }
    this.#showGroupings(tree, state);
    // Under "every mode" the reference is the reference system's row in the page's mode.
    const inPageMode = (r) => r.mode === null || (r.mode === state.mode && r.x64 === state.x64);
    const referenceSystem = state.ref || rows[0].system;
    const reference = rows.find((r) => r.system === referenceSystem && inPageMode(r)) ?? rows[0];
    const answer = (r) => r.result ?? r.error;
    const differing = rows.filter((r) => answer(r) !== answer(reference)).length;
    $('compare-summary').textContent = t(state.modes ? 'compare.summaryRows' : 'compare.summary', {
      expression: formatTree(tree), n: differing, total: rows.length,
      reference: `${reference.system} (${this.#modeWords(reference)})`,
    });
    // Under "every mode" a system has several rows, so the badge names the reference's mode too.
    const referenceName = state.modes && reference.mode !== null
      ? `${reference.system} (${reference.mode}, ${t(reference.x64 ? 'compare.x64on' : 'compare.x64off')})`
      : reference.system;
    body.replaceChildren(...rows.map((r) => this.#row(r, reference, answer(r) !== answer(reference), referenceName)));
  }

  // The expression's rows in the page's mode, or under "every mode" in each setting with the systems that have
  // modes answering in each, in systems() order.
  #rows(state, tree) {
    const inMode = (mode, x64) => evaluate(tree, (operands) => this.tl.compare(operands, { mode, x64 }));
    const rows = inMode(state.mode, state.x64);
    if (!state.modes) return rows;
    const each = EVERY_MODE.map(([mode, x64]) => inMode(mode, x64));
    return rows.flatMap((r, i) => (r.mode === null ? [r] : each.map((modeRows) => modeRows[i])));
  }

  // A reading error in the user's words: where (1-based) and what was expected there.
  static #readingError(e) {
    const column = e.position + 1;
    if (e.expected === 'declared') return t('compare.declaredTwice', { column, name: e.name });
    return t('compare.expected', {
      column, what: t(`compare.expect.${e.expected}`),
      found: e.found ? t('compare.found', { text: e.found }) : t('compare.atEnd'),
    });
  }

  // "Every grouping" for three or more operands: a column per grouping, a row per system (the page's mode), the
  // systems whose groupings disagree marked. `tree` null: nothing to group.
  #showGroupings(tree, state) {
    const n = tree ? leaves(tree).length : 0;
    const toggle = $('compare-every-grouping');
    toggle.parentElement.hidden = n < 3;
    toggle.disabled = n > MAX_GROUPED;
    const section = $('compare-groupings');
    section.hidden = n < 3 || !state.groupings;
    if (section.hidden) return;
    const summary = $('compare-groupings-summary');
    const table = $('compare-groupings-table');
    if (n > MAX_GROUPED) {
      summary.textContent = t('compare.groupingsTooMany', { max: MAX_GROUPED, n });
      table.replaceChildren();
      return;
    }
    const trees = groupings(tree);
    const written = formatTree(tree);
    const inMode = (operands) => this.tl.compare(operands, { mode: state.mode, x64: state.x64 });
    const columns = trees.map((g) => evaluate(g, inMode));
    const head = el('tr');
    head.append(el('th', '', t('compare.system')), ...trees.map((g, i) => {
      const th = el('th');
      th.scope = 'col';
      th.append(el('code', '', formatTree(g)));
      const marks = [i === 0 && t('compare.leftToRight'), formatTree(g) === written && t('compare.asWritten')];
      if (marks.some(Boolean)) th.append(' ', el('span', 'hint', marks.filter(Boolean).join(', ')));
      return th;
    }));
    const disagreeing = [];
    const body = columns[0].map((first, i) => {
      const tr = el('tr');
      tr.dataset.system = first.system;
      const th = el('th', 'mono', first.system);
      th.scope = 'row';
      tr.append(th, ...columns.map((rows, k) => {
        const r = rows[i];
        const td = el('td');
        td.dataset.grouping = String(k);
        td.append(r.result ? el('code', 'compare-result', r.result) : errorText(r.errorMessage));
        return td;
      }));
      if (new Set(columns.map((rows) => rows[i].result ?? '')).size > 1) {
        tr.classList.add('disagrees');
        th.append(' ', el('span', 'badge', t('compare.byGrouping')));
        disagreeing.push(first.system);
      }
      return tr;
    });
    summary.textContent = disagreeing.length
      ? t('compare.groupingsSummary', { n: disagreeing.length, total: body.length, systems: disagreeing.join(', ') })
      : t('compare.groupingsSame');
    const thead = el('thead');
    thead.append(head);
    const tbody = el('tbody');
    tbody.append(...body);
    table.replaceChildren(thead, tbody);
  }

  // The mode a row used: "strict, x64 off", or that the system has one mode only.
  #modeWords(r) {
    if (r.mode === null) return t('compare.onlyMode');
    return t('compare.modeUsed', { mode: r.mode, x64: t(r.x64 ? 'compare.x64on' : 'compare.x64off') });
  }

  #row(r, reference, differs, referenceName) {
    const tr = el('tr');
    tr.dataset.system = r.system;
    if (r.mode !== null) Object.assign(tr.dataset, { mode: r.mode, x64: String(r.x64) });
    if (r === reference) tr.classList.add('reference');
    if (differs) tr.classList.add('differs');
    const th = el('th');
    th.scope = 'row';
    th.append(el('span', 'mono system-name', r.system),
      el('span', 'hint system-title', systemHeading(r.system, r.title, r.version)),
      el('span', 'hint system-mode', this.#modeWords(r)));
    const answer = el('td', 'answer');
    if (r.result) {
      answer.append(el('code', 'compare-result', r.result));
    } else {
      answer.append(errorText(r.errorMessage));
      answer.classList.add('refused');
    }
    if (differs) answer.append(' ', el('span', 'badge', t('compare.differs', { reference: referenceName })));
    if (r === reference) answer.append(' ', el('span', 'badge ref-badge', t('compare.reference')));
    if (r.notes.length) {
      const text = r.notes.map(({ group, message }) => (group ? `${group}: ` : '') + messageText(message));
      answer.append(el('p', 'reason compare-note', text.join(' ')));
    }
    const source = el('td', 'source');
    const link = el('a', '', t('compare.source'));
    link.href = r.sourceUrl;
    link.title = r.source;
    link.target = '_blank';
    link.rel = 'noopener';
    source.append(link);
    tr.append(th, answer, source);
    return tr;
  }
}
