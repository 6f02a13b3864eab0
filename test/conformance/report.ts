/**
 * Parse-corpus report, for whoever is implementing a format:
 *
 *   npx vite-node test/conformance/report.ts [--format ID] [--failures] [--case ID] [--no-splits]
 *
 * - `--format ID`: only cases of that format (a corpus id, or our id / alias: all corpus ids that map to it).
 * - `--failures`: print every failing case: id, input, expected, actual and the reasons.
 * - `--case ID`: print that case in full, passing or not (repeatable).
 * - `--no-splits`: skip the chunkings (faster; streaming problems are then not reported).
 *
 * Always prints the table and the cases excluded through `test/expectations/parse.json`.
 */
import { UnknownFormatError } from '../../src/errors/unknown-format-error.js';
import { getFormat } from '../../src/formats/registry.js';
import {
  type CaseOutcome,
  type CorpusCase,
  corpusDirectory,
  evaluateCase,
  expectationsFile,
  loadExpectations,
  loadParseCorpus,
} from './parse-corpus.js';
import { describeFailure, planCorpus, renderSummary, summarize } from './parse-corpus-summary.js';

interface Arguments {
  format?: string;
  failures: boolean;
  cases: string[];
  splits: boolean;
}

function parseArguments(argv: readonly string[]): Arguments {
  const result: Arguments = { failures: false, cases: [], splits: true };
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index];
    const value = (): string => {
      const next = argv[++index];
      if (next === undefined) throw new Error(`${argument} needs a value`);
      return next;
    };
    if (argument === '--format') result.format = value();
    else if (argument === '--case') result.cases.push(value());
    else if (argument === '--failures') result.failures = true;
    else if (argument === '--no-splits') result.splits = false;
    else if (argument === '--help' || argument === '-h') {
      console.log(
        'usage: npx vite-node test/conformance/report.ts [--format ID] [--failures] [--case ID] [--no-splits]',
      );
      process.exit(0);
    } else throw new Error(`unknown argument ${argument} (try --help)`);
  }
  return result;
}

const truncate = (text: string, limit: number): string =>
  text.length > limit ? `${text.slice(0, limit)}… (${text.length} chars in all)` : text;

const json = (value: unknown): string => JSON.stringify(value);

/** The formats a `--format` value selects: the corpus id itself, and our id when it resolves. */
function formatMatcher(wanted: string | undefined): (testCase: CorpusCase) => boolean {
  if (wanted === undefined) return () => true;
  let ours: string | undefined;
  try {
    ours = getFormat(wanted).id;
  } catch (error) {
    if (!(error instanceof UnknownFormatError)) throw error;
  }
  return (testCase) => {
    if (testCase.format === wanted) return true;
    if (ours === undefined) return false;
    try {
      return getFormat(testCase.format).id === ours;
    } catch {
      return false;
    }
  };
}

