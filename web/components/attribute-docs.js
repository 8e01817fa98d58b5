// What each attribute of <type-lattice> (attributes.js) allows and means: `values` lists an enumerated attribute's
// values, `type` is the TypeScript type otherwise. Only the generator and the tests read it (the element does not).
import { ATTRIBUTES } from './attributes.js';

export const ATTRIBUTE_DOCS = {
  // core/promotion/system_list.h's names, in its order (tl.systems() lists the same).
  system: {
    values: ['jax', 'numpy', 'torch', 'array-api', 'triton', 'c', 'cpp', 'tfjs', 'jax-js', 'mlx', 'keras',
             'paddle', 'julia', 'numpy-2021', 'torch-2021', 'tensorflow-2021', 'jax-lax'],
    description: 'The promotion system drawn (`typelattice systems` and `tl.systems()` describe each).' },
  mode: { values: ['standard', 'strict'], description: 'JAX\'s promotion mode (`jax_numpy_dtype_promotion`).' },
  x64: { values: ['on', 'off'],
    description: 'JAX\'s `jax_enable_x64`: `off` draws the lattice without 64-bit types.' },
  select: { type: 'string',
    description: 'Comma-separated dtypes selected at first (e.g. `float16,bfloat16`); their join is shown.' },
  view: { values: ['lattice', 'table', 'bits'],
    description: 'The lattice diagram, the promotion table, or the bit layout of one code of `format`.' },
  types: { values: ['docs', 'all'],
    description: '`docs`: the JAX docs\' 18 types; `all`: with int4, float8 and the other newer types.' },
  format: { type: 'string',
    description: 'For `view="bits"`: the number format whose bits are shown (a name from `tl.formats()`).' },
  code: { type: 'string', description: 'For `view="bits"`: the code shown, decimal or `0x` hex (e.g. `0x1d`).' },
  loading: { values: ['lazy', 'eager'],
    description: '`lazy`: the module part is fetched and the figure drawn when the element comes within 200 px of ' +
      'the viewport (`data-ready="true"` is set then); `eager`: at once. Any other value means `lazy`; without ' +
      'IntersectionObserver the element draws at once.' },
  theme: { values: ['auto', 'light', 'dark'],
    description: '`auto`: light or dark as the host page is (its theme toggle: `html[data-theme]`, ' +
      '`[data-md-color-scheme]`, `html.dark`; else the colour behind the element; else `prefers-color-scheme` ' +
      'when the page allows dark); `light` or `dark`: always. Any other value means `auto`. Colours are ' +
      '`--tl-*` custom properties, node boxes the `node` part.' },
};

/** ATTRIBUTES with their documentation: { name, default, values | type, description } in the element's order. */
export function describedAttributes() {
  return ATTRIBUTES.map((a) => {
    if (!ATTRIBUTE_DOCS[a.name]) throw new Error(`attribute-docs.js does not describe ${a.name}`);
    return { ...a, ...ATTRIBUTE_DOCS[a.name] };
  });
}
