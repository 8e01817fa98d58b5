// What <type-lattice> needs for its lattice and table views and not for its bits view: the element imports this
// when it first draws one of them, so a page that shows only bits does not download the lattice drawing.
export { LatticeDiagram } from './lattice-svg.js';
export { selectionState, docsTypes, restrictDrawing } from './promotion-state.js';
export { renderPromotionTable } from './promotion-table.js';
