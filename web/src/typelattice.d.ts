// Typings for typelattice.mjs: dtype promotion lattices and minifloat formats from the C++ core in WebAssembly.
import type { BlockCalls } from './typelattice-blocks.js';
import type { CastResult, FormatCalls } from './typelattice-formats.js';
import type { AnalyzeCall } from './typelattice-tensors.js';
import type { TaperedFormatCall } from './typelattice-tapered.js';
import type { StoredBlockCalls } from './typelattice-stored-blocks.js';

// The block-scaled formats' types and calls (typelattice-blocks.d.ts): part of TypeLattice, exported from here.
export * from './typelattice-blocks.js';

// What the promotion calls return: typelattice-promotion.d.ts.
import type {
  TableComparison, SystemEntry, CompareRow, PromotionTable, PositionedNode, LatticeDrawing, Graph, SystemCheck,
  LatticeCheck, GraphJoin, Selection, Message,
} from './typelattice-promotion.js';
export * from './typelattice-promotion.js';
// The format handle (tl.format) and what it answers: typelattice-formats.d.ts.
export * from './typelattice-formats.js';
// tl.analyze and its report: typelattice-tensors.d.ts.
export * from './typelattice-tensors.js';
// tl.taperedFormat and its answers: typelattice-tapered.d.ts.
export * from './typelattice-tapered.js';
// tl.storedBlocks and its answers: typelattice-stored-blocks.d.ts.
export * from './typelattice-stored-blocks.js';

/** A promotion system: JAX's lattice, or one of the design document's comparison tables. */
export type SystemName = 'jax' | 'numpy' | 'torch' | 'array-api' | 'triton' | 'c' | 'cpp' | 'tfjs' | 'jax-js' | 'mlx'
  | 'keras' | 'paddle' | 'julia' | 'numpy-2021' | 'torch-2021' | 'tensorflow-2021' | 'jax-lax';  // as systems() lists them (`typelattice systems`)
/** JAX's standard promotion, or strict mode (`jax_numpy_dtype_promotion='strict'`). */
export type ModeName = 'standard' | 'strict';
/** How a cast rounds: float8_e8m0fnu takes ONNX's up (default), down, nearest; the others ties-to-even (default),
 * ties-to-away, toward-zero, toward-positive, toward-negative, to-odd (aliases rne, rna, rtz, rtp, rtn). */
export type RoundName = 'up' | 'down' | 'nearest' | 'ties-to-even' | 'ties-to-away' | 'toward-zero' | 'toward-positive'
  | 'toward-negative' | 'to-odd' | 'rne' | 'rna' | 'rtz' | 'rtp' | 'rtn';
/** A dtype kind. */
export type DtypeKind = 'bool' | 'uint' | 'int' | 'float' | 'complex';
/** Formats stored in one byte per code (8 bits or fewer). */
export type NarrowFormatName =
  | 'float8_e4m3fn' | 'float8_e4m3fnuz' | 'float8_e5m2' | 'float8_e5m2fnuz' | 'float8_e4m3b11fnuz'
  | 'float8_e3m4' | 'float8_e4m3' | 'float8_e8m0fnu' | 'float6_e2m3fn' | 'float6_e3m2fn' | 'float4_e2m1fn';
/** Formats stored in 16 bits per code. */
export type WideFormatName = 'bfloat16' | 'float16';
/** The class of a minifloat code. */
export type Category = 'zero' | 'subnormal' | 'normal' | 'inf' | 'nan';
/** A directed edge of a promotion graph: `from` may promote to `to`. */
export type Edge = [from: string, to: string];
/** A node's box for routeEdges, in drawing units: its centre and half extents. */
export interface EdgeRouteBox { x: number; y: number; halfWidth: number; halfHeight: number; }
export interface EdgeRoutePoint { x: number; y: number; }

/** Which promotion rules to use. Defaults: jax, standard, x64 on (the setting of the JAX docs tables). */
export interface PromotionOptions {
  /** The promotion system (default 'jax'). Unknown names throw a RangeError naming the closest ones. */
  system?: SystemName;
  /** Standard or strict promotion (default 'standard'). */
  mode?: ModeName;
  /** JAX's x64 flag (default true). */
  x64?: boolean;
}

