// The attributes of <type-lattice> the element reads, with their defaults (observedAttributes, attributeOrDefault).
// What each allows and means is in attribute-docs.js, which the typings, the Custom Elements Manifest, the JSX typings
// and the package README are generated from with this table (web/tools/generate-element-docs.mjs;
// tests/js/module/element_attributes.test.mjs checks them): kept apart so that the element's download carries
// no documentation.
export const ATTRIBUTES = [
  { name: 'system', default: 'jax' },
  { name: 'mode', default: 'standard' },
  { name: 'x64', default: 'on' },
  { name: 'select', default: '' },
  { name: 'view', default: 'lattice' },
  { name: 'types', default: 'docs' },
  { name: 'format', default: 'float8_e4m3fn' },
  { name: 'code', default: '0' },
  { name: 'loading', default: 'lazy' },
  { name: 'theme', default: 'auto' },
];

/** The attribute's value, or its default when it is absent or empty. */
export function attributeOrDefault(element, name) {
  const attribute = ATTRIBUTES.find((a) => a.name === name);
  return element.getAttribute(name) || attribute.default;
}
