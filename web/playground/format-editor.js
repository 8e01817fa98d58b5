// The Bits view's format menu (the built-in formats, IEEE P3109's family, the tapered formats and the format the
// user defined) and the format editor: exponent bits, mantissa bits, bias and a special-value convention, read by
// the core as the definition e<E>m<M>:<convention>[:bias=<B>] (the CLI's --to takes the same text).
import { t } from './strings.js';

const option = (doc, name, label) => {
  const o = doc.createElement('option');
  o.value = name;
  o.textContent = label ?? name;
  return o;
};

// The menu's options; `current` (a P3109 or defined format's entry) is listed where it belongs; `tapered`: the
// names of the tapered formats.
export function fillFormatMenu(doc, select, builtins, p3109, current, tapered) {
  const group = (label, names) => {
    const g = doc.createElement('optgroup');
    g.label = label;
    g.append(...names.map((name) => option(doc, name)));
    return g;
  };
  const groups = [...builtins.map((f) => option(doc, f.name, f.onnxName ? `${f.name} (${f.onnxName})` : f.name)),
    group(t('bits.p3109Group'), p3109.map((f) => f.name)), group(t('bits.taperedGroup'), tapered)];
  if (current && current.family === 'defined') groups.push(group(t('bits.definedGroup'), [current.name]));
  select.replaceChildren(...groups);
}

// The editor's definition text from its fields; a blank bias is the IEEE one (the core fills it in).
export function definitionText(fields) {
  const bias = fields.bias.trim();
  return `e${fields.exponent.trim()}m${fields.mantissa.trim()}:${fields.convention}${bias === '' ? '' : `:bias=${bias}`}`;
}

// Wires #format-editor: "Use" asks the module to read the definition; a refusal is shown, never applied.
export function wireFormatEditor(doc, tl, use) {
  const $ = (id) => doc.getElementById(id);
  $('format-editor').addEventListener('submit', (e) => {
    e.preventDefault();
    const text = definitionText({ exponent: $('define-exponent').value, mantissa: $('define-mantissa').value,
                                  bias: $('define-bias').value, convention: $('define-convention').value });
    try {
      const f = tl.formatInfo(text);
      $('format-editor-error').textContent = '';
      use(f.name);
    } catch (err) {
      $('format-editor-error').textContent = err.message;
    }
  });
}

// Shows a defined format's parameters in the editor's fields, so that the next edit starts from it.
export function showDefinition(doc, f) {
  if (f.family !== 'defined') return;
  const $ = (id) => doc.getElementById(id);
  $('define-exponent').value = String(f.exponentBits);
  $('define-mantissa').value = String(f.mantissaBits);
  $('define-bias').value = String(f.bias);
  $('define-convention').value = f.convention;   // the module's, not read back out of the name
}
