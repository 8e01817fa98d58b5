// Typings for typelattice.mjs, continued: what the promotion calls return (systems, tables, lattices, graphs,
// selections, compare). typelattice.d.ts re-exports every type here.
import type { Edge, ModeName, SystemName } from './typelattice.js';

export type CellDifference = 'same' | 'weak-scalar' | 'integer-float' | 'missing-type' | 'disagreement';

/** Result of {@link TypeLattice.compareTables}. */
export interface TableComparison {
  types: string[];
  cells: { here: string | null; there: string | null; kind: CellDifference }[][];
  /** How many cells of each class. */
  counts: Record<CellDifference, number>;
  /** Where each system's table comes from, e.g. "NumPy, as the JAX type promotion design document's appendix (2021) gives it". */
  source: string;
  otherSource: string;
}

/** A promotion system and whether its promotion behaves like a lattice join. */
export interface SystemEntry {
  name: SystemName;
  /** e.g. 'NumPy 2 (NEP 50)', '2.x', and where its data comes from (a file at a commit, or a page). */
  title: string;
  version: string;
  source: string;
  /** How its promotion is given. */
  kind: 'lattice' | 'partial lattice' | 'table' | 'rules';
  /** Same as checkSystem({ system: name }).isLattice. */
  isLattice: boolean;
  /** Whether it takes mode 'strict' and x64 false (JAX's settings); the others refuse them. */
  modes: boolean;
  /** Where `source` can be read: the file at that commit on GitHub, or the page. */
  sourceUrl: string;
}

/** One system's answer in {@link TypeLattice.compare}: a result, or why there is none. */
export interface CompareRow {
  system: SystemName;
  title: string;
  version: string;
  result: string | null;
  /** Why there is no result, in English: the library's own words where it raises, else this project's. */
  error: string | null;
  /**
   * The error as a message to translate where this project words it (a '-' cell of the appendix tables, the array
   * API's unspecified cases, C++'s ill-formed ones, what a system does with a value out of range); a string where it
   * is the library's own words; null with a result.
   */
  errorMessage: Message | string | null;
  /** Where a Python value takes part and there is a result: what the system does with the value. */
  note: string | null;
  /** The note as a message to translate (see Selection.reasonMessage), or null with no note. */
  noteMessage: Message | null;
  /** The mode and x64 setting the row was answered in; null for a system without them (its one mode). */
  mode: ModeName | null;
  x64: boolean | null;
  /** The row as `typelattice compare` prints it: 'SYSTEM: RESULT' or 'SYSTEM: error text'. */
  line: string;
  source: string;
  sourceUrl: string;
}

/** A promotion table: cells[row][col] = promote(types[row], types[col]), null where there is none. */
export interface PromotionTable {
  types: string[];
  cells: (string | null)[][];
}

/** A node with its drawing position in the unit box (x: promotion direction, left to right). */
export interface PositionedNode {
  name: string;
  x: number;
  y: number;
}

/** A lattice ready to draw. */
export interface LatticeDrawing {
  nodes: PositionedNode[];
  edges: Edge[];
}

/** A user graph: named nodes and "may promote to" edges. */
export interface Graph {
  nodes: string[];
  edges: Edge[];
}

/** Why a system's table is not a lattice join. */
export interface TableViolation {
  kind: 'not_commutative' | 'not_associative' | 'not_idempotent';
  /** The pair or triple of dtypes. */
  inputs: string[];
  /** (a∨b)∨c, or a∨b. */
  left: string | null;
  /** a∨(b∨c), or b∨a. */
  right: string | null;
  description: string;
}

/** Result of {@link TypeLattice.checkSystem}. */
export interface SystemCheck {
  isLattice: boolean;
  violation: TableViolation | null;
}

/** Why a graph is not a lattice. */
export interface LatticeViolation {
  kind: 'cycle' | 'no_upper_bound' | 'no_least_upper_bound';
  /** The pair without a (least) upper bound; null for a cycle. */
  a: string | null;
  b: string | null;
  /** The competing minimal upper bounds (no_least_upper_bound). */
  competing: string[];
  /** The nodes around the cycle, the first repeated at the end (cycle). */
  cycle: string[];
  description: string;
  /** The description as a message, to render in another language with renderMessage. */
  descriptionMessage: Message;
}

/** Result of {@link TypeLattice.checkLattice}. */
export interface LatticeCheck {
  isLattice: boolean;
  violation: LatticeViolation | null;
  /** Drawing positions for the graph's nodes. */
  layout: PositionedNode[];
}

/** Result of {@link TypeLattice.joinOnGraph}: the same answer as {@link Selection}, which is the full one. */
export interface GraphJoin {
  /** The least upper bound of the selection, or null. */
  join: string | null;
  /** The join alone, or the competing minimal upper bounds (empty: no upper bound at all). */
  minimalUpperBounds: string[];
  /** Edges on a shortest path from each selected node up to the join. */
  pathEdges: Edge[];
  /** Why there is no join (the Selection's `text`), or ''. */
  description: string;
  /** The description as a message (renderMessage), or '' where there is a join. */
  descriptionMessage: Message | string;
}

/** Result of {@link SystemHandle.select} and {@link GraphHandle.select}: what a selection means. */
export interface Selection {
  /** The join (a system's own promotion, or a graph's least upper bound), or null. */
  join: string | null;
  /** Edges of the drawn graph on shortest paths from each selected node up to the join. */
  pathEdges: Edge[];
  /** No join: the minimal upper bounds that compete (two or more), else []. */
  minimalUpperBounds: string[];
  /** The competing bounds promote to one another around this cycle (first repeated at the end), else []. */
  cycle: string[];
  /** `join: NAME`, or why there is none: the first line `typelattice select` prints. */
  text: string;
  /** The text as a message, to render in another language with renderMessage (a library's error is a literal). */
  textMessage: Message | string;
  /**
   * Why this join, one sentence from the core (typelattice/join_reason.h), as `typelattice promote --explain`
   * prints it: for a system and one or two types, what the types hold and the system's rule; for a graph, the
   * paths to the least upper bound. Empty without a join, and for three or more types of a system.
   */
  reason: string;
  /**
   * The reason as a message to translate (typelattice/message.h): its `id` is the English pattern, in which %1,
   * %2, … stand for its `args`; an arg is a literal (a dtype or node name, a number: never translated) or a
   * message of its own. Filling each pattern with its args gives `reason`; an empty reason is the string ''.
   */
  reasonMessage: Message | string;
}

/** A sentence the core computes, as data: see Selection.reasonMessage. */
export interface Message {
  id: string;
  args: (Message | string)[];
}
