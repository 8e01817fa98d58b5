// The notebook widget entry (typelattice/widget): anywidget's front-end module contract.

/** The host's model: the element's attribute values by name, and their change events (`change:<name>`). */
export interface TypeLatticeWidgetModel {
  get(name: string): unknown;
  on(event: string, callback: () => void): void;
  off(event: string, callback: () => void): void;
}

declare const widget: {
  /** Puts a <type-lattice> in `el` following the model; the returned function stops following it. */
  render(context: { model: TypeLatticeWidgetModel; el: HTMLElement }): () => void;
};
export default widget;
