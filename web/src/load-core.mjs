// Loads one build of the whole module or of one part of it (Emscripten glue + .wasm) so that bundlers can
// follow it: the .wasm URLs are literals bundlers rewrite (wasm-files.mjs), the glue imports literal
// specifiers, and node's file reader is not imported at all.
// The wrapper fetches and compiles the .wasm itself, so a failure names the URL and the HTTP status, and a
// later call starts from scratch (nothing is cached).
import { WASM_FILES, defaultWasmUrl, embeddedModule, importGlue } from './wasm-files.mjs';

/** A .wasm that could not be fetched or compiled; `url` and `status` (HTTP, 0 for a network error) say which. */
export class WasmLoadError extends Error {
  constructor(message, url, status, cause) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'WasmLoadError';
    this.url = url;
    this.status = status;
  }
}

function runningInNode() {
  return typeof process === 'object' && process !== null && typeof process.versions === 'object' &&
         typeof process.versions.node === 'string';
}

// Where the build's .wasm lives: the caller's locateFile(fileName, defaultUrl) if given, else next to this file.
function wasmLocation(part, simd, locateFile) {
  const fallback = defaultWasmUrl(part, simd);
  if (locateFile === undefined) return fallback;
  const located = locateFile(WASM_FILES[part][simd ? 'simd' : 'plain'], fallback === null ? undefined : fallback.href);
  if (typeof located !== 'string' && !(located instanceof URL)) {
    throw new TypeError(`createTypeLattice: locateFile must return a string or a URL, got ${typeof located}`);
  }
  const base = typeof document === 'object' && document !== null && document.baseURI ? document.baseURI
                                                                                      : import.meta.url;
  return new URL(located, base);
}

// Node's fetch cannot read file: URLs. fs comes from process.getBuiltinModule (node 20.16+) rather than an
// import, so no bundler sees a node: specifier in a browser build.
async function readFileUrl(url) {
  if (typeof process.getBuiltinModule !== 'function') {
    throw new WasmLoadError(`typelattice: reading ${url.href} needs node 20.16 or newer ` +
                            '(process.getBuiltinModule); or pass locateFile returning an http(s) URL', url.href, 0);
  }
  try {
    return await process.getBuiltinModule('node:fs/promises').readFile(url);
  } catch (e) {
    throw new WasmLoadError(`typelattice: could not read ${url.href}: ${e.message}`, url.href, 0, e);
  }
}

// Vite 5-7's dev server pre-bundles a dependency with esbuild into node_modules/.vite/deps/, which leaves each
// `new URL('./x.wasm', import.meta.url)` pointing there, where no .wasm is (Vite 8's pre-bundler rewrites them).
function missingWasmHint(url) {
  return url.pathname.includes('/.vite/deps/')
    ? "; Vite's dependency pre-bundling moved typelattice without its .wasm files: add " +
      "optimizeDeps: { exclude: ['typelattice'] } to vite.config.js"
    : '';
}

async function fetchWasm(url) {
  let response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch (e) {
    throw new WasmLoadError(`typelattice: fetching ${url.href} failed (network error or blocked by CORS/CSP: ` +
                            `${e.message})`, url.href, 0, e);
  }
  if (!response.ok) {
    throw new WasmLoadError(`typelattice: fetching ${url.href} failed: HTTP ${response.status} ` +
                            `${response.statusText}`.trimEnd() + missingWasmHint(url), url.href,
                            response.status);
  }
  return response;
}

async function compileWasm(url, started) {
  if (url.protocol === 'file:' && runningInNode()) {
    const bytes = await readFileUrl(url);
    started();
    return compileBytes(bytes, url, 0);
  }
  const response = await fetchWasm(url);
  started();
  // Streaming compilation needs the application/wasm type; other types still work from the bytes.
  if (typeof WebAssembly.compileStreaming === 'function' &&
      (response.headers.get('content-type') || '').startsWith('application/wasm')) {
    try {
      return await WebAssembly.compileStreaming(response);
    } catch (e) {
      throw new WasmLoadError(`typelattice: ${url.href} is not a valid WebAssembly module (${e.message})`,
                              url.href, response.status, e);
    }
  }
  return compileBytes(await response.arrayBuffer(), url, response.status);
}

async function compileBytes(bytes, url, status) {
  try {
    return await WebAssembly.compile(bytes);
  } catch (e) {
    throw new WasmLoadError(`typelattice: ${url.href} is not a valid WebAssembly module (${e.message}; ` +
                            `is the server answering with an HTML page for a missing file?)${missingWasmHint(url)}`,
                            url.href, status, e);
  }
}

/**
 * Loads the SIMD128 (`simd`) or plain build of a part or of the whole module ('whole');
 * `locateFile(fileName, defaultUrl)` may move the .wasm. The single-file build (typelattice.single.mjs) carries
 * the whole module's plain .wasm inside and loads that. The
 * request waits for `after` (a promise); `started()` is called once its response (or file) has arrived.
 */
async function loadCore(part, simd, locateFile, after, started) {
  const embedded = embeddedModule !== null && locateFile === undefined;
  const useSimd = simd && embeddedModule === null;  // the single file has only the plain glue
  const url = embedded ? null : wasmLocation(part, useSimd, locateFile);
  const [{ default: factory }, wasmModule] = await Promise.all([
    importGlue(part, useSimd),
    embedded ? embeddedModule(WasmLoadError).finally(started) : after.then(() => compileWasm(url, started)),
  ]);
  let failInstantiation;
  const instantiationFailed = new Promise((resolve, reject) => { failInstantiation = reject; });
  return Promise.race([instantiationFailed, factory({
    // The glue's own loader is never used: it gets the compiled module and only instantiates it.
    locateFile: () => (url ? url.href : ''),
    instantiateWasm(imports, receiveInstance) {
      WebAssembly.instantiate(wasmModule, imports)
        .then((instance) => receiveInstance(instance, wasmModule), failInstantiation);
      return {};
    },
  })]);
}

/**
 * Loads the parts named in `parts` (in that order; 'whole' for the whole module), resolving to their Emscripten
 * modules by part name. Each
 * part's request starts once the previous part's response has begun, so a server that refuses the first is
 * asked nothing more, and a failure names the same file every time; the downloads and compiles still overlap.
 */
export async function loadCores(parts, simd, locateFile) {
  let previous = Promise.resolve();
  const loads = parts.map((part) => {
    let started;
    const response = new Promise((resolve) => { started = resolve; });
    const load = loadCore(part, simd, locateFile, previous, started);
    previous = response;
    return load;
  });
  const modules = await Promise.all(loads);
  return Object.fromEntries(parts.map((part, i) => [part, modules[i]]));
}
