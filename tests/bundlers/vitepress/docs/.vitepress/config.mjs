// The one line Vue needs for any custom element (not a bundler setting): render <type-lattice> as an element,
// on the server too, instead of looking for a Vue component of that name.
export default {
  title: 'typelattice in VitePress',
  head: [['link', { rel: 'icon', href: '/favicon.svg' }]],
  vue: { template: { compilerOptions: { isCustomElement: (tag) => tag === 'type-lattice' } } },
};
