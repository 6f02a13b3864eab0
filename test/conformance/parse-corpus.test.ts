/**
 * Parse-corpus conformance (issue 2 item 7): every corpus case of a registered format is parsed whole
 * (checked against the source's expectation), checked for lost text, and streamed with every chunking
 * of `splits()` (each must equal the whole-text result). Cases in `test/expectations/parse.json` must
 * fail the whole-text check (the test fails when one passes, so the file stays honest) and still meet
 * the other invariants. See `parse-corpus.ts` for how each `checks`/`options` key is read.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { skipCorpus } from '../corpus.js';
import { type CaseOutcome, evaluateCase, loadExpectations, loadParseCorpus } from './parse-corpus.js';
import {
  describeFailure,
  type PlannedCase,
  planCorpus,
  renderSummary,
  summarize,
} from './parse-corpus-summary.js';

const corpus = loadParseCorpus();

if (corpus === undefined) {
  skipCorpus('parse/', 'parse corpus conformance');
} else {
  const expectations = loadExpectations();
  const plan = planCorpus(corpus);
  const outcomes: CaseOutcome[] = [];

  const byFormat = new Map<string, PlannedCase[]>();
  for (const planned of plan.runnable) {
    const list = byFormat.get(planned.testCase.format) ?? [];
    list.push(planned);
    byFormat.set(planned.testCase.format, list);
  }

  afterAll(() => {
    console.log(renderSummary(summarize(outcomes, plan.skipped)));
  });

  for (const [formatId, cases] of byFormat) {
    describe(`parse corpus: ${formatId}`, () => {
      for (const { testCase, format } of cases) {
        it(testCase.id, () => {
          const outcome = evaluateCase(testCase, format, expectations.get(testCase.id));
          outcomes.push(outcome);
          if (outcome.status === 'fail') expect.fail(describeFailure(outcome));
        });
      }
    });
  }

  it('parse corpus: test/expectations/parse.json names only corpus cases', () => {
    const ids = new Set(corpus.map((testCase) => testCase.id));
    const stale = [...expectations.keys()].filter((id) => !ids.has(id));
    expect(stale, 'entries for case ids that are not in the corpus').toEqual([]);
  });
}
