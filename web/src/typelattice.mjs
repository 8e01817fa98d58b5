// typelattice as an ES module: dtype promotion lattices and minifloat formats, computed by the C++ core
// compiled to WebAssembly. This wrapper loads the whole module or the parts asked for (promotion, formats) in
// their SIMD128 or plain build, validates arguments, turns the bindings' { ok, value } / { ok: false, kind,
// message } results into values or the right Error class, and moves bulk data through the wasm heap. It computes nothing itself. API: docs/wasm.md, typelattice.d.ts.

import { loadCores } from './load-core.mjs';
import { partsOption, joinedCore, keepParts, wholeCores } from './parts.mjs';
import { embeddedModule } from './wasm-files.mjs';
import { blockFunctions } from './blocks.mjs';
import { formatHandleMaker } from './format-handle.mjs';
import { heapFunctions } from './heap.mjs';
import {
  describe, requireString, requireStringArray, typedView, requireOptions, optionOf, requireGraph, routeInput,
} from './arguments.mjs';
import { renderMessage, withMessage, withFactMessages } from './message.mjs';

const VERSION = '0.1.0';
// (module (func (result v128) (i32x4.splat (i32.extend8_s (i32.trunc_sat_f32_s (f32.const 0)))))): valid only
// where wasm SIMD128 and the saturating float-to-int and sign-extension operators the SIMD build uses are supported.
const SIMD_PROBE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b, 0x03, 0x02, 0x01,
  0x00, 0x0a, 0x0e, 0x01, 0x0c, 0x00, 0x43, 0x00, 0x00, 0x00, 0x00, 0xfc, 0x00, 0xc0, 0xfd, 0x11, 0x0b,
]);
// Arrays of codes by the core's code width (formats()[i].codeBytes).
const CODE_ARRAYS = { 1: Uint8Array, 2: Uint16Array, 4: Uint32Array };

export { WasmLoadError } from './load-core.mjs';

/** A promotion with no result (JAX's TypePromotionError); the message is the CLI's error text. */
export class TypePromotionError extends Error {
  constructor(message) {
    super(message);
    this.name = 'TypePromotionError';
  }
}

function simdSupported() {
  try {
    return typeof WebAssembly === 'object' && WebAssembly.validate(SIMD_PROBE);
  } catch {
    return false;
  }
}

// `defaults`: the core's PromotionOptions defaults (core.promotionDefaults()).
function systemOptions(opts, what, defaults) {
  const o = requireOptions(opts, what);
  return [
    optionOf(o, 'system', 'string', defaults.system, what),
    optionOf(o, 'mode', 'string', defaults.mode, what),
    optionOf(o, 'x64', 'boolean', defaults.x64, what),
  ];
}

// ---- results of the bindings ---------------------------------------------------------------------------

const selection = (s) => withMessage(withMessage(s, 'reason', ''), 'text', '');
// A graph's check: its violation's description opened (descriptionMessage) and rendered.
const latticeCheck = (c) => (c.violation && withMessage(c.violation, 'description', ''), c);

function unwrap(result) {
  if (result.ok) return result.value;
  const { kind, message, suggestions } = result;
  if (kind === 'promotion') throw new TypePromotionError(message);
  const error = new RangeError(message);
  if (suggestions.length > 0) error.suggestions = suggestions;
  throw error;
}

/**
 * Loads the module. `parts` names the parts to load ('promotion', 'formats'); the result has only their
 * members. Without it the whole module (one build with every binding) is loaded.
 * `simd: false` forces the plain build even where SIMD128 is available;
 * `locateFile(fileName, defaultUrl)` returns where the .wasm is served from (default: next to this file).
 */
