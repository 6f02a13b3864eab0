/**
 * `toolCallMiddleware`'s `wrapStream` reads its upstream by pull (`pullTransform`) instead of piping it
 * through a `TransformStream`. These tests hold it to the piped version it replaced (kept here as
 * `pipedReference`, the same mapping written as before): the same parts, in the same order, for many
 * outputs, chunkings and hostile upstreams; and what a pipe gave besides: no read ahead of the reader,
 * cancellation reaching the upstream, an upstream error reaching the reader.
 */
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3FinishReason,
  LanguageModelV3StreamPart,
} from '@ai-sdk/provider';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CallIdGuard } from '../../src/ai-sdk/call-id-guard.js';
import { AISDKStreamPartEncoder, toolCallMiddleware } from '../../src/ai-sdk/index.js';
import { pullTransform } from '../../src/ai-sdk/pull-transform.js';
import { getFormat } from '../../src/formats/index.js';
import type { ToolDefinition } from '../../src/types/tool.js';
import { finish, middlewareParts } from '../fuzz/properties/middleware-parts.js';
import { chunksOf } from './harness.js';

const tools: ToolDefinition[] = [
  {
    name: 'get_weather',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
];
const model = {
  specificationVersion: 'v3',
  provider: 'mock',
  modelId: 'mock-model',
} as unknown as LanguageModelV3;

/** The middleware's `wrapStream` as it was, piped through a `TransformStream`. */
function pipedReference(
  upstream: ReadableStream<LanguageModelV3StreamPart>,
): ReadableStream<LanguageModelV3StreamPart> {
  const parser = getFormat('hermes').create({ tools, inputEvents: true });
  const encoder = new AISDKStreamPartEncoder({ idPrefix: 'tw-' });
  const ids = new CallIdGuard();
  const reason = (given: LanguageModelV3FinishReason): LanguageModelV3FinishReason =>
    encoder.calls === 0 || typeof given !== 'object' || given === null || given.unified !== 'stop'
      ? given
      : { unified: 'tool-calls', raw: given.raw };
  let finished = false;
  return upstream.pipeThrough(
    new TransformStream<LanguageModelV3StreamPart, LanguageModelV3StreamPart>({
      transform(part, controller) {
        if (finished) {
          if (part?.type !== 'finish') controller.enqueue(ids.part(part, 'native'));
          return;
        }
        const out: LanguageModelV3StreamPart[] = [];
        const text = part as { type?: unknown; delta?: unknown } | null;
        if (typeof text === 'object' && text?.type === 'text-delta' && typeof text.delta === 'string')
          encoder.push(parser.push(text.delta), out);
        else if (part?.type === 'finish') {
          finished = true;
          encoder.finish(encoder.push(parser.finish(), out));
          out.push({ ...part, finishReason: reason(part.finishReason) });
        } else if (part?.type !== 'text-start' && part?.type !== 'text-end') {
          controller.enqueue(ids.part(part, 'native'));
        }
        for (const item of out) controller.enqueue(ids.part(item, 'parsed'));
      },
      flush(controller) {
        if (finished) return;
        for (const item of encoder.finish(encoder.push(parser.finish())))
          controller.enqueue(ids.part(item, 'parsed'));
      },
    }),
  );
}

/** A stream of `parts`, one per pull; `pulls` counts the pulls, `cancelled` holds the cancel reason. */
function upstream(parts: readonly unknown[]) {
  const state = { pulls: 0, cancelled: undefined as unknown };
  let index = 0;
  const stream = new ReadableStream<LanguageModelV3StreamPart>(
    {
      pull(controller) {
        state.pulls++;
        if (index < parts.length) controller.enqueue(parts[index++] as LanguageModelV3StreamPart);
        else controller.close();
      },
      cancel(reason) {
        state.cancelled = reason;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, state };
}

async function wrapped(stream: ReadableStream<LanguageModelV3StreamPart>) {
  const middleware = toolCallMiddleware({ format: 'hermes' });
  const params = (await middleware.transformParams?.({
    type: 'stream',
    params: {
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'x' }] }],
      tools: tools.map((tool) => ({ type: 'function', name: tool.name, inputSchema: tool.parameters })),
    },
    model,
  })) as LanguageModelV3CallOptions;
  const result = await middleware.wrapStream?.({
    doStream: async () => ({ stream }),
    doGenerate: async () => {
      throw new Error('not called');
    },
    params,
    model,
  });
  if (result === undefined) throw new Error('no wrapStream');
  return result.stream;
}

