// The Bits view's Rounding menu: the core's modes for the format (E8M0: ONNX's; the others: the IEEE directions
// and to-odd), and 4.25 in float8_e4m3fn (a tie between 4 and 4.5) cast in each, as the module casts it, with
// the mode in the URL.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, openPlayground, settledUrl } from './harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env.tearDown(); });

test('the Rounding menu lists the format\'s modes and each casts 4.25 as the module does', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn&value=4.25');
  const options = await page.$$eval('#round-select option', (os) => os.map((o) => [o.value, o.title]));
  const formats = await page.evaluate(() => window.typelatticePlayground.tl.formats().find((f) => f.name === 'float8_e4m3fn'));
  // Every mode but stochastic, which the view does not sample (one draw would read as the answer).
  const shown = formats.roundModes.map((m, i) => [m, formats.roundModeRules[i]]).filter(([m]) => m !== 'stochastic');
  assert.deepEqual(options, shown);
  assert.ok(formats.roundModes.includes('stochastic'));
  assert.equal(await page.inputValue('#round-select'), 'ties-to-even');
  const want = { 'ties-to-even': '0x48', 'ties-to-away': '0x49', 'toward-zero': '0x48', 'toward-positive': '0x49',
    'toward-negative': '0x48', 'to-odd': '0x49' };
  for (const [mode, code] of Object.entries(want)) {
    await page.selectOption('#round-select', mode);
    assert.match(await settledUrl(page), new RegExp(`round=${mode}\\b`));
    const text = await page.textContent('#cast-result');
    assert.match(text, new RegExp(`→ ${code}`), `${mode}: ${text}`);
    const module = await page.evaluate((r) => window.typelatticePlayground.tl.castValue('float8_e4m3fn', '4.25', { round: r }).code, mode);
    assert.equal(`0x${module.toString(16).toUpperCase().padStart(2, '0')}`, code);
  }
  // E8M0 has ONNX's modes; a mode the format lacks falls back to the format's default in the menu.
  await openPlayground(page, env.url, '#view=bits&format=float8_e8m0fnu&value=3&round=toward-zero');
  assert.deepEqual(await page.$$eval('#round-select option', (os) => os.map((o) => o.value)), ['up', 'down', 'nearest']);
  assert.equal(await page.inputValue('#round-select'), 'up');
  await page.close();
  assert.deepEqual(env.errors, []);
});