export default async function createTypeLattice(options) {
  const opts = requireOptions(options, 'createTypeLattice');
  const simd = optionOf(opts, 'simd', 'boolean', true, 'createTypeLattice') && simdSupported();
  const locateFile = optionOf(opts, 'locateFile', 'function', undefined, 'createTypeLattice');
  const parts = partsOption(opts);
  // Without `parts` (and always in the single file, which carries only it) the whole module: one runtime, not two.
  const whole = opts.parts === undefined || embeddedModule !== null;
  const cores = whole ? wholeCores(parts, (await loadCores(['whole'], simd, locateFile)).whole)
                      : await loadCores(parts, simd, locateFile);
  const core = joinedCore(cores);
  // Limits, defaults and enum names as the core has them (never retyped here); the promotion ones only where
  // that part is loaded.
  const MAX_CAST_SAMPLES = core.maxCastSamples;            // kMaxCastSamples (typelattice/cast_request.h)
  const MAXIMUM_MEMORY_BYTES = core.maximumMemoryBytes;    // the most the wasm heap can grow to
  const SYSTEM_DEFAULTS = cores.promotion ? Object.freeze(core.promotionDefaults()) : null;
  const CELL_DIFFERENCES = cores.promotion ? core.cellDifferences() : null;  // CellDifference's names (table_diff.h)
  const systemOptionsOf = (opts, what) => systemOptions(opts, what, SYSTEM_DEFAULTS);

  const formatInfo = new Map(cores.formats ? core.formats('builtin').map((f) => [f.name, f]) : []);
  const cached = new Map();
  const listing = (key, compute) => {
    if (!cached.has(key)) cached.set(key, compute());
    return structuredClone(cached.get(key));
  };
  // Any format name: built-in, P3109 or a definition (e4m3:fn:bias=7), as the core reads it.
  const format = (name, what) => {
    const canonical = unwrap(core.formatName(requireString(name, what)));
    if (!formatInfo.has(canonical)) formatInfo.set(canonical, unwrap(core.formatInfo(canonical)));
    return formatInfo.get(canonical);
  };
  // The bulk casts convert float32 <-> minifloat; float32 is a format for layout and castValue only.
  const minifloat = (name, what) => {
    const f = format(name, `${what}: the format`);
    if (!f.isMinifloat) {  // the core refuses it in its own words; with no values nothing is read or written
      unwrap(what === 'decode' ? core.decode(f.name, 0, 0, 0)
        : core.castFloat32(f.name, 0, 0, 0, undefined, undefined, undefined));
    }
    return f;
  };

  const { allocate, fits, throughHeap } = heapFunctions(core, MAXIMUM_MEMORY_BYTES, unwrap);
  // tl.analyze (the tensors part), tl.taperedFormat and tl.storedBlocks (the codecs part) keep their parts per
  // instance by this.
  const tensorsContext = { simd, locateFile, unwrap, castOptions, valueText, checkedCode };

  // The options' JS types are checked here; their values (round mode names, input kinds, source types, and
  // whether the format has the option) by the core, whose error texts are the CLI's. undefined options stay
  // undefined: the core then uses ONNX Cast's defaults for the format, as the CLI does.
  function castOptions(opts, what) {
    const o = requireOptions(opts, what);
    // Stochastic rounding's bits go to the core as decimal text (a seed may pass 2^53: give it as a BigInt).
    const integer = (key) => {
      const v = o[key];
      if (v === undefined) return undefined;
      if (typeof v === 'bigint' ? v < 0n : !Number.isSafeInteger(v) || v < 0) {
        throw new TypeError(`${what}: option ${key} must be a non-negative integer${key === 'seed' ? ' (or BigInt)' : ''}, got ${describe(v)}`);
      }
      if (typeof v === 'bigint' && key !== 'seed') throw new TypeError(`${what}: option ${key} must be a number, got a BigInt`);
      return String(v);
    };
    const sr = ['srNumBits', 'srBits', 'seed'].map(integer);
    return {
      saturate: optionOf(o, 'saturate', 'boolean', undefined, what),
      round: optionOf(o, 'round', 'string', undefined, what),
      input: optionOf(o, 'input', 'string', undefined, what),
      from: optionOf(o, 'from', 'string', undefined, what),
      stochastic: sr.some((v) => v !== undefined) ? sr : undefined,
    };
  }

  // A code of format f, checked as a number within the format's width.
  function checkedCode(f, code, what) {
    if (typeof code !== 'number') throw new TypeError(`${what}: code must be a number, got ${describe(code)}`);
    const limit = 2 ** f.totalBits;
    if (!Number.isInteger(code) || code < 0 || code >= limit) {
      throw new RangeError(`${what}: ${code} is not a ${f.name} code (${f.totalBits} bits: 0 to ${limit - 1})`);
    }
    return code;
  }

  // A value to cast as the text the core reads: a number as the text that reads back as it (String(-0) is '0').
  function valueText(value, what) {
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new TypeError(`${what}: value must be a string or a number, got ${describe(value)}`);
    }
    return Object.is(value, -0) ? '-0' : String(value);
  }

  // ---- compiled handles: a system or a graph is compiled once in wasm, then asked many questions ---------

  const dtypeNames = cores.promotion ? core.dtypeNames() : [];  // by the core's Dtype value
  const dtypeCount = dtypeNames.length;
  const NO_PROMOTION = core.noPromotion; // CompiledSystem::kNoPromotion
  const dtypeIndex = new Map();          // spellings the core accepted -> Dtype value
  const indexOf = (name) => {
    let index = dtypeIndex.get(name);
    if (index === undefined) {
      const r = core.dtypeIndex(name);
      if (!r.ok) return undefined;  // the core's error comes from the call that needs it
      index = r.value;
      if (dtypeIndex.size < 4096) dtypeIndex.set(name, index);
    }
    return index;
  };
  // A safety net only: a handle dropped without delete() frees its wasm object when it is collected.
  const finalizer = typeof FinalizationRegistry === 'function' ? new FinalizationRegistry((free) => free()) : null;

  // A handle on an object the core keeps by `number` (web/bindings_handles.h): `methods(call)` gives its methods,
  // which ask the core through call(what, method, ...args), the core's `<kind>_<method>(number, ...args)`; `what`
  // names the public method in the error a deleted handle throws.
  function handleOf(number, kind, methods) {
    let live = true;
    const call = (what, method, ...args) => {
      if (!live) throw new Error(`${kind}.${what}: this handle was deleted; make a new one with tl.${kind}(...)`);
      return core[`${kind}_${method}`](number, ...args);
    };
    const free = () => core[`${kind}_delete`](number);
    const handle = { ...methods(call), delete() {
      if (!live) return;
      if (finalizer) finalizer.unregister(handle);
      free();
      live = false;
    }, get deleted() { return !live; } };
    if (finalizer) finalizer.register(handle, free, handle);
    return Object.freeze(handle);
  }

  function systemHandle(system, mode, x64) {
    const number = unwrap(core.makeSystem(system, mode, x64));
    let cells = null;  // the core's join table by Dtype value, fetched on the first promotion
    return handleOf(number, 'system', (call) => ({
      options: Object.freeze({ system, mode, x64 }),
      promoteTypes(a, b) {
        requireString(a, 'promoteTypes: the first dtype');
        requireString(b, 'promoteTypes: the second dtype');
        if (cells === null) cells = call('promoteTypes', 'joinCells');
        const ia = indexOf(a);
        const ib = indexOf(b);
        if (ia !== undefined && ib !== undefined) {
          const c = cells[ia * dtypeCount + ib];
          if (c !== NO_PROMOTION) return dtypeNames[c];
        }
        return unwrap(call('promoteTypes', 'promote', a, b));  // no promotion or an unknown name: the core's error text
      },
      resultType(dtypes) {
        const names = requireStringArray(dtypes, 'resultType: dtypes');
        if (names.length === 0) throw new TypeError('resultType needs at least one dtype');
        return unwrap(call('resultType', 'resultType', names));
      },
      table(opts) {
        const o = requireOptions(opts, 'table');
        const types = o.types === undefined ? [] : requireStringArray(o.types, 'table: option types');
        return unwrap(call('table', 'table', types));
      },
      lattice: () => unwrap(call('lattice', 'lattice')),
      check: () => unwrap(call('check', 'check')),
      reachable: (node) => unwrap(call('reachable', 'reachable', requireString(node, 'reachable: the node'))),
      select: (names) => selection(unwrap(call('select', 'select', requireStringArray(names, 'select: the names')))),
    }));
  }

  function graphHandle(given, what) {
    const graph = requireGraph(given, what);
    const number = unwrap(core.makeGraph(graph.nodes, graph.edges));
    // select() and joinOnGraph() are one core call (the graph's join, graph_join.h): select() is the full
    // answer; joinOnGraph() gives it in its own shape, the join alone as its minimal upper bound.
    return handleOf(number, 'graph', (call) => ({
      joinOnGraph(selected) {
        const s = selection(unwrap(call('joinOnGraph', 'select', requireStringArray(selected,
          'joinOnGraph: the selected nodes'))));
        const none = s.join === null;
        return {
          join: s.join,
          minimalUpperBounds: none ? s.minimalUpperBounds : [s.join],
          pathEdges: s.pathEdges,
          description: none ? s.text : '',
          descriptionMessage: none ? s.textMessage : '',
        };
      },
      reachable: (node) => unwrap(call('reachable', 'reachable', requireString(node, 'reachable: the node'))),
      check: () => latticeCheck(unwrap(call('check', 'check'))),
      select: (names) => selection(unwrap(call('select', 'select', requireStringArray(names, 'select: the names')))),
    }));
  }

  const formatHandle = formatHandleMaker({ core, unwrap, handleOf, castOptions, valueText, checkedCode,
    maxSamples: MAX_CAST_SAMPLES });

  // The one-call functions keep a handle per system (a handful) and for the last few graphs they were given.
  // Keys are nested maps, not a joined string: building and hashing a fresh string per call cost more than the
  // promotion itself. The options object last seen is remembered with its values, so a caller passing the
  // same object again skips the checks (a changed value is noticed).
  const systemHandles = new Map();  // system -> mode -> x64 -> handle
  function cachedSystem(system, mode, x64) {
    let byMode = systemHandles.get(system);
    let byX64 = byMode && byMode.get(mode);
    let h = byX64 && byX64.get(x64);
    if (h === undefined) {
      h = systemHandle(system, mode, x64);  // throws on an unknown system or mode: nothing is cached
      if (!byMode) systemHandles.set(system, (byMode = new Map()));
      if (!byX64) byMode.set(mode, (byX64 = new Map()));
      byX64.set(x64, h);
    }
    return h;
  }
  let defaultHandle = null;
  const last = { opts: null, system: undefined, mode: undefined, x64: undefined, handle: null };
  function systemFor(opts, what) {
    if (opts === undefined) {
      if (defaultHandle === null) defaultHandle = cachedSystem(SYSTEM_DEFAULTS.system, SYSTEM_DEFAULTS.mode, SYSTEM_DEFAULTS.x64);
      return defaultHandle;
    }
    if (opts === last.opts && opts.system === last.system && opts.mode === last.mode && opts.x64 === last.x64) {
      return last.handle;
    }
    const handle = cachedSystem(...systemOptionsOf(opts, what));
    Object.assign(last, { opts, system: opts.system, mode: opts.mode, x64: opts.x64, handle });
    return handle;
  }
  const GRAPH_CACHE_SIZE = 8;
  const graphHandles = new Map();  // JSON of the graph -> handle, least recently used first
  function cachedGraph(given, what) {
    const graph = requireGraph(given, what);
    const key = JSON.stringify([graph.nodes, graph.edges]);
    let h = graphHandles.get(key);
    if (h !== undefined) {
      graphHandles.delete(key);
    } else {
      h = graphHandle(graph, what);
      if (graphHandles.size >= GRAPH_CACHE_SIZE) {
        const [oldest, old] = graphHandles.entries().next().value;
        graphHandles.delete(oldest);
        old.delete();
      }
    }
    graphHandles.set(key, h);
    return h;
  }

  const tl = {
    version: VERSION,
    /** A message (Selection.reasonMessage) as text, its patterns translated by `translate(id)` where it answers. */
    renderMessage,
    isa: core.isa(),  // what the loaded build's cast kernels run: 'wasm_simd128' or 'scalar'

    dtypes: () => listing('dtypes', () => core.dtypes()),
    /** The built-in formats, or (family 'p3109') IEEE P3109's 108 formats. */
    formats: (family = 'builtin') => {
      if (family !== 'builtin' && family !== 'p3109') {
        throw new TypeError(`formats: family is 'builtin' or 'p3109', got ${describe(family)}`);
      }
      return listing(`formats:${family}`, () => core.formats(family));
    },
    /** One format's facts, for any name formats() lists, a P3109 name or a definition ('e4m3:fn:bias=7'). */
    formatInfo: (name) => structuredClone(format(name, 'formatInfo: the format')),
    systems: () => listing('systems', () => core.systems()),
    presets: () => listing('presets', () => core.presets()),
    designStory: () => listing('designStory', () => core.designStory()),

    /** A promotion system compiled once; call delete() when done with it. */
    system: (opts) => systemHandle(...systemOptionsOf(opts, 'system')),
    /** A graph compiled once (its closure); call delete() when done with it. */
    graph: (graph) => graphHandle(graph, 'graph'),
    /** A format read once, with its facts and one call per input (explore); call delete() when done with it. */
    format: (name) => formatHandle(name),

    promoteTypes: (a, b, opts) => systemFor(opts, 'promoteTypes').promoteTypes(a, b),
    resultType: (dtypes, opts) => systemFor(opts, 'resultType').resultType(dtypes),
    table: (opts) => systemFor(opts, 'table').table(opts),
    lattice: (opts) => systemFor(opts, 'lattice').lattice(),
    checkSystem: (opts) => systemFor(opts, 'checkSystem').check(),
    compareTables(opts, other) {
      const types = requireOptions(opts, 'compareTables').types;
      const t = unwrap(core.compareTables(...systemOptionsOf(opts, 'compareTables'),
        ...systemOptionsOf(other, 'compareTables: the other system'),
        types === undefined ? [] : requireStringArray(types, 'compareTables: option types')));
      // Both systems' answers from their own tables, the core's class of each cell (r * n + c) beside them.
      const here = tl.table({ ...opts, types: t.types });
      const there = tl.table({ ...requireOptions(other, 'compareTables: the other system'), types: t.types });
      const n = t.types.length;
      const counts = Object.fromEntries(CELL_DIFFERENCES.map((k) => [k, 0]));
      const cells = here.cells.map((row, r) => row.map((mine, c) => {
        const kind = CELL_DIFFERENCES[Number(t.kinds[r * n + c])];
        ++counts[kind];
        return { here: mine, there: there.cells[r][c], kind };
      }));
      return { types: t.types, cells, counts, source: t.source, otherSource: t.otherSource };
    },

    /** One expression in every system: dtypes, weak types or Python values ('300', '1.5', '1j', 'True'). */
    compare(operands, opts) {
      // Every system answers, so only the settings apply: mode and x64 where a system has them.
      if (opts?.system !== undefined) throw new TypeError('compare: every system answers; opts take mode and x64 only');
      const [, mode, x64] = systemOptionsOf(opts, 'compare');
      return unwrap(core.compare(requireStringArray(operands, 'compare: operands'), mode, x64))
        .map((row) => withMessage(withMessage(row, 'note', null), 'error', null));
    },

    checkLattice(given) {
      const graph = requireGraph(given, 'checkLattice');
      return latticeCheck(unwrap(core.checkLattice(graph.nodes, graph.edges)));
    },

    joinOnGraph: (graph, selected) => cachedGraph(graph, 'joinOnGraph').joinOnGraph(selected),
    reachable: (graph, node) => cachedGraph(graph, 'reachable').reachable(node),

    castFloat32(given, formatName, opts) {
      const values = typedView(given, Float32Array);
      if (values === null) {
        throw new TypeError(`castFloat32: values must be a Float32Array, got ${describe(given)}`);
      }
      const f = minifloat(formatName, 'castFloat32');
      const { saturate, round, stochastic } = castOptions(opts, 'castFloat32');
      const OutArray = CODE_ARRAYS[f.codeBytes];
      return throughHeap(values, Float32Array, OutArray, (inAddress, outAddress) =>
        core.castFloat32(f.name, inAddress, outAddress, values.length, saturate, round, stochastic), 'castFloat32');
    },

    decode(given, formatName) {
      const f = minifloat(formatName, 'decode');
      const InArray = CODE_ARRAYS[f.codeBytes];
      const codes = typedView(given, InArray);
      if (codes === null) {
        throw new TypeError(`decode: ${f.name} codes must be a ${InArray.name}, got ${describe(given)}`);
      }
      const limit = 2 ** f.totalBits;
      if (f.totalBits < 8) {
        const bad = codes.findIndex((code) => code >= limit);
        if (bad >= 0) {
          throw new RangeError(`decode: codes[${bad}] = ${codes[bad]} is not a ${f.name} code (${f.totalBits} bits: ` +
                               `0 to ${limit - 1})`);
        }
      }
      return throughHeap(codes, InArray, Float32Array, (inAddress, outAddress) =>
        core.decode(f.name, inAddress, outAddress, codes.length), 'decode');
    },

    layout(formatName, code) {
      const f = format(formatName, 'layout: the format');
      return unwrap(core.layout(f.name, checkedCode(f, code, 'layout')));
    },

    shortestDecimal(formatName, code) {
      const f = format(formatName, 'shortestDecimal: the format');
      return unwrap(core.shortestDecimal(f.name, checkedCode(f, code, 'shortestDecimal')));
    },

    /** A code written as text, read by the core's grammar (0x hex, 0b binary or decimal digits, within the width). */
    parseCode(formatName, text) {
      const f = format(formatName, 'parseCode: the format');
      return unwrap(core.parseCode(f.name, requireString(text, 'parseCode: the code')));
    },

    castValue(formatName, value, opts) {
      const f = format(formatName, 'castValue: the format');
      const { saturate, round, input, from, stochastic } = castOptions(opts, 'castValue');
      return withFactMessages(unwrap(core.castValue(f.name, valueText(value, 'castValue'), saturate, round, input, from,
        stochastic)));
    },

    castSamples(formatName, value, count, opts) {
      const f = format(formatName, 'castSamples: the format');
      const text = valueText(value, 'castSamples');
      if (typeof count !== 'number') throw new TypeError(`castSamples: count must be a number, got ${describe(count)}`);
      if (!Number.isInteger(count) || count < 0 || count > MAX_CAST_SAMPLES) {
        throw new RangeError(`castSamples: count must be an integer from 0 to ${MAX_CAST_SAMPLES}, got ${count}`);
      }
      const { saturate, round, input, from, stochastic } = castOptions(opts, 'castSamples');
      const address = allocate(count * 4, 'castSamples');
      try {
        unwrap(core.castSamples(f.name, text, saturate, round, input, from, stochastic, address, count));
        return new Uint32Array(core.HEAPU8.buffer, address, count).slice();
      } finally {
        core._free(address);
      }
    },

    /** Lines for a graph's edges that pass through no other node's box (the core's route_edges, default spacing). */
    routeEdges(boxes, edges) {
      const { numbers, ends } = routeInput(boxes, edges);
      const p = cores.promotion;  // its own heap
      const address = allocate(numbers.byteLength + ends.byteLength, 'routeEdges', p);
      let flat;
      try {
        new Float64Array(p.HEAPU8.buffer, address, numbers.length).set(numbers);
        new Uint32Array(p.HEAPU8.buffer, address + numbers.byteLength, ends.length).set(ends);
        flat = p.routeEdges(address, boxes.length, address + numbers.byteLength, edges.length);
      } finally {
        p._free(address);
      }
      const routes = [];
      for (let i = 0; i < flat.length; i += 1 + 2 * flat[i]) {
        const route = [];
        for (let k = 0; k < flat[i]; ++k) route.push({ x: flat[i + 1 + 2 * k], y: flat[i + 2 + 2 * k] });
        routes.push(route);
      }
      return routes;
    },

    /** A lattice file's JSON text as { nodes, edges }, read by the core's reader (the CLI's `check` reads the same). */
    parseLattice(text) {
      // requireString refuses a lone surrogate, which Embind would turn into bytes the reader must refuse.
      return unwrap(core.parseLatticeJson(requireString(text, 'parseLattice: the JSON text')));
    },

    ...(cores.formats ? blockFunctions({ core, unwrap, allocate, fits }) : {}),

    // These load a part on demand when first called (on-demand-parts.mjs): analyze (what each target format does to a checkpoint's
    // tensors) and summarize (a file's summary of its tensors' reports), taperedFormat (posit8, posit16, hif8), storedBlocks (blocks as bitsandbytes, ggml and GPTQ store
    // them) and storedBlockFormats (their names). Each takes the instance's context first.
    ...Object.fromEntries(['analyze', 'summarize', 'taperedFormat', 'storedBlocks', 'storedBlockFormats'].map((name) => [name,
      (...args) => import('./typelattice-analyze.mjs').then((m) => m[name](tensorsContext, ...args))])),

    /** The loaded parts' wasm heaps together: bytes reserved from the engine and bytes malloc has handed out. */
    heapStats: () => [...new Set(parts.map((part) => cores[part]))].reduce((sum, m) => ({
      memoryBytes: sum.memoryBytes + m.HEAPU8.length, bytesInUse: sum.bytesInUse + m.heapBytesInUse() }),
    { memoryBytes: 0, bytesInUse: 0 }),
    /** The parts this instance loaded. */
    parts: Object.freeze(parts),
  };
  return Object.freeze(keepParts(tl, parts));
}
