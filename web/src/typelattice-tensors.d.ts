// Typings of tl.analyze (web/src/analyze.mjs), part of TypeLattice (typelattice.d.ts). The report's keys are those
// of `typelattice analyze --format json` (docs/tensor-analysis.md); a figure that is not finite is null, as there.

/** Which tensors, which targets, and how to follow the reading. */
export interface AnalyzeOptions {
  /** Target formats: built-in formats up to 16 bits, block formats, bitsandbytes' nf4 and bnb_fp4, ggml's
   * gguf_q4_0 … gguf_q8_0, iq4_nl, gguf_mxfp4 and gguf_nvfp4, DeepSeek's ds_fp8_1x128 and ds_fp8_1x128_ue8m0 (default: the CLI's, float8_e4m3fn float8_e5m2 mxfp8_e4m3 mxfp4_e2m1 nvfp4). */
  to?: readonly string[];
  /** Only the tensors whose names match one of these shell globs (`*`, `?`, `[...]`). */
  tensors?: readonly string[];
  /** The element formats' round mode, as `analyze --round` (ONNX's default otherwise). */
  round?: string;
  /** false: element formats overflow to Inf/NaN instead of clipping (`--no-saturate`). */
  saturate?: boolean;
  /** The block formats' scale mode where a format takes it (`--scale-mode`). */
  scaleMode?: string;
  /** NVFP4 with its FP32 per-tensor scale (`--tensor-scale`): each tensor is then read twice. */
  tensorScale?: boolean;
  /** How many lowest-SQNR blocks each block target keeps, with their values (1 to 1000; default 1). */
  worst?: number;
  /** Read the source as raw little-endian elements (`analyze --raw DTYPE:SHAPE`): the dtype in NumPy's spelling
   * ('float32', 'bfloat16', ...) or the safetensors one ('F32'); shape × the dtype's size must be the source's size
   * (a RangeError otherwise). */
  raw?: { dtype: string; shape: readonly number[] };
  /** Only share `index` (from 0) of `count` (1 to 64): the chosen tensors cut, in file order, into `count` runs of
   * consecutive tensors of about equal bytes (a tensor goes where its middle byte falls). For splitting one file
   * across workers: the shares' `tensors`, joined in index order, are the report without the option. */
  share?: { index: number; count: number };
  /** Called after each read (and once at the start): bytes of tensor data read so far, of `total`. */
  onProgress?: (progress: { bytes: number; total: number }) => void;
  /** Aborting it rejects the call with a DOMException named 'AbortError' before the next read. */
  signal?: AbortSignal;
}

/** Where a target saturates and flushes: an element format's range, or a block format's element and scale ranges. */
export interface TargetRange {
  max: number;
  minNormal: number;
  /** The least positive value (element formats without subnormals: minNormal). */
  minSubnormal: number;
  /** Block formats: the largest and least positive scale, and the block size. */
  scaleMax?: number;
  scaleMin?: number;
  blockSize?: number;
}

/** Where a target keeps a magnitude of one tensor. */
export interface TensorTargetRange {
  saturation: number | null;
  smallestNormal: number | null;
  smallestSubnormal: number | null;
  flush: number | null;
  perBlock: boolean;
}

/** A target as read: its canonical format, its options and its range. */
export interface AnalysisTargetInfo {
  name: string;
  kind: 'element' | 'block';
  format: string;
  bits_per_element: number;
  round?: string;
  saturate?: boolean;
  scale_mode?: string;
  tensor_scale?: boolean;
  range: TargetRange;
}

export interface WorstBlock {
  index: number;
  sqnr_db: number | null;
  /** The block's inputs, as `typelattice quantize` reads them. */
  values: (number | null)[];
}

/** A block target's per-block SQNR over the blocks that have one (inputs not all zero, none NaN or Inf). */
export interface BlockSqnrDistribution {
  blocks: number;
  /** Blocks that come back exactly (+Inf dB). */
  exact: number;
  /** The lowest block SQNR, exactly; null when it is +Inf or there are no blocks. */
  min: number | null;
  /** The ceil(p · blocks)-th lowest (nearest rank) to 0.01 dB, rounded down to its histogram bin's edge but never
   * below min; null when that block is exact (+Inf dB) or there are no blocks. */
  p1: number | null;
  median: number | null;
}

