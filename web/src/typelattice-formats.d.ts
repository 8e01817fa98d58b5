// Typings of the format handle (web/src/format-handle.mjs, tl.format), part of TypeLattice (typelattice.d.ts).
import type { Category, CastValueOptions, CodeLayout, FormatEntry, Handle, RoundingInterval } from './typelattice.js';
import type { Message } from './typelattice-promotion.js';

/** A code beside another by value: its hex (the core's, '0x7e'), exact value and value. */
export interface NeighbourCode {
  code: number;
  hex: string;
  exactValue: string;
  value: number;
}

/** One code as the Bits view shows it: its layout, its shortest decimal and its neighbours. */
export interface CodeDescription extends CodeLayout {
  /** The shortest decimal that casts back to the code ('' for Inf and NaN codes), as shortestDecimal. */
  shortest: string;
  /** The next code down and up by value (null at the ends), as layout's nextDown / nextUp. */
  down: NeighbourCode | null;
  up: NeighbourCode | null;
}

/** One cell of a code grid ({@link FormatHandle.codes}). */
export interface CodeCell {
  code: number;
  hex: string;
  category: Category;
  exactValue: string;
}

/** A cast as a row of the Bits view's table of every format: castValue's fields that the row shows. */
export type RowCast = Pick<CastResult, 'code' | 'hex' | 'exactValue' | 'value' | 'category' | 'saturated' | 'error'
  | 'relativeError' | 'underflow' | 'overflow'>;

/** One built-in format's cast of the input: the cast, or (cast null) why the value does not cast. */
export interface ExploreRow {
  format: string;
  cast: RowCast | null;
  /** The core's text, what castValue would throw as a RangeError; null when the value cast. */
  message: string | null;
}

/** Options of {@link FormatHandle.explore}: castValue's, and what else the view shows. */
export interface ExploreOptions extends CastValueOptions {
  /** The code to describe (`shown`); default: the cast's code, or 0 when the value does not cast. */
  code?: number | null;
  /**
   * How many draws of the seeded stream to return (castSamples'; 0 to 2^20, default 0), when the round mode is
   * stochastic and the input lies between two values of the format.
   */
  draws?: number;
}

/** Everything the Bits view shows for one input, from one call. */
export interface ExploreResult {
  /** castValue's result (with the cast code's neighbours), or null when the value does not cast. */
  cast: (CastResult & { down: NeighbourCode | null; up: NeighbourCode | null }) | null;
  /** Why the value does not cast (castValue's RangeError message); null when it did. */
  message: string | null;
  /**
   * Each of the format's round modes but stochastic (roundModes' order) with the other options as given, as
   * castValue with that `round` gives it; empty when the value does not cast.
   */
  modes: { mode: string; code: number; hex: string; line: string }[];
  /** Every built-in format (formats() order), cast with the options; a round mode a format lacks gives way to its default. */
  rows: ExploreRow[];
  /** The code of option `code`, or the cast's, described as describeCode does. */
  shown: CodeDescription;
  /** The first `draws` codes of the seeded stream (castSamples'), or null (no draws asked, no stochastic rounding, or nothing to choose between). */
  samples: Uint32Array | null;
}

/**
 * A format read once ({@link FormatCalls.format}): its facts (a FormatEntry's fields) and the calls of a view.
 * Call delete() when done.
 */
export interface FormatHandle extends Handle, Readonly<FormatEntry> {
  /** The code in the core's hex, e.g. '0x7e' (lowercase, padded to the width). @throws {RangeError} outside the format's codes. */
  hex(code: number): string;
  /** One code's layout, shortest decimal and neighbours. @throws {RangeError} outside the format's codes. */
  describeCode(code: number): CodeDescription;
  /** `count` consecutive codes from `first` (at most 65536, within the format). @throws {RangeError} otherwise. */
  codes(first: number, count: number): CodeCell[];
  /**
   * Everything the Bits view shows for one input. A value that does not read comes back as `message` (not
   * thrown); options the core refuses throw a RangeError (the CLI's texts); wrong types a TypeError.
   */
  explore(value: string | number, opts?: ExploreOptions): ExploreResult;
}

/** The format handle's call, part of TypeLattice. */
export interface FormatCalls {
  /**
   * A format read once: a built-in or P3109 name (aliases too), or a definition ('e4m3:fn:bias=7').
   * @throws {RangeError} for an unknown name (with suggestions); TypeError for a non-string.
   */
  format(name: string): FormatHandle;
}

/** One value cast to a format, explained. */
export interface CastResult {
  /** The number that was cast, exact. */
  input: string;
  code: number;
  /** The code in the core's hex, e.g. '0x7e'. */
  hex: string;
  exactValue: string;
  value: number;
  category: Category;
  /** The input was beyond the largest finite value and was clipped to it. */
  saturated: boolean;
  /** The inputs that cast to this code (exact decimals, '-inf' / 'inf' at clipped ends); null for a NaN code. */
  roundingInterval: RoundingInterval | null;
  /** The line `typelattice cast` prints for this cast, e.g. '0x7e 448': the code in hex and its exact value. */
  line: string;
  /** value − input (positive: rounded up); null for an Inf or NaN input or result. */
  error: number | null;
  /** error / |input|; null also for a zero input. */
  relativeError: number | null;
  /** A nonzero input below the smallest positive value: flushed to 'zero', or rounded up to a 'nonzero' value (E8M0: always); else null. */
  underflow: 'zero' | 'nonzero' | null;
  /**
   * The input was past the largest finite value (or ±Inf): clipped to it ('saturated'), or without saturation
   * rounded to ±Inf ('inf'), or to NaN in a format with no Inf ('nan'); else null.
   */
  overflow: 'saturated' | 'inf' | 'nan' | null;
  /** The input is exactly halfway between two neighbouring values: ties-to-even and ties-to-away differ. */
  tie: boolean;
  /**
   * The format's two values around a finite input within its range (never for float8_e8m0fnu, nor a negative
   * input to an unsigned format): toward zero and away from zero, and the input's place between them as a
   * fraction of the step (0: the input is a value of the format, and both codes are its code).
   */
  bracket: CastBracket | null;
  /** Stochastic rounding: the share of the 2^srNumBits bit patterns that round away from zero; else null. */
  awayProbability: number | null;
  /** Stochastic rounding: the mean result over those bit patterns; else null. */
  expectedValue: number | null;
  /**
   * What the rounding comes to, the lines `typelattice layout FORMAT VALUE` prints under the value: 'overflow'
   * and 'underflow' (why the result left the range), 'shortest' (the shortest decimal that casts back to the
   * code), 'between', 'tie', and for stochastic rounding 'p(away)', 'expected' and 'draw' (the result is one draw).
   */
  facts: CastFact[];
}

/** One of a cast's facts: its name and the core's text (English), and the text as a message to translate. */
export interface CastFact {
  name: 'overflow' | 'underflow' | 'shortest' | 'between' | 'tie' | 'p(away)' | 'expected' | 'draw';
  text: string;
  /** A message (TypeLattice.renderMessage), or a string where the fact is a number or a code line. */
  textMessage: Message | string;
}

/** The two values of a format around a cast's input. */
export interface CastBracket {
  towardZeroCode: number;
  awayCode: number;
  /** Their exact values. */
  towardZero: string;
  away: string;
  /** (input − towardZero) / (away − towardZero), 0 when the input is a value of the format. */
  fraction: number;
}
