// The Design story view: the design document's stages (tl.presets()) one at a time, with the pairs of types
// that gain, lose or change their join compared with the previous stage. Clicking a pair shows it.
import { LatticeDiagram } from '../components/lattice-svg.js';
import { selectionState } from '../components/promotion-state.js';
import { t } from './strings.js';

const $ = (id) => document.getElementById(id);

export class StoryView {
  constructor(app) {
    this.app = app;
    this.tl = app.tl;
    this.presets = this.tl.presets();
    this.joins = new Map();   // stage index -> Map("a|b" -> join|null)
    this.diagram = new LatticeDiagram({ document, routeEdges: this.tl.routeEdges });
    $('story-figure').append(this.diagram.svg);
    this.picked = [];
    this.diagram.on('toggle', (name) => {
      const i = this.picked.indexOf(name);
      if (i >= 0) this.picked.splice(i, 1); else this.picked.push(name);
      this.#showPicked();
    });
    this.hovered = null;
    this.diagram.on('hover', (name) => { this.hovered = name; this.#showPicked(); });
    const sel = $('story-select');
    this.presets.forEach((p, i) => {
      const o = document.createElement('option');
      o.value = String(i);
      o.textContent = `${i + 1}. ${p.title}`;
      sel.append(o);
    });
    sel.addEventListener('change', (e) => this.app.set({ stage: Number(e.target.value) }));
    $('story-prev').addEventListener('click', () => this.app.set({ stage: Math.max(0, this.stage - 1) }));
    $('story-next').addEventListener('click', () =>
      this.app.set({ stage: Math.min(this.presets.length - 1, this.stage + 1) }));
    this.shown = null;
  }

  // Each stage's graph compiled once (the stages are few and fixed): picks and hovers ask its handle.
  #handles = new Map();
  #handle(i) {
    if (!this.#handles.has(i)) this.#handles.set(i, this.tl.graph(this.presets[i].graph));
    return this.#handles.get(i);
  }

  // Joins of every pair of a stage's nodes, computed once per stage on the stage's own graph.
  #joinsOf(i) {
    if (!this.joins.has(i)) {
      const { graph } = this.presets[i];
      const m = new Map();
      graph.nodes.forEach((a, x) => graph.nodes.slice(x + 1).forEach((b) => {
        m.set(`${a}|${b}`, this.#handle(i).joinOnGraph([a, b]).join);
      }));
      this.joins.set(i, m);
    }
    return this.joins.get(i);
  }

  relabel() { this.shown = null; }

  render(state) {
    if (!this.presets.length) return;
    this.stage = Math.min(Math.max(0, state.stage), this.presets.length - 1);
    if (this.shown === this.stage) return;
    this.shown = this.stage;
    const preset = this.presets[this.stage];
    $('story-select').value = String(this.stage);
    $('story-prev').disabled = this.stage === 0;
    $('story-next').disabled = this.stage === this.presets.length - 1;
    $('story-title').textContent = `${t('story.step', { i: this.stage + 1, n: this.presets.length })}: ${preset.title}`;
    // The document's argument for this stage, in a sentence or two (keyed by the preset's name).
    const prose = t(`stage.${preset.name}`);
    $('story-prose').textContent = prose === `stage.${preset.name}` ? '' : prose;
    const check = this.tl.checkLattice(preset.graph);
    this.diagram.render({ nodes: check.layout, edges: preset.graph.edges });
    this.violation = check.violation;
    const status = $('story-status');
    status.className = `status-box ${check.isLattice ? 'good' : 'bad'}`;
    status.textContent = check.isLattice ? t('custom.isLattice') : check.violation.description;
    this.picked = [];
    this.#showPicked();
    this.#diff();
  }

  #showPicked() {
    const v = this.violation;
    let join = null;
    let pathEdges = [];
    const { graph } = this.presets[this.stage];
    if (this.picked.length >= 2) ({ join, pathEdges } = selectionState(this.#handle(this.stage), this.picked));
    const hovered = this.hovered && graph.nodes.includes(this.hovered) ? this.hovered : null;
    this.diagram.show({ selected: this.picked, join, pathEdges, hovered,
      reachable: hovered ? this.#handle(this.stage).reachable(hovered) : null,
      counterexample: v && v.a !== undefined && v.a !== null && this.picked.length === 0 ? [v.a, v.b] : [],
      competing: v && this.picked.length === 0 ? v.competing : [], cycle: v ? v.cycle : [] });
  }

  #diff() {
    const box = $('story-diff');
    box.replaceChildren();
    const now = this.#joinsOf(this.stage);
    if (this.stage === 0) {
      const p = document.createElement('p');
      p.textContent = t('story.first', { n: [...now.values()].filter((j) => j !== null).length });
      box.append(p);
      return;
    }
    const before = this.#joinsOf(this.stage - 1);
    const oldNodes = new Set(this.presets[this.stage - 1].graph.nodes);
    const added = this.presets[this.stage].graph.nodes.filter((n) => !oldNodes.has(n));
    if (added.length) {
      const p = document.createElement('p');
      p.textContent = t('story.newTypes', { list: added.join(', ') });
      box.append(p);
    }
    const gained = [];
    const lost = [];
    const changed = [];
    for (const [pair, join] of now) {
      const [a, b] = pair.split('|');
      const old = before.has(pair) ? before.get(pair) : before.get(`${b}|${a}`);
      if (old === undefined) continue;   // a new type: not a change
      if (old === null && join !== null) gained.push([a, b, join]);
      else if (old !== null && join === null) lost.push([a, b, old]);
      else if (old !== join) changed.push([a, b, `${old} → ${join}`]);
    }
    if (!gained.length && !lost.length && !changed.length) {
      const p = document.createElement('p');
      p.textContent = t('story.noChange');
      box.append(p);
    }
    for (const [key, list, cls] of [['story.gained', gained, 'gained'], ['story.lost', lost, 'lost'],
      ['story.changed', changed, 'changed']]) {
      if (!list.length) continue;
      const h = document.createElement('h3');
      h.textContent = t(key, { n: list.length });
      const ul = document.createElement('ul');
      ul.className = `pair-list ${cls}`;
      for (const [a, b, what] of list) {
        const li = document.createElement('li');
        const btn = document.createElement('button');
        btn.type = 'button';
        btn.className = 'chip';
        btn.textContent = `${a} ∨ ${b}: ${what}`;
        btn.addEventListener('click', () => {
          this.picked = [a, b];
          this.#showPicked();
        });
        li.append(btn);
        ul.append(li);
      }
      box.append(h, ul);
    }
  }
}
