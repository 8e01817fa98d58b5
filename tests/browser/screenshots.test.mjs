// Screenshots of every view (light and dark, desktop and phone, English and Chinese) into tests/artifacts/,
// for people to look at; the test checks each view drew something and logged no errors.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, openPlayground, artifactPath } from './harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env.tearDown(); });

const VIEWS = {
  lattice: '#select=float16,bfloat16',
  'lattice-strict': '#select=float16,bfloat16&mode=strict',
  'lattice-strict-all': '#mode=strict&all=1&select=float32,int32',
  'lattice-numpy': '#system=numpy&select=int8,uint8',
  table: '#view=table&compare=numpy',
  compare: '#view=compare&operands=uint8,300',
  bits: '#view=bits&format=float8_e4m3fn&value=1000',
  'bits-float16': '#view=bits&format=float16&value=0.1',
  'bits-float32': '#view=bits&format=float32&value=0.1',
  story: '#view=story&stage=8',
  'story-ghosts': '#view=story&stage=3',
  'story-today': '#view=story&stage=13',
  'bits-cards': '#view=bits&format=float8_e8m0fnu&value=3&vs=float8_e4m3fn',
  custom: '#view=custom',
  blocks: '#view=blocks&format=mxfp4_e2m1&scale=floor&values=7.5,1,1,1,0.3,-2.25,0.04,5',
  'blocks-nvfp4': '#view=blocks&format=nvfp4&values=-3.5,0.25,1,2.5,6,-0.1,0.7,1e-3',
};

test('screenshots of each view', async () => {
  const page = await env.page();
  for (const [theme, width] of [['light', 1280], ['dark', 1280], ['light', 390]]) {
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width, height: 900 });
    for (const [name, hash] of Object.entries(VIEWS)) {
      await openPlayground(page, env.url, hash);
      const shown = await page.$eval('.view:not([hidden])', (el) => el.getBoundingClientRect().height);
      assert.ok(shown > 100, `${name} drew`);
      await page.screenshot({ path: artifactPath(`${name}-${theme}-${width}.png`), fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await openPlayground(page, env.url, '#select=float16,bfloat16&lang=zh-CN');
  await page.screenshot({ path: artifactPath('lattice-zh-CN.png'), fullPage: true });
  // The element in a docs column (780 px) and on a phone (390 px).
  for (const width of [1280, 780, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${env.url}/examples/embed.html`);
    // The figures draw as they come near the viewport (loading="lazy"): visit each, then shoot from the top.
    for (const id of await page.$$eval('type-lattice', (all) => all.map((e) => e.id))) {
      await page.$eval(`#${id}`, (e) => e.scrollIntoView());
      await page.waitForFunction((i) => document.getElementById(i).dataset.ready === 'true', id);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: artifactPath(width === 1280 ? 'embed.png' : `embed-${width}.png`), fullPage: true });
  }
  await page.close();
  assert.deepEqual(env.errors, []);
});
