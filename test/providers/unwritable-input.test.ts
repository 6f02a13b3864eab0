import { describe, expect, it } from 'vitest';
import { mistral } from '../../src/providers/mistral/index.js';
import { openaiChat } from '../../src/providers/openai-chat/index.js';
import { openaiResponses } from '../../src/providers/openai-responses/index.js';
import type { CanonicalRequest } from '../../src/providers/provider-converter.js';

// A call input JSON.stringify cannot write (trial2: Mistral threw a TypeError / RangeError on it,
// OpenAI Chat and Responses sent "{}" without a word): each is sent as "{}" with a warning.
const cyclic: Record<string, unknown> = { a: 1 };
cyclic.self = cyclic;
const deep: Record<string, unknown> = {};
let cursor = deep;
for (let level = 0; level < 100_000; level++) {
  const next: Record<string, unknown> = {};
  cursor.a = next;
  cursor = next;
}

function request(input: unknown): CanonicalRequest {
  return {
    model: 'm',
    messages: [
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'abcDEF123', toolName: 'f', input }] },
    ],
  };
}

const cases = [
  { name: 'openai-chat', converter: openaiChat, provider: 'openai' },
  { name: 'openai-responses', converter: openaiResponses, provider: 'openai' },
  { name: 'mistral', converter: mistral, provider: 'mistral' },
] as const;

describe.each(cases)('$name: an input that cannot be written as JSON', ({ converter, provider }) => {
  for (const [label, input] of [
    ['a cycle', cyclic],
    ['100,000 levels', deep],
  ] as const) {
    it(`${label}: sent as {} with a warning`, () => {
      const { value, warnings } = converter.toRequest(request(input));
      expect(JSON.stringify(value)).toContain('"arguments":"{}"');
      expect(warnings).toEqual([
        {
          type: 'unsupported',
          feature: 'tool-call input',
          details: `${provider}: the input of call abcDEF123 cannot be written as JSON (a cycle, a BigInt or too deep); it was sent as {}`,
        },
      ]);
    });
  }
});
