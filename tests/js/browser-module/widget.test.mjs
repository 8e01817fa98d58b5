// typelattice/widget in Chromium: a host calls render({ model, el }) as anywidget and marimo do, with a model that
// keeps values by name and fires `change:<name>` events (the host's contract, written here as a small object).
// The element drawn in `el` shows the model's selection, follows a change, and the returned cleanup stops
// listening and removes it; no console error.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { newPage } from '../../browser/harness.mjs';
import { servePageFolder } from './page-folder.mjs';

let fixture, browser, server;

// What a host hands render(): get/on/off over plain values, plus set() for the test to play the kernel's part.
const MODEL = `
export function hostModel(values) {
  const listeners = new Map();
  return {
    get: (name) => values[name],
    on(event, callback) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event).add(callback);
    },
    off(event, callback) { listeners.get(event)?.delete(callback); },
    set(name, value) {
      values[name] = value;
      for (const callback of listeners.get('change:' + name) ?? []) callback();
    },
    listening: () => [...listeners.values()].reduce((n, s) => n + s.size, 0),
  };
}`;

before(async () => {
  fixture = await servePageFolder('widget', {
    'model.mjs': MODEL,
    'page.mjs': `import widget from '/dist/type-lattice-widget.mjs';
import { hostModel } from '/model.mjs';
window.model = hostModel({ system: 'jax', select: 'float16,bfloat16', mode: '' });
window.cleanup = widget.render({ model: window.model, el: document.getElementById('output') });`,
    'index.html': `<!doctype html><html><head><meta charset="utf-8"><title>widget</title>
<link rel="icon" href="data:,"><script type="module" src="/page.mjs"></script></head>
<body><div id="output"></div></body></html>`,
  });
  ({ browser, server } = fixture);
});

after(() => fixture?.close());

const resultLine = (page) => page.evaluate(() => document.querySelector('#output type-lattice')
  ?.shadowRoot.querySelector('output')?.textContent ?? null);

test('render() mounts the element from the model, follows its changes, and the cleanup lets go', async () => {
  const errors = [];
  const page = await newPage(browser.context, errors);
  await page.goto(`${server.origin}/`);
  await page.waitForFunction(() => document.querySelector('#output type-lattice')?.dataset.ready === 'true', null,
                             { timeout: 30000 });
  const drawn = await page.evaluate(() => {
    const el = document.querySelector('#output type-lattice');
    return { attributes: el.getAttributeNames().sort(), nodes: el.shadowRoot.querySelectorAll('svg .tl-node').length,
             join: el.shadowRoot.querySelector('svg .tl-node.join .tl-node-label')?.textContent ?? null,
             listening: window.model.listening(), observed: el.constructor.observedAttributes.length };
  });
  assert.deepEqual(drawn.attributes, ['data-ready', 'select', 'system'], 'an empty model value leaves the default');
  assert.equal(await resultLine(page), 'float16 ∨ bfloat16 = float32');
  assert.ok(drawn.nodes >= 10, `${drawn.nodes} lattice nodes drawn`);
  assert.equal(drawn.join, 'float32');
  assert.equal(drawn.listening, drawn.observed, 'one listener per attribute');

  await page.evaluate(() => window.model.set('select', 'int8,uint8'));
  await page.waitForFunction(() => document.querySelector('#output type-lattice').shadowRoot
    .querySelector('output').textContent === 'int8 ∨ uint8 = int16', null, { timeout: 10000 });
  await page.evaluate(() => window.model.set('system', 'numpy'));
  await page.waitForFunction(() => document.querySelector('#output type-lattice').getAttribute('system') === 'numpy');
  await page.evaluate(() => window.model.set('select', null));
  assert.equal(await page.evaluate(() => document.querySelector('#output type-lattice').hasAttribute('select')), false);

  const after = await page.evaluate(() => {
    window.cleanup();
    window.model.set('select', 'float16,bfloat16');
    return { children: document.getElementById('output').children.length, listening: window.model.listening() };
  });
  assert.deepEqual(after, { children: 0, listening: 0 });
  assert.deepEqual(errors, []);
  await page.close();
});
