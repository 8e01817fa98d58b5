// The Bits view's rounding: the Rounding menu (the core's modes for the format), under a cast where each mode
// sends the input (explore's modes: every mode that sends it to one place, so not stochastic, whose panel shows
// the chance and the draws instead), with the sentence that explains a tie, and the core's facts about the cast
// (its shortest decimal, the two values around the input, stochastic rounding's share and mean).
import { t, messageText } from './strings.js';

const rules = (f) => f.roundModes.map((mode, i) => [mode, messageText({ id: f.roundModeRules[i], args: [] })]);

// The mode this view casts with: the chosen one where the format has it, else none (the format's default).
export const viewedMode = (f, chosen) => (f.roundModes.includes(chosen) ? chosen : undefined);

// The menu's options, each with the core's definition as its tooltip.
export function fillRoundMenu(doc, select, f) {
  select.replaceChildren(...rules(f).map(([mode, rule]) => {
    const o = doc.createElement('option');
    o.value = mode;
    o.textContent = mode;
    o.title = rule;
    return o;
  }));
}

// Where the modes send the input: code -> the modes that give it, for the number line. perMode: explore's
// modes, [{ mode, code, line }].
export function destinations(perMode) {
  const out = new Map();
  for (const { mode, code } of perMode) out.set(code, [...(out.get(code) ?? []), mode]);
  return out;
}

// `#mode-results`: one row per mode ([data-mode], the mode in effect marked) with the module's result line;
// and `#tie-note` when the input is a tie. Null without mode casts.
export function modeResults(doc, f, options, cast, perMode) {
  if (!perMode.length) return null;
  const box = doc.createElement('div');
  box.id = 'mode-results';
  const table = doc.createElement('table');
  table.className = 'data mono';
  const lines = {};
  for (const { mode, line } of perMode) {
    lines[mode] = line;
    const tr = doc.createElement('tr');
    tr.dataset.mode = mode;
    if (mode === (options.round ?? f.defaultRound)) tr.className = 'current';   // unset: the format's default
    for (const cell of [mode, line]) {
      const td = doc.createElement('td');
      td.textContent = cell;
      tr.append(td);
    }
    table.append(tr);
  }
  const caption = doc.createElement('caption');
  caption.textContent = t('bits.modesCaption');
  table.prepend(caption);
  const scroll = doc.createElement('div');
  scroll.className = 'scroll';  // float32's exact values are long: the table scrolls, not the page
  scroll.append(table);
  box.append(scroll);
  if (cast.tie) {
    const p = doc.createElement('p');
    p.id = 'tie-note';
    p.textContent = t('bits.tie', { input: cast.input, even: lines['ties-to-even'], away: lines['ties-to-away'] });
    box.append(p);
  }
  return box;
}

// `#cast-facts`: the core's lines about the cast ([data-fact]), labelled in the page's language. The tie's line
// is the core's English sentence; #tie-note says it in the page's language instead.
export function castFacts(doc, cast) {
  const facts = cast.facts.filter((fact) => fact.name !== 'tie');
  if (!facts.length) return null;
  const dl = doc.createElement('dl');
  dl.id = 'cast-facts';
  dl.className = 'facts';
  for (const fact of facts) {
    const dt = doc.createElement('dt');
    dt.textContent = t(`fact.${fact.name}`);
    const dd = doc.createElement('dd');
    dd.className = 'mono';
    dd.dataset.fact = fact.name;
    dd.textContent = messageText(fact.textMessage);
    dl.append(dt, dd);
  }
  return dl;
}
