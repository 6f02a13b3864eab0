/**
 * Planning and tallying for the parse-corpus runner: which cases run (their format is registered),
 * which are skipped, and the pass/fail table the vitest file and `report.ts` print.
 */
import { UnknownFormatError } from '../../src/errors/unknown-format-error.js';
import type { FormatDefinition } from '../../src/formats/format-definition.js';
import { getFormat } from '../../src/formats/registry.js';
import type { CaseOutcome, CorpusCase } from './parse-corpus.js';

export interface PlannedCase {
  readonly testCase: CorpusCase;
  readonly format: FormatDefinition;
}

export interface CorpusPlan {
  /** Cases whose format (id or alias) is registered, in corpus order. */
  readonly runnable: readonly PlannedCase[];
  /** Cases of formats that are not registered. */
  readonly skipped: readonly CorpusCase[];
}

/** Splits the corpus by whether `getFormat` knows each case's format (`UnknownFormatError` → skipped). */
export function planCorpus(cases: readonly CorpusCase[]): CorpusPlan {
  const runnable: PlannedCase[] = [];
  const skipped: CorpusCase[] = [];
  const cache = new Map<string, FormatDefinition | undefined>();
  for (const testCase of cases) {
    if (!cache.has(testCase.format)) {
      try {
        cache.set(testCase.format, getFormat(testCase.format));
      } catch (error) {
        if (!(error instanceof UnknownFormatError)) throw error;
        cache.set(testCase.format, undefined);
      }
    }
    const format = cache.get(testCase.format);
    if (format) runnable.push({ testCase, format });
    else skipped.push(testCase);
  }
  return { runnable, skipped };
}

export interface Tally {
  pass: number;
  fail: number;
  expectedFailure: number;
  skipped: number;
  /** Among `fail`: whole-text mismatches (not excused), nothing-lost, streaming, exceptions. */
  mismatch: number;
  lost: number;
  split: number;
  thrown: number;
}

const emptyTally = (): Tally => ({
  pass: 0,
  fail: 0,
  expectedFailure: 0,
  skipped: 0,
  mismatch: 0,
  lost: 0,
  split: 0,
  thrown: 0,
});

export interface CorpusSummary {
  /** Keyed by the corpus's format id (with `→ our id` when it is an alias). */
  readonly byFormat: ReadonlyMap<string, Tally>;
  readonly byFile: ReadonlyMap<string, Tally>;
  readonly total: Tally;
  readonly skippedByFormat: ReadonlyMap<string, number>;
}

function add(tally: Tally, outcome: CaseOutcome): void {
  if (outcome.status === 'pass') tally.pass++;
  else if (outcome.status === 'expected-failure') tally.expectedFailure++;
  else tally.fail++;
  if (outcome.status === 'fail') {
    if (outcome.expectedFailure === undefined && outcome.mismatches.length > 0) tally.mismatch++;
    if (outcome.expectedFailure !== undefined && outcome.mismatches.length === 0) tally.mismatch++;
    if (outcome.lost.length > 0) tally.lost++;
    if (outcome.splitFailures.length > 0) tally.split++;
    if (outcome.thrown !== undefined) tally.thrown++;
  }
}

function formatLabel(outcome: CaseOutcome): string {
  const id = outcome.testCase.format;
  return outcome.formatId === id ? id : `${id} → ${outcome.formatId}`;
}

export function summarize(outcomes: readonly CaseOutcome[], skipped: readonly CorpusCase[]): CorpusSummary {
  const byFormat = new Map<string, Tally>();
  const byFile = new Map<string, Tally>();
  const total = emptyTally();
  const skippedByFormat = new Map<string, number>();
  const tallyOf = (map: Map<string, Tally>, key: string): Tally => {
    let tally = map.get(key);
    if (!tally) {
      tally = emptyTally();
      map.set(key, tally);
    }
    return tally;
  };
  for (const outcome of outcomes) {
    add(tallyOf(byFormat, formatLabel(outcome)), outcome);
    add(tallyOf(byFile, outcome.testCase.file), outcome);
    add(total, outcome);
  }
  for (const testCase of skipped) {
    tallyOf(byFile, testCase.file).skipped++;
    total.skipped++;
    skippedByFormat.set(testCase.format, (skippedByFormat.get(testCase.format) ?? 0) + 1);
  }
  return {
    byFormat: new Map([...byFormat].sort(([a], [b]) => a.localeCompare(b))),
    byFile: new Map([...byFile].sort(([a], [b]) => a.localeCompare(b))),
    total,
    skippedByFormat: new Map([...skippedByFormat].sort(([a], [b]) => a.localeCompare(b))),
  };
}

const percent = (part: number, whole: number): string =>
  whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)}%`;

function table(title: string, rows: ReadonlyMap<string, Tally>, withSkipped: boolean): string[] {
  const header = [
    'pass',
    'fail',
    'xfail',
    ...(withSkipped ? ['skip'] : []),
    'pass%',
    ' | mism',
    'lost',
    'split',
    'throw',
  ];
  const width = Math.max(title.length, ...[...rows.keys()].map((key) => key.length));
  const line = (label: string, cells: string[]): string =>
    `${label.padEnd(width)}  ${cells.map((cell, index) => cell.padStart((header[index] ?? '').length)).join('  ')}`;
  const out = [line(title, header)];
  for (const [key, tally] of rows) {
    const ran = tally.pass + tally.fail + tally.expectedFailure;
    out.push(
      line(key, [
        String(tally.pass),
        String(tally.fail),
        String(tally.expectedFailure),
        ...(withSkipped ? [String(tally.skipped)] : []),
        percent(tally.pass, ran),
        `| ${String(tally.mismatch).padStart(4)}`,
        String(tally.lost),
        String(tally.split),
        String(tally.thrown),
      ]),
    );
  }
  return out;
}

/**
 * The report: one table per format, one per corpus file, the total (pass percentage over the cases of
 * implemented formats) and the skipped cases per unimplemented format. The columns after `|` break the
 * failures down (a case can count in several): whole-text mismatch, nothing lost, streaming, exception.
 */
export function renderSummary(summary: CorpusSummary): string {
  const { total } = summary;
  const ran = total.pass + total.fail + total.expectedFailure;
  const lines = [
    'parse corpus conformance',
    '',
    ...table('format', summary.byFormat, false),
    '',
    ...table('source file', summary.byFile, true),
    '',
    `total: ${total.pass}/${ran} passed (${percent(total.pass, ran)}) over ${summary.byFormat.size} implemented format(s); ` +
      `${total.fail} failed, ${total.expectedFailure} expected failure(s); ${total.skipped} skipped`,
  ];
  if (summary.skippedByFormat.size > 0) {
    const list = [...summary.skippedByFormat].map(([format, count]) => `${format} ${count}`).join(', ');
    lines.push(`skipped by unimplemented format (${summary.skippedByFormat.size}): ${list}`);
  }
  return lines.join('\n');
}

/** A failing case, as the test and the report print it: format, id, source, and the problems. */
export function describeFailure(outcome: CaseOutcome): string {
  const { testCase } = outcome;
  const head = `${formatLabel(outcome)} ${testCase.id} (${testCase.source}${testCase.test ? `, ${testCase.test}` : ''})`;
  const notes = [
    outcome.partial ? 'partial: checked on the state before finish()' : '',
    outcome.prefix !== '' ? `prepended ${JSON.stringify(outcome.prefix)} from the generation prompt` : '',
  ].filter((note) => note !== '');
  return [
    head,
    ...notes.map((note) => `  note: ${note}`),
    ...outcome.problems.map((problem) => `  - ${problem}`),
  ].join('\n');
}
