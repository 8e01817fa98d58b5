// Typings of the block-scaled formats' calls (web/src/blocks.mjs), part of TypeLattice (typelattice.d.ts).

/** A block-scaled format (docs/formats.md, "Block-scaled formats"). */
export type BlockFormatName = 'mxfp8_e4m3' | 'mxfp8_e5m2' | 'mxfp6_e3m2' | 'mxfp6_e2m3' | 'mxfp4_e2m1' | 'mxint8'
  | 'nvfp4';
/** How a block's scale is chosen from its amax: MX floor (default), ceil, even, rceil; NVFP4 nearest only. */
export type ScaleModeName = 'floor' | 'ceil' | 'even' | 'rceil' | 'nearest';

/** One row of {@link TypeLattice.blockFormats}. */
export interface BlockFormatInfo {
  name: BlockFormatName;
  /** The elements' minifloat format; null for mxint8 (int8 meaning q / 64). */
  elementFormat: string | null;
  /** float8_e8m0fnu (MX) or float8_e4m3fn (NVFP4). */
  scaleFormat: string;
  /** 32 (MX) or 16 (NVFP4). */
  blockSize: number;
  elementBits: number;
  /** Storage per element with the block's scale: 8.25, 8.25, 6.25, 6.25, 4.25, 8.25, 4.5. */
  bitsPerElement: number;
  /** The exponent of the element's largest power of two (8, 15, 4, 2, 2, 0, 2). */
  emaxElem: number;
  elementMantissaBits: number;
  /** The largest element value: 448, 57344, 28, 7.5, 6, 127/64, 6. */
  elementMax: number;
  scaleModes: ScaleModeName[];
  defaultScaleMode: ScaleModeName;
  /** Whether the scale is a power of two (E8M0). */
  powerOfTwoScale: boolean;
  /** Whether the format takes an FP32 per-tensor scale under its block scales (nvfp4): the tensorScale option. */
  takesTensorScale: boolean;
  /** Every element code's value, by code (NaN where the element format has NaN codes). */
  elementValues: number[];
}

/** Options of the block calls. */
export interface QuantizeOptions {
  /** The scale mode (default: the format's, floor or nearest); a mode the format does not take throws a RangeError. */
  scaleMode?: ScaleModeName;
  /**
   * nvfp4 only: an FP32 per-tensor scale under the block scales. true: amax / (448 · 6) of these values (as the
   * CLI's --tensor-scale); a number: that scale (a positive float32, e.g. the tensorScale of a call over the whole
   * tensor), so that some of a tensor's blocks quantize as they do in the whole.
   */
  tensorScale?: boolean | number;
}

/** The result of {@link TypeLattice.quantizeBlocks}. */
export interface QuantizedBlocks {
  /** One scale code per block. */
  scales: Uint8Array;
  /** One element code per value (unpacked, one byte each). */
  codes: Uint8Array;
  /** code × scale × tensor scale, rounded once to float32. */
  dequantized: Float32Array;
  /** The per-tensor scale used (1: none). */
  tensorScale: number;
  scaleMode: ScaleModeName;
}

/** One element of a block in full. */
export interface QuantizedElementDetail {
  input: number;
  /** The input as the CLI prints it: the shortest decimal that reads back as the float32 ('0.3', not 0.30000001…). */
  inputText: string;
  code: number;
  /** The code in hex of the element's width ('0x7', '0x3f'). */
  codeHex: string;
  /** The element's own value. */
  value: number;
  /** value × scale × tensor scale, exact. */
  dequantized: number;
  /** input / (scale × tensor scale): what was rounded to the element. */
  scaled: number;
  /** dequantized − input. */
  error: number;
  /** Whether the dequantized value is below, at or above the input. */
  direction: 'down' | 'exact' | 'up';
  /** The input was beyond element max × scale and clipped. */
  saturated: boolean;
  /** The input was not zero and its dequantized value is. */
  flushed: boolean;
  /** The element's line of `typelattice quantize --format text`. */
  line: string;
}

/** A block's error: NaN statistics for a block holding NaN or ±Inf. */
export interface BlockStatistics {
  mse: number;
  /** 10 log10(ΣV² / Σ(V−D)²); Infinity when exact. */
  sqnrDb: number;
  maxAbsError: number;
  saturated: number;
  flushed: number;
  count: number;
  bitsPerElement: number;
}

