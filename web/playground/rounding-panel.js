// The Bits view's rounding: the Rounding menu (the core's modes for the format), and under a cast where each
// mode sends the input, as the module casts it, with the sentence that explains a tie. Stochastic rounding is
// left out: one sample would read as the answer (drawing samples is not built).
import { t } from './strings.js';

const shown = (f) => f.roundModes.map((mode, i) => [mode, f.roundModeRules[i]]).filter(([mode]) => mode !== 'stochastic');

// The mode this view casts with: the chosen one where the view offers it for this format, else none (the
// format's default).
export const viewedMode = (f, chosen) => (shown(f).some(([mode]) => mode === chosen) ? chosen : undefined);

// The menu's options, each with the core's definition as its tooltip.
export function fillRoundMenu(doc, select, f) {
  select.replaceChildren(...shown(f).map(([mode, rule]) => {
    const o = doc.createElement('option');
    o.value = mode;
    o.textContent = mode;
    o.title = rule;
    return o;
  }));
}

// `#mode-results`: one row per mode ([data-mode], the mode in effect marked) with the module's result line for
// `text`, cast with `options` but that mode; and `#tie-note` when the input is a tie. Null for E8M0's modes
// (they are not directions of one rounding) and for a failed cast.
export function modeResults(doc, tl, f, text, options, cast) {
  if (!cast || f.roundModes.includes('up')) return null;
  const box = doc.createElement('div');
  box.id = 'mode-results';
  const table = doc.createElement('table');
  table.className = 'data mono';
  const lines = {};
  for (const [mode] of shown(f)) {
    lines[mode] = tl.castValue(f.name, text, { ...options, round: mode }).line;
    const tr = doc.createElement('tr');
    tr.dataset.mode = mode;
    if (mode === (options.round ?? f.roundModes[0])) tr.className = 'current';   // unset: the format's default, listed first
    for (const cell of [mode, lines[mode]]) {
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