/** A target's figures over a tensor's values or a whole file's. */
export interface TargetFigures {
  target: string;
  format: string;
  best: boolean;
  /** The target's place in the tensor's table, 0 (the best) first: the highest SQNR first, ties (within 1e-6 dB) by fewer bits. */
  rank: number;
  bits_per_element: number;
  measured: number;
  non_finite: number;
  saturated: number;
  flushed: number;
  mse: number | null;
  /** null when every value comes back exactly (+Inf dB). */
  sqnr_db: number | null;
  max_abs_error: number | null;
  max_relative_error: number | null;
  /** Σx² and Σ(d − x)² over the measured values: what a file's summary adds up. */
  sum_squared_input: number | null;
  sum_squared_error: number | null;
}

/** What one target does to one tensor. */
export interface TargetReport extends TargetFigures {
  tensor: string;
  /** Where this target keeps a magnitude of this tensor (the core's target_range): above `saturation` values clip,
   * below `smallestNormal` they are subnormal, below `flush` they become 0; a block target's (`perBlock`) is for a
   * block whose largest |x| is the tensor's amax, under its scale rule and tensor scale. */
  range: TensorTargetRange;
  scale_mode?: string;
  tensor_scale?: number | null;
  blocks?: number;
  worst_block?: number | null;
  worst_block_sqnr_db?: number | null;
  /** Block targets: the distribution of the blocks' SQNR in dB. */
  block_sqnr_db?: BlockSqnrDistribution;
  worst_blocks?: WorstBlock[];
}

export interface TensorStatsReport {
  finite: number;
  zeros: number;
  subnormals: number;
  nan: number;
  inf: number;
  amax: number | null;
  mean: number | null;
  std: number | null;
  /** Σ(x − mean)² over the finite values (std² × finite, unrounded): what a file's summary merges. */
  squared_deviations: number | null;
  /** Finite nonzero values by floor(log2 |x|), only the binades that have any. */
  log2_histogram: Record<string, number>;
}

export interface TensorReport {
  name: string;
  dtype: string;
  shape: number[];
  count: number;
  row_length: number;
  stats: TensorStatsReport;
  targets: TargetReport[];
}

/** A target over a whole file (docs/tensor-analysis.md, "The file's summary"). */
export interface SummaryTargetReport extends TargetFigures {
  /** Block targets: every tensor's blocks, and the exact ones and the lowest block SQNR over them. */
  blocks?: number;
  block_sqnr_db?: { blocks: number; exact: number; min: number | null };
  /** The tensor with the lowest SQNR (the first of equal ones); null when no tensor has a measured value. */
  worst_tensor: string | null;
  worst_tensor_sqnr_db: number | null;
}

/** Every value of a file's analyzed tensors as one set: their statistics, and each target's errors over them. */
export interface FileSummaryReport {
  tensors: number;
  count: number;
  stats: TensorStatsReport;
  targets: SummaryTargetReport[];
}

/** One file's report, as one entry of `typelattice analyze --format json`'s "files", plus the targets' facts. */
export interface AnalysisReport {
  /** The File's name; null for a Blob or bytes. */
  file: string | null;
  kind: 'safetensors' | 'npy' | 'gguf' | 'npz' | 'raw';
  skipped: string[];
  tensors: TensorReport[];
  /** The summary of `tensors` (with option share: of the share's). */
  summary: FileSummaryReport;
  targets: AnalysisTargetInfo[];
}

/** The options that chose the targets, as analyze took them. */
export type SummarizeOptions = Pick<AnalyzeOptions, 'to' | 'round' | 'saturate' | 'scaleMode' | 'tensorScale'>;

export interface AnalyzeCall {
  /**
   * What each target format does to every tensor of a checkpoint (safetensors, .npy, GGUF v3), read in slices of a
   * few MiB. Loads the tensors part of the module on first use. Rejects with a TypeError for a wrong argument type,
   * a RangeError for an unknown target or option value, an Error named 'TensorFileError' for a bad file (the core's
   * message: the tensor and the byte offset), a DOMException 'AbortError' when `signal` aborts.
   */
  analyze(source: Blob | ArrayBuffer | Uint8Array, opts?: AnalyzeOptions): Promise<AnalysisReport>;
  /**
   * The summary of tensor reports of tl.analyze, in file order, analyzed with `opts` (for instance the shares'
   * `tensors` joined): the `summary` one analyze call of them all gives. Rejects with a TypeError for a report that
   * is not analyze's, a RangeError for options whose targets are not the reports' and for counts and figures no
   * report of analyze has (negative, fractional, NaN, or not adding up).
   */
  summarize(tensors: readonly TensorReport[], opts?: SummarizeOptions): Promise<FileSummaryReport>;
}
