// The styles of the lattice drawing and promotion table (shared by the playground and <type-lattice>) and of
// the element's frame, as text for constructable stylesheets: they need no <link> and no inline <style>, so a
// page with `style-src 'self'` shows them, and bundlers cannot turn them into blocked data: URLs.

export const latticeCss = `/* The lattice drawing and promotion table, shared by the playground and <type-lattice>.
   Colours: the Okabe-Ito palette (safe for the common colour-vision deficiencies); every state also differs
   in shape (border width, dash, weight), not only in colour. Each is a --tl-* custom property, set on the root
   (the playground) or the element (a docs page can override any of them on type-lattice). */
:root, :host {
  --tl-bg: var(--bg, #ffffff);
  --tl-surface: var(--surface, #f4f4f5);
  --tl-text: var(--text, #18181b);
  --tl-muted: var(--muted, #6b7280);
  --tl-line: var(--line, #d4d4d8);
  --tl-edge: var(--edge, #9ca3af);
  --tl-focus: var(--focus, #0072b2);
  --tl-node-fill: var(--tl-surface);
  --tl-node-stroke: var(--tl-muted);
  --tl-selected: #0072b2;
  --tl-selected-text: #ffffff;
  --tl-join: #e69f00;
  --tl-join-stroke: #d55e00;
  --tl-join-text: #000000;
  --tl-reach: #56b4e9;
  --tl-counter: #cc79a7;
  --tl-counter-stroke: #7a3b62;
  --tl-added: #16a34a;
  --tl-differs: #f0e442;
  --tl-diff-text: #000000;
  --tl-diff-weak-scalar: #cfe8fa;
  --tl-diff-integer-float: #fde7c2;
  --tl-diff-missing-type: #e4e4e7;
  --tl-diff-disagreement: #f7c6c6;
}
.tl-lattice {
  display: block;
  width: 100%;
  height: auto;
  font-family: ui-monospace, "DejaVu Sans Mono", "Menlo", monospace;
  font-size: 13px;
  user-select: none;
  touch-action: manipulation;
}
.tl-node { cursor: pointer; outline: none; }
.tl-node-box { fill: var(--tl-node-fill); stroke: var(--tl-node-stroke); stroke-width: 1.5; }
.tl-node-label { fill: var(--tl-text); pointer-events: none; }
.tl-node:hover .tl-node-box { stroke-width: 3; }
.tl-node:focus-visible .tl-node-box { stroke: var(--tl-focus); stroke-width: 3; stroke-dasharray: 5 3; }
.tl-node.reachable .tl-node-box { stroke: var(--tl-reach); stroke-width: 3; }
.tl-node.hovered .tl-node-box { stroke-width: 4; }
.tl-node.selected .tl-node-box { fill: var(--tl-selected); stroke: var(--tl-selected); }
.tl-node.selected .tl-node-label { fill: var(--tl-selected-text); font-weight: 700; }
.tl-node.join .tl-node-box { fill: var(--tl-join); stroke: var(--tl-join-stroke); stroke-width: 4; }
.tl-node.join .tl-node-label { fill: var(--tl-join-text); font-weight: 700; }
.tl-node.selected.join .tl-node-box { stroke: var(--tl-selected); stroke-dasharray: none; }
.tl-node.counterexample .tl-node-box { fill: var(--tl-counter); stroke: var(--tl-counter-stroke); stroke-width: 3; }
.tl-node.counterexample .tl-node-label { fill: var(--tl-join-text); font-weight: 700; }
.tl-node.competing .tl-node-box { stroke: var(--tl-join-stroke); stroke-width: 3.5; stroke-dasharray: 6 3; }
.tl-node.in-cycle .tl-node-box { stroke: var(--tl-counter); stroke-width: 3.5; stroke-dasharray: 2 2; }
.tl-node.dimmed { opacity: 0.35; }
.tl-edge { stroke: var(--tl-edge); stroke-width: 1.5; fill: none; stroke-linejoin: round; }
.tl-edge-hit { stroke: transparent; stroke-width: 10; fill: none; pointer-events: stroke; }
.tl-edge.on-path { stroke: var(--tl-join-stroke); stroke-width: 3.5; }
.tl-edge.reach-edge { stroke: var(--tl-reach); stroke-width: 2.5; }
.tl-edge.cycle-edge { stroke: var(--tl-counter); stroke-width: 3.5; stroke-dasharray: 7 4; }
.tl-edge.dimmed { opacity: 0.25; }
.tl-edge.added-edge:not(.on-path) { stroke: var(--tl-added); stroke-width: 2.5; }
.tl-edge.removed-edge { stroke-dasharray: 5 4; opacity: 0.8; }
.tl-ghost { opacity: 0.45; pointer-events: none; }
.tl-ghost .tl-node-box { stroke-dasharray: 4 3; fill: none; }
.tl-arrow-plain { fill: var(--tl-edge); }
.tl-arrow-added { fill: var(--tl-added); }
.tl-arrow-path { fill: var(--tl-join-stroke); }
.tl-arrow-reach { fill: var(--tl-reach); }
.tl-arrow-cycle { fill: var(--tl-counter); }

.tl-table { border-collapse: collapse; font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 12.5px; }
.tl-table caption { text-align: left; padding: 0.3em 0; font-family: inherit; }
.tl-table th, .tl-table td { border: 1px solid var(--tl-line); padding: 0.25em 0.4em; text-align: center; min-width: 2.2em; }
.tl-table th { background: var(--tl-surface); font-weight: 600; }
.tl-table th abbr { text-decoration: none; }
.tl-table td { cursor: default; }
.tl-table td[tabindex] { cursor: pointer; }
.tl-table td[tabindex]:hover, .tl-table td:focus-visible { outline: 2px solid var(--tl-focus); outline-offset: -2px; }
.tl-table td.no-join { color: var(--tl-muted); }
/* Differences: a yellow (Okabe-Ito) background plus a corner mark, so they do not rely on colour alone. */
.tl-table td.differs { background: var(--tl-differs); color: var(--tl-diff-text); font-weight: 700; position: relative; }
.tl-table td.differs::after { content: ""; position: absolute; top: 0; right: 0; border-top: 7px solid var(--tl-join-stroke); border-left: 7px solid transparent; }
.tl-table td.diff-weak-scalar { background: var(--tl-diff-weak-scalar); }
.tl-table td.diff-integer-float { background: var(--tl-diff-integer-float); }
.tl-table td.diff-missing-type { background: var(--tl-diff-missing-type); }
.tl-table td.diff-disagreement { background: var(--tl-diff-disagreement); font-weight: 700; }
.tl-table td[class*="diff-"] { color: var(--tl-diff-text); }
.tl-table td.picked { outline: 3px solid var(--tl-selected); outline-offset: -3px; }`;

