// Opens a page in Chromium and reports what a reader would see: the computed join in #join, the rendered
// <type-lattice> (its result line, its drawing, its styles), console errors, failed requests and CSP
// violations.
import assert from 'node:assert/strict';
import { newPage } from '../browser/harness.mjs';

export async function checkPage(context, url, { expectJoin = true } = {}) {
  const errors = [];
  const page = await newPage(context, errors);
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation',
      (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await page.goto(url);
  await page.waitForFunction(() => {
    const el = document.querySelector('type-lattice');
    return el && el.dataset.ready === 'true';
  }, null, { timeout: 30000 });
  const seen = await page.evaluate(() => {
    const el = document.querySelector('type-lattice');
    const join = document.getElementById('join');
    return {
      join: join ? join.textContent : null,
      result: el.shadowRoot.querySelector('output').textContent,
      nodes: el.shadowRoot.querySelectorAll('svg .tl-node').length,
      joinNode: el.shadowRoot.querySelector('svg .tl-node.join .tl-node-label')?.textContent ?? null,
      borderRadius: getComputedStyle(el).borderTopLeftRadius,
      violations: window.__violations,
    };
  });
  if (expectJoin) {
    await page.waitForFunction(() => document.getElementById('join').textContent !== 'loading', null,
                               { timeout: 30000 });
    seen.join = await page.evaluate(() => document.getElementById('join').textContent);
    assert.equal(seen.join, 'float32', `${url}: the page's computed join`);
  }
  assert.equal(seen.result, 'float16 ∨ bfloat16 = float32', `${url}: the element's result line`);
  assert.ok(seen.nodes >= 10, `${url}: the element drew ${seen.nodes} lattice nodes`);
  assert.equal(seen.joinNode, 'float32', `${url}: the join node is highlighted`);
  assert.equal(seen.borderRadius, '10px', `${url}: the element's own stylesheet applies`);
  assert.deepEqual(seen.violations, [], `${url}: CSP violations`);
  assert.deepEqual(errors, [], `${url}: console errors and failed requests`);
  await page.close();
  return seen;
}
