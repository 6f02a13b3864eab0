// Sink: the flags, issues and flag score one alignment attempt collects, and `finish`, which turns
// the chosen attempt into an `AlignResult`.

import { issue } from './align-issue.js';
import {
  type AlignFlag,
  type AlignFlagKind,
  type AlignIssue,
  type AlignResult,
  FLAG_SCORES,
} from './align-result.js';

/** The flags and issues of a value that needed nothing: one frozen empty list each, shared. */
export const NO_FLAGS: readonly AlignFlag[] = Object.freeze([]);
export const NO_ISSUES: readonly AlignIssue[] = Object.freeze([]);

/** Collects flags, issues and the flag score of one alignment attempt. */
export class Sink {
  flags: AlignFlag[] = [];
  issues: AlignIssue[] = [];
  score = 0;

  flag(path: string, kind: AlignFlagKind, extra = 0): void {
    this.flags.push({ path, kind });
    this.score += FLAG_SCORES[kind] + extra;
  }

  add(entry: AlignIssue): void {
    this.issues.push(entry);
  }

  merge(other: Sink): void {
    for (const flag of other.flags) this.flags.push(flag);
    for (const entry of other.issues) this.issues.push(entry);
    this.score += other.score;
  }
}

/** Turns a sink into a result; in strict mode each flag also becomes an issue. */
export function finish(value: unknown, sink: Sink, strict: boolean): AlignResult {
  const flags = sink.flags;
  let issues = sink.issues;
  if (strict && flags.length > 0) {
    issues = issues.concat(
      flags.map((flag) =>
        issue(
          flag.path,
          flag.kind,
          'a value of the declared type',
          'a value that needed coercion',
          `coercion not allowed in strict mode: ${flag.kind}`,
        ),
      ),
    );
  }
  return { value, flags, issues };
}
