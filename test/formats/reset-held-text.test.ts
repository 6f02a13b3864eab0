/**
 * `FormatParser.reset()` returns the text a parser holds but has not committed, including text held
 * while what it is waits on later text: reasoning from a call marker on (`callsInReasoning`), a
 * section start that may be mentioned in prose (`proseMentions`), a Kimi section start and the
 * whitespace after it (a cut-off call if the output ends there).
 */
import { describe, expect, it } from 'vitest';
import { getFormat } from '../../src/formats/registry.js';

const cases = [
  { format: 'hermes', pushed: '<think>plan <tool_call>{"name"', held: '<tool_call>{"name"' },
  { format: 'qwen3_coder', pushed: 'Use a <tool_call> block', held: '<tool_call> block' },
  {
    format: 'kimi_k2',
    pushed: '<think>a<|tool_calls_section_begin|>\n ',
    held: '<|tool_calls_section_begin|>\n ',
  },
];

describe('reset() returns held text', () => {
  for (const { format, pushed, held } of cases) {
    it(format, () => {
      const parser = getFormat(format).create({});
      parser.push(pushed);
      expect(parser.reset()).toBe(held);
      // Nothing of the earlier turn is left: the next one starts fresh.
      const events = [...parser.push('Hi'), ...parser.finish()];
      expect(events).toEqual([{ type: 'text-delta', delta: 'Hi' }]);
    });
  }
});
