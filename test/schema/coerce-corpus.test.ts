import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Sink } from '../../src/schema/align-sink.js';
import { Aligner } from '../../src/schema/aligner.js';
import { SchemaRoot } from '../../src/schema/index.js';
import type { JSONSchema } from '../../src/types/json-schema.js';
import { skipCorpus } from '../corpus.js';
import { type CoerceOutcome, corpusDirectory, loadCorpus, runCase } from './coerce-corpus.js';

const expectations = JSON.parse(
  readFileSync(new URL('../expectations/coerce.json', import.meta.url), 'utf8'),
) as Record<string, string>;

const directory = corpusDirectory();

describe('coerce corpus (alignResponse)', () => {
  if (!directory) {
    skipCorpus('coerce/', 'coerce corpus (alignResponse)');
    return;
  }
  const files = loadCorpus(directory);
  const outcomes: CoerceOutcome[] = files.flatMap(({ file, cases }) =>
    cases.map((testCase) => runCase(file, testCase)),
  );

  it('prints pass rates per file', () => {
    for (const { file, cases } of files) {
      const mine = outcomes.filter((outcome) => outcome.file === file);
      const passed = mine.filter((outcome) => outcome.pass).length;
      console.log(
        `coerce corpus ${file}: ${passed}/${cases.length} pass (${((100 * passed) / cases.length).toFixed(1)}%)`,
      );
    }
    if (process.env.COERCE_DEBUG) {
      for (const outcome of outcomes) if (!outcome.pass) console.log(`FAIL ${outcome.id}: ${outcome.detail}`);
    }
  });

  it('fails only the cases listed in test/expectations/coerce.json', () => {
    const unexpected = outcomes
      .filter((outcome) => !outcome.pass && !(outcome.id in expectations))
      .map((o) => o.id);
    expect(unexpected).toEqual([]);
  });

  it('the exact fast path agrees with the full alignment on every expected value', () => {
    let checked = 0;
    for (const { cases } of files) {
      for (const testCase of cases) {
        if (testCase.check !== 'equals' || testCase.partial) continue;
        const schema = testCase.schema as JSONSchema;
        const aligner = new Aligner(new SchemaRoot(schema));
        const sink = new Sink();
        const value = aligner.node(testCase.expected, schema, '', sink, 0);
        const clean = sink.flags.length === 0 && sink.issues.length === 0 && sink.score === 0;
        if (aligner.exact(testCase.expected, schema, 0)) {
          checked++;
          expect({ id: testCase.id, clean, value }).toEqual({
            id: testCase.id,
            clean: true,
            value: testCase.expected,
          });
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('lists no case that passes or does not exist (the expectations file stays honest)', () => {
    const byId = new Map(outcomes.map((outcome) => [outcome.id, outcome]));
    const stale = Object.keys(expectations).filter((id) => byId.get(id)?.pass !== false);
    expect(stale).toEqual([]);
  });
});
