// tl.analyze: what each target format does to the tensors of a checkpoint file (docs/wasm.md, "Tensors";
// docs/tensor-analysis.md). The file is read in slices of a few MiB (Blob.slice), never whole; the tensors part of
// the module (typelattice-tensors{,-simd}.wasm) reads the header, the index and the values and does every sum.
// web/tools/build-dist.mjs bundles this file as typelattice-analyze.mjs, which the wrapper imports on first call.
import { describe, requireOptions, optionOf, requireStringArray } from './arguments.mjs';
import { InflatedMember } from './inflated-member.mjs';
import { onDemandPart } from './on-demand-parts.mjs';

// tl.taperedFormat's and tl.storedBlocks' code loads with this file; they use the codecs part, tl.analyze the tensors
// part, each loaded once per wrapper.
export { taperedFormat } from './tapered.mjs';
export { storedBlocks, storedBlockFormats } from './stored-blocks.mjs';

// Bytes per read: whole slices of the core's cut up to this many (at least one slice, 1 MiB of float32).
const READ_BYTES = 4 << 20;

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

// Option raw, { dtype, shape }, as the core's layout text "DTYPE:SHAPE" (raw_tensor_file_index reads it).
function rawLayout(raw) {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new TypeError(`analyze: option raw must be an object { dtype, shape }, got ${describe(raw)}`);
  }
  if (typeof raw.dtype !== 'string') throw new TypeError(`analyze: option raw.dtype must be a string, got ${describe(raw.dtype)}`);
  if (!Array.isArray(raw.shape)) throw new TypeError(`analyze: option raw.shape must be an array, got ${describe(raw.shape)}`);
  for (const d of raw.shape) {
    if (typeof d !== 'number') throw new TypeError(`analyze: option raw.shape holds ${describe(d)}, not a number`);
    if (!Number.isSafeInteger(d) || d < 0) {
      throw new RangeError(`analyze: option raw.shape holds ${d}, not a non-negative integer`);
    }
  }
  return `${raw.dtype}:${raw.shape.join('x')}`;
}

// Most shares a file is split into (option share): more workers than this only add memory.
const MAX_SHARES = 64;

// Option share, { index, count }, checked.
function shareOf(share) {
  if (share === null || typeof share !== 'object' || Array.isArray(share)) {
    throw new TypeError(`analyze: option share must be an object { index, count }, got ${describe(share)}`);
  }
  for (const key of ['index', 'count']) {
    if (typeof share[key] !== 'number') {
      throw new TypeError(`analyze: option share.${key} must be a number, got ${describe(share[key])}`);
    }
  }
  const { index, count } = share;
  if (!Number.isInteger(count) || count < 1 || count > MAX_SHARES) {
    throw new RangeError(`analyze: option share.count must be an integer from 1 to ${MAX_SHARES}, got ${count}`);
  }
  if (!Number.isInteger(index) || index < 0 || index >= count) {
    throw new RangeError(`analyze: option share.index must be an integer from 0 to ${count - 1}, got ${index}`);
  }
  return { index, count };
}

// The chosen tensors (in file order, with their byte sizes) cut into `count` runs of about equal bytes: a tensor
// goes to the share its middle byte falls in, so shares are consecutive and their reports concatenate in order.
// Tensors with no bytes at all are dealt out by position.
function tensorShare(sizes, { index, count }) {
  const total = sizes.reduce((sum, size) => sum + size, 0);
  const out = [];
  let before = 0;
  sizes.forEach((size, i) => {
    const share = total === 0 ? Math.floor((count * i) / sizes.length)
      : Math.min(count - 1, Math.floor((count * (2 * before + size)) / (2 * total)));
    if (share === index) out.push(i);
    before += size;
  });
  return out;
}

function abortError(signal) {
  return new DOMException(`analyze: aborted${signal.reason instanceof Error ? ` (${signal.reason.message})` : ''}`,
                          'AbortError');
}

