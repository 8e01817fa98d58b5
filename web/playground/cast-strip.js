// The cast on a number line (#cast-strip): the code's value between its two neighbours, the ends of its rounding
// interval (the midpoints, where the input would round to a neighbour instead), the input, and above each value
// the round modes that send the input there. Every number is the module's (a format handle's explore: the cast
// with its neighbours, in the core's hex).
import { t } from './strings.js';

const NS = 'http://www.w3.org/2000/svg';

// Labels sit on lines above and below the axis; a label that would overlap one already on a line goes to the next
// line, and each is shifted inward to stay inside the strip. Widths are estimated from the strip's monospace font
// (DejaVu Sans Mono advances 0.602 em; CJK characters one em), so the layout needs no measuring in the DOM.
const LINE = 14;
const GAP = 6;
const textWidth = (text, px) => [...text].reduce((w, ch) => w + (ch.codePointAt(0) >= 0x2e80 ? 1 : 0.61), 0) * px;

function stack(labels, W, px) {
  const lines = [];
  for (const l of labels) {
    const natural = textWidth(l.text, px);
    l.width = Math.min(natural, W - 4);
    l.squeezed = l.width < natural;   // drawn with textLength, to fit the strip
    l.left = Math.min(Math.max(l.x - l.width / 2, 2), W - 2 - l.width);
    let k = lines.findIndex((spans) => spans.every(([a, b]) => l.left + l.width + GAP <= a || l.left >= b + GAP));
    if (k < 0) { k = lines.length; lines.push([]); }
    lines[k].push([l.left, l.left + l.width]);
    l.line = k;
  }
  return lines.length;
}

// destinations: Map from a code to the modes that cast the input to it (empty: the row is not drawn).
// width: the CSS pixels the strip is drawn in (its container's width), so that its text is drawn at its own size.
export function castStrip(doc, cast, destinations = new Map(), width = 640) {
  if (cast.roundingInterval === null || !Number.isFinite(cast.value)) return null;
  const points = [{ kind: 'code', code: cast.code, value: cast.value, label: `${cast.hex} ${cast.exactValue}` }];
  for (const o of [cast.down, cast.up]) {
    if (o !== null && Number.isFinite(o.value)) points.push({ kind: 'neighbour', code: o.code, value: o.value, label: `${o.hex} ${o.exactValue}` });
  }
  const { low, high } = cast.roundingInterval;
  for (const end of [low, high]) {
    const v = Number(end);
    if (Number.isFinite(v)) points.push({ kind: 'midpoint', value: v, label: '' });
  }
  const input = Number(cast.input);
  const lo = Math.min(...points.map((p) => p.value));
  const hi = Math.max(...points.map((p) => p.value));
  const span = hi - lo || 1;
  const W = Math.round(Math.min(Math.max(width || 640, 300), 704));
  const x = (v) => 20 + ((Math.min(Math.max(v, lo), hi) - lo) / span) * (W - 40);
  const beyond = input < lo || input > hi;   // saturation: the input lies off the strip; its marker sits at the end
  const inputText = `${beyond ? (input > hi ? '→ ' : '← ') : ''}${t('bits.stripInput')} ${cast.input.length > 24 ? Number(cast.input).toPrecision(8) : cast.input}`;

  const drawn = points.filter((p) => p.kind !== 'midpoint');
  const at = (p, text) => ({ point: p, x: x(p.value), text });
  const modesOf = (kind) => drawn.filter((p) => p.kind === kind && destinations.get(p.code)?.length)
    .map((p) => at(p, destinations.get(p.code).join(' · ')));
  // Top to bottom: the neighbours' modes right above their labels, the axis, the code's label with its modes right
  // below it, then the input. Each row takes as many lines as its labels need.
  const rows = [
    { labels: modesOf('neighbour'), px: 11, cls: 'modes' },
    { labels: drawn.filter((p) => p.kind === 'neighbour').map((p) => at(p, p.label)), px: 12, cls: 'neighbour' },
    { labels: drawn.filter((p) => p.kind === 'code').map((p) => at(p, p.label)), px: 12, cls: 'code', belowAxis: true },
    { labels: modesOf('code'), px: 11, cls: 'modes' },
    { labels: [{ point: null, x: x(input), text: inputText }], px: 12, cls: 'input' },
  ];
  let y = 0;
  let axis = 0;
  for (const row of rows) {
    if (row.belowAxis) { axis = y + 16; y = axis + 13; }
    const lines = stack(row.labels, W, row.px);
    for (const l of row.labels) Object.assign(l, { y: y + (l.line + 1) * LINE - 3, cls: row.cls });
    y += lines * LINE;
  }
  const height = y + 4;

  const el = (name, attrs, text) => {
    const e = doc.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) if (v !== undefined) e.setAttribute(k, String(v));
    if (text) e.textContent = text;
    return e;
  };
  const label = (l) => el('text', { x: l.left.toFixed(1), y: l.y, 'text-anchor': 'start',
    textLength: l.squeezed ? l.width.toFixed(1) : undefined, class: l.cls }, l.text);
  const svg = el('svg', { id: 'cast-strip', viewBox: `0 0 ${W} ${height}`, role: 'img', class: 'cast-strip',
    width: W,
    'aria-label': t('bits.stripLabel', { input: cast.input, value: cast.exactValue }) });
  svg.append(el('line', { x1: 20, y1: axis, x2: W - 20, y2: axis, class: 'axis' }));
  for (const p of points) {
    const g = el('g', { 'data-point': p.kind, 'data-value': p.value });
    if (p.kind === 'midpoint') {
      g.append(el('line', { x1: x(p.value), y1: axis - 12, x2: x(p.value), y2: axis + 12, class: 'midpoint' }));
    } else {
      g.append(el('line', { x1: x(p.value), y1: axis - 8, x2: x(p.value), y2: axis + 8, class: p.kind }));
      for (const row of rows) {
        for (const l of row.labels.filter((l) => l.point === p)) g.append(label(l));
      }
      if (destinations.get(p.code)?.length) g.dataset.modes = destinations.get(p.code).join(' ');
    }
    svg.append(g);
  }
  const marker = el('g', { 'data-point': 'input', 'data-value': input });
  marker.append(el('path', { d: `M ${x(input)} ${axis - 2} l -6 -10 h 12 z`, class: 'input' }));
  marker.append(label(rows[rows.length - 1].labels[0]));
  svg.append(marker);
  return svg;
}