/** Options of {@link TypeLattice.table}. */
export interface TableOptions extends PromotionOptions {
  /** The rows/columns to show, any dtype names (default: the system's own types in table order). */
  types?: string[];
}

/**
 * Options of the casts. Defaults are ONNX Cast's for the target format, as the CLI's: round-to-nearest-even,
 * E8M0 rounds up, saturation on for the float8 formats (FP6/FP4 always clip; float16/bfloat16 overflow to Inf).
 */
export interface CastOptions {
  /** Out-of-range values become ±max (true) or Inf/NaN (false). */
  saturate?: boolean;
  /** The rounding (RoundName); a mode the format lacks is a RangeError with the core's text (the CLI's). */
  round?: RoundName | 'stochastic';
  /** Stochastic rounding: srNumBits random bits per value (0 to 32, default 8), given as srBits (below 2^srNumBits) or drawn from `seed`. */
  srNumBits?: number; srBits?: number;
  /** Stochastic rounding: value i of the call draws its bits from (seed, i), a counter-based generator (default 0). */
  seed?: number | bigint;
}

/** Options of {@link TypeLattice.castValue}. */
export interface CastValueOptions extends CastOptions {
  /** 'decimal' (default): the value is a number; 'hex': a float32/float64 bit pattern such as '0x3f800000'. */
  input?: 'decimal' | 'hex';
  /**
   * The source type, as the CLI's `--from`: 'float32' rounds a decimal to float32 first; unset, a decimal is
   * read exactly as float64 and a hex pattern's width follows its digit count (8: float32, 16: float64).
   */
  from?: 'float32' | 'float64';
}

/** A part of the module, loaded on its own: its own .wasm (docs/wasm.md, "Parts"). */
export type PartName = 'promotion' | 'formats';

/** Options of {@link createTypeLattice}. */
export interface CreateOptions {
  /** false forces the plain build even where WebAssembly SIMD128 is available (default true). */
  simd?: boolean;
  /** The parts to load (default: the whole module); the result has only their members ({@link TypeLatticeParts}). */
  parts?: readonly PartName[];
  /**
   * Where each .wasm is served from: called with its file name ('typelattice-core-simd.wasm' or
   * 'typelattice-core.wasm' for the whole module, 'typelattice-promotion-simd.wasm' or 'typelattice-promotion.wasm'
   * for the promotion part, 'typelattice-formats-simd.wasm' or 'typelattice-formats.wasm' for the formats part) and the default URL (next to the module; undefined in the single-file build),
   * returns an absolute URL or one relative to the page. Default: the file next to the module.
   */
  locateFile?: (fileName: string, defaultUrl: string | undefined) => string | URL;
}

/** A .wasm that could not be fetched or compiled: the message names the URL and the HTTP status. */
export class WasmLoadError extends Error {
  readonly name: 'WasmLoadError';
  /** The URL that was fetched. */
  readonly url: string;
  /** The HTTP status, or 0 for a network error (offline, CORS, CSP) or a file that could not be read. */
  readonly status: number;
}

/** A dtype the core knows. */
export interface DtypeEntry {
  /** Canonical name, e.g. 'int8', 'float8_e4m3fn', 'f*'. */
  name: string;
  kind: DtypeKind;
  /** Storage width in bits (weak types report 64). */
  bits: number;
  /** A weak type (i*, f*, c*). */
  weak: boolean;
  /** The JAX docs table's code (b1, u1, bf, f2, i* ...), '' if none. */
  shortCode: string;
}

