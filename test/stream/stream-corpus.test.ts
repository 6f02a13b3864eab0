/**
 * Issue 5, item 1: the streaming guarantees of `createToolCallStream`, over the whole parse corpus at
 * every chunking of `splits()` (2-way splits for a sample of cases; see `stream-corpus.ts`). A format
 * that breaks a guarantee is listed in `known-violations.json` (`"<format>": { "<guarantee>": "why" }`);
 * an entry that no longer fails makes the test fail, so the file stays honest.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadParseCorpus } from '../conformance/parse-corpus.js';
import { skipCorpus } from '../corpus.js';
import { casesByFormat, reportFormat } from './stream-corpus.js';

const corpus = loadParseCorpus();
const knownFile = new URL('./known-violations.json', import.meta.url);
const known: Record<string, Record<string, string>> = existsSync(fileURLToPath(knownFile))
  ? Object.fromEntries(
      Object.entries(
        JSON.parse(readFileSync(knownFile, 'utf8')) as Record<string, Record<string, string>>,
      ).filter(([key]) => !key.startsWith('$')),
    )
  : {};

if (corpus === undefined) {
  skipCorpus('parse/', 'streaming guarantees (parse corpus)');
} else {
  const byFormat = casesByFormat(corpus);
  const lines: string[] = [];
  afterAll(() => console.log(`streaming guarantees over the parse corpus:\n${lines.join('\n')}`));

  describe('streaming guarantees (parse corpus)', () => {
    for (const [formatId, cases] of byFormat) {
      it(`${formatId} (every chunking)`, () => {
        const report = reportFormat(cases);
        const broken = new Map<string, string[]>();
        for (const violation of report.violations) {
          const list = broken.get(violation.guarantee) ?? [];
          list.push(`${violation.caseId} (${violation.split}): ${violation.detail}`);
          broken.set(violation.guarantee, list);
        }
        lines.push(
          `  ${formatId}: ${cases.length} cases, ${report.runs} chunkings, ${report.stats.calls} calls (${report.stats.byteEqual} with deltas byte-equal to JSON.stringify(input))` +
            (broken.size > 0
              ? `; broken: ${[...broken].map(([g, list]) => `${g} ×${list.length}`).join(', ')}`
              : ''),
        );
        expect(report.thrown, 'exceptions').toEqual([]);
        const expected = known[formatId] ?? {};
        const unexpected = [...broken].filter(([guarantee]) => expected[guarantee] === undefined);
        expect(
          unexpected.map(
            ([guarantee, list]) =>
              `${guarantee}: ${list.length} case(s), e.g.\n${list.slice(0, 3).join('\n')}`,
          ),
          `${formatId} breaks streaming guarantees`,
        ).toEqual([]);
        const stale = Object.keys(expected).filter((guarantee) => !broken.has(guarantee));
        expect(stale, `${formatId}: known-violations.json entries that hold now (remove them)`).toEqual([]);
      });
    }
  });
}
