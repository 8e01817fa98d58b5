// Renders a binary promotion table { types, cells } as an HTML <table>; with `compare` (another table over the
// same or overlapping types) the cells whose result differs are marked. Names are inserted as text only.

// options: { short: name -> display code, compare: table|null, compareLabel, caption, onCell(row, col),
//   comparison: tl.compareTables(...) result|null: each differing cell shows both answers and the core's class,
//   kindLabel: class -> its words in the page's language (default: the class's name) }
export function renderPromotionTable(doc, table, options = {}) {
  const short = options.short || ((n) => n);
  const kindLabel = options.kindLabel || ((k) => k);
  const el = doc.createElement('table');
  el.className = 'tl-table';
  if (options.caption) {
    const cap = doc.createElement('caption');
    cap.textContent = options.caption;
    el.append(cap);
  }
  const other = options.compare ? indexTable(options.compare) : null;
  const head = doc.createElement('thead');
  const hr = doc.createElement('tr');
  hr.append(doc.createElement('td'));
  for (const t of table.types) hr.append(headerCell(doc, t, short, 'col'));
  head.append(hr);
  el.append(head);
  const body = doc.createElement('tbody');
  let differing = 0;
  table.types.forEach((rowType, i) => {
    const tr = doc.createElement('tr');
    tr.append(headerCell(doc, rowType, short, 'row'));
    table.types.forEach((colType, j) => {
      const value = table.cells[i][j];
      const td = doc.createElement('td');
      td.dataset.row = rowType;
      td.dataset.col = colType;
      td.textContent = value === null ? '–' : short(value);
      td.title = `${rowType} ∨ ${colType} = ${value === null ? '—' : value}`;
      if (value === null) td.classList.add('no-join');
      const cmp = options.comparison ? options.comparison.cells[i][j] : null;
      if (cmp && cmp.kind !== 'same') {
        // Both answers, the class as a data attribute (coloured by CSS) and as text in the title.
        td.classList.add('differs', `diff-${cmp.kind}`);
        td.dataset.kind = cmp.kind;
        td.dataset.other = cmp.there === null ? '-' : cmp.there;
        td.textContent = `${value === null ? '–' : short(value)} / ${cmp.there === null ? '–' : short(cmp.there)}`;
        td.title += ` (${options.compareLabel || 'other'}: ${cmp.there === null ? '—' : cmp.there}; ${kindLabel(cmp.kind)})`;
        ++differing;
      } else if (other) {
        const theirs = other(rowType, colType);
        if (theirs !== undefined && theirs !== value) {
          td.classList.add('differs');
          td.dataset.other = theirs === null ? '-' : theirs;
          td.title += ` (${options.compareLabel || 'other'}: ${theirs === null ? '—' : theirs})`;
          ++differing;
        }
      }
      if (options.onCell) {
        td.tabIndex = -1;
        td.addEventListener('click', () => options.onCell(rowType, colType));
        td.addEventListener('keydown', (e) => {
          if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); options.onCell(rowType, colType); }
        });
      }
      tr.append(td);
    });
    body.append(tr);
  });
  el.append(body);
  el.dataset.differing = String(differing);
  return el;
}

function headerCell(doc, name, short, scope) {
  const th = doc.createElement('th');
  th.scope = scope;
  const abbr = doc.createElement('abbr');
  abbr.title = name;
  abbr.textContent = short(name);
  th.append(abbr);
  return th;
}

// (row, col) -> cell of a table, undefined when the table lacks either type.
function indexTable(table) {
  const pos = new Map(table.types.map((t, i) => [t, i]));
  return (r, c) => (pos.has(r) && pos.has(c) ? table.cells[pos.get(r)][pos.get(c)] : undefined);
}

const cellText = (v) => (v === null ? '-' : v);

export function tableToCsv(table) {
  const quote = (s) => (/[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);   // RFC 4180, as the CLI quotes
  const lines = [['', ...table.types].map(quote).join(',')];
  table.types.forEach((t, i) => lines.push([t, ...table.cells[i].map(cellText)].map(quote).join(',')));
  return `${lines.join('\n')}\n`;
}

export function tableToMarkdown(table) {
  const esc = (s) => s.replace(/\|/g, '\\|').replace(/\*/g, '\\*');
  const lines = [`| | ${table.types.map(esc).join(' | ')} |`, `|---|${table.types.map(() => '---').join('|')}|`];
  table.types.forEach((t, i) => lines.push(`| **${esc(t)}** | ${table.cells[i].map((c) => esc(cellText(c))).join(' | ')} |`));
  return `${lines.join('\n')}\n`;
}
