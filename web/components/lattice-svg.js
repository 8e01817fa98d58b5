// Draws a promotion graph as SVG (positions come from the core's layout) and shows a state on it: selected
// nodes, their join, the paths up to the join, what a hovered node may promote to, counterexamples.
// Shared by the playground and the <type-lattice> element. Node names are only ever inserted as text.

const SVG_NS = 'http://www.w3.org/2000/svg';
const MIN_WIDTH = 960;
const MAX_WIDTH = 1600;
const LINE_HEIGHT = 15;
const CHAR_WIDTH = 7.9;   // monospace label font at 13px
const PAD = 24;
const GAP = 10;           // least free space between two boxes

let instanceCount = 0;

function svgEl(doc, name, attrs = {}) {
  const el = doc.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

const edgeKey = (from, to) => JSON.stringify([from, to]);

// Long names like float8_e4m3b11fnuz are drawn on two lines, split after the first '_'.
function labelLines(name) {
  const cut = name.indexOf('_');
  return name.length > 10 && cut > 0 && cut < name.length - 1 ? [name.slice(0, cut + 1), name.slice(cut + 1)] : [name];
}

function boxSize(name) {
  const lines = labelLines(name);
  return { w: Math.max(40, Math.ceil(Math.max(...lines.map((l) => l.length)) * CHAR_WIDTH) + 18),
    h: 14 + LINE_HEIGHT * lines.length };
}

// A node's rounded box and its label lines, appended to `g` (a node or a design stage's ghost).
function appendBox(doc, g, name, box) {
  g.append(svgEl(doc, 'rect', { x: (box.cx - box.w / 2).toFixed(1), y: (box.cy - box.h / 2).toFixed(1),
    width: box.w, height: box.h, rx: 8, class: 'tl-node-box', part: 'node' }));
  const lines = labelLines(name);
  lines.forEach((line, i) => {
    const y = box.cy + 4.5 + (i - (lines.length - 1) / 2) * LINE_HEIGHT;
    const text = svgEl(doc, 'text', { x: box.cx.toFixed(1), y: y.toFixed(1), class: 'tl-node-label',
      'text-anchor': 'middle' });
    text.textContent = line;
    g.append(text);
  });
}

// The smallest drawing size at which no two boxes overlap (within [MIN_WIDTH, MAX_WIDTH]).
function canvasSize(nodes) {
  const sizes = nodes.map((n) => boxSize(n.name));
  const maxW = Math.max(40, ...sizes.map((s) => s.w));
  const maxH = Math.max(...sizes.map((s) => s.h), 0);
  let width = MIN_WIDTH;
  const rows = new Set(nodes.map((n) => Math.round(n.y * 1000))).size;
  let height = Math.max(160, rows * 58 + 2 * PAD);
  for (let i = 0; i < nodes.length; ++i) {
    for (let j = i + 1; j < nodes.length; ++j) {
      const dx = Math.abs(nodes[i].x - nodes[j].x);
      const dy = Math.abs(nodes[i].y - nodes[j].y);
      const needX = (sizes[i].w + sizes[j].w) / 2 + GAP;
      const needY = (sizes[i].h + sizes[j].h) / 2 + GAP;
      // Separate the pair along the axis that needs less room.
      const wantW = dx > 0 ? needX / dx + 2 * PAD + maxW : Infinity;
      const wantH = dy > 0 ? needY / dy + 2 * PAD + maxH : Infinity;
      if (wantW <= width || wantH <= height) continue;
      if (wantW <= MAX_WIDTH && (wantW - width) / width <= (wantH - height) / height) width = wantW;
      else height = Math.min(wantH, 900);
    }
  }
  width = Math.min(MAX_WIDTH, Math.ceil(width));
  height = Math.ceil(Math.max(height, Math.min(width * 0.45, rows * 70)));
  return { width, height, maxW, maxH };
}

export class LatticeDiagram {
  // options: { document, label (accessible name of the figure), routeEdges (the module's tl.routeEdges, which
  // bends edges around the boxes in their way) }
  constructor(options = {}) {
    this.doc = options.document || document;
    this.routeEdges = options.routeEdges;
    this.prefix = `tl${++instanceCount}`;
    this.svg = svgEl(this.doc, 'svg', { class: 'tl-lattice', role: 'group', viewBox: `0 0 ${MIN_WIDTH} 300` });
    this.listeners = { toggle: [], hover: [] };
    this.nodes = new Map();   // name -> { g, box }
    this.edges = new Map();   // edgeKey -> { from, to, path, kind }
    this.focusName = null;
    this.revealToken = 0;
    this.svg.addEventListener('click', (e) => this.#onClick(e));
    this.svg.addEventListener('keydown', (e) => this.#onKey(e));
    this.svg.addEventListener('pointerover', (e) => this.#onHover(e));
    this.svg.addEventListener('pointerleave', () => this.#emit('hover', null));
    this.svg.addEventListener('focusin', (e) => this.#onHover(e));
    this.svg.addEventListener('focusout', (e) => { if (!this.svg.contains(e.relatedTarget)) this.#emit('hover', null); });
    if (options.label) this.svg.setAttribute('aria-label', options.label);
  }

  on(event, fn) { this.listeners[event].push(fn); }
  #emit(event, arg) { for (const fn of this.listeners[event]) fn(arg); }

  #nodeOf(target) {
    const g = target && target.closest ? target.closest('[data-dtype]') : null;
    return g && this.svg.contains(g) ? g.getAttribute('data-dtype') : null;
  }
  #onClick(e) {
    const name = this.#nodeOf(e.target);
    if (name !== null) { this.#setFocus(name, false); this.#emit('toggle', name); }
  }
  #onHover(e) {
    const name = this.#nodeOf(e.target);
    if (name !== null) this.#emit('hover', name);
  }
  #onKey(e) {
    const name = this.#nodeOf(e.target);
    if (name === null) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this.#emit('toggle', name);
      return;
    }
    const dirs = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };
    if (dirs[e.key]) {
      e.preventDefault();
      const next = this.#neighbour(name, dirs[e.key]);
      if (next) this.#setFocus(next, true);
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      const names = [...this.nodes.keys()];
      this.#setFocus(e.key === 'Home' ? names[0] : names[names.length - 1], true);
    }
  }
  // The nearest node in the arrow's direction (a cone around it), for keyboard navigation.
  #neighbour(name, [dx, dy]) {
    const from = this.nodes.get(name).box;
    let best = null;
    let bestScore = Infinity;
    for (const [other, { box }] of this.nodes) {
      if (other === name) continue;
      const vx = box.cx - from.cx;
      const vy = box.cy - from.cy;
      const along = vx * dx + vy * dy;
      if (along <= 0) continue;
      const across = Math.abs(vx * dy - vy * dx);
      const score = along + 2 * across;
      if (score < bestScore) { bestScore = score; best = other; }
    }
    return best;
  }
  #setFocus(name, moveFocus) {
    for (const [n, { g }] of this.nodes) g.setAttribute('tabindex', n === name ? '0' : '-1');
    this.focusName = name;
    if (moveFocus) this.nodes.get(name).g.focus();
  }

  // graph: { nodes: [{ name, x, y }], edges: [[from, to]] } with x, y in [0, 1]; optional: frame (the nodes
  // that size the canvas, so drawings of several graphs in one frame line up; default nodes), ghostNodes
  // (drawn faded and dashed, not selectable: what a design stage took away) and removedEdges (drawn dashed,
  // between nodes or ghosts that are drawn).
  render(graph) {
    const doc = this.doc;
    this.svg.replaceChildren();
    this.nodes.clear();
    this.edges.clear();
    const { width, height, maxW, maxH } = canvasSize(graph.frame || graph.nodes);
    this.svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
    this.svg.style.setProperty('--tl-natural-width', `${width}px`);

    const defs = svgEl(doc, 'defs');
    for (const kind of ['plain', 'path', 'reach', 'cycle', 'added']) {
      const marker = svgEl(doc, 'marker', {
        id: `${this.prefix}-arrow-${kind}`, viewBox: '0 0 10 10', refX: 9, refY: 5,
        markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse',
      });
      marker.append(svgEl(doc, 'path', { d: 'M0,0 L10,5 L0,10 z', class: `tl-arrow tl-arrow-${kind}` }));
      defs.append(marker);
    }
    this.svg.append(defs);

    const boxes = new Map();
    const ghosts = (graph.ghostNodes || []).filter((n) => !graph.nodes.some((m) => m.name === n.name));
    for (const n of [...graph.nodes, ...ghosts]) {
      const { w, h } = boxSize(n.name);
      const cx = PAD + maxW / 2 + n.x * (width - 2 * PAD - maxW);
      const cy = PAD + maxH / 2 + n.y * (height - 2 * PAD - maxH);
      boxes.set(n.name, { cx, cy, w, h });
    }

    const edgeLayer = svgEl(doc, 'g', { class: 'tl-edges', 'aria-hidden': 'true' });
    const all = [...graph.nodes, ...ghosts];
    const index = new Map(all.map((n, i) => [n.name, i]));
    const live = new Set(graph.nodes.map((n) => n.name));
    const drawable = graph.edges.filter(([from, to]) => live.has(from) && live.has(to));
    const removed = (graph.removedEdges || []).filter(([from, to]) => index.has(from) && index.has(to));
    const routes = this.routeEdges(all.map((n) => {
      const { cx, cy, w, h } = boxes.get(n.name);
      return { x: cx, y: cy, halfWidth: w / 2, halfHeight: h / 2 };
    }), [...drawable, ...removed].map(([from, to]) => [index.get(from), index.get(to)]));
    const pathOf = (route) => route.map((p, k) => `${k ? 'L' : 'M'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
    removed.forEach(([from, to], i) => {
      const route = routes[drawable.length + i];
      if (route.length < 2) return;
      const path = svgEl(doc, 'path', { d: pathOf(route), class: 'tl-edge removed-edge',
        'marker-end': `url(#${this.prefix}-arrow-plain)` });
      path.dataset.removedFrom = from;
      path.dataset.removedTo = to;
      edgeLayer.append(path);
    });
    drawable.forEach(([from, to], i) => {
      if (routes[i].length < 2) return;   // a self-loop: nothing to draw
      const path = svgEl(doc, 'path', { d: pathOf(routes[i]), class: 'tl-edge',
        'marker-end': `url(#${this.prefix}-arrow-plain)` });
      path.dataset.from = from;
      path.dataset.to = to;
      edgeLayer.append(path);
      this.edges.set(edgeKey(from, to), { from, to, path, kind: 'plain', dimmed: false });
    });
    this.svg.append(edgeLayer);

    const ghostLayer = svgEl(doc, 'g', { class: 'tl-ghosts', 'aria-hidden': 'true' });
    for (const n of ghosts) {
      const box = boxes.get(n.name);
      const g = svgEl(doc, 'g', { class: 'tl-ghost' });
      g.dataset.ghost = n.name;
      appendBox(doc, g, n.name, box);
      ghostLayer.append(g);
    }
    this.svg.append(ghostLayer);

    const nodeLayer = svgEl(doc, 'g', { class: 'tl-nodes' });
    for (const n of graph.nodes) {
      const box = boxes.get(n.name);
      const g = svgEl(doc, 'g', { class: 'tl-node', tabindex: '-1', role: 'button', 'aria-pressed': 'false' });
      g.setAttribute('data-dtype', n.name);
      g.setAttribute('aria-label', n.name);
      appendBox(doc, g, n.name, box);
      const title = svgEl(doc, 'title');
      title.textContent = n.name;
      g.append(title);
      nodeLayer.append(g);
      this.nodes.set(n.name, { g, box });
    }
    this.svg.append(nodeLayer);
    const first = graph.nodes[0];
    if (first) this.#setFocus(this.focusName && this.nodes.has(this.focusName) ? this.focusName : first.name, false);
  }

  hasNode(name) { return this.nodes.has(name); }

  // Draws the edges among `edges` ([[from, to]]) as new ones (green, class added-edge): a design stage's.
  markAddedEdges(edges) {
    for (const [from, to] of edges) {
      const edge = this.edges.get(edgeKey(from, to));
      if (!edge) continue;
      edge.path.classList.add('added-edge');
      edge.added = true;
      if (edge.kind === 'plain') edge.path.setAttribute('marker-end', `url(#${this.prefix}-arrow-added)`);
    }
  }

  // Says why each edge exists when the pointer rests on it: reason(from, to) is the core's sentence for that
  // pair's join (an edge from -> to means from ∨ to = to). A wide transparent twin of each edge takes the hover.
  setEdgeReasons(reason) {
    for (const { from, to, path } of this.edges.values()) {
      const text = reason(from, to);
      if (!text) continue;
      path.dataset.reason = text;
      const hit = svgEl(this.doc, 'path', { d: path.getAttribute('d'), class: 'tl-edge-hit' });
      const title = svgEl(this.doc, 'title');
      title.textContent = text;
      hit.append(title);
      path.after(hit);
    }
  }

  // Scrolls the figure's scroll container (on narrow screens) so that `name` is in view. It measures once the
  // next frame is laid out: measuring now would lay the page out twice, once here and once for that frame (about
  // 40 ms at the playground's start). The last call wins.
  reveal(name) {
    const token = ++this.revealToken;
    const win = this.doc.defaultView;
    if (!name || !win) return;
    win.requestAnimationFrame(() => win.setTimeout(() => {
      const box = this.svg.parentElement;
      if (token !== this.revealToken || !this.nodes.has(name) || !box || box.scrollWidth <= box.clientWidth) return;
      const node = this.nodes.get(name).g.getBoundingClientRect();
      const frame = box.getBoundingClientRect();
      if (node.left < frame.left || node.right > frame.right) {
        box.scrollLeft += node.left - frame.left - (frame.width - node.width) / 2;
      }
    }));
  }

  // state: { selected: [names], join: name|null, pathEdges: [[f, t]], reachable: [names]|null,
  //          hovered: name|null, counterexample: [names], competing: [names], cycle: [names] }
  show(state) {
    const selected = new Set(state.selected || []);
    const reachable = state.reachable ? new Set(state.reachable) : null;
    const counter = new Set(state.counterexample || []);
    const competing = new Set(state.competing || []);
    const cycle = state.cycle || [];
    for (const [name, { g }] of this.nodes) {
      const isSel = selected.has(name);
      g.classList.toggle('selected', isSel);
      g.setAttribute('aria-pressed', isSel ? 'true' : 'false');
      g.classList.toggle('join', name === state.join);
      g.classList.toggle('hovered', name === state.hovered);
      g.classList.toggle('reachable', !!reachable && reachable.has(name));
      // A selected type and the join keep their full colour under hover: dimming them would read as deselected.
      g.classList.toggle('dimmed', !!reachable && !reachable.has(name) && !isSel && name !== state.join);
      g.classList.toggle('counterexample', counter.has(name));
      g.classList.toggle('competing', competing.has(name));
      g.classList.toggle('in-cycle', cycle.includes(name));
      // In <type-lattice>, the box is the `node` part, and `node-selected` / `node-join` when it is one.
      g.firstChild.setAttribute('part', `node${isSel ? ' node-selected' : ''}${name === state.join ? ' node-join' : ''}`);
    }
    const onPath = new Set((state.pathEdges || []).map(([f, t]) => edgeKey(f, t)));
    const cycleEdges = new Set();
    for (let i = 0; i + 1 < cycle.length; ++i) cycleEdges.add(edgeKey(cycle[i], cycle[i + 1]));
    for (const [key, edge] of this.edges) {
      const { from, to, path } = edge;
      const kind = cycleEdges.has(key) ? 'cycle' : onPath.has(key) ? 'path'
        : reachable && reachable.has(from) && reachable.has(to) ? 'reach' : 'plain';
      const dimmed = !!reachable && kind === 'plain';
      if (kind === edge.kind && dimmed === edge.dimmed) continue;   // touch only what changes
      path.classList.toggle('on-path', kind === 'path');
      path.classList.toggle('reach-edge', kind === 'reach');
      path.classList.toggle('cycle-edge', kind === 'cycle');
      path.classList.toggle('dimmed', dimmed);
      path.setAttribute('marker-end', `url(#${this.prefix}-arrow-${kind === 'plain' && edge.added ? 'added' : kind})`);
      edge.kind = kind;
      edge.dimmed = dimmed;
    }
  }

  // A standalone SVG document (colours baked in as attributes, so it renders the same anywhere).
  exportSvg(title) {
    const clone = this.svg.cloneNode(true);
    const props = ['fill', 'stroke', 'stroke-width', 'stroke-dasharray', 'opacity', 'font-family', 'font-size',
      'font-weight'];
    const src = [this.svg, ...this.svg.querySelectorAll('*')];
    const dst = [clone, ...clone.querySelectorAll('*')];
    src.forEach((el, i) => {
      const cs = getComputedStyle(el);
      for (const p of props) {
        const v = cs.getPropertyValue(p);
        if (v) dst[i].setAttribute(p, v);
      }
      dst[i].removeAttribute('class');
      dst[i].removeAttribute('tabindex');
    });
    clone.setAttribute('xmlns', SVG_NS);
    const [, , w, h] = this.svg.getAttribute('viewBox').split(' ').map(Number);
    clone.setAttribute('width', w);
    clone.setAttribute('height', h);
    const bg = svgEl(this.doc, 'rect', { x: 0, y: 0, width: w, height: h,
      fill: getComputedStyle(this.svg).getPropertyValue('--tl-bg').trim() || '#ffffff' });
    clone.insertBefore(bg, clone.firstChild);
    if (title) {
      const t = svgEl(this.doc, 'title');
      t.textContent = title;
      clone.insertBefore(t, clone.firstChild);
    }
    return { text: new XMLSerializer().serializeToString(clone), width: w, height: h };
  }

  // PNG at 2x, drawn from the exported SVG.
  async exportPng(title) {
    const { text, width, height } = this.exportSvg(title);
    const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
    try {
      const img = new Image();
      img.src = url;
      await img.decode();
      const canvas = this.doc.createElement('canvas');
      canvas.width = width * 2;
      canvas.height = height * 2;
      const ctx = canvas.getContext('2d');
      ctx.scale(2, 2);
      ctx.drawImage(img, 0, 0, width, height);
      return await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
    } finally {
      URL.revokeObjectURL(url);
    }
  }
}

// Triggers a download of `data` (string or Blob) named `filename`.
export function download(doc, filename, data, type) {
  const blob = data instanceof Blob ? data : new Blob([data], { type });
  const url = URL.createObjectURL(blob);
  const a = doc.createElement('a');
  a.href = url;
  a.download = filename;
  a.hidden = true;
  doc.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
