/**
 * Runs the streaming guarantees (`stream-guarantees.ts`) over every case of the parse corpus: the
 * whole-text run, one code unit per chunk, the five seeded random chunkings and the source's own
 * chunks for every case, and every 2-way split for a sample (every `twoWaySample`-th case of a format),
 * all from `splits()` of the corpus runner. No vitest import (see `stream-corpus.test.ts`).
 */
import type { FormatDefinition } from '../../src/formats/format-definition.js';
import { type CorpusCase, optionsFor, preparedInput, splits } from '../conformance/parse-corpus.js';
import { type PlannedCase, planCorpus } from '../conformance/parse-corpus-summary.js';
import {
  type ArgumentStats,
  checkRun,
  finalText,
  type Guarantee,
  mergeDeltas,
  streamRun,
  type Violation,
} from './stream-guarantees.js';

/** Every n-th case of a format also gets every 2-way split. */
export const twoWaySample = 8;

export interface CaseViolation extends Violation {
  readonly caseId: string;
  readonly split: string;
}

export interface FormatReport {
  readonly cases: number;
  readonly runs: number;
  readonly violations: CaseViolation[];
  readonly stats: ArgumentStats;
  readonly thrown: string[];
}

/** The corpus's runnable cases grouped by format id, in corpus order. */
export function casesByFormat(corpus: readonly CorpusCase[]): Map<string, PlannedCase[]> {
  const byFormat = new Map<string, PlannedCase[]>();
  for (const planned of planCorpus(corpus).runnable) {
    const list = byFormat.get(planned.format.id) ?? [];
    list.push(planned);
    byFormat.set(planned.format.id, list);
  }
  return byFormat;
}

/** Checks every case of one format (see `checkCaseStreaming`) and returns the report. */
export function reportFormat(cases: readonly PlannedCase[]): FormatReport {
  const report: FormatReport = {
    cases: cases.length,
    runs: 0,
    violations: [],
    stats: { calls: 0, byteEqual: 0 },
    thrown: [],
  };
  cases.forEach(({ testCase, format }, position) => {
    checkCaseStreaming(testCase, format, position, report);
  });
  return report;
}

/** Checks one case; `position` is its index among its format's cases (for the 2-way sample). */
export function checkCaseStreaming(
  testCase: CorpusCase,
  format: FormatDefinition,
  position: number,
  report: FormatReport & { runs: number },
): void {
  const { text, prefix } = preparedInput(testCase);
  const options = optionsFor(testCase);
  const record = (split: string, violations: readonly Violation[]): void => {
    for (const violation of violations) report.violations.push({ ...violation, caseId: testCase.id, split });
  };
  let whole: ReturnType<typeof streamRun>;
  try {
    whole = streamRun(format, options, [text]);
  } catch (error) {
    report.thrown.push(`${testCase.id}: whole text threw ${(error as Error).message}`);
    return;
  }
  const wholeEvents = whole.flat();
  const wholeMerged = mergeDeltas(wholeEvents);
  const final = finalText(wholeEvents);
  record('whole text', checkRun(whole, undefined, final, report.stats));
  const sourceChunks = testCase.options?.chunks;
  const chunks =
    sourceChunks && prefix !== ''
      ? [prefix + (sourceChunks[0] ?? ''), ...sourceChunks.slice(1)]
      : sourceChunks;
  const withTwoWay = position % twoWaySample === 0;
  const seen = new Set<Guarantee>();
  for (const split of splits(text, chunks)) {
    if (!withTwoWay && split.label.startsWith('2-way')) continue;
    report.runs++;
    let violations: Violation[];
    try {
      violations = checkRun(streamRun(format, options, split.chunks), wholeMerged, final);
    } catch (error) {
      report.thrown.push(`${testCase.id}: ${split.label} threw ${(error as Error).message}`);
      continue;
    }
    // One example per guarantee and case is enough.
    const fresh = violations.filter((violation) => !seen.has(violation.guarantee));
    for (const violation of fresh) seen.add(violation.guarantee);
    record(split.label, fresh);
  }
}
