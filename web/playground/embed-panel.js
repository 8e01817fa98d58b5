// "Embed this": the <type-lattice> tag that draws what the current view shows, with the script that loads the
// element, a Copy button and a link to docs/embedding.md. Imported on the first click (main.js), so the page's
// start does not carry it. The tag's attributes are the element's own table (web/components/attributes.js): an
// attribute the page has no state for (loading, …) is left at the element's default and not written.
import { ATTRIBUTES } from '../components/attributes.js';
import { t } from './strings.js';
import { TAPERED_FORMATS } from './parts.js';

// The element's build as the npm package ships it (web/dist/), and the page that documents embedding; both
// resolved against the playground's address, so a copied snippet points at the site it was copied from.
const ELEMENT_SCRIPT = 'web/dist/type-lattice.mjs';
const EMBEDDING_DOCS = 'docs/embedding.md';

// How the element's attributes are read from a figure (below); undefined: the figure does not set it.
const FROM_FIGURE = {
  system: (f) => f.system,
  mode: (f) => f.mode,
  x64: (f) => (f.x64 === undefined ? undefined : f.x64 ? 'on' : 'off'),
  select: (f) => f.select?.join(','),
  view: (f) => f.view,
  types: (f) => (f.all === undefined ? undefined : f.all ? 'all' : 'docs'),
  format: (f) => f.format,
  code: (f) => (f.code === undefined ? undefined : `0x${f.code.toString(16)}`),
};
// Written even when they equal the element's default, so that the tag says what it draws.
const ALWAYS_WRITTEN = new Set(['system', 'format']);

/** The element's attributes for a figure, in the table's order: [[name, value]]. */
export function embedAttributes(figure) {
  const out = [];
  for (const a of ATTRIBUTES) {
    const value = FROM_FIGURE[a.name]?.(figure);
    if (value === undefined || (value === a.default && !ALWAYS_WRITTEN.has(a.name))) continue;
    out.push([a.name, value]);
  }
  return out;
}

const escapeAttribute = (v) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The HTML a docs author pastes: the element's module script and the tag. */
export function embedSnippet(figure, baseUrl) {
  const src = new URL(ELEMENT_SCRIPT, baseUrl).href;
  const attributes = embedAttributes(figure).map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('');
  return `<script type="module" src="${escapeAttribute(src)}"></script>\n<type-lattice${attributes}></type-lattice>`;
}

// What the element can draw of the current view: { figure, instead } where `instead` names the view the element
// cannot show (Compare, Blocks, Design story, Your lattice) and the figure is then the nearest it can: the page's
// system's lattice, or for Blocks the bits of the block's element format.
export function figureOfView(app) {
  const s = app.state;
  const promotion = { system: s.system, mode: s.mode, x64: s.x64 };
  if (s.view === 'lattice') return { figure: { ...promotion, select: canonicalSelection(app), all: s.all } };
  if (s.view === 'table' && s.tableOf !== 'lattice') return { figure: { ...promotion, view: 'table', all: s.all } };
  // The table of the user's own graph: the element draws built-in systems only.
  if (s.view === 'table') return { instead: 'custom', kind: 'lattice', name: s.system, figure: { ...promotion } };
  // The element's Bits view shows formats with fixed fields, not the tapered ones.
  if (s.view === 'bits' && TAPERED_FORMATS.has(s.format)) {
    return { instead: 'bits', kind: 'tapered', name: s.format, figure: { ...promotion } };
  }
  if (s.view === 'bits') {
    return { figure: { view: 'bits', format: s.format, code: app.view('bits').current ?? 0 } };
  }
  if (s.view === 'blocks') {
    const element = app.tl.blockFormats().find((b) => b.name === s.blockFormat)?.elementFormat;
    const first = document.querySelector('#view-blocks [data-element="0"][data-code]');
    if (element) {
      return { instead: 'blocks', kind: 'bits', name: element,
        figure: { view: 'bits', format: element, code: first ? Number(first.dataset.code) : 0 } };
    }
  }
  return { instead: s.view, kind: 'lattice', name: s.system, figure: { ...promotion } };
}

// The selection in the module's names (the link may hold aliases such as f2); a name it refuses stays as written,
// and the element shows the same error for it.
function canonicalSelection(app) {
  return app.state.select.map((name) => {
    try {
      return app.tl.promoteTypes(name, name, app.opts());
    } catch {
      return name;
    }
  });
}

let dialog = null;

/** Opens the panel for what the page shows now (built again on every opening, in the page's language). */
export function openEmbedPanel(app, opener) {
  dialog ??= createDialog(opener);
  const { figure, instead, kind, name } = figureOfView(app);
  const snippet = embedSnippet(figure, document.baseURI);
  dialog.querySelector('#embed-title').textContent = t('embed.title');
  const note = dialog.querySelector('#embed-instead');
  note.hidden = !instead;
  note.textContent = instead ? t(`embed.instead.${kind}`, { view: t(`view.${instead}`), name }) : '';
  dialog.querySelector('#embed-intro').textContent = t('embed.intro');
  const text = dialog.querySelector('#embed-snippet');
  text.setAttribute('aria-label', t('embed.snippet'));
  text.value = snippet;
  text.rows = snippet.split('\n').length;
  dialog.querySelector('#embed-copy').textContent = t('embed.copy');
  dialog.querySelector('#embed-copied').textContent = '';
  const docs = dialog.querySelector('#embed-docs');
  docs.href = new URL(EMBEDDING_DOCS, document.baseURI).href;
  docs.textContent = t('embed.docs');
  dialog.querySelector('#embed-close').textContent = t('embed.close');
  dialog.showModal();
  // As many rows as the snippet takes at this width (it wraps on a phone), so that none scrolls out of sight.
  while (text.scrollHeight > text.clientHeight && text.rows < 12) text.rows += 1;
  dialog.querySelector('#embed-copy').focus();
}

function createDialog(opener) {
  const d = document.createElement('dialog');
  d.id = 'embed-dialog';
  d.className = 'embed-dialog';
  d.setAttribute('aria-labelledby', 'embed-title');
  const el = (tag, props) => Object.assign(document.createElement(tag), props);
  const buttons = el('div', { className: 'buttons' });
  const copied = el('span', { id: 'embed-copied', className: 'hint' });
  copied.setAttribute('role', 'status');
  buttons.append(el('button', { id: 'embed-copy', type: 'button' }), copied,
    el('a', { id: 'embed-docs', target: '_blank', rel: 'noopener' }),
    el('button', { id: 'embed-close', type: 'button', className: 'ghost' }));
  d.append(el('h2', { id: 'embed-title' }), el('p', { id: 'embed-instead', className: 'note' }),
    el('p', { id: 'embed-intro', className: 'hint' }),
    el('textarea', { id: 'embed-snippet', readOnly: true, spellcheck: false, className: 'mono' }), buttons);
  d.querySelector('#embed-copy').addEventListener('click', () => copySnippet(d));
  d.querySelector('#embed-close').addEventListener('click', () => d.close());
  d.addEventListener('close', () => opener?.focus());
  document.body.append(d);
  return d;
}

// The clipboard API where the page may write (a secure context, the user's click); else the text is selected for
// the reader's own Ctrl+C.
async function copySnippet(d) {
  const text = d.querySelector('#embed-snippet');
  const status = d.querySelector('#embed-copied');
  try {
    await navigator.clipboard.writeText(text.value);
    status.textContent = t('embed.copied');
  } catch {
    text.focus();
    text.select();
    status.textContent = t('embed.selected');
  }
}
