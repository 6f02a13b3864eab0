import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bedrock } from '../../../src/providers/bedrock/index.js';
import { expectDeltasSpellRaw, replayStream, type StreamFixture } from '../stream-replay.js';

const fixtures: StreamFixture[] = JSON.parse(
  readFileSync(new URL('./streams.json', import.meta.url), 'utf8'),
);

describe('bedrock stream reader', () => {
  it.each(fixtures)('$description (one event at a time)', (fixture) => {
    expectDeltasSpellRaw(replayStream(bedrock.createStreamReader(), fixture));
  });

  it.each(fixtures)('$description (the whole stream gives the same events)', (fixture) => {
    const reader = bedrock.createStreamReader();
    const events = [...fixture.events.flatMap((event) => reader.push(event)), ...reader.finish()];
    expect(events).toEqual(fixture.steps.flat());
  });

  it('ignores exceptions, metadata and unknown events', () => {
    const reader = bedrock.createStreamReader();
    const events = [
      { throttlingException: { message: 'slow down' } },
      { metadata: { usage: { inputTokens: 1 } } },
      { contentBlockDelta: { delta: null, contentBlockIndex: 0 } },
      { somethingNew: {} },
      undefined,
    ].flatMap((event) => reader.push(event));
    expect(events).toEqual([]);
    expect(reader.finish()).toEqual([]);
    expect(reader.finishReason).toBeUndefined();
  });
});
