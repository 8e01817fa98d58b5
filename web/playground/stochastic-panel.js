// The Bits view's stochastic rounding (#stochastic-panel): the chance that the input rounds away from zero and
// the expected result (the core's, from every bit pattern), and K draws from the seeded stream (explore's
// samples, castSamples', the CLI's `cast --repeat K`): how many went each way, and their running mean closing in
// on the expected value, which lies within one step / 2^N of the input.
import { t } from './strings.js';

const NS = 'http://www.w3.org/2000/svg';
const short = (v) => String(Number(v.toPrecision(6)));

function svgEl(doc, name, attrs, text) {
  const e = doc.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

function numberField(doc, id, label, value, attrs, onChange) {
  const wrap = doc.createElement('label');
  const span = doc.createElement('span');
  span.textContent = label;
  const input = doc.createElement('input');
  input.id = id;
  input.value = String(value);
  for (const [k, v] of Object.entries(attrs)) input.setAttribute(k, v);
  const error = doc.createElement('span');
  error.className = 'hint error-text';
  error.setAttribute('role', 'alert');
  // 'change', not 'input': the panel is drawn anew on every change, which would take the focus from a field
  // still being typed in. A refused value stays in the field, marked, with the reason beside it.
  input.addEventListener('change', () => {
    const why = onChange(input.value.trim());
    input.setAttribute('aria-invalid', why ? 'true' : 'false');
    error.textContent = why ?? '';
  });
  wrap.append(span, ' ', input, ' ', error);
  return wrap;
}

// The two outcomes as bars: [data-code] with data-count.
function histogram(doc, f, b, counts, total) {
  const W = 320, H = 120, bar = 90;
  const svg = svgEl(doc, 'svg', { id: 'sr-histogram', viewBox: `0 0 ${W} ${H}`, role: 'img', class: 'sr-chart',
    'aria-label': t('sr.histogramLabel', { total }) });
  const outcomes = [[b.towardZeroCode, b.towardZero], [b.awayCode, b.away]];
  outcomes.forEach(([code, value], i) => {
    const n = counts.get(code) ?? 0;
    const h = total ? (n / total) * (H - 40) : 0;
    const x = 40 + i * (bar + 60);
    const g = svgEl(doc, 'g', { 'data-code': code, 'data-count': n });
    g.append(svgEl(doc, 'rect', { x, y: H - 22 - h, width: bar, height: h, class: i ? 'away' : 'toward-zero' }));
    g.append(svgEl(doc, 'text', { x: x + bar / 2, y: H - 26 - h, 'text-anchor': 'middle' }, `${n} (${short((100 * n) / (total || 1))} %)`));
    g.append(svgEl(doc, 'text', { x: x + bar / 2, y: H - 6, 'text-anchor': 'middle' }, `${f.hex(code)} ${value}`));
    svg.append(g);
  });
  return svg;
}

// The mean of the first k draws for k = 1..K (at most 400 points drawn), between the two values, with the
// input (dashed) and the expected value (solid) as horizontal lines.
function runningMean(doc, input, expected, b, values) {
  const W = 640, H = 140, L = 8, R = 8, T = 10, B = 18;
  const means = [];
  let total = 0;
  values.forEach((v, i) => { total += v; means.push(total / (i + 1)); });
  // The vertical range: the input, the expected value and the means from the tenth draw on (the first few
  // swing between the two values and would flatten the rest), within the two values.
  const low = Math.min(Number(b.towardZero), Number(b.away)), high = Math.max(Number(b.towardZero), Number(b.away));
  const shown = [input, expected, ...means.slice(Math.min(9, means.length - 1))];
  const pad = (Math.max(...shown) - Math.min(...shown)) * 0.15 || (high - low) / 100;
  const lo = Math.max(low, Math.min(...shown) - pad), hi = Math.min(high, Math.max(...shown) + pad);
  const y = (v) => T + (1 - (Math.min(Math.max(v, lo), hi) - lo) / (hi - lo || 1)) * (H - T - B);
  const x = (k) => L + ((k - 1) / Math.max(values.length - 1, 1)) * (W - L - R);
  const svg = svgEl(doc, 'svg', { id: 'sr-running-mean', viewBox: `0 0 ${W} ${H}`, role: 'img', class: 'sr-chart',
    'aria-label': t('sr.meanLabel', { total: values.length }) });
  // Labels: the bounds at the left (inside the chart), the input in the middle, the expected value at the right.
  for (const [value, cls, label, x0, anchor] of [[lo, 'bound', short(lo), L, 'start'], [hi, 'bound', short(hi), L, 'start'],
    [input, 'input', t('sr.input'), W / 2, 'middle'], [expected, 'expected', t('sr.expected'), W - R, 'end']]) {
    svg.append(svgEl(doc, 'line', { x1: L, x2: W - R, y1: y(value), y2: y(value), class: cls, 'data-value': value }));
    const dy = cls === 'bound' ? (value === hi ? 12 : -3) : -3;
    svg.append(svgEl(doc, 'text', { x: x0, y: y(value) + dy, 'text-anchor': anchor, class: cls }, label));
  }
  const step = Math.max(1, Math.floor(means.length / 400));
  const points = means.filter((_, i) => i % step === 0 || i === means.length - 1)
    .map((m, j, kept) => `${x(j === kept.length - 1 ? means.length : j * step + 1).toFixed(1)},${y(m).toFixed(1)}`);
  svg.append(svgEl(doc, 'polyline', { points: points.join(' '), class: 'mean' }));
  return { svg, mean: means.length ? means[means.length - 1] : NaN };
}

// Null unless the view rounds stochastically. f: the format's handle; codes: the draws (explore's samples: there
// are some whenever the input lies between two values of the format).
export function stochasticPanel(doc, f, state, options, cast, codes, set) {
  if (options.round !== 'stochastic' || !cast) return null;
  const box = doc.createElement('section');
  box.id = 'stochastic-panel';
  const h = doc.createElement('h3');
  h.textContent = t('sr.title');
  // A field's value goes to the state (and the URL) when it is in range; else the reason, shown beside it.
  const accept = (ok, change, range) => {
    if (!ok) return t('sr.invalid', { range });
    set(change);
    return null;
  };
  const fields = doc.createElement('div');
  fields.className = 'toolbar';
  fields.append(
    numberField(doc, 'sr-num-bits', t('sr.bits'), state.srnumbits, { type: 'number', min: '0', max: '32' },
      (v) => accept(/^\d{1,2}$/.test(v) && Number(v) <= 32, { srnumbits: Number(v) }, '0 – 32')),
    numberField(doc, 'sr-seed', t('sr.seed'), state.seed, { type: 'text', inputmode: 'numeric', size: '12' },
      (v) => accept(/^\d{1,20}$/.test(v) && BigInt(v) < 2n ** 64n, { seed: /^\d+$/.test(v) ? String(BigInt(v)) : v },
        '0 – 2^64 − 1')),
    numberField(doc, 'sr-draws', t('sr.draws'), state.draws, { type: 'number', min: '1', max: '100000' },
      (v) => accept(/^\d{1,6}$/.test(v) && Number(v) >= 1 && Number(v) <= 100000, { draws: Number(v) }, '1 – 100000')));
  box.append(h, fields);
  const b = cast.bracket;
  const chance = doc.createElement('p');
  chance.id = 'sr-chance';
  box.append(chance);
  if (!b || b.towardZeroCode === b.awayCode) {
    chance.textContent = b ? t('sr.exact', { input: state.value }) : t('sr.outside', { input: state.value });
    return box;
  }
  const fact = (name) => cast.facts.find((x) => x.name === name)?.text ?? '';
  chance.textContent = t('sr.chance', { share: fact('p(away)'), away: `${f.hex(b.awayCode)} ${b.away}`,
    expected: fact('expected'), input: state.value, bits: options.srNumBits });
  const counts = new Map();
  const values = Array.from(codes, (c) => {
    counts.set(c, (counts.get(c) ?? 0) + 1);
    return Number(c === b.awayCode ? b.away : b.towardZero);
  });
  const { svg, mean } = runningMean(doc, Number(cast.input), cast.expectedValue, b, values);
  const summary = doc.createElement('p');
  summary.id = 'sr-summary';
  summary.className = 'mono';
  const away = counts.get(b.awayCode) ?? 0;
  summary.textContent = t('sr.summary', { total: codes.length, away, share: short((100 * away) / codes.length),
    mean: short(mean), expected: fact('expected') });
  box.append(histogram(doc, f, b, counts, codes.length), svg, summary);
  return box;
}
