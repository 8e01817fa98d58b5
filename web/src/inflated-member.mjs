// A deflated .npz member's bytes for tl.analyze, inflated by the platform's DecompressionStream('deflate-raw') as
// they are asked for: a stream that moves forward (a read before where it stands starts it again), fed a slice of
// the file at a time, so a member of any size needs a few MiB. Its size and CRC-32 are checked when it ends, as
// app/tensors/deflated_member.cpp checks them.

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; ++n) {
    let c = n;
    for (let k = 0; k < 8; ++k) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32Update(crc, bytes) {
  let c = ~crc >>> 0;
  for (let i = 0; i < bytes.length; ++i) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}

const hex32 = (v) => `0x${v.toString(16).padStart(8, '0')}`;

export class InflatedMember {
  /** `stream`: { streamBegin, streamEnd, size, crc32 } (the core's); `read(begin, end)` reads the file. */
  constructor(stream, read, sliceBytes, fail) {
    this.s = stream;
    this.readFile = read;
    this.sliceBytes = sliceBytes;
    this.fail = (what) => fail(`the deflate stream from byte ${stream.streamBegin}: ${what}`);
    this.reader = null;
  }

  start() {
    this.close();
    const ds = new DecompressionStream('deflate-raw');
    const writer = ds.writable.getWriter();
    this.reader = ds.readable.getReader();
    this.produced = 0;
    this.crc = 0;
    this.chunk = null;
    this.at = 0;
    this.ended = false;
    const { streamBegin, streamEnd } = this.s;
    (async () => {
      for (let fed = streamBegin; fed < streamEnd;) {
        const end = Math.min(streamEnd, fed + this.sliceBytes);
        await writer.write(await this.readFile(fed, end));
        fed = end;
      }
      await writer.close();
    })().catch((e) => writer.abort(e).catch(() => {}));  // a failed read (or an abort) reaches the reader
  }

  close() {
    if (this.reader !== null) this.reader.cancel().catch(() => {});
    this.reader = null;
  }

  // The next inflated chunk (its bytes already counted in the CRC), or null when the stream has ended.
  async nextChunk() {
    let result;
    try {
      result = await this.reader.read();
    } catch (e) {
      // The file's own errors (a short read, an abort) as they are; the stream's as the member's.
      if (e?.name === 'TensorFileError' || e?.name === 'AbortError') throw e;
      throw this.fail(`it is corrupt or cut short (${e?.message ?? e})`);
    }
    if (result.done) {
      this.ended = true;
      if (this.produced !== this.s.size) {
        throw this.fail(`it inflates to ${this.produced} bytes, not the ${this.s.size} its entry gives`);
      }
      if (this.crc !== this.s.crc32) throw this.fail(`its CRC-32 is ${hex32(this.crc)}, its entry says ${hex32(this.s.crc32)}`);
      return null;
    }
    this.produced += result.value.length;
    if (this.produced > this.s.size) throw this.fail(`it inflates past the ${this.s.size} bytes its entry gives`);
    this.crc = crc32Update(this.crc, result.value);
    return result.value;
  }

  /** Inflated bytes [begin, end) (fewer when the member ends first). */
  async read(begin, end) {
    if (this.reader === null || begin < this.position()) this.start();
    const out = new Uint8Array(end - begin);
    let filled = 0;
    while (filled < out.length) {
      if (this.chunk === null || this.at === this.chunk.length) {
        this.chunk = this.ended ? null : await this.nextChunk();
        this.at = 0;
        if (this.chunk === null) break;
      }
      const position = this.position();
      const skip = Math.min(Math.max(begin - position, 0), this.chunk.length - this.at);
      this.at += skip;
      if (skip > 0) continue;
      const n = Math.min(out.length - filled, this.chunk.length - this.at);
      out.set(this.chunk.subarray(this.at, this.at + n), filled);
      this.at += n;
      filled += n;
    }
    // The member's last byte is out: its stream must end there, with its size and CRC-32.
    if (this.position() === this.s.size && !this.ended && (this.chunk === null || this.at === this.chunk.length)) {
      for (let more = await this.nextChunk(); more !== null; more = await this.nextChunk()) {
        if (more.length > 0) throw this.fail(`it inflates past the ${this.s.size} bytes its entry gives`);
      }
    }
    return filled === out.length ? out : out.subarray(0, filled);
  }

  // Inflated bytes given out or skipped so far.
  position() {
    return this.produced - (this.chunk === null ? 0 : this.chunk.length - this.at);
  }
}
