// The parts loaded on demand, each on the first call that needs it, once per wrapper instance: the tensors part
// (tl.analyze) and the codecs part (tl.taperedFormat, tl.storedBlocks). `context` is the instance's { simd,
// locateFile, unwrap, ... }. A failed load is retried by the next call.
import { loadCores } from './load-core.mjs';

const loaded = new WeakMap();   // context -> Map of part -> Promise of its Emscripten module

export function onDemandPart(part, context) {
  if (!loaded.has(context)) loaded.set(context, new Map());
  const parts = loaded.get(context);
  if (!parts.has(part)) {
    const load = loadCores([part], context.simd, context.locateFile).then((cores) => cores[part]);
    load.catch(() => parts.delete(part));
    parts.set(part, load);
  }
  return parts.get(part);
}
