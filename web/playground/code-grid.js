// The Bits view's grid of codes (#code-grid) and its legend: 16 codes a row, each cell coloured by its category;
// one tab stop (bits-view.js moves between cells with the arrow keys).
import { t } from './strings.js';

/**
 * Fills `grid` with `cells` ([{ code, hex, exactValue, category }], a multiple of 16 or fewer) and `legend` with
 * `categories`; `page` (a hex prefix such as '0x3f__') says which codes a wider format's grid shows.
 */
export function fillCodeGrid(doc, grid, legend, cells, { bits, categories, page }) {
  grid.replaceChildren();
  const cols = Math.min(16, cells.length);
  grid.style.setProperty('--cols', String(cols));
  grid.style.setProperty('--label-chars', String(Math.ceil(bits / 4) + 2));   // "0x" and the row's digits
  // Column labels are a hex digit, row labels the rest of the code (row 0x7_, column e: 0x7e; for 16-bit
  // formats row 0x3f8_, column 0: 0x3f80; for float32 row 0x3f80000_).
  const head = doc.createElement('div');
  head.className = 'grid-row grid-head';
  head.setAttribute('aria-hidden', 'true');
  head.append(doc.createElement('span'));
  for (let c = 0; c < cols; ++c) {
    const s = doc.createElement('span');
    s.textContent = c.toString(16);   // the core's case
    head.append(s);
  }
  grid.append(head);
  for (let r = 0; r < cells.length; r += 16) {
    const row = doc.createElement('div');
    row.setAttribute('role', 'row');
    row.className = 'grid-row';
    const label = doc.createElement('span');
    label.className = 'grid-label';
    label.setAttribute('aria-hidden', 'true');
    label.textContent = cells[r].hex.replace(/.$/, '_');
    row.append(label);
    for (const c of cells.slice(r, r + 16)) {
      const b = doc.createElement('button');
      b.type = 'button';
      b.setAttribute('role', 'gridcell');
      b.className = `code-cell cat-${c.category}`;
      b.dataset.code = String(c.code);
      b.title = `${c.hex} = ${c.exactValue} (${t(`cat.${c.category}`)})`;
      b.setAttribute('aria-label', b.title);
      b.tabIndex = -1;
      row.append(b);
    }
    grid.append(row);
  }
  grid.querySelector('[data-code]').tabIndex = 0;
  legend.replaceChildren(...categories.map((cat) => {
    const li = doc.createElement('li');
    const sw = doc.createElement('span');
    sw.className = `swatch code-cell cat-${cat}`;
    li.append(sw, ` ${t(`cat.${cat}`)}`);
    return li;
  }));
  if (page) {
    const note = doc.createElement('li');
    note.textContent = t('bits.gridHigh', { prefix: page });
    legend.append(note);
  }
}

/** Marks the cell of `code` as the one shown. */
export function markCurrentCode(grid, code) {
  for (const cell of grid.querySelectorAll('[data-code]')) {
    cell.classList.toggle('current', Number(cell.dataset.code) === code);
  }
}
