// A computed answer on the page, next to the figure: the module's API from the same copy of the package.
import createTypeLattice from './typelattice/typelattice.mjs';

createTypeLattice().then(
  (tl) => { document.getElementById('join').textContent = tl.promoteTypes('float16', 'bfloat16'); },
  (e) => { document.getElementById('join').textContent = `error: ${e.message}`; });
