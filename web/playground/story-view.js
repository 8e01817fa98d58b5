// The Design story view: the design document's stages and today's lattice (tl.designStory()) one at a time, in
// one frame (a type keeps its place), with the edges each stage adds (green) and removes (dashed), and the
// pairs of types that gain, lose or change their join (the core's compare_stages). Clicking a pair shows it.
import { LatticeDiagram } from '../components/lattice-svg.js';
import { selectionState } from '../components/promotion-state.js';
import { t, messageText, stageTitle } from './strings.js';

const $ = (id) => document.getElementById(id);

export class StoryView {
  constructor(app) {
    this.app = app;
    this.tl = app.tl;
    this.presets = this.tl.designStory();
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
      o.textContent = `${i + 1}. ${stageTitle(p)}`;
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
    const step = t('story.step', { i: this.stage + 1, n: this.presets.length });
    $('story-title').textContent = `${step}: ${stageTitle(preset)}`;
    // The document's argument for this stage, in a sentence or two (keyed by the preset's name).
    const prose = t(`stage.${preset.name}`);
    $('story-prose').textContent = prose === `stage.${preset.name}` ? '' : prose;
    const check = this.tl.checkLattice(preset.graph);
    // Every stage in the last stage's frame (the Lattice view's canvas), with the edges this stage removed.
    const changes = preset.changes;
    // The types this stage removed stay as faded ghosts at their places, so its removed edges can be drawn.
    const removedTypes = new Set(changes ? changes.removedNodes : []);
    const ghostNodes = this.stage ? this.presets[this.stage - 1].layout.filter((n) => removedTypes.has(n.name)) : [];
    this.diagram.render({ nodes: preset.layout, edges: preset.graph.edges, frame: this.presets.at(-1).layout,
      ghostNodes, removedEdges: changes ? changes.removedEdges : [] });
    this.diagram.markAddedEdges(changes ? changes.addedEdges : []);
    this.violation = check.violation;
    const status = $('story-status');
    status.className = `status-box ${check.isLattice ? 'good' : 'bad'}`;
    status.textContent = check.isLattice ? t('custom.isLattice') : messageText(check.violation.descriptionMessage);
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
    const changes = this.presets[this.stage].changes;
    const line = (text) => {
      const p = document.createElement('p');
      p.textContent = text;
      box.append(p);
    };
    if (!changes) {
      const { nodes } = this.presets[0].graph;
      let n = 0;
      nodes.forEach((a, i) => nodes.slice(i + 1).forEach((b) => { n += this.#handle(0).joinOnGraph([a, b]).join !== null; }));
      line(t('story.first', { n }));
      return;
    }
    if (changes.addedNodes.length) line(t('story.newTypes', { list: changes.addedNodes.join(', ') }));
    if (changes.removedNodes.length) line(t('story.removedTypes', { list: changes.removedNodes.join(', ') }));
    if (changes.addedEdges.length || changes.removedEdges.length) {
      line(t('story.edges', { added: changes.addedEdges.length, removed: changes.removedEdges.length }));
    }
    const lists = [['story.gained', changes.gained, 'gained'], ['story.lost', changes.lost, 'lost'],
      ['story.changed', changes.changed, 'changed']];
    if (lists.every(([, list]) => !list.length)) line(t('story.noChange'));
    // Each count expands on click into its pairs; clicking a pair selects it in the figure.
    for (const [key, list, cls] of lists) {
      if (!list.length) continue;
      const details = document.createElement('details');
      details.className = `pair-changes ${cls}`;
      const summary = document.createElement('summary');
      summary.textContent = t(key, { n: list.length });
      const ul = document.createElement('ul');
      ul.className = `pair-list ${cls}`;
      for (const { a, b, before, after } of list) {
        const li = document.createElement('li');
        const btn = document.createElement('button');
        btn.type = 'button';
        btn.className = 'chip';
        btn.textContent = `${a} ∨ ${b}: ${cls === 'changed' ? `${before} → ${after}` : before ?? after}`;
        btn.addEventListener('click', () => {
          this.picked = [a, b];
          this.#showPicked();
        });
        li.append(btn);
        ul.append(li);
      }
      details.append(summary, ul);
      box.append(details);
    }
  }
}
