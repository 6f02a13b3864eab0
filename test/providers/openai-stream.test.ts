import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openaiChat } from '../../src/providers/openai-chat/index.js';
import { openaiResponses } from '../../src/providers/openai-responses/index.js';
import type { ProviderConverter } from '../../src/providers/provider-converter.js';
import { accumulateOpenAIChatChunks, accumulateOpenAIResponsesStream } from '../../src/stream/index.js';
import type { ParseEvent } from '../../src/types/parse-event.js';
import type { ParseResult } from '../../src/types/tool-call.js';

/** A recorded-style stream (our own data, shaped as the docs show) and the exact events per event pushed. */
interface StreamCase {
  readonly description: string;
  readonly source: string;
  readonly events: unknown[];
  readonly steps: ParseEvent[][];
  readonly finish: ParseEvent[];
  readonly finishReason: unknown;
  /** Calls whose final arguments contradict what was streamed (the provider's final text wins). */
  readonly deltasDisagree?: string[];
}

const load = (folder: string): StreamCase[] =>
  JSON.parse(readFileSync(new URL(`./${folder}/stream-cases.json`, import.meta.url), 'utf8')) as StreamCase[];

/** The events as an SSE body (`data: <json>` blocks, then `data: [DONE]`), as a server sends it. */
const toSse = (events: unknown[]): string =>
  `${events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('')}data: [DONE]\n\n`;

/** A minimal SSE decoder over arbitrary chunks: the parsed `data:` objects, `[DONE]` left out. */
function decodeSse(chunks: string[]): unknown[] {
  const out: unknown[] = [];
  let buffer = '';
  for (const chunk of chunks) {
    buffer += chunk;
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const data = buffer.slice(0, end).replace(/^data: /, '');
      buffer = buffer.slice(end + 2);
      if (data !== '[DONE]') out.push(JSON.parse(data));
      end = buffer.indexOf('\n\n');
    }
  }
  return out;
}

const providers: ReadonlyArray<
  readonly [string, ProviderConverter<unknown, unknown>, (events: unknown[]) => ParseResult]
> = [
  ['openai-chat', openaiChat, accumulateOpenAIChatChunks],
  ['openai-responses', openaiResponses, accumulateOpenAIResponsesStream],
];

describe.each(providers)('%s stream reader', (folder, converter, accumulate) => {
  const cases = load(folder);

  it.each(cases)('$description (one event at a time)', (streamCase) => {
    expect(streamCase.source).toMatch(/https:\/\//);
    const reader = converter.createStreamReader();
    expect(streamCase.events.map((event) => reader.push(event))).toEqual(streamCase.steps);
    expect(reader.finish()).toEqual(streamCase.finish);
    expect(reader.finishReason ?? null).toEqual(streamCase.finishReason);
  });

  it.each(cases)('$description (whole SSE body, split in 7-character chunks)', (streamCase) => {
    const sse = toSse(streamCase.events);
    const chunks: string[] = [];
    for (let index = 0; index < sse.length; index += 7) chunks.push(sse.slice(index, index + 7));
    const reader = converter.createStreamReader();
    const events = decodeSse(chunks).flatMap((event) => reader.push(event));
    expect([...events, ...reader.finish()]).toEqual([...streamCase.steps.flat(), ...streamCase.finish]);
  });

  it.each(cases)('$description (agrees with the accumulator; deltas spell each call)', (streamCase) => {
    const all = [...streamCase.steps.flat(), ...streamCase.finish];
    const result = accumulate(streamCase.events);
    const byId = <T extends { id?: string }>(list: T[]) =>
      [...list].sort((a, b) => String(a.id).localeCompare(String(b.id)));
    const calls = all.flatMap((event) =>
      event.type === 'tool-call'
        ? [{ id: event.id, name: event.toolName, arguments: event.input, raw: event.raw }]
        : [],
    );
    expect(byId(calls)).toEqual(byId([...result.toolCalls]));
    const invalid = all.flatMap((event) =>
      event.type === 'tool-call-invalid' ? [{ id: event.id, raw: event.raw }] : [],
    );
    expect(byId(invalid)).toEqual(byId(result.invalidToolCalls.map(({ id, raw }) => ({ id, raw }))));
    for (const call of calls) {
      const streamed = all
        .flatMap((event) => (event.type === 'tool-input-delta' && event.id === call.id ? [event.delta] : []))
        .join('');
      if (streamCase.deltasDisagree?.includes(call.id)) expect(streamed).not.toBe(call.raw);
      else expect(streamed).toBe(call.raw);
    }
  });

  it('throws parser_finished on push after finish', () => {
    const reader = converter.createStreamReader();
    reader.finish();
    expect(() => reader.push({})).toThrow(expect.objectContaining({ code: 'parser_finished' }));
  });
});