/** A minifloat format, bfloat16 / float16, or float32 (listed last, for layout and castValue only). */
export interface FormatEntry {
  /** The name: 'float8_e4m3fn', 'p3109_k8p3se', or a defined format's definition, 'e4m3:fn:bias=7'. */
  name: string;
  /** ONNX's name, e.g. 'FLOAT8E4M3FN'; '' when ONNX has none. */
  onnxName: string;
  family: 'builtin' | 'p3109' | 'defined';
  exponentBits: number;
  mantissaBits: number;
  hasSign: boolean;
  bias: number;
  totalBits: number;
  /** Bytes per code in arrays of codes: 1 up to 8 bits (Uint8Array), 2 for bfloat16 / float16 (Uint16Array), 4 for float32. */
  codeBytes: 1 | 2 | 4;
  /** The `round` option values the format takes: ['up', 'down', 'nearest'] for float8_e8m0fnu; the IEEE directions and 'to-odd' for the others, their default first. */
  roundModes: RoundName[];
  /** What each of roundModes gives for 2^k <= |x| < 2^(k+1), in the same order (the CLI's help text). */
  roundModeRules: string[];
  /** Whether castFloat32 / decode cover the format: every format up to 16 bits; false for float32. */
  isMinifloat: boolean;
  hasInf: boolean;
  hasNaN: boolean;
  hasNegativeZero: boolean;
  /** Where the special values are, in a line (the CLI's and the app's text). */
  specials: string;
  /** A defined format's convention ('ieee', 'fn', 'fnuz' or 'finite'); null for the others. */
  convention: 'ieee' | 'fn' | 'fnuz' | 'finite' | null;
  /** Largest finite value. */
  max: number;
  /** Smallest positive normal value. */
  minNormal: number;
  /** Smallest positive value (equals minNormal without subnormals). */
  minSubnormal: number;
  /** Whether the format has subnormal values (float8_e8m0fnu has none). */
  hasSubnormals: boolean;
  /** Whether the format has a zero (float8_e8m0fnu has none: its code 0x00 is 2^-127). */
  hasZero: boolean;
  /** The round mode a cast without `round` uses (ONNX Cast's): 'up' for float8_e8m0fnu, else 'ties-to-even'. */
  defaultRound: RoundName;
  /** Whether a cast without `saturate` saturates (ONNX Cast's default for the format). */
  saturateByDefault: boolean;
  /** The scale format float8_e8m0fnu: unsigned powers of two, no zero, ONNX's own round modes. */
  isScaleFormat: boolean;
  /** What a saturating cast (saturate: true, the default round mode) makes of +Inf and −Inf. */
  saturatedInf: { plus: SaturatedInfinity; minus: SaturatedInfinity };
}

/** A code a saturating cast of an infinity gives. */
export interface SaturatedInfinity {
  code: number;
  hex: string;
  exactValue: string;
  category: Category;
}

/** What every handle has: call delete() when done (a FinalizationRegistry only frees a forgotten one). */
export interface Handle {
  /** Frees the compiled object in the wasm heap; later calls throw. Calling it again does nothing. */
  delete(): void;
  readonly deleted: boolean;
}

/** A promotion system compiled once ({@link TypeLattice.system}); promoteTypes answers without entering wasm. */
export interface SystemHandle extends Handle {
  readonly options: Readonly<Required<PromotionOptions>>;
  promoteTypes(a: string, b: string): string;
  resultType(dtypes: string[]): string;
  table(opts?: { types?: string[] }): PromotionTable;
  lattice(): LatticeDrawing | null;
  check(): SystemCheck;
  /** @throws {RangeError} for a table system (no lattice) or an unknown node. */
  reachable(node: string): string[];
  /** @throws {RangeError} for an unknown dtype name. */
  select(names: string[]): Selection;
}

/** A graph compiled once (its closure; {@link TypeLattice.graph}). */
export interface GraphHandle extends Handle {
  /**
   * The same join as {@link GraphHandle.select}, from the same core call, in the {@link GraphJoin} shape: the
   * join alone as its minimal upper bound, and `description` = why there is none (no_join_sentence in the core).
   * @throws {RangeError} for an unknown node name.
   */
  joinOnGraph(selected: string[]): GraphJoin;
  reachable(node: string): string[];
  check(): LatticeCheck;
  /**
   * The full answer for a selection: the join, the path edges, the competing bounds and their cycle, the line to
   * show and the reason. @throws {RangeError} for an unknown node name.
   */
  select(names: string[]): Selection;
}

