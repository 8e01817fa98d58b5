// A card per format for the Bits view: what each part of the name means (checked against the format's data:
// a part is explained only where the module's facts say it holds), its special values found by decoding every
// code with the module, its range, what it is used for, and E8M0's round modes as the core defines them.
// `f` is a format handle (tl.format): its facts, and its hex for codes (the core's case).
import { t, messageText } from './strings.js';
import { powerOfTwo } from './format-carry.js';

// Contiguous runs of codes as "0x7d–0x7f".
function runs(codes, hex) {
  const out = [];
  for (let i = 0; i < codes.length;) {
    let j = i;
    while (j + 1 < codes.length && codes[j + 1] === codes[j] + 1) ++j;
    out.push(i === j ? hex(codes[i]) : `${hex(codes[i])}–${hex(codes[j])}`);
    i = j + 1;
  }
  return out.join(', ');
}

// The codes of each kind of special value, from the module: decode() for the formats up to 16 bits, layout()
// of the IEEE special codes for float32 (2^32 codes are too many to decode here).
function specialCodes(tl, f) {
  if (!f.isMinifloat) {
    const kinds = { zero: [], inf: [], nan: [] };
    for (const code of [0, 0x80000000, 0x7f800000, 0xff800000, 0x7f800001, 0x7fffffff, 0xff800001, 0xffffffff]) {
      const { category } = tl.layout(f.name, code);
      if (kinds[category]) kinds[category].push(code);
    }
    const nanRuns = `${f.hex(0x7f800001)}–${f.hex(0x7fffffff)}, ${f.hex(0xff800001)}–${f.hex(0xffffffff)}`;
    return { zero: kinds.zero, inf: kinds.inf, nan: kinds.nan, nanText: kinds.nan.length ? `${nanRuns} (${t('card.nanCount', { n: 2 ** 24 - 2 })})` : '' };
  }
  const count = 2 ** f.totalBits;
  const codes = f.codeBytes === 1 ? new Uint8Array(count) : new Uint16Array(count);
  for (let i = 0; i < count; ++i) codes[i] = i;
  const values = tl.decode(codes, f.name);
  const zero = [];
  const inf = [];
  const nan = [];
  values.forEach((v, code) => {
    if (Number.isNaN(v)) nan.push(code);
    else if (v === 0) zero.push(code);
    else if (!Number.isFinite(v)) inf.push(code);
  });
  const nanText = nan.length > 4 ? `${runs(nan, f.hex)} (${t('card.nanCount', { n: nan.length })})` : runs(nan, f.hex);
  return { zero, inf, nan, nanText };
}

// The parts of a format's name after its width: e4m3, b11, fn / fnu, uz.
function nameParts(name) {
  const m = /_(e\d+m\d+)(b\d+)?(fnu|fn)?(uz)?$/.exec(name);
  return m ? m.slice(1).filter(Boolean) : [];
}

// What one part of the name means, or null where the format's data do not bear it out.
function partMeaning(part, f, specials) {
  const ieeeBias = 2 ** (f.exponentBits - 1) - 1;
  if (/^e\d+m\d+$/.test(part)) {
    return t(f.hasSign ? 'card.part.emSigned' : 'card.part.emUnsigned', { e: f.exponentBits, m: f.mantissaBits });
  }
  if (/^b\d+$/.test(part)) {
    return Number(part.slice(1)) === f.bias && f.bias > ieeeBias ? t('card.part.bias', { bias: f.bias, ieee: ieeeBias }) : null;
  }
  if (part === 'fn' && !f.hasInf) {
    return f.hasNaN ? t('card.part.fn', { nan: specials.nanText }) : t('card.part.fnNoNan');
  }
  if (part === 'fnu' && !f.hasInf && !f.hasSign) return t('card.part.fnu', { nan: specials.nanText });
  if (part === 'uz' && !f.hasNegativeZero && specials.nan.length === 1) {
    return t('card.part.uz', { code: f.hex(specials.nan[0]) });
  }
  return null;
}

function item(doc, key, text) {
  const li = doc.createElement('li');
  li.dataset.item = key;
  li.textContent = text;
  return li;
}

// The card of format `f` as a <section class="format-card" data-format="...">.
export function formatCard(doc, tl, f) {
  const specials = specialCodes(tl, f);
  const section = doc.createElement('section');
  section.className = 'format-card';
  section.dataset.format = f.name;
  const h = doc.createElement('h3');
  h.textContent = f.onnxName ? `${f.name} (${f.onnxName})` : f.name;
  section.append(h);
  const dl = doc.createElement('dl');
  const row = (key, ...content) => {
    const dt = doc.createElement('dt');
    dt.textContent = t(`card.${key}`);
    const dd = doc.createElement('dd');
    dd.dataset.row = key;
    dd.append(...content);
    dl.append(dt, dd);
  };

  const parts = doc.createElement('ul');
  const explained = nameParts(f.name).map((part) => [part, partMeaning(part, f, specials)]).filter(([, m]) => m);
  for (const [part, meaning] of explained) {
    const li = item(doc, part, '');
    const code = doc.createElement('code');
    code.textContent = part;
    li.append(code, `: ${meaning}`);
    parts.append(li);
  }
  if (!explained.length) {   // bfloat16, float16, float32: the name does not spell out the bits
    parts.append(item(doc, 'bits', t(f.hasSign ? 'card.part.emSigned' : 'card.part.emUnsigned', { e: f.exponentBits, m: f.mantissaBits })));
  }
  // IEEE's layout has -0 beside its Infs; P3109's extended formats have Infs and no -0 (the core's line says where).
  if (f.hasInf) parts.append(f.hasNegativeZero ? item(doc, 'ieee', t('card.part.ieee')) : item(doc, 'specials', f.specials));
  row('name', parts);

  const special = doc.createElement('ul');
  const codes = (list) => list.map((c) => f.hex(c)).join(', ');
  if (specials.zero.length) special.append(item(doc, 'zero', t('card.zero', { codes: codes(specials.zero) })));
  else special.append(item(doc, 'zero', t('card.noZero', { code: f.hex(0), value: powerOfTwo(f.minNormal) })));
  if (specials.inf.length) special.append(item(doc, 'inf', t('card.inf', { codes: codes(specials.inf) })));
  special.append(item(doc, 'nan', specials.nan.length ? t('card.nan', { codes: specials.nanText }) : t('card.noNan')));
  row('specials', special);

  const range = doc.createElement('span');
  range.textContent = t('card.rangeText', { max: powerOfTwo(f.max), minNormal: powerOfTwo(f.minNormal),
    minSub: f.hasSubnormals ? powerOfTwo(f.minSubnormal) : t('bits.none') });
  row('range', range);

  const use = doc.createElement('span');
  use.textContent = t(f.family === 'builtin' ? `card.use.${f.name}` : `card.use.${f.family}`);
  row('use', use);

  if (f.roundModes.length) {
    const modes = doc.createElement('ul');
    f.roundModes.forEach((mode, i) => {
      const li = item(doc, mode, '');
      const b = doc.createElement('strong');
      b.textContent = mode;
      li.append(b, `: ${messageText({ id: f.roundModeRules[i], args: [] })}`);  // the core's rule, a message
      modes.append(li);
    });
    const intro = doc.createElement('p');
    intro.textContent = t(f.isScaleFormat ? 'card.roundIntro' : 'card.roundIntroIeee');
    row('round', intro, modes);
  }
  section.append(dl);
  return section;
}
