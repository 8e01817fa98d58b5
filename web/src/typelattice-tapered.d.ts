// Typings of tl.taperedFormat (web/src/tapered.mjs), part of TypeLattice (typelattice.d.ts): the tapered formats,
// whose bindings are in the tensors part (loaded on the first call). Names and texts are those of `typelattice
// layout` and `typelattice cast` for these formats (docs/formats.md, "Tapered precision").
import type { Message } from './typelattice.js';

/** One field of a code, most significant first: its bits and what they stand for. */
export interface TaperedField {
  /** Posits: 'sign', 'regime', 'exponent', 'fraction'; HiF8: 'sign', 'dot', 'exponent', 'mantissa'. */
  name: string;
  lowBit: number;
  highBit: number;
  /** The field's bits as an integer. */
  raw: number;
  /** What the bits stand for, e.g. "r = -2 (run of 2 zeros, then the terminator 1)". */
  meaning: string;
  /** The same as a message (TypeLattice.renderMessage), to translate. */
  meaningMessage: Message | string;
}

/** A code's layout, as `typelattice layout FORMAT --code CODE` prints it. */
export interface TaperedLayout {
  format: string;
  code: number;
  /** The code in hex, zero-padded to the width ('0x0040' for posit16). */
  hex: string;
  /** Only the fields the code has: a posit's exponent may be cut to 1 or 0 bits. */
  fields: TaperedField[];
  /** Posits: exponent bits cut off by the end of the code (read as zeros). HiF8: 0. */
  truncatedExponentBits: number;
  /** The power of two of the value's leading bit; null for zero, Inf and NaN/NaR. */
  scale: number | null;
  /** The value from the fields; '' for zero and the specials. */
  formula: string;
  category: 'zero' | 'normal' | 'denormal' | 'infinity' | 'nan';
  /** Exact decimal, or 'nan' (NaR too), 'inf', '-inf'. */
  exactValue: string;
  value: number;
  /** The neighbouring finite codes by value; null at either end. */
  nextUp: number | null;
  nextDown: number | null;
}

/** One of a tapered cast's facts, as `typelattice layout FORMAT VALUE` prints it. */
export interface TaperedCastFact {
  name: 'exact' | 'between' | 'clamped';
  text: string;
  /** A message (TypeLattice.renderMessage), or a string where the fact is a number or a code line. */
  textMessage: Message | string;
}

/** A cast's code with its layout, the input read, the CLI's cast line and the facts. */
export interface TaperedCast extends TaperedLayout {
  /** The input's exact value, as read ('nan', 'inf', '-inf' for those). */
  input: string;
  /** The line `typelattice cast` prints: '0x4d 3.25'. */
  line: string;
  facts: TaperedCastFact[];
}

/** Options of {@link TaperedFormat.cast}. */
export interface TaperedCastOptions {
  /** HiF8 only: values past its range give ±max (true) or ±Inf (false, the default). Posits never overflow. */
  saturate?: boolean;
  /** Only the format's own rounding may be named: 'nearest-even' (posits), 'nearest-away' (HiF8). */
  round?: string;
  /** 'decimal' (default) or 'hex': a float32/float64 bit pattern. */
  input?: 'decimal' | 'hex';
  /** The source type, as `--from`: 'float32' rounds a decimal to float32 first. */
  from?: 'float32' | 'float64';
}

/** A tapered format: its facts, any code's layout and any value's cast. */
export interface TaperedFormat {
  readonly name: 'posit8' | 'posit16' | 'hif8';
  readonly bits: number;
  /** The largest and the smallest positive finite values. */
  readonly max: number;
  readonly minPositive: number;
  /** The family and its rounding in one line, as `typelattice formats` lists it. */
  readonly summary: string;
  /** A RangeError for a code outside the width. */
  layout(code: number): TaperedLayout;
  /** A RangeError with the core's text for an input or an option the format refuses. */
  cast(value: number | string, opts?: TaperedCastOptions): TaperedCast;
  /** Every code's value in code order (NaN for NaR and NaN): a copy each call. */
  values(): Float64Array;
}

export interface TaperedFormatCall {
  /**
   * A tapered format by name ('posit8', 'posit16', 'hif8' or 'hifloat8'). Loads the tensors part of the module on
   * first use. Rejects with a TypeError for a name that is not a string, a RangeError for an unknown name (the
   * closest names in `suggestions`) or a minifloat's name.
   */
  taperedFormat(name: string): Promise<TaperedFormat>;
}
