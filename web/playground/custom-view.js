// The Your lattice view: edit a graph (types and edges, or start from a preset), check it live with
// a compiled graph handle (tl.graph: one compile per edit, not per click), highlight the counterexample,
// import/export the JSON that `typelattice check` reads. Large graphs are read and checked in a worker
// (check-worker.js) with progress and a Cancel button, so the page stays responsive.
// User-typed names are only ever inserted as text.
import { LatticeDiagram, download } from '../components/lattice-svg.js';
import { selectionState } from '../components/promotion-state.js';
import { t, messageText, stageTitle } from './strings.js';
import { CheckRunner, CheckCancelled } from './check-runner.js';
import { LINK_LIMIT, linkHolds } from './state.js';

// Beyond these sizes the check goes to the worker: a 256-node check takes a few ms on the page, a 4096-node one
// ~200 ms plus parsing (tests/bench/playground_check_bench.mjs measures both).
export const OFF_THREAD_NODES = 256;
export const OFF_THREAD_JSON_BYTES = 16384;

const $ = (id) => document.getElementById(id);

export function graphToJson(graph) {
  const edges = graph.edges.map((e) => `    ${JSON.stringify(e)}`).join(',\n');
  return `{\n  "nodes": ${JSON.stringify(graph.nodes)},\n  "edges": [\n${edges}\n  ]\n}\n`;
}

// The graph as the page state holds it (state.js: `nodes` by name, `edges` as pairs of node indices), and back.
export function graphFields(graph) {
  const index = new Map();
  graph.nodes.forEach((n, i) => { if (!index.has(n)) index.set(n, i); });
  return { nodes: [...graph.nodes], edges: graph.edges.map(([a, b]) => [index.get(a), index.get(b)]) };
}
const fieldsKey = (f) => JSON.stringify([f.nodes, f.nodes === null ? [] : f.edges]);

// The graph of the page state: its own `nodes` and `edges`, or (nodes null) the last preset, the JAX lattice,
// as Your lattice shows it. The Table view tabulates the same graph.
export function graphOfState(s, presets) {
  if (s.nodes !== null) return { nodes: s.nodes, edges: s.edges.map(([i, j]) => [s.nodes[i], s.nodes[j]]) };
  return presets.length ? presets[presets.length - 1].graph : { nodes: [], edges: [] };
}

