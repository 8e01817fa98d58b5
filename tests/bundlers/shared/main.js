// What a docs author writes: the module for a computed answer, the element for a figure. Shared by the
// Vite, webpack and esbuild fixtures (copied into each at test time as src/main.js).
import createTypeLattice from 'typelattice';
import 'typelattice/element';

createTypeLattice().then(
  (tl) => { document.getElementById('join').textContent = tl.promoteTypes('float16', 'bfloat16'); },
  (e) => { document.getElementById('join').textContent = `error: ${e.message}`; });
