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

test('under a cast, where each mode sends the input, and a tie explained', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn&value=4.25&round=toward-zero');
  const rows = await page.$$eval('#mode-results tr[data-mode]', (trs) => trs.map((tr) =>
    [tr.dataset.mode, tr.cells[1].textContent, tr.classList.contains('current')]));
  const expected = await page.evaluate(() => {
    const { tl } = window.typelatticePlayground;
    const f = tl.formats().find((x) => x.name === 'float8_e4m3fn');
    return f.roundModes.filter((m) => m !== 'stochastic').map((m) => [m, tl.castValue(f.name, '4.25', { round: m }).line, m === 'toward-zero']);
  });
  assert.deepEqual(rows, expected);
  assert.equal(rows.find(([m]) => m === 'ties-to-away')[1], '0x49 4.5');
  const tie = await page.textContent('#tie-note');
  assert.match(tie, /4\.25 is exactly halfway/);
  assert.match(tie, /even code \(0x48 4\)/);
  assert.match(tie, /farther from zero \(0x49 4\.5\)/);
  // Not a tie: no sentence. E8M0's modes are not directions of one rounding: no table.
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn&value=4.3');
  assert.equal(await page.$('#tie-note'), null);
  assert.ok(await page.$('#mode-results'));
  await openPlayground(page, env.url, '#view=bits&format=float8_e8m0fnu&value=3');
  assert.equal(await page.$('#mode-results'), null);
  await page.close();
  assert.deepEqual(env.errors, []);
});
