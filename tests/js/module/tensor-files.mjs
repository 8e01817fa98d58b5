// Checkpoint files the tests and benchmarks write themselves: safetensors byte by byte from its format (an 8-byte
// little-endian header length, the JSON header, the data) and NumPy .npy from its format description (magic
// \x93NUMPY, version 1.0, a 2-byte header length, the dict literal padded to 64 bytes), .npz as a zip of those
// (PKWARE's APPNOTE.TXT; deflated with Node's zlib). Values come from a seeded generator, so every run writes the
// same bytes.
import { crc32, deflateRawSync } from 'node:zlib';

/** A seeded generator of uniform (0, 1) doubles (xorshift32). */
export function uniform(seed = 12345) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return (x + 0.5) / 4294967296;
  };
}

/** `count` normal values (Box-Muller), mean 0, standard deviation `std`. */
export function normal(count, std = 1, seed = 1) {
  const u = uniform(seed);
  const out = new Float32Array(count);
  for (let i = 0; i < count; ++i) out[i] = std * Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u());
  return out;
}

/** `count` Laplace values of scale `b`. */
export function laplace(count, b = 1, seed = 2) {
  const u = uniform(seed);
  const out = new Float32Array(count);
  for (let i = 0; i < count; ++i) {
    const v = u() - 0.5;
    out[i] = -b * Math.sign(v) * Math.log(1 - 2 * Math.abs(v));
  }
  return out;
}

const bytesOf = (array) => new Uint8Array(array.buffer, array.byteOffset, array.byteLength);

/** float32 values as bfloat16 bytes (truncated: every value written is then exactly a bfloat16). */
export function bfloat16Bytes(values) {
  const bits = new Uint32Array(values.buffer, values.byteOffset, values.length);
  const out = new Uint16Array(values.length);
  for (let i = 0; i < values.length; ++i) out[i] = bits[i] >>> 16;
  return bytesOf(out);
}

/**
 * A safetensors file: `tensors` is [{ name, dtype ('F32', 'BF16', ...), shape, bytes (Uint8Array) or values
 * (Float32Array, for F32) }]. Returns the file's bytes; `header` may replace the JSON text (for bad files).
 */
export function safetensors(tensors, { header } = {}) {
  const entries = {};
  let offset = 0;
  const data = tensors.map((t) => (t.bytes ?? bytesOf(t.values)));
  tensors.forEach((t, i) => {
    entries[t.name] = { dtype: t.dtype, shape: t.shape, data_offsets: [offset, offset + data[i].length] };
    offset += data[i].length;
  });
  let text = new TextEncoder().encode(header ?? JSON.stringify(entries));
  const padded = new Uint8Array(text.length + ((8 - (text.length % 8)) % 8)).fill(0x20);
  padded.set(text);
  text = padded;
  const out = new Uint8Array(8 + text.length + offset);
  new DataView(out.buffer).setBigUint64(0, BigInt(text.length), true);
  out.set(text, 8);
  let at = 8 + text.length;
  for (const d of data) {
    out.set(d, at);
    at += d.length;
  }
  return out;
}

/** A .npy file (version 1.0) of float32 values ('<f4') with `shape`, C order unless `fortran`. */
export function npy(values, shape, { fortran = false } = {}) {
  const dict = `{'descr': '<f4', 'fortran_order': ${fortran ? 'True' : 'False'}, 'shape': (${shape.join(', ')}${shape.length === 1 ? ',' : ''}), }`;
  const unpadded = 10 + dict.length + 1;
  const header = dict + ' '.repeat((64 - (unpadded % 64)) % 64) + '\n';
  const out = new Uint8Array(10 + header.length + values.byteLength);
  out.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0], 0);
  new DataView(out.buffer).setUint16(8, header.length, true);
  out.set(new TextEncoder().encode(header), 10);
  out.set(bytesOf(values), 10 + header.length);
  return out;
}

