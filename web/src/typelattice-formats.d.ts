// Typings of the format handle (web/src/format-handle.mjs, tl.format), part of TypeLattice (typelattice.d.ts).
import type { Category, CastResult, CastValueOptions, CodeLayout, FormatEntry, Handle } from './typelattice.js';

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
  | 'relativeError' | 'underflow'>;

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
