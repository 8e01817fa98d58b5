// tl.analyze: what each target format does to the tensors of a checkpoint file (docs/wasm.md, "Tensors";
// docs/tensor-analysis.md). The file is read in slices of a few MiB (Blob.slice), never whole; the tensors part of
// the module (typelattice-tensors{,-simd}.wasm) reads the header, the index and the values and does every sum.
// web/tools/build-dist.mjs bundles this file as typelattice-analyze.mjs, which the wrapper imports on first call.
import { loadCores } from './load-core.mjs';
import { describe, requireOptions, optionOf, requireStringArray } from './arguments.mjs';

// Bytes per read: whole slices of the core's cut up to this many (at least one slice, 1 MiB of float32).
const READ_BYTES = 4 << 20;
// As `typelattice analyze` (app/tensors/tensor_reader.cpp): a GGUF header is read in growing steps up to 256 MiB.
const MAX_HEADER_BYTES = 256 << 20;

// The tensors part per wrapper instance (its context object), loaded on the first call; a failed load is retried.
const loaded = new WeakMap();
function tensorsPart(context) {
  if (!loaded.has(context)) {
    const load = loadCores(['tensors'], context.simd, context.locateFile).then((cores) => cores.tensors);
    load.catch(() => loaded.delete(context));
    loaded.set(context, load);
  }
  return loaded.get(context);
}

// The source as { size, name, read(begin, end) -> Promise<Uint8Array> }.
function sourceOf(source) {
  if (typeof Blob === 'function' && source instanceof Blob) {
    return { size: source.size, name: typeof source.name === 'string' ? source.name : null,
      read: async (begin, end) => new Uint8Array(await source.slice(begin, end).arrayBuffer()) };
  }
  const bytes = source instanceof ArrayBuffer ? new Uint8Array(source) : source instanceof Uint8Array ? source : null;
  if (bytes === null) {
    throw new TypeError(`analyze: the source must be a File, a Blob, an ArrayBuffer or a Uint8Array, got ${describe(source)}`);
  }
  return { size: bytes.length, name: null, read: async (begin, end) => bytes.subarray(begin, end) };
}

function abortError(signal) {
  return new DOMException(`analyze: aborted${signal.reason instanceof Error ? ` (${signal.reason.message})` : ''}`,
                          'AbortError');
}