/** A design-document stage of the JAX lattice. */
export interface LatticePreset {
  name: string;
  title: string;
  graph: Graph;
  /** Node positions in the design story's frame: a type has the same place in every stage. */
  layout: PositionedNode[];
}

/** A pair of types in two consecutive stages whose join differs (null: no unique join). */
export interface JoinChange { a: string; b: string; before: string | null; after: string | null; }
/** What a design stage changes relative to the stage before it. */
export interface StageChanges {
  addedNodes: string[];
  removedNodes: string[];
  addedEdges: Edge[];
  removedEdges: Edge[];
  /** Pairs of types in both stages with no join before and one now. */
  gained: JoinChange[];
  /** Pairs with a join before and none now. */
  lost: JoinChange[];
  /** Pairs whose join is another type now. */
  changed: JoinChange[];
}
/** A stage of the design story: a design document stage, or the closing "today" (the Lattice view's graph). */
export interface StoryStage extends LatticePreset {
  /** Relative to the stage before; null for the first. */
  changes: StageChanges | null;
}

/** One bit field of a code, most significant field first. */
export interface BitField {
  name: 'sign' | 'exponent' | 'mantissa';
  lowBit: number;
  highBit: number;
  /** The field's bits as an integer. */
  raw: number;
}

/** The bit layout and exact value of one code. */
export interface CodeLayout {
  format: string;
  code: number;
  /** The code in the core's hex, e.g. '0x7e' (lowercase, padded to the format's width). */
  hex: string;
  fields: BitField[];
  bias: number;
  /** Null for inf / nan. */
  unbiasedExponent: number | null;
  /** As a fraction, e.g. '1 + 5/8'. */
  significand: string;
  /** The value from its fields, e.g. `(−1)^0 × 2^(3−7) × (1 + 5/8) = 0.1015625`; '' for Inf and NaN. */
  formula: string;
  category: Category;
  /** Exact decimal ('nan', 'inf', '-inf' for the specials). */
  exactValue: string;
  value: number;
  /** The neighbouring finite codes by value, null at the ends. */
  nextUp: number | null;
  nextDown: number | null;
}

/** An interval of the real line (for float8_e8m0fnu: of |x|, as E8M0 ignores the sign). */
export interface RoundingInterval {
  low: string;
  high: string;
  lowInclusive: boolean;
  highInclusive: boolean;
}

/** The wasm heap, for leak checks. */
export interface HeapStats {
  /** Bytes of linear memory reserved from the engine (only ever grows). */
  memoryBytes: number;
  /** Bytes malloc has handed out and not had back. */
  bytesInUse: number;
}

/** A promotion with no result (JAX's TypePromotionError); the message is the CLI's error text. */
export class TypePromotionError extends Error {
  name: 'TypePromotionError';
}

/** The loaded module. Names accept the CLI's aliases; results use canonical names. */
export interface TypeLattice extends BlockCalls, FormatCalls, AnalyzeCall, TaperedFormatCall, StoredBlockCalls {
  /** The typelattice version, e.g. '0.1.0'. */
  readonly version: string;
  /** Which build was loaded. */
  readonly isa: 'wasm_simd128' | 'scalar';
  /** The parts this instance loaded. */
  readonly parts: readonly PartName[];
  /**
   * A message's text (Selection.reasonMessage): each pattern, `translate(id)` where that returns a string (else
   * the English id), with %1, %2, … replaced by its args' texts. Without `translate`, the English sentence.
   */
  renderMessage(message: Message | string, translate?: (id: string) => string | undefined): string;

  /** Every dtype, in table order. */
  dtypes(): DtypeEntry[];
  /** The built-in formats with their parameters and extreme values (the minifloats, then float32), or IEEE P3109's. */
  formats(family?: 'builtin' | 'p3109'): FormatEntry[];
  /** One format: a built-in or P3109 name, or a definition e<E>m<M>:<ieee|fn|fnuz|finite>[:bias=<B>]. */
  formatInfo(format: string): FormatEntry;
  /** The promotion systems. */
  systems(): SystemEntry[];
  /** The design document's intermediate lattices, in the document's order. */
  presets(): LatticePreset[];
  /** presets() in order, then "today" (JAX's lattice over its docs' 18 types), each in one frame with what it changes. */
  designStory(): StoryStage[];

