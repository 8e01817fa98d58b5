// A TypeScript host of `typelattice/widget` (anywidget's front-end module contract), resolved through
// web/package.json's exports map. @ts-expect-error lines prove the typings reject misuse.
import widget, { type TypeLatticeWidgetModel } from 'typelattice/widget';

export function mount(el: HTMLElement, values: Record<string, string>): () => void {
  const model: TypeLatticeWidgetModel = {
    get: (name) => values[name],
    on: () => {},
    off: () => {},
  };
  const cleanup = widget.render({ model, el });
  // @ts-expect-error: render needs the element to mount into
  widget.render({ model });
  // @ts-expect-error: a model has get, on and off
  widget.render({ model: { get: () => 'jax' }, el });
  return cleanup;
}
