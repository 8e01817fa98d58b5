// The value across formats in the Bits view. Switching the format keeps the value of a picked code: the new code is
// the module's cast of that code's exact value (round to nearest, ties to even; the view's saturation choice), and
// #carry-note says what the cast did. "Compare with" puts the same code and the same value beside each other in both
// cards (.card-compare). Every number is the module's (castValue, a format handle's describeCode).
import { t } from './strings.js';
import { castFacts } from './rounding-panel.js';

// A number for reading, not for computing: 6 significant digits.
export const short = (v) => (v === 0 ? '0' : Math.abs(v) >= 1e-4 && Math.abs(v) < 1e6 ? String(Number(v.toPrecision(6))) : v.toExponential(5));
// "2^-9" when x is a power of two (exact, and short for tiny values), else the number.
export function powerOfTwo(x) {
  const k = Math.log2(x);
  return Number.isInteger(k) ? `2^${k}` : String(x);
}

// The mode a carried value is cast with: ties-to-even, E8M0's nearest, else the format's default.
const nearestMode = (f) => ['ties-to-even', 'nearest'].find((m) => f.roundModes.includes(m));

// The cast of a code's exact value ('nan', 'inf', '-inf' for the specials) into format handle `to`, with the
// view's saturation choice (null: ONNX Cast's default for `to`): { cast, message }, message when it does not cast.
export function carryCast(tl, to, exactValue, sat) {
  const options = {};
  const round = nearestMode(to);
  if (round) options.round = round;
  if (sat !== null) options.saturate = sat;
  try {
    return { cast: tl.castValue(to.name, exactValue, options), message: null };
  } catch (e) {
    return { cast: null, message: e.message };
  }
}

const kindOf = (text) => (/nan/i.test(text) ? 'nan' : /inf/i.test(text) ? 'inf' : 'number');

// Where a cast's input stood against the format's range, from the core's overflow and underflow: kind (the
// element's data-range) and the words for it. The cast's facts (the core's) say why, with the limit's value.
export function castRange(formatName, cast) {
  const kind = cast.overflow ? `overflow-${cast.overflow}` : cast.underflow ? `underflow-${cast.underflow}` : 'in-range';
  const text = {
    'overflow-saturated': () => t('bits.saturated'),
    'overflow-nan': () => t('bits.overflowNan', { format: formatName }),
    'overflow-inf': () => t('bits.overflowInf'),
    'underflow-zero': () => t('bits.rangeToZero'),
    'underflow-nonzero': () => t('bits.rangeToNonzero'),
    'in-range': () => t('bits.notSaturated'),
  }[kind]();
  return { kind, text };
}

// What the cast did to its input (cast.input, the number read), in a few words: exact, rounded (with the error),
// clipped, flushed, or why a NaN or an Inf became a number (the format has none).
function outcome(to, cast) {
  const kind = kindOf(cast.input);
  if (kind === 'nan' && cast.category !== 'nan') return t('carry.noNan', { format: to.name });
  if (kind === 'inf' && cast.category !== 'inf') {
    return `${t('carry.noInf', { format: to.name })}${cast.saturated ? `; ${t('bits.saturated')}` : ''}`;
  }
  const range = castRange(to.name, cast);
  if (range.kind !== 'in-range') return range.text;
  if (!cast.error) return t('bits.exact');   // 0, or null for a NaN or Inf kept as itself
  return t('carry.rounded', { dir: t(cast.error > 0 ? 'bits.roundedUp' : 'bits.roundedDown'),
    abs: short(Math.abs(cast.error)),
    rel: cast.relativeError === null ? '—' : `${short(Math.abs(cast.relativeError) * 100)} %` });
}

// The note's content: the value a format switch kept. carried: { from, fromHex, value, to (handle), cast }.
function carryNote(doc, carried) {
  const box = doc.createElement('div');
  const p = doc.createElement('p');
  const { cast, to } = carried;
  p.textContent = t('carry.note', { from: carried.from, fromCode: carried.fromHex, value: carried.value,
    to: to.name, code: cast.hex, result: cast.exactValue, how: outcome(to, cast) });
  box.append(p);
  const facts = castFacts(doc, cast);
  if (facts) {
    facts.removeAttribute('id');   // #cast-facts is the cast panel's
    box.append(facts);
  }
  return box;
}

// #carry-note, shown while the page is at the code a format switch chose (Back past it hides it).
export function showCarryNote(doc, box, carried, f, state) {
  const on = !!carried && carried.to === f.name && state.code === carried.cast.code && !state.value;
  box.hidden = !on;
  box.replaceChildren(...(on ? [carryNote(doc, { ...carried, to: f })] : []));
}

// The value the cards compare in format `f`: the typed value, cast with the view's options (castOptions(f));
// else the shown code's exact value, cast as a format switch casts it.
function valueIn(tl, f, state, shown, castOptions) {
  if (!state.value) return { input: shown.exactValue, ...carryCast(tl, f, shown.exactValue, state.sat) };
  try {
    return { input: state.value, cast: tl.castValue(f.name, state.value, castOptions(f)), message: null };
  } catch (e) {
    return { input: state.value, cast: null, message: e.message };
  }
}

// Both cards of "Compare with" (in `box`, in the order of `formats`) get their .card-compare rows for the shown
// code and the value; the second's open its format (see compareRows).
export function showComparison(doc, box, formats, tl, state, shown, castOptions, open) {
  box.querySelectorAll('.format-card').forEach((card, i) => {
    const f = formats[i];
    const rows = compareRows(doc, f, shown.code, valueIn(tl, f, state, shown, castOptions), i ? open : null);
    const old = card.querySelector('.card-compare');
    if (old) old.replaceWith(rows);
    else card.querySelector('h3').after(rows);
  });
}

// A card's .card-compare: the same code in this format (or why it has none) and the value's cast into it, each a
// button when `open` is given (open(code) shows this format at that code; open(null) switches to it keeping the
// value). value: { input, cast, message }.
function compareRows(doc, f, code, value, open) {
  const dl = doc.createElement('dl');
  dl.className = 'card-compare';
  const row = (key, label, text, target) => {
    const dt = doc.createElement('dt');
    dt.textContent = label;
    const dd = doc.createElement('dd');
    dd.dataset.row = key;
    if (open && target !== undefined) {
      const b = doc.createElement('button');
      b.type = 'button';
      b.className = 'link mono';
      b.title = t('card.openIn', { format: f.name });
      b.textContent = text;
      b.addEventListener('click', () => open(target));
      dd.append(b);
    } else {
      dd.className = 'mono';
      dd.textContent = text;
    }
    dl.append(dt, dd);
  };
  const codeValue = (d) => t('card.codeValue', { code: d.hex, value: d.exactValue, category: t(`cat.${d.category}`) });
  if (code < 2 ** f.totalBits) {
    row('same-code', t('card.sameCode'), codeValue(f.describeCode(code)), code);
  } else {
    row('same-code', t('card.sameCode'), t('card.codeTooWide', { bits: f.totalBits }));
  }
  const { cast, message, input } = value;
  const label = t('card.sameValue', { value: input });
  if (cast) row('same-value', label, `${codeValue(cast)}: ${outcome(f, cast)}`, null);
  else row('same-value', label, message);
  return dl;
}
