// tl.taperedFormat(name): a tapered format (posit8, posit16, hif8: fields whose widths change from code to code;
// docs/formats.md, "Tapered precision") with the layout of any code and the cast of any value, as `typelattice
// layout` and `typelattice cast` give them (docs/wasm.md, "Tapered formats"). Its bindings are in the codecs part,
// loaded on the first call; every answer is the core's, the argument checks are here.
import { requireString } from './arguments.mjs';
import { withFactMessages, withMessage } from './message.mjs';
import { onDemandPart } from './on-demand-parts.mjs';

/** `context`: the wrapper instance's { simd, locateFile, unwrap, castOptions, valueText, checkedCode }. */
export async function taperedFormat(context, name) {
  const what = 'taperedFormat';
  requireString(name, `${what}: the format`);
  const { unwrap, castOptions, valueText, checkedCode } = context;
  const core = await onDemandPart('codecs', context);
  const info = unwrap(core.taperedFormat(name));
  const width = { name: info.name, totalBits: info.bits };  // what the wrapper's code check reads of a format
  // Each field's meaning as the core's message (`meaningMessage`) and its English text (`meaning`).
  const withMeanings = (layout) => {
    for (const field of layout.fields) withMessage(field, 'meaning', '');
    return layout;
  };
  let values = null;
  return Object.freeze({
    ...info,
    /** The fields of `code`, most significant first, what each means, and the value they give. */
    layout: (code) => withMeanings(unwrap(core.taperedLayout(info.name, String(checkedCode(width, code, 'layout'))))),
    /** `value` cast as `typelattice layout FORMAT VALUE` casts it: the code's layout, the input, the facts. */
    cast(value, opts) {
      const text = valueText(value, 'cast');
      const { saturate, round, input, from, stochastic } = castOptions(opts, 'cast');
      if (stochastic) {
        throw new RangeError(`cast: options srNumBits, srBits and seed are for stochastic rounding, which ${info.name} does not have`);
      }
      return withMeanings(withFactMessages(unwrap(core.taperedCast(info.name, text, saturate, round, input, from))));
    },
    /** Every code's value in code order (NaN for NaR and NaN), read once. */
    values() {
      values ??= unwrap(core.taperedValues(info.name));
      return values.slice();
    },
  });
}