/** tl.analyze(source, opts); `context` is the wrapper's { simd, locateFile, unwrap }. */
export async function analyze(source, opts, context) {
  const what = 'analyze';
  const src = sourceOf(source);
  const o = requireOptions(opts, what);
  // No `to`: the core's default targets, as the CLI's.
  const to = o.to === undefined ? undefined : requireStringArray(o.to, 'analyze: option to');
  if (to !== undefined && to.length === 0) throw new RangeError('analyze: option to names no target format');
  const globs = o.tensors === undefined ? null : requireStringArray(o.tensors, 'analyze: option tensors');
  const round = optionOf(o, 'round', 'string', undefined, what);
  const saturate = optionOf(o, 'saturate', 'boolean', undefined, what);
  const scaleMode = optionOf(o, 'scaleMode', 'string', undefined, what);
  const tensorScale = optionOf(o, 'tensorScale', 'boolean', false, what);
  const worst = optionOf(o, 'worst', 'number', 1, what);
  if (!Number.isInteger(worst) || worst < 1 || worst > 1000) {
    throw new RangeError(`analyze: option worst must be an integer from 1 to 1000, got ${worst}`);
  }
  const onProgress = optionOf(o, 'onProgress', 'function', undefined, what);
  const signal = o.signal;
  if (signal !== undefined && (signal === null || typeof signal !== 'object' || typeof signal.aborted !== 'boolean')) {
    throw new TypeError(`analyze: option signal must be an AbortSignal, got ${describe(signal)}`);
  }
  const checkAbort = () => { if (signal?.aborted) throw abortError(signal); };
  checkAbort();

  const { unwrap } = context;
  const core = await tensorsPart(context);
  checkAbort();
  // The targets before the file, as the CLI reads --to first: an unknown name is a RangeError with the closest names.
  const targets = unwrap(core.analysisTargets(to, round, saturate, scaleMode, tensorScale));
  const label = src.name ?? 'the source';
  const fileError = (message) => {
    const error = new Error(`${label}: ${message}`);
    error.name = 'TensorFileError';
    return error;
  };
  const checked = (result) => {
    if (!result.ok) throw fileError(result.message);
    return result.value;
  };

  let buffer = 0;
  let capacity = 0;
  // `bytes` copied into the heap buffer (grown as needed); its address.
  const inHeap = (bytes) => {
    if (bytes.length > capacity) {
      if (buffer !== 0) core._free(buffer);
      buffer = core._malloc(Math.max(bytes.length, 1));
      if (buffer === 0) {
        capacity = 0;
        throw new RangeError(`analyze: the WebAssembly heap could not grow by ${bytes.length} bytes`);
      }
      capacity = bytes.length;
    }
    core.HEAPU8.set(bytes, buffer);
    return buffer;
  };
  const readExactly = async (begin, end, what) => {
    const bytes = await src.read(begin, end);
    checkAbort();
    if (bytes.length !== end - begin) throw fileError(`cannot read ${what} (bytes ${begin} to ${end})`);
    return bytes;
  };

  let file = null;
  let handle = null;
  try {
    // The header: the prefix says how many bytes hold it; a GGUF header grows until the core says it is whole.
    const prefix = await readExactly(0, Math.min(core.tensorFilePrefixBytes, src.size), 'its first bytes');
    let wanted = checked(core.tensorFileHeaderBytes(inHeap(prefix), prefix.length, src.size));
    let header;
    for (;;) {
      if (wanted > MAX_HEADER_BYTES) {
        throw fileError(`the header is longer than ${MAX_HEADER_BYTES >> 20} MiB (it needs at least ${wanted} bytes): not read`);
      }
      header = await readExactly(0, wanted, 'its header');
      const need = checked(core.tensorFileHeaderNeed(inHeap(header), header.length, src.size));
      if (need.complete) break;
      if (need.bytes <= header.length) throw fileError('the header cannot be read whole');
      wanted = need.bytes;
    }
    file = checked(core.openTensorFile(inHeap(header), header.length, src.size));
    const index = file.index();
    const chosen = index.tensors.map((t, i) => i).filter((i) => globs === null || file.matches(i, globs));
    if (globs !== null && chosen.length === 0) {
      throw new RangeError(`analyze: no tensor of ${label} matches option tensors (${globs.join(' ')})`);
    }
    const passes = targets.some((t) => t.tensor_scale) ? 2 : 1;
    const total = chosen.reduce((sum, i) => sum + passes * (index.tensors[i].end - index.tensors[i].begin), 0);
    let done = 0;
    onProgress?.({ bytes: 0, total });
    const tensors = [];
    for (const i of chosen) {
      handle = unwrap(file.analysis(i, to, round, saturate, scaleMode, tensorScale, worst));
      for (let range = handle.nextRead(READ_BYTES); range !== null; range = handle.nextRead(READ_BYTES)) {
        const [begin, end] = range;
        const bytes = await readExactly(begin, end, `tensor '${index.tensors[i].name}'`);
        handle.add(inHeap(bytes), bytes.length);
        done += bytes.length;
        onProgress?.({ bytes: done, total });
      }
      tensors.push(handle.result());
      handle.delete();
      handle = null;
    }
    return { file: src.name, kind: index.kind, skipped: index.skipped, tensors, targets };
  } finally {
    if (handle !== null) handle.delete();
    if (file !== null) file.delete();
    if (buffer !== 0) core._free(buffer);
  }
}