function printCase(outcome: CaseOutcome): void {
  const { testCase } = outcome;
  const options = { ...(testCase.options ?? {}) };
  for (const key of ['template', 'model', 'parser', 'chunks']) delete options[key];
  console.log(`\n=== ${testCase.id}  [${outcome.status}]`);
  console.log(describeFailure(outcome).split('\n').slice(1).join('\n') || '  (no problems)');
  console.log(`  source:   ${testCase.source}${testCase.line !== undefined ? ` line ${testCase.line}` : ''}`);
  if (testCase.notes) console.log(`  notes:    ${truncate(testCase.notes, 400)}`);
  console.log(`  input:    ${truncate(json(testCase.input), 400)}`);
  if (outcome.prefix !== '') console.log(`  fed:      ${truncate(json(outcome.text), 400)}`);
  console.log(`  tools:    ${testCase.tools.map((tool) => tool.name).join(', ') || '(none passed)'}`);
  console.log(
    `  options:  ${truncate(json(options), 400)}  → ${json({ ...outcome.options, tools: undefined })}`,
  );
  if (testCase.checks) console.log(`  checks:   ${json(testCase.checks)}`);
  console.log(`  expected: ${truncate(json(testCase.expected), 800)}`);
  const run = outcome.run;
  if (!run) {
    console.log('  actual:   (the parse threw)');
    return;
  }
  const shown = outcome.partial ? run.prefix : run.result;
  const calls = shown.toolCalls.map((call) => ({ id: call.id, name: call.name, arguments: call.arguments }));
  const invalid = shown.invalidToolCalls.map((call) => ({
    name: call.name,
    error: call.error,
    raw: truncate(call.raw, 120),
  }));
  console.log(`  actual${outcome.partial ? ' (state before finish())' : ''}:`);
  console.log(`    content:   ${truncate(json(shown.content), 400)}`);
  console.log(`    reasoning: ${truncate(json(shown.reasoning), 400)}`);
  console.log(`    calls:     ${truncate(json(calls), 800)}`);
  if (invalid.length > 0) console.log(`    invalid:   ${truncate(json(invalid), 800)}`);
  if (run.markup) console.log(`    markup:    ${truncate(json(run.markup), 400)}`);
}

function main(): void {
  const args = parseArguments(process.argv.slice(2));
  const corpus = loadParseCorpus();
  if (corpus === undefined) {
    console.log(`parse corpus not found at ${corpusDirectory.pathname}: nothing to report`);
    return;
  }
  const expectations = loadExpectations();
  const matches = formatMatcher(args.format);
  const selected = corpus.filter(matches);
  if (selected.length === 0) {
    const known = [...new Set(corpus.map((testCase) => testCase.format))].sort().join(', ');
    console.log(`no corpus case has format ${json(args.format)}; corpus formats: ${known}`);
    return;
  }
  const plan = planCorpus(selected);
  const started = performance.now();
  const outcomes = plan.runnable.map(({ testCase, format }) =>
    evaluateCase(testCase, format, expectations.get(testCase.id), { splits: args.splits }),
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);

  if (args.failures) {
    const failing = outcomes.filter((outcome) => outcome.status === 'fail');
    console.log(`${failing.length} failing case(s):`);
    for (const outcome of failing) printCase(outcome);
    console.log('');
  }
  for (const id of args.cases) {
    const outcome = outcomes.find((candidate) => candidate.testCase.id === id);
    if (outcome) printCase(outcome);
    else {
      const known = selected.find((testCase) => testCase.id === id);
      console.log(
        `\n=== ${id}: ${known ? `format ${known.format} is not registered` : 'not in the (selected) corpus'}`,
      );
    }
  }
  if (args.cases.length > 0) console.log('');

  console.log(renderSummary(summarize(outcomes, plan.skipped)));
  console.log(`(${outcomes.length} case(s) in ${seconds} s${args.splits ? '' : ', chunkings skipped'})`);

  const path = expectationsFile.pathname;
  const listed = selected.filter((testCase) => expectations.has(testCase.id));
  if (listed.length === 0) console.log(`\nno selected case is excluded through ${path}`);
  else {
    console.log(`\nexcluded through ${path} (expected to fail the whole-text check):`);
    const byId = new Map(outcomes.map((outcome) => [outcome.testCase.id, outcome]));
    for (const testCase of listed) {
      const outcome = byId.get(testCase.id);
      const state =
        outcome === undefined
          ? `not run: format ${testCase.format} is not registered`
          : outcome.run === undefined
            ? 'not checked: the parse threw'
            : outcome.mismatches.length === 0
              ? 'PASSES NOW, remove the entry'
              : 'still fails';
      console.log(`  ${testCase.id} [${state}]: ${expectations.get(testCase.id)}`);
    }
  }
  const ids = new Set(corpus.map((testCase) => testCase.id));
  const stale = [...expectations.keys()].filter((id) => !ids.has(id));
  if (stale.length > 0) console.log(`\nentries naming no corpus case: ${stale.join(', ')}`);
}

main();
