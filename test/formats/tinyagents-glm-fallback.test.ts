/**
 * The four regression tests of the tinyagents GLM fix (tinyagents PR #105, `../shared/docs/openhuman.md`
 * "The seed PR"), read from the parse corpus and run with default options: no `glmShorthand`. The
 * corpus cases' tools are the source's P-Format registry, which types the calls it knows and is no
 * allowlist, hence `allowUnknownTools`. Each runs whole and at every 2-way split.
 */
import { expect, it } from 'vitest';
import { parseToolCallChunks } from '../../src/formats/parse-tool-calls.js';
import { getFormat } from '../../src/formats/registry.js';
import { loadParseCorpus } from '../conformance/parse-corpus.js';
import { describeCorpus } from '../corpus.js';

/** Corpus id → the source's test name and the calls we return (names and arguments, in order). */
const fixCases: ReadonlyArray<
  readonly [string, string, ReadonlyArray<{ name: string; arguments: unknown }>]
> = [
  [
    'tinyagents/tinyagents/13',
    'a_pformat_tag_does_not_suppress_a_sibling_glm_tag',
    [
      { name: 'echo', arguments: { value: 'hello' } },
      { name: 'shell', arguments: { command: 'ls -la' } },
    ],
  ],
  [
    'tinyagents/tinyagents/14',
    'a_pformat_tag_does_not_suppress_a_sibling_fenced_json_tag',
    [
      { name: 'echo', arguments: { value: 'hello' } },
      { name: 'shell', arguments: { command: 'ls' } },
    ],
  ],
  [
    'tinyagents/tinyagents/15',
    'a_json_body_is_not_double_counted_by_the_glm_fallback',
    [
      { name: 'echo', arguments: { value: 'hello' } },
      { name: 'shell', arguments: { command: 'cat a/b>c' } },
    ],
  ],
  [
    'tinyagents/tinyagents/16',
    'a_tagged_body_still_honours_argument_key_aliases',
    [
      { name: 'echo', arguments: { value: 'hello' } },
      { name: 'shell', arguments: { command: 'ls' } },
    ],
  ],
];

describeCorpus('parse/', 'tinyagents GLM fallback inside tags, default options', () => {
  const corpus = loadParseCorpus() ?? [];
  for (const [id, test, calls] of fixCases) {
    it(`${id} (${test})`, () => {
      const testCase = corpus.find((entry) => entry.id === id);
      expect(testCase?.test).toBe(test);
      const input = testCase?.input ?? '';
      const run = (chunks: readonly string[]) => {
        const result = parseToolCallChunks(chunks, {
          format: getFormat('tagged'),
          tools: testCase?.tools ?? [],
          allowUnknownTools: true,
        });
        return {
          content: result.content,
          calls: result.toolCalls.map((call) => ({ name: call.name, arguments: call.arguments })),
          invalid: result.invalidToolCalls.length,
        };
      };
      const expected = { content: '\n', calls, invalid: 0 };
      expect(run([input])).toEqual(expected);
      for (let cut = 1; cut < input.length; cut++)
        expect(run([input.slice(0, cut), input.slice(cut)]), `split at ${cut}`).toEqual(expected);
    });
  }
});