/**
 * A GGUF v3 file (its spec: magic, version, tensor and key/value counts, no key/values here, the tensor infos, then
 * the data aligned to 32 bytes): `tensors` is [{ name, ne (ggml's order, fastest axis first), values }] in F32, or
 * [{ name, ne, type (a ggml_type number), bytes }] for other types.
 */
export function gguf(tensors) {
  const text = new TextEncoder();
  const parts = [];
  const u32 = (v) => { const b = new Uint8Array(4); new DataView(b.buffer).setUint32(0, v, true); parts.push(b); };
  const u64 = (v) => { const b = new Uint8Array(8); new DataView(b.buffer).setBigUint64(0, BigInt(v), true); parts.push(b); };
  parts.push(text.encode('GGUF'));
  u32(3);
  u64(tensors.length);
  u64(0);
  let offset = 0;
  const offsets = tensors.map((t) => {
    offset += (32 - (offset % 32)) % 32;
    const at = offset;
    offset += (t.bytes ?? bytesOf(t.values)).byteLength;
    return at;
  });
  tensors.forEach((t, i) => {
    const name = text.encode(t.name);
    u64(name.length);
    parts.push(name);
    u32(t.ne.length);
    for (const n of t.ne) u64(n);
    u32(t.type ?? 0);  // GGML_TYPE_F32 unless given
    u64(offsets[i]);
  });
  const headerLength = parts.reduce((n, p) => n + p.length, 0);
  const dataStart = headerLength + ((32 - (headerLength % 32)) % 32);
  const out = new Uint8Array(dataStart + offset);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  tensors.forEach((t, i) => out.set(t.bytes ?? bytesOf(t.values), dataStart + offsets[i]));
  return out;
}

/**
 * `count` ggml K-quant super-blocks (ggml-common.h: Q4_K = 12, 144 bytes, d and dmin at bytes 0 and 2; Q6_K = 14,
 * 210 bytes, d at 208) of seeded random bytes, with d (and dmin) the float16 codes given.
 */
export function kquantBlocks(type, count, d, dmin, seed) {
  const layout = { 12: { bytes: 144, d: 0, dmin: 2 }, 14: { bytes: 210, d: 208 } }[type];
  const u = uniform(seed);
  const out = new Uint8Array(layout.bytes * count);
  for (let i = 0; i < out.length; ++i) out[i] = Math.floor(u() * 256);
  const view = new DataView(out.buffer);
  for (let b = 0; b < count; ++b) {
    view.setUint16(b * layout.bytes + layout.d, d, true);
    if (layout.dmin !== undefined) view.setUint16(b * layout.bytes + layout.dmin, dmin, true);
  }
  return out;
}

/**
 * A .npz archive: `members` is [{ name, bytes }], each stored, or deflated when `deflate`; `edit(i, fields)` may
 * change central directory entry i's fields ({ flags, method, crc, csize, size, offset }) before it is written.
 */
