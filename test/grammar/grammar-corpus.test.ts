/**
 * toolwire's schema grammars judged by the engines themselves (llama.cpp for GBNF, xgrammar for EBNF)
 * on the grammar corpora; see `grammar-corpus.ts` for the decisions. Every disagreement must be listed
 * in `test/expectations/grammar.json` with its reason, and every listed one must still disagree.
 */
import { expect, it } from 'vitest';
import { describeCorpus } from '../corpus.js';
import { type GrammarEngine, llamaCppEngine, xgrammarEngine } from './engines.js';
import {
  disagreements,
  integrationGroups,
  loadBaseline,
  loadIntegrationCases,
  loadSuiteCases,
  suiteGroups,
} from './grammar-corpus.js';

const suite = loadSuiteCases();
const integration = loadIntegrationCases();
const baseline = loadBaseline();

const engines: ReadonlyArray<readonly ['gbnf' | 'ebnf', () => Promise<GrammarEngine>]> = [
  ['gbnf', llamaCppEngine],
  ['ebnf', async () => xgrammarEngine()],
];

function listed(prefix: string): string[] {
  return [...baseline.keys()].filter((key) => key.startsWith(prefix)).sort();
}

describeCorpus('grammar/', 'grammar corpora', () => {
  for (const [dialect, engine] of engines) {
    it(`${dialect}: JSON-Schema-Test-Suite, agreement with valid at least 90%, disagreements exactly the baseline`, async () => {
      const cases = suite ?? [];
      const found = await disagreements(await engine(), suiteGroups(cases, dialect));
      expect(found.sort()).toEqual(listed(`${dialect} jsts/`));
      expect(cases.length).toBe(595);
      expect((cases.length - found.length) / cases.length).toBeGreaterThanOrEqual(0.9);
    }, 60_000);

    it(`${dialect}: llama.cpp integration corpus, same verdicts as llama.cpp's converter except the baseline`, async () => {
      const found = await disagreements(await engine(), integrationGroups(integration ?? [], dialect));
      expect(found.sort()).toEqual(listed(`${dialect} llama.cpp/`));
    }, 60_000);
  }

  it('every baseline entry has a reason', () => {
    for (const [key, reason] of baseline) expect([key, reason.length > 20]).toEqual([key, true]);
  });
});
