// The Bits view with IEEE P3109's formats and a format the user defines: the menu lists the P3109 family, a
// P3109 code shows the definition's value, the format editor defines e4m3 with fn and bias 7 (float8_e4m3fn's
// values under another name), a bad definition is refused in place, and a defined format survives a reload.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, openPlayground, settledUrl } from './harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env.tearDown(); });

test('P3109 formats are in the menu and their codes decode as the definition says', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=bits&format=p3109_k8p3se&code=0x7e');
  const group = await page.$$eval('#format-select optgroup[label="IEEE P3109"] option', (os) => os.map((o) => o.value));
  assert.equal(group.length, 108);
  assert.ok(group.includes('p3109_k8p4se'));
  assert.equal(await page.inputValue('#format-select'), 'p3109_k8p3se');
  assert.match(await page.textContent('#bit-value'), /^49152$/);   // the largest finite value
  await page.click('#bit-layout [data-bit="0"]');                  // 0x7F: +Inf in the extended domain
  assert.match(await page.textContent('#bit-category'), /inf/i);
  assert.match(await settledUrl(page), /code=0x7f/i);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('the format editor defines a format; a bad definition is refused and changes nothing', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn&value=4.25');
  await page.click('#format-editor-box summary');   // opens the editor
  await page.fill('#define-exponent', '4');
  await page.fill('#define-mantissa', '3');
  await page.fill('#define-bias', '7');
  await page.selectOption('#define-convention', 'fn');
  await page.click('#define-use');
  assert.match(await settledUrl(page), /format=e4m3%3Afn%3Abias%3D7/);
  assert.equal(await page.inputValue('#format-select'), 'e4m3:fn:bias=7');
  const defined = await page.textContent('#cast-result');
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn&value=4.25');
  assert.equal((await page.textContent('#cast-result')).replace('float8_e4m3fn', 'e4m3:fn:bias=7'), defined);

  await openPlayground(page, env.url, '#view=bits&format=e4m3%3Afn%3Abias%3D7&value=4.25');
  assert.equal(await page.inputValue('#format-select'), 'e4m3:fn:bias=7');   // a link to it works
  assert.equal(await page.inputValue('#define-bias'), '7');
  await page.$eval('#format-editor-box', (d) => { d.open = true; });
  await page.fill('#define-exponent', '9');
  await page.click('#define-use');
  assert.match(await page.textContent('#format-editor-error'), /1 to 8 exponent bits/);
  assert.equal(await page.inputValue('#format-select'), 'e4m3:fn:bias=7');
  await page.close();
  assert.deepEqual(env.errors, []);
});