export class CustomView {
  constructor(app) {
    this.app = app;
    this.tl = app.tl;
    this.presets = this.tl.presets();
    this.selected = [];
    this.diagram = new LatticeDiagram({ document, routeEdges: this.tl.routeEdges });
    $('custom-figure').append(this.diagram.svg);
    this.diagram.on('toggle', (name) => {
      const pick = this.selected.includes(name) ? this.selected.filter((n) => n !== name) : [...this.selected, name];
      this.app.set({ pick });
    });
    this.hovered = null;
    this.diagram.on('hover', (name) => { this.hovered = name; this.#highlight(); });
    this.#fillPresets();
    // With no `nodes` in the state, the view shows the last preset (the JAX lattice).
    this.preset = graphOfState({ nodes: null }, this.presets);
    this.presetKey = fieldsKey(graphFields(this.preset));
    this.graph = null;
    this.graphKey = null;   // fieldsKey of the state's graph this view shows
    $('custom-load').addEventListener('click', () => this.#loadPreset($('custom-preset').value));
    $('custom-add-node').addEventListener('click', () => this.#addNode());
    $('custom-node-name').addEventListener('keydown', (e) => { if (e.key === 'Enter') this.#addNode(); });
    $('custom-add-edge').addEventListener('click', () => {
      const from = $('custom-from').value;
      const to = $('custom-to').value;
      if (from === '' || to === '' || from === to) return;
      if (!this.graph.edges.some(([a, b]) => a === from && b === to)) this.graph.edges.push([from, to]);
      this.#changed();
    });
    $('custom-import').addEventListener('click', () => this.#importText($('custom-json').value));
    // Text typed into the box is the user's until Apply: other edits (Add type, a language switch) must not
    // overwrite it. Emptying the box hands it back to the graph.
    this.jsonEdited = false;
    $('custom-json').addEventListener('input', (e) => {
      this.jsonEdited = e.target.value.trim() !== '';
      if (!this.jsonEdited) {
        this.dirty = true;
        this.render();
      }
    });
    $('custom-file').addEventListener('change', async (e) => {
      const file = e.target.files[0];
      if (!file) return;
      const text = await file.text();
      $('custom-json').value = text;
      this.#importText(text);
      e.target.value = '';
    });
    $('custom-export').addEventListener('click', () =>
      download(document, 'typelattice-graph.json', graphToJson(this.graph), 'application/json'));
    $('custom-open-table').addEventListener('click', () => this.app.set({ view: 'table', tableOf: 'lattice' }));
    this.runner = new CheckRunner();
    this.checkToken = 0;   // the latest off-thread check; older ones' answers are dropped
    this.checked = null;   // { graph, check } from the worker, used by render() instead of checking again
    this.dirty = true;
  }

  #fillPresets() {
    const sel = $('custom-preset');
    const keep = sel.value;
    sel.replaceChildren();
    const empty = document.createElement('option');
    empty.value = '';
    empty.textContent = t('custom.empty');
    sel.append(empty);
    this.presets.forEach((p, i) => {
      const o = document.createElement('option');
      o.value = String(i);
      o.textContent = stageTitle(p);
      sel.append(o);
    });
    sel.value = keep || String(this.presets.length - 1);
  }

  relabel() { this.#fillPresets(); this.dirty = true; }

  #loadPreset(value) {
    const g = value === '' ? { nodes: [], edges: [] } : this.presets[Number(value)].graph;
    this.graph = { nodes: [...g.nodes], edges: g.edges.map((e) => [...e]) };
    this.selected = [];
    this.#changed();
  }

  #addNode() {
    const name = $('custom-node-name').value.trim();
    if (!name || this.graph.nodes.includes(name)) {
      $('custom-json-error').textContent = t('custom.badName');
      return;
    }
    this.graph.nodes.push(name);
    $('custom-node-name').value = '';
    this.#changed();
  }

  // The box holds what `typelattice check FILE.json` reads, and the core's reader reads it here too.
  #importText(text) {
    if (text.length > OFF_THREAD_JSON_BYTES) {
      this.#checkOffThread({ text }, (graph) => {
        this.graph = graph;
        this.selected = [];
        this.jsonEdited = false;
      }, (message) => { $('custom-json-error').textContent = message; });
      return;
    }
    try {
      this.graph = this.tl.parseLattice(text);
      this.selected = [];
      this.jsonEdited = false;
      this.#changed();
    } catch (e) {
      $('custom-json-error').textContent = e.message;
    }
  }

  // Reads and checks in the worker; `accept(graph)` runs when the answer arrives (and is still the latest),
  // `refuse(message)` when the core refused the input. Until then the status says what the worker is doing.
  #checkOffThread(request, accept, refuse) {
    const token = ++this.checkToken;
    const status = $('custom-check');
    const label = document.createElement('span');
    label.id = 'custom-progress';
    const cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.className = 'small';
    cancel.id = 'custom-cancel';
    cancel.textContent = t('custom.cancel');
    cancel.addEventListener('click', () => this.runner.cancel());
    status.className = 'status-box busy';
    status.setAttribute('aria-busy', 'true');
    status.replaceChildren(label, ' ', cancel);
    const say = (p) => { label.textContent = t(`custom.phase.${p.phase}`, { nodes: p.nodes, edges: p.edges }); };
    say({ phase: 'loading' });
    this.runner.run(request, say).then(({ graph, check }) => {
      if (token !== this.checkToken) return;
      status.removeAttribute('aria-busy');
      accept(graph);
      this.checked = { graph: this.graph, check };   // no edit came in between: the token says so
      this.#changed();
    }, (e) => {
      if (token !== this.checkToken) return;
      status.removeAttribute('aria-busy');
      status.className = 'status-box bad';
      status.textContent = e instanceof CheckCancelled ? t('custom.cancelled') : e.message;
      if (!(e instanceof CheckCancelled) && refuse) refuse(e.message);
    });
  }

  // An edit of this.graph: it goes into the page state (the URL, a history entry) and is drawn from there.
  #changed() {
    this.dirty = true;
    const fields = graphFields(this.graph);
    this.graphKey = fieldsKey(fields);
    this.selected = this.selected.filter((n) => this.graph.nodes.includes(n));
    this.pickKey = JSON.stringify(this.selected);
    this.app.set({ ...(this.graphKey === this.presetKey ? { nodes: null, edges: [] } : fields), pick: this.selected });
  }