async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const items: T[] = [];
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) items.push(next.value);
  return items;
}

async function both(parts: readonly unknown[]) {
  return {
    pulled: await collect(await wrapped(upstream(parts).stream)),
    piped: await collect(pipedReference(upstream(parts).stream)),
  };
}

function textParts(text: string, size: number | undefined, end = true): unknown[] {
  return [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: '0' },
    ...chunksOf(text, size).map((delta) => ({ type: 'text-delta', id: '0', delta })),
    { type: 'text-end', id: '0' },
    ...(end ? [finish] : []),
  ];
}

const call = (city: string) =>
  `<tool_call>\n{"name": "get_weather", "arguments": {"city": ${JSON.stringify(city)}}}\n</tool_call>`;
const outputs = [
  '',
  'Just prose, no call at all. '.repeat(20),
  call('Paris'),
  `Sure.${call('Paris')}\nAnd then:${call('Lyon')}done`,
  `<think>Which city? Paris.</think>${call('Paris')}`,
  `${call('Paris')}<tool_call>\n{"name": "get_weather", "arguments": {"city": "Ly`,
  '<tool_call>\n{"name": "nope", "arguments": {}}\n</tool_call> after an unknown tool',
  'a < b and <tool_c but not a call 😀',
  `${'x'.repeat(3000)}${call('Oslo'.repeat(200))}`,
];

describe('toolCallMiddleware wrapStream, pulled', () => {
  it.each(
    outputs.map((text, index) => [index, text] as const),
  )('gives the piped parts for output %i at every chunking, with and without finish', async (_index, text) => {
    for (const size of [1, 2, 3, 4, 7, 64, undefined])
      for (const end of [true, false]) {
        const { pulled, piped } = await both(textParts(text, size, end));
        expect(pulled).toEqual(piped);
      }
  });

  it('gives the piped parts for 300 hostile upstreams (the middleware fuzz inputs, seed 30)', async () => {
    await fc.assert(
      fc.asyncProperty(middlewareParts, async (parts) => {
        const { pulled, piped } = await both(parts);
        expect(pulled).toEqual(piped);
      }),
      { seed: 30, numRuns: 300 },
    );
  }, 60_000);

  it('reads the upstream only as far as it is read', async () => {
    const { stream, state } = upstream(textParts('abcdefgh', 4));
    const reader = (await wrapped(stream)).getReader();
    expect(state.pulls).toBe(0);
    expect((await reader.read()).value).toEqual({ type: 'stream-start', warnings: [] });
    expect(state.pulls).toBe(1);
    // `text-start` maps to nothing: the same read goes on to the first delta.
    expect((await reader.read()).value).toEqual({ type: 'text-start', id: 'tw-text-0' });
    expect(state.pulls).toBe(3);
    expect((await reader.read()).value).toEqual({ type: 'text-delta', id: 'tw-text-0', delta: 'abcd' });
    expect(state.pulls).toBe(3);
    expect((await reader.read()).value).toEqual({ type: 'text-delta', id: 'tw-text-0', delta: 'efgh' });
    expect(state.pulls).toBe(4);
  });

  it('cancels the upstream with the reason the reader gives', async () => {
    const { stream, state } = upstream(textParts('abcdefgh', 4));
    const reader = (await wrapped(stream)).getReader();
    await reader.read();
    await reader.cancel('user stopped');
    expect(state.cancelled).toBe('user stopped');
    expect(await reader.read()).toEqual({ done: true, value: undefined });
  });

  it('rejects the read with the error the upstream fails with', async () => {
    const failure = new Error('connection reset');
    let sent = false;
    const stream = new ReadableStream<LanguageModelV3StreamPart>({
      pull(controller) {
        if (sent) controller.error(failure);
        else controller.enqueue({ type: 'text-delta', id: '0', delta: 'Hi' });
        sent = true;
      },
    });
    const reader = (await wrapped(stream)).getReader();
    expect((await reader.read()).value).toEqual({ type: 'text-start', id: 'tw-text-0' });
    expect((await reader.read()).value).toEqual({ type: 'text-delta', id: 'tw-text-0', delta: 'Hi' });
    await expect(reader.read()).rejects.toBe(failure);
  });
});

