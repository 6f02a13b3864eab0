// The types a compiled schema node is kept in: shared by the aligner and the code that compiles for it.
import type { AlignResult } from './align-result.js';

/** What `compileAligner` generates for one schema node. */
export interface CompiledAligner {
  /** `exactMatch(value, node, 0)` of the interpreter: same answer, same `pattern` reports. */
  readonly exact: (value: unknown) => boolean;
  /**
   * For a node that is one object option: `alignValue`'s result when the value is the simple case
   * (every key declared and exact; the properties left out optional, their defaults filled), else
   * `undefined`. Absent for other nodes.
   */
  readonly align: ((value: unknown, strict: boolean) => AlignResult | undefined) | undefined;
}

/** Compilation state of one schema node for one aligner: what interpreting it cost, then the outcome. */
export interface CompilePlan {
  calls: number;
  /** Milliseconds spent interpreting it so far (where a clock is available). */
  spent: number;
  /** The compiled aligner; `null` when the interpreter keeps the node; `undefined` until compiled. */
  compiled: CompiledAligner | null | undefined;
}