// The options that choose the targets, as analyze and summarize take them. No `to`: the core's default targets, as
// the CLI's.
function targetOptions(o, what) {
  const to = o.to === undefined ? undefined : requireStringArray(o.to, `${what}: option to`);
  if (to !== undefined && to.length === 0) throw new RangeError(`${what}: option to names no target format`);
  return { to, round: optionOf(o, 'round', 'string', undefined, what),
    saturate: optionOf(o, 'saturate', 'boolean', undefined, what),
    scaleMode: optionOf(o, 'scaleMode', 'string', undefined, what),
    tensorScale: optionOf(o, 'tensorScale', 'boolean', false, what) };
}

/** tl.analyze(source, opts); `context` is the wrapper's { simd, locateFile, unwrap }. */
export async function analyze(context, source, opts) {
  const what = 'analyze';
  const src = sourceOf(source);
  const o = requireOptions(opts, what);
  const { to, round, saturate, scaleMode, tensorScale } = targetOptions(o, what);
  const globs = o.tensors === undefined ? null : requireStringArray(o.tensors, 'analyze: option tensors');
  const worst = optionOf(o, 'worst', 'number', 1, what);
  if (!Number.isInteger(worst) || worst < 1 || worst > 1000) {
    throw new RangeError(`analyze: option worst must be an integer from 1 to 1000, got ${worst}`);
  }
  const layout = o.raw === undefined ? null : rawLayout(o.raw);
  const share = o.share === undefined ? null : shareOf(o.share);
  const onProgress = optionOf(o, 'onProgress', 'function', undefined, what);
  const signal = o.signal;
  if (signal !== undefined && (signal === null || typeof signal !== 'object' || typeof signal.aborted !== 'boolean')) {
    throw new TypeError(`analyze: option signal must be an AbortSignal, got ${describe(signal)}`);
  }
  const checkAbort = () => { if (signal?.aborted) throw abortError(signal); };
  checkAbort();

  const { unwrap } = context;
  const core = await onDemandPart('tensors', context);
  checkAbort();
  // The targets before the file, as the CLI reads --to first: an unknown name is a RangeError with the closest names.
  // passes: how many times each tensor is read (twice when a target takes a tensor scale, for its amax first).
  const { targets, passes } = unwrap(core.analysisTargets(to, round, saturate, scaleMode, tensorScale));
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
  let npz = null;
  const members = new Map();  // a deflated member's stream by its first byte, for its tensor's reads
  const memberOf = (stream) => {
    if (!members.has(stream.streamBegin)) {
      members.set(stream.streamBegin, new InflatedMember(stream, (b, e) => readExactly(b, e, 'a deflated member'),
                                                         READ_BYTES, fileError));
    }
    return members.get(stream.streamBegin);
  };
  try {
    const prefix = await readExactly(0, Math.min(core.tensorFilePrefixBytes, src.size), 'its first bytes');
    if (layout !== null) {
      // The layout must fit the file: the core's message (both sizes) as a RangeError, as it is the option's fault.
      const opened = core.openRawTensorFile(layout, src.size);
      if (!opened.ok) throw new RangeError(`analyze: option raw: ${opened.message}`);
      file = opened.value;
    } else if (core.startsWithZipMagic(inHeap(prefix), prefix.length)) {
      // .npz: the core's reader names each read (a slice of the file, or a deflated member's first bytes).
      npz = core.makeNpzIndex(src.size);
      for (let next = core.npzIndex_next(npz); next !== null; next = core.npzIndex_next(npz)) {
        let bytes;
        if (next.inflated) {
          const member = new InflatedMember(next.stream, (b, e) => readExactly(b, e, 'a deflated member'), READ_BYTES,
                                            fileError);
          try {
            bytes = await member.read(0, next.end);
          } finally {
            member.close();
          }
        } else {
          bytes = await readExactly(next.begin, next.end, `bytes ${next.begin} to ${next.end}`);
        }
        checked(core.npzIndex_give(npz, inHeap(bytes), bytes.length));
      }
      file = core.npzIndex_open(npz);
    } else {
      // The header: the prefix says how many bytes hold it; a GGUF header grows until the core says it is whole
      // (the core refuses one past its limit).
      let wanted = checked(core.tensorFileHeaderBytes(inHeap(prefix), prefix.length, src.size));
      let header;
      for (;;) {
        header = await readExactly(0, wanted, 'its header');
        const need = checked(core.tensorFileHeaderNeed(inHeap(header), header.length, src.size));
        if (need.complete) break;
        if (need.bytes <= header.length) throw fileError('the header cannot be read whole');
        wanted = need.bytes;
      }
      file = checked(core.openTensorFile(inHeap(header), header.length, src.size));
    }
    const index = core.tensorFile_index(file);
    const matching = index.tensors.map((t, i) => i).filter((i) => globs === null || core.tensorFile_matches(file, i, globs));
    if (globs !== null && matching.length === 0) {
      throw new RangeError(`analyze: no tensor of ${label} matches option tensors (${globs.join(' ')})`);
    }
    const chosen = share === null ? matching
      : tensorShare(matching.map((i) => index.tensors[i].end - index.tensors[i].begin), share).map((k) => matching[k]);
    const total = chosen.reduce((sum, i) => sum + passes * (index.tensors[i].end - index.tensors[i].begin), 0);
    let done = 0;
    onProgress?.({ bytes: 0, total });
    const tensors = [];
    for (const i of chosen) {
      handle = unwrap(core.tensorFile_analysis(file, i, to, round, saturate, scaleMode, tensorScale, worst));
      for (let range = core.tensorAnalysis_nextRead(handle, READ_BYTES); range !== null;
           range = core.tensorAnalysis_nextRead(handle, READ_BYTES)) {
        const [begin, end] = range;
        const tensor = index.tensors[i];
        const what = `tensor '${tensor.name}'`;
        let bytes;
        if (tensor.deflated === null) {
          bytes = await readExactly(begin, end, what);
        } else {
          try {
            bytes = await memberOf(tensor.deflated).read(begin, end);
          } catch (e) {
            if (e?.name === 'TensorFileError') throw fileError(`cannot read ${what}: ${e.message.slice(label.length + 2)}`);
            throw e;
          }
          checkAbort();
          if (bytes.length !== end - begin) throw fileError(`cannot read ${what} (bytes ${begin} to ${end} of its member)`);
        }
        core.tensorAnalysis_add(handle, inHeap(bytes), bytes.length);
        done += bytes.length;
        onProgress?.({ bytes: done, total });
      }
      tensors.push(core.tensorAnalysis_result(handle));
      core.tensorAnalysis_delete(handle);
      handle = null;
    }
    const summary = unwrap(core.summarizeTensors(tensors, to, round, saturate, scaleMode, tensorScale));
    return { file: src.name, kind: index.kind, skipped: index.skipped, tensors, summary, targets };
  } finally {
    for (const member of members.values()) member.close();
    if (handle !== null) core.tensorAnalysis_delete(handle);
    if (file !== null) core.tensorFile_delete(file);
    if (npz !== null) core.npzIndex_delete(npz);
    if (buffer !== 0) core._free(buffer);
  }
}