/** `upstream`, but each pull answers a macrotask later, as a network source does. */
function slowUpstream(parts: readonly unknown[]) {
  const { stream: fast, state } = upstream(parts);
  const reader = fast.getReader();
  const stream = new ReadableStream<unknown>(
    {
      async pull(controller) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        const next = await reader.read();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, state };
}

describe('pullTransform', () => {
  // Each step: how many reads are made together, the values they get, the source parts read by then.
  // The two scripts meet the two ways a read can wait on another's: before or after its part came.
  const scripts: (readonly [number, number[], number])[][] = [
    [
      [2, [10, 30], 3],
      [1, [31], 3],
      [1, [40], 4],
      [2, [30, 31], 5],
      [1, [50], 6],
    ],
    [
      [1, [10], 1],
      [2, [30, 31], 3],
      [2, [40, 30], 5],
      [2, [31, 50], 6],
    ],
  ];
  it.each([
    ['a source that answers at once', upstream],
    ['a source that answers a macrotask later', slowUpstream],
  ])('answers reads made together, in order, reading %s only as far as they ask', async (_name, make) => {
    for (const script of scripts) {
      const { stream, state } = make([1, 2, 3, 4, 3, 5]);
      const mapped = pullTransform<number, number>(stream as unknown as ReadableStream<number>, {
        map(part, out) {
          // 2 maps to nothing, 3 to two parts: one read may take two source parts, one source part
          // may answer two reads.
          if (part === 3) {
            out.push(30);
            out.push(31);
          } else if (part !== 2) out.push(part * 10);
        },
        flush(out) {
          out.push(99);
        },
      });
      const reader = mapped.getReader();
      for (const [reads, values, pulls] of script) {
        const got = await Promise.all(Array.from({ length: reads }, () => reader.read()));
        expect(got.map((next) => next.value)).toEqual(values);
        expect(state.pulls).toBe(pulls);
      }
      expect(await Promise.all([reader.read(), reader.read(), reader.read()])).toEqual([
        { done: false, value: 99 },
        { done: true, value: undefined },
        { done: true, value: undefined },
      ]);
      expect(state.pulls).toBe(7);
    }
  });

  it('errors the stream and cancels the source with what the mapper throws', async () => {
    const { stream, state } = upstream([1, 2, 3]);
    const failure = new Error('bad part');
    const mapped = pullTransform<number, number>(stream as unknown as ReadableStream<number>, {
      map(part, out) {
        if (part === 2) throw failure;
        out.push(part * 10);
      },
      flush() {},
    });
    const reader = mapped.getReader();
    expect(await reader.read()).toEqual({ done: false, value: 10 });
    await expect(reader.read()).rejects.toBe(failure);
    expect(state.cancelled).toBe(failure);
  });

  it('writes what flush gives after the last part, then closes', async () => {
    const { stream } = upstream([1, 2]);
    const mapped = pullTransform<number, number>(stream as unknown as ReadableStream<number>, {
      map(part, out) {
        out.push(part);
      },
      flush(out) {
        out.push(99);
      },
    });
    expect(await collect(mapped)).toEqual([1, 2, 99]);
  });
});
