// The element for notebook hosts that mount a front-end module as `export default { render({ model, el }) }`
// (anywidget's front-end module in Jupyter, marimo): render puts a <type-lattice> in `el`; each of the element's
// attributes follows the model's value of the same name (absent, null or '' means the attribute's default) and
// its `change:<name>` events; the returned function, called when the view goes, stops listening.
import { TypeLatticeElement } from './type-lattice.js';

function render({ model, el }) {
  const element = document.createElement('type-lattice');
  const listeners = TypeLatticeElement.observedAttributes.map((name) => {
    const update = () => {
      const value = model.get(name);
      if (value === undefined || value === null || value === '') element.removeAttribute(name);
      else element.setAttribute(name, String(value));
    };
    update();
    model.on(`change:${name}`, update);
    return [`change:${name}`, update];
  });
  el.append(element);
  return () => {
    for (const [event, update] of listeners) model.off(event, update);
    element.remove();
  };
}

export default { render };
