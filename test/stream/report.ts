/**
 * Debugging CLI for the streaming guarantees over the parse corpus (what `stream-corpus.test.ts` checks):
 *
 *   npx vite-node test/stream/report.ts [FORMAT] [MAX_VIOLATIONS_SHOWN]
 *
 * Prints, per format: cases, chunkings run, time, calls (and how many had deltas byte-equal to
 * `JSON.stringify(input)`), and the broken guarantees with examples.
 */
import { loadParseCorpus } from '../conformance/parse-corpus.js';
import { casesByFormat, reportFormat } from './stream-corpus.js';

const corpus = loadParseCorpus();
if (corpus === undefined) {
  console.log('parse corpus not found');
  process.exit(0);
}
const [only, shown = '3'] = process.argv.slice(2);
for (const [id, cases] of casesByFormat(corpus)) {
  if (only !== undefined && id !== only) continue;
  const start = performance.now();
  const report = reportFormat(cases);
  const counts = new Map<string, number>();
  for (const violation of report.violations)
    counts.set(violation.guarantee, (counts.get(violation.guarantee) ?? 0) + 1);
  console.log(
    `${id}: ${cases.length} cases, ${report.runs} chunkings, ${(performance.now() - start).toFixed(0)} ms, ${report.stats.calls} calls (${report.stats.byteEqual} byte-equal)` +
      [...counts].map(([guarantee, count]) => `, ${guarantee} ×${count}`).join(''),
  );
  for (const violation of report.violations.slice(0, Number(shown)))
    console.log(`  ${violation.guarantee} ${violation.caseId} [${violation.split}]: ${violation.detail}`);
  for (const thrown of report.thrown.slice(0, 3)) console.log(`  threw: ${thrown}`);
}