export function npz(members, { deflate = false, edit } = {}) {
  const parts = [];
  const directory = [];
  let offset = 0;
  const le = (values) => {
    const out = new Uint8Array(values.reduce((n, [, w]) => n + w, 0));
    const view = new DataView(out.buffer);
    let at = 0;
    for (const [v, w] of values) {
      if (w === 2) view.setUint16(at, v, true); else view.setUint32(at, v, true);
      at += w;
    }
    return out;
  };
  members.forEach(({ name, bytes }, i) => {
    const nameBytes = new TextEncoder().encode(name);
    const data = deflate ? new Uint8Array(deflateRawSync(bytes)) : bytes;
    const f = { flags: 0, method: deflate ? 8 : 0, crc: crc32(bytes), csize: data.length, size: bytes.length, offset };
    const local = le([[0x04034b50, 4], [20, 2], [0, 2], [f.method, 2], [0, 4], [f.crc, 4], [f.csize, 4], [f.size, 4],
      [nameBytes.length, 2], [0, 2]]);
    parts.push(local, nameBytes, data);
    offset += local.length + nameBytes.length + data.length;
    edit?.(i, f);
    directory.push(le([[0x02014b50, 4], [20, 2], [20, 2], [f.flags, 2], [f.method, 2], [0, 4], [f.crc, 4], [f.csize, 4],
      [f.size, 4], [nameBytes.length, 2], [0, 2], [0, 2], [0, 2], [0, 2], [0, 4], [f.offset, 4]]), nameBytes);
  });
  const directorySize = directory.reduce((n, p) => n + p.length, 0);
  const end = le([[0x06054b50, 4], [0, 2], [0, 2], [members.length, 2], [members.length, 2], [directorySize, 4],
    [offset, 4], [0, 2]]);
  const all = [...parts, ...directory, end];
  const out = new Uint8Array(all.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of all) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The members of the corpus's .npz files: one with rows longer than a slice, so a deflated one is read in pieces. */
export function npzMembers() {
  return [{ name: 'w.npy', bytes: npy(normal(6400, 0.05, 14), [64, 100]) },
    { name: 'long.npy', bytes: npy(normal(600000, 1, 15), [2, 300000]) },
    { name: 'readme.txt', bytes: new TextEncoder().encode('not an array') },
    { name: 'b.npy', bytes: npy(laplace(100, 0.3, 16), [100]) }];
}

/** The test corpus: name -> file bytes, with the distributions the analysis must tell apart. */
export function corpus() {
  const outlier = normal(4096, 0.02, 3);
  outlier[1000] = 300;  // one huge outlier in block 31 of MX, 62 of NVFP4
  const subnormal = new Float32Array(640);
  for (let i = 0; i < subnormal.length; ++i) subnormal[i] = (i % 7 - 3) * 1e-39;  // float32 subnormals and zeros
  const special = normal(96, 1, 4);
  special[5] = NaN;
  special[40] = Infinity;
  special[70] = -Infinity;
  return {
    'model.safetensors': safetensors([
      { name: 'layers.0.weight', dtype: 'F32', shape: [64, 100], values: normal(6400, 0.05, 5) },  // rows of 100: short blocks
      { name: 'layers.0.bias', dtype: 'F32', shape: [100], values: laplace(100, 0.3, 6) },
      { name: 'layers.1.outlier', dtype: 'F32', shape: [32, 128], values: outlier },
      { name: 'layers.1.bf16', dtype: 'BF16', shape: [16, 48], bytes: bfloat16Bytes(laplace(768, 2, 7)) },
      { name: 'zeros', dtype: 'F32', shape: [4, 32], values: new Float32Array(128) },
      { name: 'subnormals', dtype: 'F32', shape: [640], values: subnormal },
      { name: 'special', dtype: 'F32', shape: [3, 32], values: special },
      { name: 'empty', dtype: 'F32', shape: [0, 8], values: new Float32Array(0) },
      // Rows longer than a slice (2^18 elements), read in several pieces and several reads.
      { name: 'long.rows', dtype: 'F32', shape: [2, 700000], values: normal(1400000, 1, 8) },
    ]),
    'weights.npy': npy(laplace(3000, 1, 9), [60, 50]),
    'weights.bin': bytesOf(laplace(3000, 1, 9)),  // raw: float32:60x50
    'arrays.npz': npz(npzMembers()),
    'arrays-deflated.npz': npz(npzMembers(), { deflate: true }),
    'fortran.npy': npy(normal(3000, 1, 10), [60, 50], { fortran: true }),
    'model.gguf': gguf([{ name: 'blk.0.attn_q.weight', ne: [96, 20], values: normal(1920, 0.1, 12) },
      { name: 'output_norm.weight', ne: [50], values: laplace(50, 1, 13) }]),
    // A Q4_K_M-like file: Q4_K and Q6_K tensors (d 2^-8, dmin 2^-9), read as ggml dequantizes them.
    'quantized.gguf': gguf([{ name: 'blk.0.attn_q.weight', ne: [512, 3], type: 12, bytes: kquantBlocks(12, 6, 0x1c00, 0x1800, 14) },
      { name: 'blk.0.ffn_down.weight', ne: [256, 2], type: 14, bytes: kquantBlocks(14, 2, 0x1c00, 0, 15) }]),
  };
}
