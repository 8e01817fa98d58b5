// theme="auto": <type-lattice> follows the page it sits in. Docs sites with a light/dark toggle say which one is
// on in markup: Docusaurus and pydata-sphinx-theme `html[data-theme]`, Material for MkDocs
// `[data-md-color-scheme="slate"]`, VitePress (and Tailwind's class strategy) `html.dark`. A page without one is
// as dark as the colour behind the element; with no colour set anywhere, the page is the browser's canvas, which
// follows the reader's preference only when the page allows a dark scheme (CSS `color-scheme`).

const watched = new Set();
let observer = null;
let media = null;

/** 'dark' or 'light': the scheme of the page around `element`. */
export function hostScheme(element) {
  const doc = element.ownerDocument;
  const roots = [doc.documentElement, doc.body].filter(Boolean);
  for (const el of roots) {
    const said = el.getAttribute('data-theme');
    if (said === 'dark' || said === 'light') return said;
  }
  for (const el of roots) {
    const md = el.getAttribute('data-md-color-scheme');
    if (md) return md === 'slate' ? 'dark' : 'light';
  }
  if (doc.documentElement.classList.contains('dark')) return 'dark';
  const behind = colourBehind(element);
  if (behind) return behind;
  const view = doc.defaultView;
  const allowsDark = /dark/.test(view.getComputedStyle(doc.documentElement).colorScheme);
  return allowsDark && view.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

// The first opaque background among the element's ancestors (through shadow roots), as 'dark' or 'light'.
function colourBehind(element) {
  const view = element.ownerDocument.defaultView;
  for (let el = parentOf(element); el; el = parentOf(el)) {
    const rgba = rgbaOf(view.getComputedStyle(el).backgroundColor);
    if (rgba && rgba[3] > 0.5) {
      const [r, g, b] = rgba;
      return 0.299 * r + 0.587 * g + 0.114 * b < 128 ? 'dark' : 'light';   // perceived brightness (ITU-R BT.601)
    }
  }
  return null;
}

function parentOf(el) {
  return el.parentElement ?? el.parentNode?.host ?? null;
}

// Computed colours are rgb()/rgba() for sRGB; others (oklch(), color()) are read through a 1×1 canvas.
let canvas = null;
function rgbaOf(colour) {
  const m = /^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/.exec(colour);
  if (m) return [+m[1], +m[2], +m[3], m[4] === undefined ? 1 : +m[4]];
  canvas ??= new OffscreenCanvas(1, 1).getContext('2d', { willReadFrequently: true });
  canvas.clearRect(0, 0, 1, 1);
  canvas.fillStyle = colour;
  canvas.fillRect(0, 0, 1, 1);
  const [r, g, b, a] = canvas.getImageData(0, 0, 1, 1).data;
  return [r, g, b, a / 255];
}

/** Calls `element.applyTheme()` now and whenever the page's toggle or the reader's preference changes. */
export function watchTheme(element) {
  watched.add(element);
  element.applyTheme();
  const doc = element.ownerDocument;
  if (!observer && typeof MutationObserver === 'function') {
    observer = new MutationObserver(refresh);
    const options = { attributes: true, attributeFilter: ['data-theme', 'data-md-color-scheme', 'class', 'style'] };
    observer.observe(doc.documentElement, options);
    if (doc.body) observer.observe(doc.body, options);
    media = doc.defaultView.matchMedia('(prefers-color-scheme: dark)');
    media.addEventListener('change', refresh);
  }
}

export function unwatchTheme(element) {
  watched.delete(element);
  if (watched.size || !observer) return;
  observer.disconnect();
  media.removeEventListener('change', refresh);
  observer = media = null;
}

function refresh() {
  for (const element of watched) element.applyTheme();
}
