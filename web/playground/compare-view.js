// The Compare view: one expression (dtypes and Python values) promoted in every system side by side, as
// `typelattice compare` prints it (the module's compare(): every row's text is the core's). Rows whose answer
// differs from the reference system's are marked; each links to its system's source. The page's strict/x64 toggles
// apply to the systems that have those modes, each row names the mode it was answered in, and "every mode" gives a
// row per mode a system has.
import { splitOperands } from './state.js';
import { t } from './strings.js';

const $ = (id) => document.getElementById(id);

// Expressions worth a first look: a value out of uint8's range, signed with unsigned, two 16-bit floats, a
// Python float or complex with an integer array, uint64 with a negative int, a bool.
const EXAMPLES = [['uint8', '300'], ['int8', 'uint8'], ['float16', 'bfloat16'], ['int32', '1.5'], ['float32', '1j'],
  ['uint64', '-1'], ['int64', 'uint64'], ['bool', 'True']];
const VALUES = ['300', '-1', '1.5', '1e40', '1j', 'True'];
// The settings a system with modes (SystemEntry.modes: JAX's) takes: its rows under "every mode", in this order.
const EVERY_MODE = [['standard', true], ['standard', false], ['strict', true], ['strict', false]];

const el = (tag, className, text) => {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
};

export class CompareView {
  constructor(app) {
    this.app = app;
    this.tl = app.tl;
    this.systems = this.tl.systems();
    const input = $('compare-operands');
    input.addEventListener('input', () => this.app.set({ operands: splitOperands(input.value) }, 'type'));
    $('compare-add-dtype').addEventListener('change', (e) => {
      if (e.target.value) this.#append(e.target.value);
      e.target.value = '';
    });
    $('compare-reference').addEventListener('change', (e) => this.app.set({ ref: e.target.value }));
    $('compare-every-mode').addEventListener('change', (e) => this.app.set({ modes: e.target.checked }));
    $('compare-clear').addEventListener('click', () => {
      this.app.set({ operands: [] });
      input.focus();
    });
    for (const value of VALUES) {
      const b = el('button', 'chip', value);
      b.type = 'button';
      b.dataset.value = value;
      b.addEventListener('click', () => this.#append(value));
      $('compare-values').append(' ', b);
    }
    for (const operands of EXAMPLES) {
      const b = el('button', 'chip', operands.join(' op '));
      b.type = 'button';
      b.addEventListener('click', () => this.app.set({ operands }));
      $('compare-examples').append(' ', b);
    }
    this.#fillMenus();
  }

  #append(operand) {
    this.app.set({ operands: [...this.app.state.operands, operand] });
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
    // Rewrite the field only when the operands changed elsewhere (a link, a chip): typing keeps its spacing.
    if (splitOperands(input.value).join(',') !== state.operands.join(',')) input.value = state.operands.join(', ');
    $('compare-reference').value = state.ref;
    $('compare-every-mode').checked = state.modes;
    const error = $('compare-error');
    const body = $('compare-rows');
    error.hidden = true;
    error.textContent = '';
    if (!state.operands.length) {
      body.replaceChildren();
      $('compare-summary').textContent = t('compare.empty');
      return;
    }
    let rows;
    try {
      rows = this.#rows(state);
    } catch (e) {
      // The core's words: an unknown dtype with the closest names, or text that is neither a number nor a dtype.
      error.textContent = e.message;
      error.hidden = false;
      body.replaceChildren();
      $('compare-summary').textContent = '';
      return;
    }
    // Under "every mode" the reference is the reference system's row in the page's mode.
    const inPageMode = (r) => r.mode === null || (r.mode === state.mode && r.x64 === state.x64);
    const referenceSystem = state.ref || rows[0].system;
    const reference = rows.find((r) => r.system === referenceSystem && inPageMode(r)) ?? rows[0];
    const answer = (r) => r.result ?? r.error;
    const differing = rows.filter((r) => answer(r) !== answer(reference)).length;
    $('compare-summary').textContent = t(state.modes ? 'compare.summaryRows' : 'compare.summary', {
      expression: state.operands.join(' op '), n: differing, total: rows.length,
      reference: `${reference.system} (${this.#modeWords(reference)})`,
    });
    // Under "every mode" a system has several rows, so the badge names the reference's mode too.
    const referenceName = state.modes && reference.mode !== null
      ? `${reference.system} (${reference.mode}, ${t(reference.x64 ? 'compare.x64on' : 'compare.x64off')})`
      : reference.system;
    body.replaceChildren(...rows.map((r) => this.#row(r, reference, answer(r) !== answer(reference), referenceName)));
  }

  // One compare() in the page's mode, or under "every mode" one per setting with the systems that have modes
  // answering in each, in systems() order.
  #rows(state) {
    const rows = this.tl.compare(state.operands, { mode: state.mode, x64: state.x64 });
    if (!state.modes) return rows;
    const each = EVERY_MODE.map(([mode, x64]) => this.tl.compare(state.operands, { mode, x64 }));
    return rows.flatMap((r, i) => (r.mode === null ? [r] : each.map((modeRows) => modeRows[i])));
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
    th.append(el('span', 'mono system-name', r.system), el('span', 'hint system-title', `${r.title}, ${r.version}`),
      el('span', 'hint system-mode', this.#modeWords(r)));
    const answer = el('td', 'answer');
    if (r.result) {
      answer.append(el('code', 'compare-result', r.result));
    } else {
      answer.append(el('span', 'compare-error', r.error));
      answer.classList.add('refused');
    }
    if (differs) answer.append(' ', el('span', 'badge', t('compare.differs', { reference: referenceName })));
    if (r === reference) answer.append(' ', el('span', 'badge ref-badge', t('compare.reference')));
    if (r.note) answer.append(el('p', 'reason compare-note', r.note));
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
