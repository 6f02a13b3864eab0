import { loadParseCorpus } from '../conformance/parse-corpus.js';
import { planCorpus } from '../conformance/parse-corpus-summary.js';
import { checkCaseStreaming, type FormatReport } from '../stream/stream-corpus.js';

const corpus = loadParseCorpus()!;
const byFormat = new Map<string, any[]>();
for (const p of planCorpus(corpus).runnable) {
  const l = byFormat.get(p.format.id) ?? [];
  l.push(p);
  byFormat.set(p.format.id, l);
}
const only = process.argv[2];
for (const [id, cases] of byFormat) {
  if (only && id !== only) continue;
  const t = performance.now();
  const report: FormatReport = {
    cases: cases.length,
    runs: 0,
    violations: [],
    stats: { calls: 0, byteEqual: 0 },
    thrown: [],
  };
  cases.forEach(({ testCase, format }, i) => checkCaseStreaming(testCase, format, i, report));
  const by = new Map<string, number>();
  for (const v of report.violations) by.set(v.guarantee, (by.get(v.guarantee) ?? 0) + 1);
  console.log(
    `${id}: ${cases.length} cases ${report.runs} runs ${(performance.now() - t).toFixed(0)} ms calls ${report.stats.calls} byteEq ${report.stats.byteEqual} thrown ${report.thrown.length} ${[...by].map(([g, n]) => `${g}×${n}`).join(' ')}`,
  );
  if (process.argv[3])
    for (const v of report.violations.slice(0, Number(process.argv[3])))
      console.log(`   ${v.guarantee} ${v.caseId} [${v.split}] ${v.detail}`);
  for (const x of report.thrown.slice(0, 3)) console.log('   THROWN', x);
}