  /**
   * A system compiled once, for many questions (the functions below keep such handles internally).
   * @throws {RangeError} for an unknown system or mode.
   */
  system(opts?: PromotionOptions): SystemHandle;
  /**
   * A graph compiled once, for many questions.
   * @throws {TypeError} for a malformed graph; RangeError for an edge naming an unknown node or a duplicate node.
   */
  graph(graph: Graph): GraphHandle;

  /** The dtype `a` and `b` promote to. @throws {TypePromotionError} when there is none; RangeError for an unknown name. */
  promoteTypes(a: string, b: string, opts?: PromotionOptions): string;
  /** The n-ary promotion of `dtypes` (at least one). @throws {TypePromotionError} when there is none; RangeError: unknown name. */
  resultType(dtypes: string[], opts?: PromotionOptions): string;
  /** The binary promotion table of a system. */
  table(opts?: TableOptions): PromotionTable;
  /** The lattice with node positions for a lattice system (jax); null for the table systems. */
  lattice(opts?: PromotionOptions): LatticeDrawing | null;
  /** Whether a system's table is commutative, idempotent and associative, with a counterexample. */
  checkSystem(opts?: PromotionOptions): SystemCheck;
  /**
   * Two systems' tables cell by cell (the core's typelattice/table_diff.h): each cell holds both answers and the
   * class of the difference. Weak results count as the concrete type they become (JAX's f* is float64 with x64 on).
   */
  compareTables(opts: TableOptions | undefined, other: PromotionOptions): TableComparison;
  /**
   * The operands promoted in every system, left to right, one row each in systems() order: dtypes, weak types or
   * Python values as text ('300', '-1', '1.5', '1j', 'True'). @throws {RangeError} for a bad operand (an unknown
   * dtype names the closest ones); TypeError when `operands` is not an array of strings. `opts.mode` and `opts.x64`
   * (defaults standard, true) apply to the systems that have them (SystemEntry.modes); the others answer in their one
   * mode, and each row says which it used (CompareRow.mode, x64).
   */
  compare(operands: string[], opts?: Omit<PromotionOptions, 'system'>): CompareRow[];
  /**
   * Whether any graph is a lattice, with a counterexample and a layout.
   * @throws {TypeError} for a malformed graph; RangeError for an edge naming an unknown node or a duplicate node.
   */
  checkLattice(graph: Graph): LatticeCheck;
  /**
   * The join of the selected nodes on a graph, with the paths to it or why there is none: `graph(g).joinOnGraph`,
   * a projection of the full answer `graph(g).select(selected)` ({@link GraphHandle.select}).
   */
  joinOnGraph(graph: Graph, selected: string[]): GraphJoin;
  /** The nodes `node` may promote to, itself included. */
  reachable(graph: Graph, node: string): string[];
  /**
   * A lattice file's JSON text (`{"nodes": [...], "edges": [["from", "to"], ...]}`, nodes as names or
   * `{ name }` objects) as a graph, read exactly as `typelattice check` reads it.
   * @throws {RangeError} naming line and column for malformed JSON, or the entry that is wrong.
   */
  parseLattice(text: string): Graph;
  /**
   * Where to draw a graph's edges (the playground's and <type-lattice>'s lines): one route per edge, from the
   * border of its `from` box to the border of its `to` box, straight where nothing is in the way, else bent
   * so that it passes through no other box, keeping 6 units from every box and ending 3 units from its own.
   * Graphs of more than 100 boxes are drawn straight.
   * @throws {TypeError} for a box that is not { x, y, halfWidth, halfHeight } with finite numbers (half sizes
   * at least 0), or an edge that is not a pair; RangeError for an index that is not a box's, or more than
   * 65536 boxes or 2^20 edges.
   */
  routeEdges(boxes: EdgeRouteBox[], edges: [number, number][]): EdgeRoutePoint[][];

