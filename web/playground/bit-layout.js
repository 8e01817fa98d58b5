// The Bits view's row of bits (#bit-layout): one toggle per bit, most significant first, grouped by the fields of
// a code; a minifloat's fields are the same for every code, a tapered format's are regrouped for each.
import { t, messageText } from './strings.js';

/** Groups of toggles for `fields` ({ name, highBit, lowBit }, and `meaningMessage` shown under a field if given). */
export function fillBitLayout(doc, box, fields) {
  box.replaceChildren();
  for (const field of fields) {
    const group = doc.createElement('div');
    group.className = `bit-field field-${field.name}`;
    const label = doc.createElement('span');
    label.className = 'field-label';
    label.textContent = t(`field.${field.name}`);
    const bits = doc.createElement('div');
    bits.className = 'bits';
    for (let n = field.highBit; n >= field.lowBit; --n) {
      const b = doc.createElement('button');
      b.type = 'button';
      b.className = `bit field-${field.name}`;
      b.dataset.bit = String(n);
      b.dataset.field = field.name;
      const idx = doc.createElement('small');
      idx.textContent = String(n);
      const val = doc.createElement('span');
      val.className = 'bit-digit';
      b.append(val, idx);
      bits.append(b);
    }
    group.append(label, bits);
    if (field.meaningMessage !== undefined) {
      const meaning = doc.createElement('small');
      meaning.className = 'field-meaning';
      meaning.textContent = messageText(field.meaningMessage);
      group.append(meaning);
    }
    box.append(group);
  }
}

/** Sets every toggle of `box` to its bit of `code`, with its label. */
export function showBits(box, code) {
  for (const b of box.querySelectorAll('[data-bit]')) {
    const n = Number(b.dataset.bit);
    const on = (code >>> n) & 1;
    b.querySelector('.bit-digit').textContent = String(on);
    b.setAttribute('aria-pressed', on ? 'true' : 'false');
    b.setAttribute('aria-label', t('bits.bitLabel', { n, field: t(`field.${b.dataset.field}`), value: on }));
  }
}

/** "0x4d = 0 10 01 101": the code in hex, then its bits field by field. */
export function codeLine(layout) {
  const binary = layout.fields.map((fl) => fl.raw.toString(2).padStart(fl.highBit - fl.lowBit + 1, '0')).join(' ');
  return `${layout.hex} = ${binary}`;
}
