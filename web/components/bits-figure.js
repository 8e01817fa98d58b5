// The Bits view of <type-lattice view="bits" format="float8_e4m3fn" code="0x1d">: one code's bits (clickable),
// its exact value and the core's formula (tl.layout). Everything shown comes from the module.
export function renderBits(doc, tl, formatName, code, onCode) {
  const layout = tl.layout(formatName, code);   // the module reads the name (aliases too) and checks the code
  const name = formatName;
  const figure = doc.createElement('div');
  figure.className = 'bits';
  const row = doc.createElement('div');
  row.className = 'bit-row';
  row.setAttribute('role', 'group');
  row.setAttribute('aria-label', `${name} bits, most significant first`);
  for (const field of layout.fields) {
    for (let bit = field.highBit; bit >= field.lowBit; --bit) {
      const on = Math.floor(code / 2 ** bit) % 2;
      const b = doc.createElement('button');
      b.type = 'button';
      b.className = `bit ${field.name}`;
      b.dataset.bit = String(bit);
      b.textContent = String(on);
      b.setAttribute('aria-pressed', on ? 'true' : 'false');
      b.setAttribute('aria-label', `bit ${bit} (${field.name}) = ${on}`);
      b.addEventListener('click', () => onCode(on ? code - 2 ** bit : code + 2 ** bit));
      row.append(b);
    }
  }
  const value = doc.createElement('p');
  value.className = 'bit-value';
  value.setAttribute('part', 'value');
  value.dataset.category = layout.category;
  value.textContent = `${name} ${layout.hex} = ${layout.exactValue} (${layout.category})`;   // the core's hex
  const formula = doc.createElement('p');
  formula.className = 'formula';
  formula.setAttribute('part', 'formula');
  formula.textContent = layout.formula;
  figure.append(row, value, formula);
  return figure;
}
