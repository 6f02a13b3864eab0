import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { expect, it } from 'vitest';
import { parseLenientJson } from '../../src/json/index.js';
import { corpusUrl, describeCorpus } from '../corpus.js';

// jsonrepair's own test suite as data (see shared/corpus/README-coerce-repair-grammar.md, section 1).
const corpusFile = 'repair/jsonrepair.jsonl';
// Cases where we deliberately answer differently, with the reason. Kept honest both ways below.
const expectationsUrl = new URL('../expectations/jsonrepair.json', import.meta.url);

interface CorpusCase {
  id: string;
  input: string;
  expected: string | { throws: true; message: string; position: number };
}

const deliberate = JSON.parse(readFileSync(expectationsUrl, 'utf8')) as Record<string, string>;

function passes(testCase: CorpusCase & { expected: string }): boolean {
  const result = parseLenientJson(testCase.input);
  return result.ok && isDeepStrictEqual(result.value, JSON.parse(testCase.expected));
}

describeCorpus(corpusFile, 'jsonrepair corpus', () => {
  const cases = readFileSync(corpusUrl(corpusFile), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as CorpusCase);

  const repairCases = cases.filter((testCase): testCase is CorpusCase & { expected: string } => {
    return typeof testCase.expected === 'string';
  });
  const throwingCases = cases.filter((testCase) => typeof testCase.expected !== 'string');

  it('matches jsonrepair on at least 98% of the cases with a valid answer', () => {
    const unexpectedFailures: string[] = [];
    const stalePasses: string[] = [];
    let passed = 0;
    for (const testCase of repairCases) {
      const ok = passes(testCase);
      if (ok) passed++;
      const listed = Object.hasOwn(deliberate, testCase.id);
      if (!ok && !listed) unexpectedFailures.push(`${testCase.id}: ${JSON.stringify(testCase.input)}`);
      if (ok && listed) stalePasses.push(testCase.id);
    }
    const rate = (100 * passed) / repairCases.length;
    console.log(
      `jsonrepair corpus: ${passed}/${repairCases.length} cases match (${rate.toFixed(1)}%), ` +
        `${Object.keys(deliberate).length} deliberately differ`,
    );
    expect(unexpectedFailures, 'failing cases not listed in test/expectations/jsonrepair.json').toEqual([]);
    expect(stalePasses, 'listed cases that now pass: remove them from the expectations file').toEqual([]);
    expect(rate).toBeGreaterThanOrEqual(98);
  });

  it('lists only cases that exist', () => {
    const ids = new Set(repairCases.map((testCase) => testCase.id));
    expect(Object.keys(deliberate).filter((id) => !ids.has(id))).toEqual([]);
  });

  it('never throws where jsonrepair throws', () => {
    for (const testCase of throwingCases) {
      expect(() => parseLenientJson(testCase.input), testCase.id).not.toThrow();
    }
  });
});
