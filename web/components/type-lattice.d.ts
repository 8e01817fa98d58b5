// Typings of `typelattice/element`: importing it registers <type-lattice> (in a browser; on a server the import
// does nothing).
import type { CreateOptions, PromotionOptions } from './typelattice.js';

/** The `select` event's detail: the selected dtypes, their join, or the promotion error's text. */
export interface TypeLatticeSelectDetail {
  selected: string[];
  join: string | null;
  error: string | null;
}

/**
 * <type-lattice system="jax" mode="standard|strict" x64="on|off" select="float16,bfloat16"
 * view="lattice|table" types="docs|all">. Fires `select` (CustomEvent<TypeLatticeSelectDetail>) when the
 * selection changes; sets `data-ready="true"` once drawn (or once an error is shown).
 */
export class TypeLatticeElement extends HTMLElement {
  static readonly observedAttributes: string[];
  /** The promotion options from the attributes. */
  readonly options: Required<PromotionOptions>;
  /** The selected dtypes, canonical names. */
  readonly selected: string[];
}

/** Options of the module all elements on the page share (e.g. { locateFile }); call before the first element renders. */
export function setModuleOptions(options: CreateOptions): void;

declare global {
  interface HTMLElementTagNameMap {
    'type-lattice': TypeLatticeElement;
  }
}
