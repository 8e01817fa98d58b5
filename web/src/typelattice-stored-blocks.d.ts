// Typings of tl.storedBlocks and tl.storedBlockFormats (web/src/stored-blocks.mjs), part of TypeLattice
// (typelattice.d.ts): blocks of bitsandbytes' lookup tables, ggml's GGUF types, GPTQ/AWQ/MLX integer groups and
// DeepSeek's FP8 groups as their libraries store them. The bindings are in the tensors part (loaded on the first call). docs/formats.md has
// each family's layout.

/** A format storedBlocks takes. */
export interface StoredBlockFormat {
  /** The name `typelattice quantize --to` takes: 'nf4', 'gguf_q4_0', 'int4_g128_asym', ... */
  name: string;
  family: 'bitsandbytes' | 'gguf' | 'gptq' | 'awq' | 'mlx' | 'deepseek';
  /** Elements per block (a group, for the integer formats). */
  blockSize: number;
  /** The codes' bits plus each block's share of its scales, minimum, bias or zero point. */
  bitsPerElement: number;
  /** Whether only whole blocks are quantized (ggml's types). */
  wholeBlocks: boolean;
}

/** A scale, minimum, bias or zero point as a field stores it. */
export interface StoredScale {
  /** As stored: float16 or float32 bits, an E8M0 or UE4M3 byte, a zero point's N bits. */
  code: number;
  /** The value the library reads from it. */
  value: number;
}

/** One stored field of a block: a ggml struct member ('d', 'm', 'e', 'qh', 'qs'), or this block's part of a
 *  bitsandbytes or GPTQ tensor ('absmax', 'codes'; 'scales', 'zeros', 'biases', 'codes'). */
export interface StoredField {
  name: string;
  /** The field's bytes for this block, as stored (little-endian). A zero point has none of its own: GPTQ packs
   *  several groups' zero points into one word (see its scale's `code`). */
  bytes: Uint8Array;
  /** ggml's note on the field ('the scale, float16'); '' for the other families. */
  meaning: string;
  /** The scales it holds (NVFP4's d: four); empty for a field of codes. */
  scales: StoredScale[];
}

export interface StoredElement {
  /** The input, as a float32. */
  input: number;
  /** The input as `typelattice quantize` prints it: the shortest decimal that reads back as the float32. */
  inputText: string;
  /** The code as stored: an index into the table, ggml's q, an N-bit integer. */
  code: number;
  /** The library's float32 value of the code. */
  dequantized: number;
  /** Its exact decimal, as `typelattice quantize` prints it ('nan', 'inf', '-inf' for those). */
  dequantizedText: string;
  /** dequantized − input. */
  error: number;
  /** The code's bits, least significant first, as pairs: [field, bit, field, bit, ...], where field indexes the
   *  block's `fields` and bit is byte × 8 + bit within that field's bytes (bit 0 the lowest). */
  bits: Int32Array;
}

export interface StoredBlock {
  fields: StoredField[];
  elements: StoredElement[];
}

export interface StoredBlocks {
  format: string;
  family: StoredBlockFormat['family'];
  blockSize: number;
  bitsPerElement: number;
  /** The values quantized. */
  count: number;
  /** The first `maxBlocks` blocks. */
  blocks: StoredBlock[];
}

export interface StoredBlocksOptions {
  /** Integer groups only: 'gptq' (the default), 'gptq_v1' (zero points stored as z − 1) or 'awq' (4 bits). */
  packing?: string;
  /** How many blocks to lay out, from the first: 1 to 4096 (default 8). */
  maxBlocks?: number;
}

export interface StoredBlockCalls {
  /** The formats storedBlocks takes, in the order `typelattice analyze` lists its targets. */
  storedBlockFormats(): Promise<StoredBlockFormat[]>;
  /**
   * `values` (float32; numbers are rounded once) quantized to `format` and its first blocks laid out as the
   * library stores them. Rejects with a TypeError for a wrong argument type, a RangeError with the CLI's words for
   * an unknown format (`suggestions`), a packing the format does not take, no values, or ggml's whole blocks.
   */
  storedBlocks(values: Float32Array | number[], format: string, opts?: StoredBlocksOptions): Promise<StoredBlocks>;
}
