/**
 * docs/architecture.md "Adding a format", followed step by step with a toy format that is defined
 * and used here only (it is not in the registry and not shipped): a definition over a family core,
 * a table of cases, and both ways of parsing, whole and streamed.
 */
import { describe, expect, it } from 'vitest';
import { taggedObjectEnvelope } from '../../src/formats/core/envelopes.js';
import { TaggedJsonParser } from '../../src/formats/families/tagged-json.js';
import type { FormatDefinition } from '../../src/formats/format-definition.js';
import { EventCollector, parseToolCalls } from '../../src/formats/index.js';
import { createToolCallStream } from '../../src/stream/index.js';
import type { ParseEvent } from '../../src/types/parse-event.js';

// Step 1 (the definition file, `src/formats/models/<id>.ts`): a config over a family core.
const config = { start: ['<<call>>'], end: ['<</call>>'] } as const;

const toyFormat: FormatDefinition = {
  id: 'toy_format',
  aliases: ['toy'],
  description: 'JSON object between <<call>> and <</call>> (a test-only format)',
  models: [],
  markers: ['<<call>>', '<</call>>'],
  example: '<<call>>{"name": "get_weather", "arguments": {"city": "SF"}}<</call>>',
  envelope: taggedObjectEnvelope('<<call>>', '<</call>>', { trigger: '<<call>>' }),
  create: (options) => new TaggedJsonParser(config, options),
};

// Step 3 (the cases file, `test/formats/<id>.json`): input and the exact expected result.
const cases = [
  {
    description: 'text around one call',
    input: 'Checking.<<call>>{"name": "get_weather", "arguments": {"city": "SF"}}<</call>> Done.',
    expected: {
      content: 'Checking. Done.',
      toolCalls: [{ name: 'get_weather', arguments: { city: 'SF' } }],
      invalidToolCalls: [],
    },
  },
  {
    description: 'two calls, the second with JSON the engine repairs',
    input:
      '<<call>>{"name": "a", "arguments": {}}<</call>><<call>>{name: "b", "arguments": {"x": 1,}}<</call>>',
    expected: {
      content: '',
      toolCalls: [
        { name: 'a', arguments: {} },
        { name: 'b', arguments: { x: 1 } },
      ],
      invalidToolCalls: [],
    },
  },
];

function summary(result: ReturnType<typeof parseToolCalls>): unknown {
  return {
    content: result.content,
    toolCalls: result.toolCalls.map((call) => ({ name: call.name, arguments: call.arguments })),
    invalidToolCalls: result.invalidToolCalls.map((call) => call.raw),
  };
}

describe('a toy format added the way docs/architecture.md says', () => {
  it.each(cases)('parses whole: $description', ({ input, expected }) => {
    const result = parseToolCalls(input, { format: toyFormat });
    expect(summary(result)).toEqual(expected);
    expect(result.format).toBe('toy_format');
  });

  it.each(cases)('parses streamed, one code unit per chunk, to the same result: $description', ({
    input,
    expected,
  }) => {
    const stream = createToolCallStream({ format: toyFormat });
    const events: ParseEvent[] = [];
    for (const char of input) events.push(...stream.push(char));
    events.push(...stream.finish());
    const collector = new EventCollector();
    collector.add(events);
    expect(summary(collector.result('toy_format'))).toEqual(expected);
    const calls = events.filter((event) => event.type === 'tool-call').map((event) => event.toolName);
    expect(calls).toEqual(expected.toolCalls.map((call) => call.name));
  });
});