/** One block in full. */
export interface QuantizedBlockDetail {
  /** The largest |input|, which chose the scale. */
  amax: number;
  scaleCode: number;
  /** The scale code in hex ('0x7f'). */
  scaleHex: string;
  /** The scale's value, without the tensor scale. */
  scale: number;
  elements: QuantizedElementDetail[];
  statistics: BlockStatistics;
  /** The block's line of `typelattice quantize --format text`. */
  line: string;
}

/** The result of {@link TypeLattice.quantizeDetail}. */
export interface QuantizedDetail {
  format: BlockFormatName;
  scaleMode: ScaleModeName;
  tensorScale: number;
  blocks: QuantizedBlockDetail[];
  /** What `typelattice quantize --format text` prints for these values. */
  text: string;
}

/** One block of {@link TypeLattice.quantizeSummary}: quantizeDetail's block without its elements and lines. */
export interface QuantizedBlockSummary {
  amax: number;
  scaleCode: number;
  scaleHex: string;
  scale: number;
  statistics: BlockStatistics;
}

/** The result of {@link TypeLattice.quantizeSummary}. */
export interface QuantizedSummary {
  format: BlockFormatName;
  scaleMode: ScaleModeName;
  tensorScale: number;
  /** The values as read (each rounded once to float32): pass them to later calls instead of reading again. */
  inputs: Float32Array;
  blocks: QuantizedBlockSummary[];
  /**
   * Every value's error taken together (SQNR = 10 log10(ΣV² / Σ(V−D)²) over all of them), leaving out the blocks
   * that hold NaN or ±Inf; count is the values kept. Per-block figures cannot show it: a format whose blocks score
   * lower one by one can lose less of the whole.
   */
  wholeInput: BlockStatistics;
}

/** The result of {@link TypeLattice.quantizeBlock}: one block, with the call's facts. */
export interface QuantizedOneBlock extends QuantizedBlockDetail {
  format: BlockFormatName;
  scaleMode: ScaleModeName;
  tensorScale: number;
  text: string;
}

/** The block-scaled formats' calls of {@link TypeLattice}. */
export interface BlockCalls {
  /** The block-scaled formats. */
  blockFormats(): BlockFormatInfo[];
  /**
   * Quantizes float32 values, block after block (a short last block as it is), through the core's bulk path.
   * @throws {TypeError} for values that are not a Float32Array. @throws {RangeError} for an unknown format or scale
   * mode (the core's message, with the closest names), a mode the format does not take, or an array the heap
   * cannot hold.
   */
  quantizeBlocks(values: Float32Array, format: string, opts?: QuantizeOptions): QuantizedBlocks;
  /**
   * code × scale × tensor scale for every code, rounded once to float32. The tensor scale is opts.tensorScale,
   * else blocks.tensorScale, else 1.
   * @throws {RangeError} for codes wider than the element, a scale count that does not match, a bad tensor scale.
   */
  dequantizeBlocks(blocks: { scales: Uint8Array; codes: Uint8Array; tensorScale?: number }, format: string,
                   opts?: { tensorScale?: number }): Float32Array;
  /**
   * Every block of the values in full, and the CLI's text for them. Numbers are rounded to float32 once; strings
   * are read as `typelattice quantize` reads its arguments (a decimal rounded to float32 once, 'inf', 'nan'); a
   * bad one is a RangeError naming it ("value 2: ...").
   */
  quantizeDetail(values: Float32Array | number[] | string[], format: string, opts?: QuantizeOptions): QuantizedDetail;
  /**
   * Every block's scale and statistics, the numbers quantizeDetail gives, without the elements: memory and time
   * per block, for views of many blocks. Values and errors as quantizeDetail's.
   */
  quantizeSummary(values: Float32Array | number[] | string[], format: string, opts?: QuantizeOptions): QuantizedSummary;
  /** One block (1 to blockSize values) in full. @throws {RangeError} for more values than a block holds. */
  quantizeBlock(values: Float32Array | number[] | string[], format: string, opts?: QuantizeOptions): QuantizedOneBlock;
}
