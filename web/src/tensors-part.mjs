// The tensors part (typelattice-tensors{,-simd}.wasm), loaded on the first call that needs it (tl.analyze,
// tl.taperedFormat), once per wrapper instance: `context` is the instance's { simd, locateFile, unwrap, ... }.
// A failed load is retried by the next call.
import { loadCores } from './load-core.mjs';

const loaded = new WeakMap();

export function tensorsPart(context) {
  if (!loaded.has(context)) {
    const load = loadCores(['tensors'], context.simd, context.locateFile).then((cores) => cores.tensors);
    load.catch(() => loaded.delete(context));
    loaded.set(context, load);
  }
  return loaded.get(context);
}