  // The state's graph, when it is not the one shown (a link, Back or Forward).
  #adopt(s) {
    const key = fieldsKey(s);
    if (key === this.graphKey || (s.nodes === null && this.graphKey === this.presetKey)) return;
    const g = graphOfState(s, this.presets);
    this.graph = { nodes: [...g.nodes], edges: g.edges.map((e) => [...e]) };
    this.graphKey = s.nodes === null ? this.presetKey : key;
    this.dirty = true;
  }

  // A graph too long for a link stays in this tab (state.js, `held=`); the page says so and offers the JSON file.
  #linkNote(s) {
    const note = $('custom-link-note');
    if (this.jsonUrl) URL.revokeObjectURL(this.jsonUrl);
    this.jsonUrl = null;
    if (linkHolds(s, 'nodes') && linkHolds(s, 'edges')) {
      note.hidden = true;
      note.replaceChildren();
      return;
    }
    const json = graphToJson(this.graph);
    this.jsonUrl = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
    const link = Object.assign(document.createElement('a'), {
      id: 'custom-link-json', href: this.jsonUrl, download: 'typelattice-graph.json', textContent: t('custom.linkJson'),
    });
    note.replaceChildren(t('custom.linkTooLong', { limit: LINK_LIMIT }), ' ', link);
    note.hidden = false;
  }

  render(s = this.app.state) {
    this.#adopt(s);
    const pickKey = JSON.stringify(s.pick);
    if (pickKey !== this.pickKey) {
      this.pickKey = pickKey;
      this.selected = s.pick.filter((n) => this.graph.nodes.includes(n));
      if (!this.dirty && this.graph) this.#highlight();
    }
    if (!this.dirty) return;
    this.dirty = false;
    this.#linkNote(s);
    $('custom-json-error').textContent = '';
    this.selected = this.selected.filter((n) => this.graph.nodes.includes(n));
    this.#lists();
    if (this.jsonEdited) $('custom-json-error').textContent = t('custom.unapplied');
    else $('custom-json').value = graphToJson(this.graph);
    const status = $('custom-check');
    status.replaceChildren();
    status.removeAttribute('aria-busy');
    ++this.checkToken;    // whatever is checked now supersedes a check still running in the worker
    this.runner.cancel();
    if (!this.graph.nodes.length) {
      status.className = 'status-box';
      status.textContent = t('custom.emptyGraph');
      this.#compile(null);
      this.diagram.render({ nodes: [], edges: [] });
      this.#highlight();
      return;
    }
    const checked = this.checked && this.checked.graph === this.graph ? this.checked.check : null;
    this.checked = null;
    if (!checked && this.graph.nodes.length > OFF_THREAD_NODES) {
      const graph = this.graph;
      this.#checkOffThread({ graph }, () => {}, null);
      return;
    }
    try {
      this.#compile(this.graph, checked);
    } catch (e) {   // a malformed graph: say why, keep the last drawing
      status.className = 'status-box bad';
      status.textContent = e.message;
      this.#compile(null);
      return;
    }
    status.className = `status-box ${this.check.isLattice ? 'good' : 'bad'}`;
    const head = document.createElement('strong');
    head.textContent = this.check.isLattice ? t('custom.isLattice') : t('custom.notLattice');
    status.append(head);
    if (this.check.violation) {
      const why = document.createElement('span');
      why.className = 'counterexample';
      why.textContent = ` ${t(`kind.${this.check.violation.kind}`)}: ${
        messageText(this.check.violation.descriptionMessage)}`;
      status.append(why);
    }
    this.diagram.render({ nodes: this.check.layout, edges: this.graph.edges });
    this.#highlight();
  }

  // The graph's handle and its check (`checked`: the worker's, so it is not run twice); the previous handle
  // is freed. null: nothing to check.
  #compile(graph, checked = null) {
    if (this.handle) this.handle.delete();
    this.handle = graph ? this.tl.graph(graph) : null;
    this.check = this.handle ? checked ?? this.handle.check() : null;
  }

  #highlight() {
    const v = this.check && this.check.violation;
    let join = null;
    let pathEdges = [];
    let text = t('lattice.pick');
    let reason = '';
    if (this.check && this.selected.length >= 2) {
      const r = selectionState(this.handle, this.selected);
      ({ join, pathEdges } = r);
      reason = messageText(r.reasonMessage);
      text = join !== null ? join : messageText(r.errorMessage);
    }
    $('custom-join').textContent = text;
    $('custom-reason').textContent = reason;
    const pair = v && v.a !== null && v.a !== undefined ? [v.a, v.b] : [];
    const hovered = this.check && this.hovered && this.graph.nodes.includes(this.hovered) ? this.hovered : null;
    const reachable = hovered ? this.handle.reachable(hovered) : null;
    this.diagram.show({ selected: this.selected, join, pathEdges, counterexample: pair, hovered, reachable,
      competing: v ? v.competing || [] : [], cycle: v ? v.cycle || [] : [] });
  }

  #lists() {
    const nodes = this.graph.nodes;
    for (const id of ['custom-from', 'custom-to']) {
      const sel = $(id);
      const keep = sel.value;
      sel.replaceChildren(...nodes.map((n) => {
        const o = document.createElement('option');
        o.value = n;
        o.textContent = n;
        return o;
      }));
      if (nodes.includes(keep)) sel.value = keep;
    }
    const item = (label, onRemove) => {
      const li = document.createElement('li');
      const span = document.createElement('span');
      span.className = 'mono';
      span.textContent = label;
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'small';
      b.textContent = t('custom.remove');
      b.setAttribute('aria-label', `${t('custom.remove')} ${label}`);
      b.addEventListener('click', onRemove);
      li.append(span, b);
      return li;
    };
    $('custom-edges').replaceChildren(...this.graph.edges.map(([a, b], i) => item(`${a} → ${b}`, () => {
      this.graph.edges.splice(i, 1);
      this.#changed();
    })));
    $('custom-nodes').replaceChildren(...nodes.map((n) => item(n, () => {
      this.graph.nodes = this.graph.nodes.filter((x) => x !== n);
      this.graph.edges = this.graph.edges.filter(([a, b]) => a !== n && b !== n);
      this.#changed();
    })));
  }
}
