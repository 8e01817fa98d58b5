// The Bits view across formats: switching the format keeps the value of the picked code (its cast, round to
// nearest, ties to even), a typed value stays the input, a link's format and code open exactly as linked, and
// "Compare with" shows the same code and the same value in both formats. Every expected code and value is
// worked out here from the format definitions (OCP 8-bit FP: E4M3FN bias 7, no Inf, NaN at S.1111.111, saturating
// casts by ONNX Cast's default; E5M2 bias 15, IEEE-style Inf and NaN at the all-ones exponent).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, openPlayground, settledUrl } from './harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env.tearDown(); });

const bitValue = async (page) => (await page.textContent('#bit-value')).trim();
const shownHex = async (page) => (await page.textContent('#bit-code')).split(' ')[0];
async function switchTo(page, format) {
  await page.selectOption('#format-select', format);
  await settledUrl(page);   // the view draws on the change; the default format is not written to the hash
}
const hashOf = (url) => new URLSearchParams(url.slice(url.indexOf('#') + 1));

test('0x7e in float8_e4m3fn (448) switched to float8_e5m2 keeps 448: code 0x5f', async () => {
  const page = await env.page();
  // A link with format and code opens exactly that code: E4M3FN 0.1111.110 = 2^(15−7) × 1.75 = 448.
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn&code=0x7e');
  assert.equal(await bitValue(page), '448');
  assert.equal(await page.isHidden('#carry-note'), true);
  await switchTo(page, 'float8_e5m2');
  // 448 = 1.75 × 2^8; in E5M2 the exponent field is 8 + 15 = 23 = 10111 and the mantissa .11: 0.10111.11 = 0x5f.
  assert.equal(await bitValue(page), '448');
  assert.equal(await shownHex(page), '0x5f');
  const link = hashOf(await settledUrl(page));
  assert.equal(link.get('format'), 'float8_e5m2');
  assert.equal(link.get('code'), '0x5f');
  const note = await page.textContent('#carry-note');
  assert.match(note, /0x7e in float8_e4m3fn is 448/);
  assert.match(note, /0x5f = 448 \(exact\)/);
  // Back restores the code as it was, in its format; Forward the carried one.
  await page.goBack();
  await page.waitForFunction(() => new URLSearchParams(location.hash.slice(1)).get('format') === 'float8_e4m3fn');
  assert.equal(await page.inputValue('#format-select'), 'float8_e4m3fn');
  assert.equal(await shownHex(page), '0x7e');
  assert.equal(await bitValue(page), '448');
  assert.equal(await page.isHidden('#carry-note'), true);
  await page.goForward();
  await page.waitForFunction(() => new URLSearchParams(location.hash.slice(1)).get('format') === 'float8_e5m2');
  assert.equal(await shownHex(page), '0x5f');
  // A link to float8_e5m2 at 0x7e opens that code, not a cast of anything: 0.11111.10 is a NaN.
  await openPlayground(page, env.url, '#view=bits&format=float8_e5m2&code=0x7e');
  assert.equal(await shownHex(page), '0x7e');
  assert.equal(await bitValue(page), 'nan');
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('a carried value rounds to nearest, ties to even, and clips, NaNs and typed values as the casts do', async () => {
  const page = await env.page();
  // E4M3FN 0x79 = 0.1111.001 = 2^8 × 1.125 = 288, halfway between E5M2's 256 (0x5c, 0.10111.00) and 320 (0x5d,
  // 0.10111.01): ties-to-even takes 256, the even code, whatever the Rounding menu says for typed values.
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn&code=0x79&round=toward-positive');
  assert.equal(await bitValue(page), '288');
  await switchTo(page, 'float8_e5m2');
  assert.equal(await shownHex(page), '0x5c');
  assert.equal(await bitValue(page), '256');
  assert.match(await page.textContent('#carry-note'), /rounded down, error 32/);
  // E5M2's largest value 0.11110.11 = 0x7b = 1.75 × 2^15 = 57344 is beyond E4M3FN's 448: the saturating default
  // clips it to 0x7e; without saturation it becomes NaN, 0x7f (E4M3FN has no Inf).
  await openPlayground(page, env.url, '#view=bits&format=float8_e5m2&code=0x7b');
  assert.equal(await bitValue(page), '57344');
  await switchTo(page, 'float8_e4m3fn');
  assert.equal(await shownHex(page), '0x7e');
  assert.match(await page.textContent('#carry-note'), /saturated/);
  await openPlayground(page, env.url, '#view=bits&format=float8_e5m2&code=0x7b&sat=0');
  await switchTo(page, 'float8_e4m3fn');
  assert.equal(await shownHex(page), '0x7f');
  assert.equal(await bitValue(page), 'nan');
  // A NaN stays NaN: E4M3FN's 0x7f to E5M2 (whose NaNs are 0.11111.xx with xx ≠ 00).
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn&code=0x7f');
  await switchTo(page, 'float8_e5m2');
  assert.equal(await bitValue(page), 'nan');
  assert.match(await shownHex(page), /^0x(7d|7e|7f|fd|fe|ff)$/);
  // A typed value stays the input: 1000 in float16 is exact (1.953125 × 2^9, 10 mantissa bits hold .111101000).
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn');
  await page.fill('#value-input', '1000');
  await switchTo(page, 'float16');
  assert.equal(await page.inputValue('#value-input'), '1000');
  assert.equal(await bitValue(page), '1000');
  assert.equal(await page.isHidden('#carry-note'), true);
  await page.close();
  assert.deepEqual(env.errors, []);
});

const compareRows = (page) => page.$$eval('#format-cards .format-card', (cards) => cards.map((c) => ({
  format: c.dataset.format,
  code: c.querySelector('.card-compare [data-row="same-code"]')?.textContent,
  value: c.querySelector('.card-compare [data-row="same-value"]')?.textContent,
})));

test('"Compare with": the same code and the same value in float8_e4m3fn and float8_e5m2 at 0x7e, side by side', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn&code=0x7e&vs=float8_e5m2');
  const [mine, theirs] = await compareRows(page);
  assert.equal(mine.format, 'float8_e4m3fn');
  assert.equal(mine.code, '0x7e = 448 (normal)');
  assert.equal(mine.value, '0x7e = 448 (normal): exact');
  assert.equal(theirs.format, 'float8_e5m2');
  assert.equal(theirs.code, '0x7e = nan (NaN)');   // 0.11111.10: all-ones exponent, nonzero mantissa
  assert.equal(theirs.value, '0x5f = 448 (normal): exact');
  const tops = await page.$$eval('#format-cards .card-compare', (ds) => ds.map((d) => Math.round(d.getBoundingClientRect().top)));
  assert.equal(tops.length, 2);
  assert.equal(tops[0], tops[1], 'side by side at 1280 px');
  // Flipping a bit updates both cards: 0x7f is E4M3FN's NaN, and NaN stays NaN in E5M2.
  await page.click('#bit-layout [data-bit="0"]');
  await page.waitForFunction(() => document.querySelector('#format-cards .card-compare [data-row="same-code"]').textContent.startsWith('0x7f'));
  const [, nan] = await compareRows(page);
  assert.equal(nan.code, '0x7f = nan (NaN)');   // 0.11111.11
  assert.match(nan.value, /= nan \(NaN\): exact$/);
  // The second card's rows open its format: at the same code, or at the value's code.
  await page.click('#bit-layout [data-bit="0"]');
  await page.click('#format-cards .format-card[data-format="float8_e5m2"] [data-row="same-value"] button');
  await page.waitForFunction(() => document.getElementById('format-select').value === 'float8_e5m2');
  assert.equal(await shownHex(page), '0x5f');
  await page.goBack();
  await page.waitForFunction(() => document.getElementById('format-select').value === 'float8_e4m3fn');
  await page.click('#format-cards .format-card[data-format="float8_e5m2"] [data-row="same-code"] button');
  await page.waitForFunction(() => document.getElementById('format-select').value === 'float8_e5m2');
  assert.equal(await shownHex(page), '0x7e');
  assert.equal(await bitValue(page), 'nan');
  // The comparison stays, the other way round: float8_e4m3fn is now the format compared.
  assert.equal(await page.inputValue('#compare-format'), 'float8_e4m3fn');
  const [e5m2, e4m3fn] = await compareRows(page);
  assert.deepEqual([e5m2.format, e5m2.code, e4m3fn.format, e4m3fn.code],
    ['float8_e5m2', '0x7e = nan (NaN)', 'float8_e4m3fn', '0x7e = 448 (normal)']);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('"Compare with" casts a typed value with the view\'s options, and says when a code is too wide', async () => {
  const page = await env.page();
  // 1000 in E4M3FN clips to 448 (0x7e); in E5M2 it lies between 896 (1.75 × 2^9, 0x63) and 1024 (2^10,
  // 0.11001.00 = 0x64), nearer 1024: error +24.
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn&value=1000&vs=float8_e5m2');
  const [mine, theirs] = await compareRows(page);
  assert.match(mine.value, /^0x7e = 448 \(normal\): saturated/);
  assert.equal(theirs.code, '0x7e = nan (NaN)');
  assert.equal(theirs.value, '0x64 = 1024 (normal): rounded up, error 24 (2.4 % of the value)');
  // float16's 1.0 is 0x3c00 (0.01111.0000000000): no such code in 8 bits; 1 in E4M3FN is 0.0111.000 = 0x38.
  await openPlayground(page, env.url, '#view=bits&format=float16&code=0x3c00&vs=float8_e4m3fn');
  const [, narrow] = await compareRows(page);
  assert.equal(narrow.code, 'no such code: this format has 8 bits');
  assert.equal(narrow.value, '0x38 = 1 (normal): exact');
  // In Chinese too.
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn&code=0x7e&vs=float8_e5m2&lang=zh-CN');
  const labels = await page.$$eval('#format-cards .card-compare dt', (dts) => dts.map((d) => d.textContent));
  assert.deepEqual(labels, ['同一编码', '值 448', '同一编码', '值 448']);
  await page.close();
  assert.deepEqual(env.errors, []);
});
