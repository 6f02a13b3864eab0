import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { anthropic } from '../../../src/providers/anthropic/index.js';
import { accumulateAnthropicStream } from '../../../src/stream/index.js';
import { expectDeltasSpellRaw, replayStream, resultOfEvents, type StreamFixture } from '../stream-replay.js';

const fixtures: StreamFixture[] = JSON.parse(
  readFileSync(new URL('./streams.json', import.meta.url), 'utf8'),
);

describe('anthropic stream reader', () => {
  it.each(fixtures)('$description (one event at a time)', (fixture) => {
    const events = replayStream(anthropic.createStreamReader(), fixture);
    expectDeltasSpellRaw(events);
  });

  it.each(fixtures)('$description (agrees with accumulateAnthropicStream on the whole stream)', (fixture) => {
    const reader = anthropic.createStreamReader();
    const events = [...fixture.events.flatMap((event) => reader.push(event)), ...reader.finish()];
    expect(resultOfEvents('anthropic', events)).toEqual(accumulateAnthropicStream(fixture.events));
  });

  it('ignores events that are not objects and unknown event types', () => {
    const reader = anthropic.createStreamReader();
    expect(
      [null, 'x', 3, { type: 'error', error: {} }, { type: 'content_block_delta' }].flatMap((e) =>
        reader.push(e),
      ),
    ).toEqual([]);
    expect(reader.finish()).toEqual([]);
    expect(reader.finishReason).toBeUndefined();
  });
});