  /**
   * Casts float32 values to a format with the SIMD kernels: one code per value, a Uint16Array for bfloat16 /
   * float16, else a Uint8Array.
   * @throws {RangeError} for an unknown format, float32 (not a minifloat), a round mode the format does not have,
   * or an array too large for the wasm heap.
   */
  castFloat32(values: Float32Array, format: NarrowFormatName, opts?: CastOptions): Uint8Array;
  /** Casts float32 values to bfloat16 / float16 codes with the SIMD kernels. */
  castFloat32(values: Float32Array, format: WideFormatName, opts?: CastOptions): Uint16Array;
  /** Casts float32 values to a format named by any alias (e.g. 'FLOAT8E4M3FN'); the array type follows its width. */
  castFloat32(values: Float32Array, format: string, opts?: CastOptions): Uint8Array | Uint16Array;
  /**
   * Decodes codes exactly (a Uint16Array for bfloat16 / float16, else a Uint8Array).
   * @throws {RangeError} for a code wider than the format, or float32 (not a minifloat).
   */
  decode(codes: Uint8Array | Uint16Array, format: string): Float32Array;
  /** The bit layout and exact value of one code. @throws {RangeError} for a code outside 0 .. 2^bits - 1. */
  layout(format: string, code: number): CodeLayout;
  /**
   * Reads a code written as text by the one grammar every front end uses: `0x` and hex digits, `0b` and binary
   * digits, or decimal digits (ASCII only, no sign, separators or exponent; white space around is ignored), at
   * most 2^bits − 1 of the format. @throws {RangeError} with the core's message (the CLI's) otherwise.
   */
  parseCode(format: string, text: string): number;
  /**
   * Casts one value (a decimal or hex bit-pattern string, or a number), explained, read and cast as
   * `typelattice cast` does (a number is read as the shortest decimal that is it).
   * @throws {RangeError} for a value that does not parse, or an option value the core refuses (the CLI's texts).
   */
  castValue(format: string, value: string | number, opts?: CastValueOptions): CastResult;
  /**
   * `count` stochastic roundings of one value (round: 'stochastic'; the stream of `seed`, elements 0 to count − 1,
   * as `typelattice cast --repeat count` prints them), as codes; at most 2^20. Without stochastic rounding every
   * code is the one castValue gives.
   */
  castSamples(format: string, value: string | number, count: number, opts?: CastValueOptions): Uint32Array;
  /** The shortest decimal that casts back to `code` (ties to even, no saturation); '' for Inf and NaN codes. */
  shortestDecimal(format: string, code: number): string;
  /** The wasm heap's size and use. */
  heapStats(): HeapStats;
}

/** The members every instance has, whichever parts it loaded. */
export type CommonMember = 'version' | 'isa' | 'parts' | 'heapStats' | 'analyze' | 'taperedFormat' | 'storedBlocks'
  | 'storedBlockFormats' | 'renderMessage';
/** The members the promotion part brings. */
export type PromotionMember = 'dtypes' | 'systems' | 'presets' | 'designStory' | 'system' | 'graph' | 'promoteTypes'
  | 'resultType' | 'table' | 'lattice' | 'checkSystem' | 'compareTables' | 'compare' | 'checkLattice' | 'joinOnGraph'
  | 'reachable' | 'routeEdges' | 'parseLattice';
/** The members the formats part brings. */
export type FormatMember = 'formats' | 'formatInfo' | 'castFloat32' | 'decode' | 'layout' | 'shortestDecimal'
  | 'castValue' | 'castSamples' | keyof BlockCalls;
/** An instance that loaded the parts P. */
export type TypeLatticeParts<P extends PartName> = Pick<TypeLattice, CommonMember
  | ('promotion' extends P ? PromotionMember : never) | ('formats' extends P ? FormatMember : never)>;

/** Loads the parts named in `options.parts` (the SIMD128 build where supported) and returns their API. */
export default function createTypeLattice<P extends PartName>(options: CreateOptions & { parts: readonly P[] }):
  Promise<TypeLatticeParts<P>>;
/** Loads the whole WebAssembly module (the SIMD128 build where supported) and returns the API. */
export default function createTypeLattice(options?: CreateOptions): Promise<TypeLattice>;
