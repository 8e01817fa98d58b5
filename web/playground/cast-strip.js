// The cast on a number line (#cast-strip): the code's value between its two neighbours, the ends of its rounding
// interval (the midpoints, where the input would round to a neighbour instead), the input, and above each value
// the round modes that send the input there. Every number is the module's (a format handle's explore: the cast
// with its neighbours, in the core's hex).
import { t } from './strings.js';

const NS = 'http://www.w3.org/2000/svg';

// destinations: Map from a code to the modes that cast the input to it (empty: the row is not drawn).
export function castStrip(doc, cast, destinations = new Map()) {
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
  const W = 640;
  const top = destinations.size ? 18 : 0;   // room for the modes' row
  const x = (v) => 20 + ((Math.min(Math.max(v, lo), hi) - lo) / span) * (W - 40);
  const el = (name, attrs, text) => {
    const e = doc.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    if (text) e.textContent = text;
    return e;
  };
  const svg = el('svg', { id: 'cast-strip', viewBox: `0 0 ${W} ${92 + top}`, role: 'img', class: 'cast-strip',
    'aria-label': t('bits.stripLabel', { input: cast.input, value: cast.exactValue }) });
  const y = (v) => v + top;
  svg.append(el('line', { x1: 20, y1: y(46), x2: W - 20, y2: y(46), class: 'axis' }));
  for (const p of points) {
    const g = el('g', { 'data-point': p.kind, 'data-value': p.value });
    // The outermost labels are anchored inward, so they are not cut at the strip's ends.
    const anchor = p.value === lo ? 'start' : p.value === hi ? 'end' : 'middle';
    if (p.kind === 'midpoint') {
      g.append(el('line', { x1: x(p.value), y1: y(34), x2: x(p.value), y2: y(58), class: 'midpoint' }));
    } else {
      g.append(el('line', { x1: x(p.value), y1: y(38), x2: x(p.value), y2: y(54), class: p.kind }));
      const lower = p.kind === 'code';
      g.append(el('text', { x: x(p.value), y: y(lower ? 74 : 28), 'text-anchor': lower ? 'middle' : anchor, class: p.kind }, p.label));
      const modes = destinations.get(p.code);
      if (modes?.length) {
        g.dataset.modes = modes.join(' ');
        g.append(el('text', { x: x(p.value), y: 12, 'text-anchor': anchor, class: 'modes' }, modes.join(' · ')));
      }
    }
    svg.append(g);
  }
  const beyond = input < lo || input > hi;   // saturation: the input lies off the strip; its marker sits at the end
  const marker = el('g', { 'data-point': 'input', 'data-value': input });
  marker.append(el('path', { d: `M ${x(input)} ${y(44)} l -6 -10 h 12 z`, class: 'input' }));
  marker.append(el('text', { x: x(input), y: y(90), 'text-anchor': 'middle', class: 'input' },
    `${beyond ? (input > hi ? '→ ' : '← ') : ''}${t('bits.stripInput')} ${cast.input.length > 24 ? Number(cast.input).toPrecision(8) : cast.input}`));
  svg.append(marker);
  return svg;
}
