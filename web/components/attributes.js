// The attributes of <type-lattice>: the one table the element (observedAttributes, defaults), its typings, its
// Custom Elements Manifest, its JSX typings and the package README's attribute section are made from
// (web/tools/generate-element-docs.mjs writes the generated files; tests/js/module/element_attributes.test.mjs checks
// them). `values` lists the allowed values of an enumerated attribute; `type` is the TypeScript type otherwise.
export const ATTRIBUTES = [
  { name: 'system', default: 'jax',
    // core/promotion/system_list.h's names, in its order (tl.systems() lists the same).
    values: ['jax', 'numpy', 'torch', 'array-api', 'triton', 'c', 'numpy-2021', 'torch-2021', 'tensorflow-2021',
             'jax-lax'],
    description: 'The promotion system drawn (`typelattice systems` and `tl.systems()` describe each).' },
  { name: 'mode', default: 'standard', values: ['standard', 'strict'],
    description: 'JAX\'s promotion mode (`jax_numpy_dtype_promotion`).' },
  { name: 'x64', default: 'on', values: ['on', 'off'],
    description: 'JAX\'s `jax_enable_x64`: `off` draws the lattice without 64-bit types.' },
  { name: 'select', default: '', type: 'string',
    description: 'Comma-separated dtypes selected at first (e.g. `float16,bfloat16`); their join is shown.' },
  { name: 'view', default: 'lattice', values: ['lattice', 'table', 'bits'],
    description: 'The lattice diagram, the promotion table, or the bit layout of one code of `format`.' },
  { name: 'types', default: 'docs', values: ['docs', 'all'],
    description: '`docs`: the JAX docs\' 18 types; `all`: with int4, float8 and the other newer types.' },
  { name: 'format', default: 'float8_e4m3fn', type: 'string',
    description: 'For `view="bits"`: the number format whose bits are shown (a name from `tl.formats()`).' },
  { name: 'code', default: '0', type: 'string',
    description: 'For `view="bits"`: the code shown, decimal or `0x` hex (e.g. `0x1d`).' },
];

/** The attribute's value, or its default when it is absent or empty. */
export function attributeOrDefault(element, name) {
  const attribute = ATTRIBUTES.find((a) => a.name === name);
  return element.getAttribute(name) || attribute.default;
}