export const elementCss = `/* <type-lattice>'s own frame. Dark when theme="dark", or theme="auto" (the default) and the host page is
   dark (theme.js): the :state(dark) custom state. */
:host {
  --bg: #ffffff; --surface: #f4f4f5; --text: #18181b; --muted: #6b7280; --edge: #9ca3af; --line: #d4d4d8;
  --tl-error: #d55e00; --tl-sign: #cc79a7; --tl-exponent: #009e73; --tl-mantissa: #0072b2;
  display: block;
  margin: 1em 0;
  color: var(--tl-text);
  border: 1px solid var(--tl-line);
  border-radius: 10px;
  padding: 0.5em 0.75em;
  background: var(--tl-bg);
  font-family: system-ui, sans-serif;
  color-scheme: light;
}
:host(:state(dark)) {
  --bg: #18181b; --surface: #27272a; --text: #f4f4f5; --muted: #a1a1aa; --edge: #71717a; --line: #3f3f46;
  --tl-focus: #56b4e9; --tl-error: #ff9e8f; --tl-mantissa: #56b4e9;
  color-scheme: dark;
}
.caption { margin: 0; font-size: 0.85em; color: var(--tl-muted); }
.scroll { overflow-x: auto; }
/* Labels are 13 px at the natural width: 0.87 of it keeps them above 11 px (the .scroll scrolls instead). */
.scroll > .tl-lattice { min-width: calc(var(--tl-natural-width, 960px) * 0.87); }
.result { display: block; margin-top: 0.4em; font-family: ui-monospace, "DejaVu Sans Mono", monospace;
  white-space: pre-wrap; overflow-wrap: anywhere; }
.result.error, .error { color: var(--tl-error); white-space: pre-wrap; overflow-wrap: anywhere; }
.reset { font: inherit; font-size: 0.85em; padding: 0.1em 0.7em; margin-top: 0.3em; }
.bit-row { display: flex; flex-wrap: wrap; gap: 3px; }
.bit { font: 600 15px ui-monospace, "DejaVu Sans Mono", monospace; min-width: 2em; min-height: 2.2em;
  border: 2px solid var(--tl-line); border-radius: 5px; background: var(--tl-surface); color: var(--tl-text); cursor: pointer; }
.bit.sign { border-color: var(--tl-sign); } .bit.exponent { border-color: var(--tl-exponent); }
.bit.mantissa { border-color: var(--tl-mantissa); }
.bit[aria-pressed="true"] { background: var(--tl-text); color: var(--tl-bg); }
.bit-value, .formula { margin: 0.4em 0 0; font-family: ui-monospace, "DejaVu Sans Mono", monospace; overflow-wrap: anywhere; }
.reason { margin: 0.3em 0 0; font-size: 0.9em; overflow-wrap: anywhere; }
.reason:empty { display: none; }
.not-lattice { font-style: italic; }
.retry { font: inherit; padding: 0.2em 0.8em; }`;

/** A constructable stylesheet with `css`, for `adoptedStyleSheets`. */
export function styleSheet(css) {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  return sheet;
}
