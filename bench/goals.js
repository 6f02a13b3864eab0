// The speed goals' rows, gathered from every benchmark of one `npm run bench` run and printed together at
// its end (bench/run.js): each benchmark reports the cells of its goal rows with `reportGoal`, which
// appends them as JSON lines to the file named by TOOLWIRE_BENCH_GOALS (set by run.js); a benchmark run
// on its own (no such file) prints each row as it is reported instead.
import { appendFileSync, readFileSync } from 'node:fs';

/**
 * The goal rows in the order of the speed table (docs/benchmarks.md, "Speed goals"): `key` is what a
 * benchmark reports under, `measure` the row's text, `goal` how the cells are judged.
 */
const goalRows = [
  {
    key: 'hermes',
    measure: 'whole-text Hermes parse ÷ the floor (indexOf + JSON.parse), no tools',
    goal: '>= 0.7',
  },
  { key: 'hermes-tools', measure: 'the same with tools given (alignment included)', goal: '>= 0.6' },
  { key: 'hermes-regex', measure: 'a regular expression + JSON.parse ÷ the floor, for scale', goal: '-' },
  { key: 'stream', measure: 'stream (4-character pushes) ÷ whole', goal: '<= 3' },
  {
    key: 'stream-floor',
    measure: "this API's floor ÷ whole (an event per push, raw kept, one JSON.parse)",
    goal: '-',
  },
  {
    key: 'stream-reader-floor',
    measure:
      'a reader floor ÷ whole (the API floor plus the per-character state any reader of the format keeps)',
    goal: '-',
  },
  { key: 'align', measure: 'alignValue ÷ ajv validate, valid values', goal: '<= 1.5' },
  { key: 'align-default', measure: 'alignValue ÷ ajv when one default is filled (200 B)', goal: '<= 2' },
  { key: 'lenient', measure: 'parseLenientJson speed-up over jsonrepair + JSON.parse', goal: '>= 10' },
  {
    key: 'lenient-ceiling',
    measure: 'JSON.parse alone on the repaired text, over jsonrepair + JSON.parse',
    goal: '-',
  },
  {
    key: 'lenient-floor',
    measure:
      'a repair floor (one native pass that knows the damage, then JSON.parse), over jsonrepair + JSON.parse',
    goal: '-',
  },
  {
    key: 'gbnf-time',
    measure: "GBNF generation ÷ node-llama-cpp's JSON-schema converter, time",
    goal: '<= 1',
  },
  {
    key: 'gbnf-time-same',
    measure: "GBNF generation ÷ node-llama-cpp's, time, same language (corpus schemas rewritten)",
    goal: '<= 1',
  },
  { key: 'gbnf-text', measure: "GBNF text length ÷ node-llama-cpp's", goal: '<= 1.5' },
  {
    key: 'gbnf-text-same',
    measure: "GBNF text length ÷ node-llama-cpp's, same language (corpus schemas rewritten)",
    goal: '<= 1.5',
  },
  { key: 'ebnf-time', measure: "EBNF generation ÷ xgrammar's builtin converter, time", goal: '<= 0.5' },
  { key: 'ai-sdk', measure: 'AI SDK middleware ÷ the raw stream, 4-character parts', goal: '<= 2.5' },
  {
    key: 'ai-sdk-floor',
    measure: 'an identity middleware (each part read and enqueued on its own stream) ÷ the raw stream',
    goal: '-',
  },
  { key: 'jsonl', measure: 'parse --jsonl --tools, responses per CPU-second', goal: '>= 60000' },
];

/**
 * Reports one cell of a goal row: `key` one of `goalRows`' keys, `cell` what it was measured on (a
 * size, a format, a schema), `value` the ratio or rate (a number), `note` optional text (a contender's
 * own figure).
 */
export function reportGoal(key, cell, value, note = '') {
  const row = goalRows.find((candidate) => candidate.key === key);
  if (row === undefined) throw new Error(`reportGoal: no goal row ${key}`);
  const line = { key, cell, value, note };
  const file = process.env.TOOLWIRE_BENCH_GOALS;
  if (file === undefined || file === '') {
    console.log(`goal row ${key} (${row.goal}): ${cell} ${format(value)}${verdict(row.goal, value)}`);
    return;
  }
  appendFileSync(file, `${JSON.stringify(line)}\n`);
}

/** Whether `value` meets `goal` (`'>= N'`, `'<= N'`; `'-'`: no goal), as a suffix for a cell. */
function verdict(goal, value) {
  const match = /^([<>]=) (\S+)$/.exec(goal);
  if (match === null || !Number.isFinite(value)) return '';
  const bound = Number(match[2]);
  const met = match[1] === '>=' ? value >= bound : value <= bound;
  return met ? ' met' : ' MISSED';
}

/** A cell's number: three significant digits below 1000, whole numbers above. */
function format(value) {
  if (!Number.isFinite(value)) return String(value);
  return Math.abs(value) >= 1000 ? Math.round(value).toLocaleString('en-US') : value.toPrecision(3);
}

/**
 * The speed table from the lines of a goals file, as text: per goal row in `goalRows`' order its
 * measure and goal, then each cell reported (`cell value`, the note, met / MISSED), or `not run`.
 */
export function goalSummary(file) {
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    // No benchmark reported anything (all skipped): every row is "not run".
  }
  const lines = text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line));
  const out = [];
  for (const row of goalRows) {
    out.push(`${row.measure} (goal ${row.goal})`);
    const cells = lines.filter((line) => line.key === row.key);
    if (cells.length === 0) out.push('    not run');
    for (const line of cells) {
      const note = line.note === '' ? '' : `  (${line.note})`;
      out.push(
        `    ${line.cell.padEnd(28)} ${format(line.value).padStart(8)}${verdict(row.goal, line.value)}${note}`,
      );
    }
  }
  return out.join('\n');
}