// A tensor report's shape, as summarize reads it (a figure that is not finite is null, as in analyze's reports):
// a TypeError for a wrong type, a RangeError for a count that is not a non-negative integer or a figure that is
// NaN, infinite or (for sums, magnitudes and errors) negative. The core checks what the counts must add up to.
function requireTensorReport(t, i) {
  const where = `summarize: tensors[${i}]`;
  const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
  const fail = (what, v) => { throw new TypeError(`${where}${what} must be ${v}`); };
  const outOfRange = (what, v, got) => { throw new RangeError(`${where}${what} must be ${v}, got ${describe(got)}`); };
  const count = (v, what) => {
    if (typeof v !== 'number') fail(what, `a number, got ${describe(v)}`);
    if (!Number.isSafeInteger(v) || v < 0) outOfRange(what, 'a count (a non-negative integer)', v);
  };
  const counts = (object, keys, at) => { for (const key of keys) count(object[key], `${at}.${key}`); };
  // `nonNegative`: the keys whose figures are sums of squares, magnitudes or errors.
  const figures = (object, keys, at, nonNegative = keys) => {
    for (const key of keys) {
      const v = object[key];
      if (v === null) continue;
      if (typeof v !== 'number') fail(`${at}.${key}`, `a number or null, got ${describe(v)}`);
      if (!Number.isFinite(v)) outOfRange(`${at}.${key}`, 'a finite number or null', v);
      if (v < 0 && nonNegative.includes(key)) outOfRange(`${at}.${key}`, 'at least 0 or null', v);
    }
  };
  if (!isObject(t)) fail('', `a tensor report of tl.analyze, got ${describe(t)}`);
  if (typeof t.name !== 'string') fail('.name', `a string, got ${describe(t.name)}`);
  count(t.count, '.count');
  if (!isObject(t.stats)) fail('.stats', `an object, got ${describe(t.stats)}`);
  counts(t.stats, ['finite', 'zeros', 'subnormals', 'nan', 'inf'], '.stats');
  figures(t.stats, ['amax', 'mean', 'std', 'squared_deviations'], '.stats', ['amax', 'std', 'squared_deviations']);
  const histogram = t.stats.log2_histogram;
  if (!isObject(histogram)) fail('.stats.log2_histogram', `an object, got ${describe(histogram)}`);
  for (const key of Object.keys(histogram)) {
    if (!/^-?(0|[1-9][0-9]*)$/.test(key)) outOfRange('.stats.log2_histogram', 'keyed by binades (integers)', key);
    count(histogram[key], `.stats.log2_histogram[${key}]`);
  }
  if (!Array.isArray(t.targets)) fail('.targets', `an array, got ${describe(t.targets)}`);
  t.targets.forEach((x, k) => {
    const at = `.targets[${k}]`;
    if (!isObject(x)) fail(at, `an object, got ${describe(x)}`);
    if (typeof x.target !== 'string') fail(`${at}.target`, `a string, got ${describe(x.target)}`);
    counts(x, ['measured', 'non_finite', 'saturated', 'flushed'], at);
    figures(x, ['sqnr_db', 'max_abs_error', 'max_relative_error', 'sum_squared_input', 'sum_squared_error'], at,
            ['max_abs_error', 'max_relative_error', 'sum_squared_input', 'sum_squared_error']);
    if (x.blocks !== undefined) counts(x, ['blocks'], at);
    if (x.block_sqnr_db !== undefined) {
      if (!isObject(x.block_sqnr_db)) fail(`${at}.block_sqnr_db`, `an object, got ${describe(x.block_sqnr_db)}`);
      counts(x.block_sqnr_db, ['blocks', 'exact'], `${at}.block_sqnr_db`);
      figures(x.block_sqnr_db, ['min'], `${at}.block_sqnr_db`, []);
    }
  });
}

/** tl.summarize(tensors, opts): the file's summary of tensor reports of tl.analyze (analyze's `summary` for them). */
export async function summarize(context, tensors, opts) {
  const what = 'summarize';
  if (!Array.isArray(tensors)) throw new TypeError(`summarize: the tensors must be an array of tl.analyze's tensor reports, got ${describe(tensors)}`);
  tensors.forEach(requireTensorReport);
  const { to, round, saturate, scaleMode, tensorScale } = targetOptions(requireOptions(opts, what), what);
  const core = await onDemandPart('tensors', context);
  return context.unwrap(core.summarizeTensors(tensors, to, round, saturate, scaleMode, tensorScale));
}
