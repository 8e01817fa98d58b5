// A fresh Docusaurus 3 site as `create-docusaurus` would give it, cut to one MDX page; the only line about
// typelattice is clientModules, which registers <type-lattice> in the browser (docs/embedding.md, "Docusaurus").
export default {
  title: 'typelattice in Docusaurus',
  url: 'http://127.0.0.1',
  baseUrl: '/',
  favicon: 'img/favicon.svg',
  onBrokenLinks: 'throw',
  presets: [['classic', { docs: false, blog: false }]],
  clientModules: ['./src/typelattice-element.js'],
};
