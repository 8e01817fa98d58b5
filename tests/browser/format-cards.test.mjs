// The Bits view's format cards: every part of a format's name explained and true of its data, special values
// that the module's own decoding confirms, E8M0's round modes defined (nearest's tie rounds up, as its casts
// do), "Compare with" for two cards side by side in the URL, and the saturation note behind a collapsed
// "Conformance notes".
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, openPlayground, settledUrl } from './harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env.tearDown(); });

const card = (page, format) => page.$eval(`#format-cards .format-card[data-format="${format}"]`, (c) => ({
  parts: Object.fromEntries([...c.querySelectorAll('[data-row="name"] li')].map((li) => [li.dataset.item, li.textContent])),
  specials: Object.fromEntries([...c.querySelectorAll('[data-row="specials"] li')].map((li) => [li.dataset.item, li.textContent])),
  rounds: Object.fromEntries([...c.querySelectorAll('[data-row="round"] li')].map((li) => [li.dataset.item, li.textContent])),
  use: c.querySelector('[data-row="use"]').textContent,
}));

test('float8_e4m3fnuz: e4m3, fn and uz explained; one NaN at 0x80, no −0, no Inf, as the module decodes', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fnuz');
  const c = await card(page, 'float8_e4m3fnuz');
  assert.deepEqual(Object.keys(c.parts), ['e4m3', 'fn', 'uz']);
  assert.match(c.parts.e4m3, /4 exponent bits and 3 mantissa bits, after a sign bit/);
  assert.match(c.parts.fn, /no Inf; NaN only at 0x80/);
  assert.match(c.parts.uz, /no −0; its code, 0x80, is the only NaN/);
  assert.equal(c.specials.zero, 'zero: 0x00');
  assert.equal(c.specials.nan, 'NaN: 0x80');
  assert.equal(c.specials.inf, undefined);
  const categories = await page.evaluate(() => [0x00, 0x80].map((code) => window.typelatticePlayground.tl.layout('float8_e4m3fnuz', code).category));
  assert.deepEqual(categories, ['zero', 'nan']);
  assert.match(c.use, /FNUZ/);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('every format\'s card explains each part of its name and lists the special codes the module decodes', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=bits');
  const builtins = await page.$$eval('#format-select > option', (os) => os.map((o) => o.value));
  assert.equal(builtins.length, 14);
  // And P3109's: signed and unsigned, extended and finite, no mantissa bits.
  const names = [...builtins, 'p3109_k8p3se', 'p3109_k8p1ue', 'p3109_k5p2sf'];
  for (const name of names) {
    await openPlayground(page, env.url, `#view=bits&format=${name}`);
    const c = await card(page, name);
    const parts = /_(e\d+m\d+)(b\d+)?(fnu|fn)?(uz)?$/.exec(name)?.slice(1).filter(Boolean) ?? [];
    for (const part of parts) assert.ok(c.parts[part], `${name}: ${part} is explained`);
    assert.ok(!c.use.startsWith('card.'), `${name} says what it is used for`);
    // P3109's Infs are at the top codes, not at an all-ones exponent beside a -0: the IEEE line would be false.
    if (name.startsWith('p3109_')) assert.equal(c.parts.ieee, undefined, `${name}: not IEEE's layout`);
    // Count the module's NaN and Inf codes for the formats it decodes in bulk.
    const counts = await page.evaluate((f) => {
      const { tl } = window.typelatticePlayground;
      const info = tl.formatInfo(f);
      if (!info.isMinifloat) return null;
      const n = 2 ** info.totalBits;
      const codes = info.codeBytes === 1 ? new Uint8Array(n) : new Uint16Array(n);
      codes.forEach((_, i) => { codes[i] = i; });
      const v = tl.decode(codes, f);
      return { nan: v.filter(Number.isNaN).length, inf: v.filter((x) => x === Infinity || x === -Infinity).length };
    }, name);
    if (counts) {
      assert.equal(c.specials.inf !== undefined, counts.inf > 0, `${name}: Inf listed iff the format has Inf`);
      if (counts.nan === 0) assert.match(c.specials.nan, /no NaN/, name);
      else if (counts.nan > 4) assert.match(c.specials.nan, new RegExp(`\\(${counts.nan} codes\\)`), name);
      else assert.equal(c.specials.nan.split(',').length, counts.nan, name);
    }
  }
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('E8M0: no zero (0x00 is 2^-127), and up, down and nearest defined; nearest\'s tie rounds up, as its casts do', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=bits&format=float8_e8m0fnu');
  const c = await card(page, 'float8_e8m0fnu');
  assert.deepEqual(Object.keys(c.parts), ['e8m0', 'fnu']);
  assert.match(c.specials.zero, /no zero: 0x00 is 2\^-127/);
  assert.deepEqual(Object.keys(c.rounds), ['up', 'down', 'nearest']);
  assert.match(c.rounds.nearest, /1\.5 \* 2\^k, the midpoint, rounds up/);
  assert.match(c.use, /block scale of the MX formats/);
  // The definitions say what the casts do: 1.5 (the midpoint of 1 and 2) goes up under nearest, 1.4 down.
  const cast = (value, round) => page.evaluate(([v, r]) =>
    window.typelatticePlayground.tl.castValue('float8_e8m0fnu', v, { round: r }).exactValue, [value, round]);
  assert.equal(await cast('1.5', 'nearest'), '2');
  assert.equal(await cast('1.4', 'nearest'), '1');
  assert.equal(await cast('1.4', 'up'), '2');
  assert.equal(await cast('1.9', 'down'), '1');
  // The other formats list the IEEE directions and to-odd, with the core's definitions.
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn');
  const ieee = (await card(page, 'float8_e4m3fn')).rounds;
  assert.deepEqual(Object.keys(ieee), ['ties-to-even', 'ties-to-away', 'toward-zero', 'toward-positive', 'toward-negative', 'to-odd',
    'stochastic']);
  assert.match(ieee['to-odd'], /odd code/);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('"Compare with" shows two cards side by side and keeps the choice in the URL', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn');
  assert.equal(await page.$$eval('#format-cards .format-card', (cs) => cs.length), 1);
  await page.selectOption('#compare-format', 'float8_e5m2');
  assert.deepEqual(await page.$$eval('#format-cards .format-card', (cs) => cs.map((c) => c.dataset.format)),
    ['float8_e4m3fn', 'float8_e5m2']);
  assert.match(await settledUrl(page), /vs=float8_e5m2/);
  // Side by side at 1280 px: the two cards share a row.
  const tops = await page.$$eval('#format-cards .format-card', (cs) => cs.map((c) => Math.round(c.getBoundingClientRect().top)));
  assert.equal(tops[0], tops[1]);
  await page.selectOption('#compare-format', '');
  assert.doesNotMatch(await settledUrl(page), /vs=/);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('the saturation note sits in a collapsed "Conformance notes" section', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fnuz');
  assert.equal(await page.$eval('#conformance-notes', (d) => d.open), false);
  assert.equal(await page.isVisible('#saturation-note table'), false);
  await page.click('#conformance-notes summary');
  assert.equal(await page.isVisible('#saturation-note table'), true);
  await page.close();
  assert.deepEqual(env.errors, []);
});
