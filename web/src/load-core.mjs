// Loads one build of the core (Emscripten glue + .wasm) so that bundlers can follow it: the .wasm URLs are
// literals bundlers rewrite (wasm-files.mjs), and node's file reader is not imported at all.
// The wrapper fetches and compiles the .wasm itself, so a failure names the URL and the HTTP status, and a
// later call starts from scratch (nothing is cached).
import { WASM_FILES, defaultWasmUrl, embeddedModule } from './wasm-files.mjs';

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
function wasmLocation(simd, locateFile) {
  const fallback = defaultWasmUrl(simd);
  if (locateFile === undefined) return fallback;
  const located = locateFile(WASM_FILES[simd ? 'simd' : 'plain'], fallback === null ? undefined : fallback.href);
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
                            `${response.statusText}`.trimEnd(), url.href, response.status);
  }
  return response;
}

async function compileWasm(url) {
  if (url.protocol === 'file:' && runningInNode()) {
    const bytes = await readFileUrl(url);
    return compileBytes(bytes, url, 0);
  }
  const response = await fetchWasm(url);
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
                            'is the server answering with an HTML page for a missing file?)', url.href, status, e);
  }
}

/**
 * Loads the SIMD128 (`simd`) or plain build; `locateFile(fileName, defaultUrl)` may move the .wasm. The
 * single-file build (typelattice.single.mjs) carries the plain build's .wasm inside and loads that.
 */
export async function loadCore(simd, locateFile) {
  const embedded = embeddedModule !== null && locateFile === undefined;
  const useSimd = simd && !embedded;
  const url = embedded ? null : wasmLocation(useSimd, locateFile);
  const [{ default: factory }, wasmModule] = await Promise.all([
    useSimd ? import('./typelattice-core-simd.mjs') : import('./typelattice-core.mjs'),
    embedded ? embeddedModule(WasmLoadError) : compileWasm(url),
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
