import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anthropic } from '../../src/providers/anthropic/index.js';
import { bedrock } from '../../src/providers/bedrock/index.js';
import type { ProviderStreamReader } from '../../src/providers/provider-converter.js';
import { accumulateAnthropicStream } from '../../src/stream/index.js';
import type { ParseEvent } from '../../src/types/parse-event.js';
import { expectDeltasSpellRaw, resultOfEvents } from './stream-replay.js';

/** Cuts `text` at the given (sorted, deduplicated) offsets. */
const cut = (text: string, offsets: number[]): string[] => {
  const points = [...new Set(offsets.map((offset) => offset % (text.length + 1)))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let start = 0;
  for (const point of points) {
    pieces.push(text.slice(start, point));
    start = point;
  }
  pieces.push(text.slice(start));
  return pieces;
};

const replay = (reader: ProviderStreamReader, events: unknown[]): ParseEvent[] => [
  ...events.flatMap((event) => reader.push(event)),
  ...reader.finish(),
];

const argumentsArbitrary = fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), {
  maxKeys: 4,
});

describe('stream readers at every chunking (property)', () => {
  it('Anthropic: any split of the input gives one call with that input, and agrees with the accumulator', () => {
    fc.assert(
      fc.property(argumentsArbitrary, fc.array(fc.nat(), { maxLength: 8 }), (input, offsets) => {
        const json = JSON.stringify(input);
        const events = [
          {
            type: 'content_block_start',
            index: 0,
            content_block: { type: 'tool_use', id: 'toolu_1', name: 'f', input: {} },
          },
          ...cut(json, offsets).map((piece) => ({
            type: 'content_block_delta',
            index: 0,
            delta: { type: 'input_json_delta', partial_json: piece },
          })),
          { type: 'content_block_stop', index: 0 },
        ];
        const parsed = replay(anthropic.createStreamReader(), events);
        expectDeltasSpellRaw(parsed);
        expect(parsed.at(-1)).toEqual({
          type: 'tool-call',
          id: 'toolu_1',
          toolName: 'f',
          input: JSON.parse(json),
          raw: json,
        });
        expect(resultOfEvents('anthropic', parsed)).toEqual(accumulateAnthropicStream(events));
      }),
      { numRuns: 200 },
    );
  });

  it('Bedrock: any split of the input gives one call with that input', () => {
    fc.assert(
      fc.property(argumentsArbitrary, fc.array(fc.nat(), { maxLength: 8 }), (input, offsets) => {
        const json = JSON.stringify(input);
        const events = [
          {
            contentBlockStart: {
              contentBlockIndex: 0,
              start: { toolUse: { toolUseId: 'tooluse_1', name: 'f' } },
            },
          },
          ...cut(json, offsets).map((piece) => ({
            contentBlockDelta: { contentBlockIndex: 0, delta: { toolUse: { input: piece } } },
          })),
          { contentBlockStop: { contentBlockIndex: 0 } },
          { messageStop: { stopReason: 'tool_use' } },
        ];
        const parsed = replay(bedrock.createStreamReader(), events);
        expectDeltasSpellRaw(parsed);
        expect(parsed.filter((event) => event.type === 'tool-call')).toEqual([
          { type: 'tool-call', id: 'tooluse_1', toolName: 'f', input: JSON.parse(json), raw: json },
        ]);
      }),
      { numRuns: 200 },
    );
  });
});
