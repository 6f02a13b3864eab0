import type OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { type GatewayHarness, hermesCall, startGateway, weatherTools } from './gateway-harness.js';
import { mulberry32, splitText } from './replay-backend.js';

// How a streamed answer goes on the wire. A backend that streams faster than the gateway reads
// delivers many events in one read, and the gateway answers them with one write, the read's text in
// one delta: the answer must hold the same content and calls as event by event. Chunks are written
// from a cached prefix: their bytes must be OpenAI's.

const harnesses: GatewayHarness[] = [];
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((harness) => harness.close()));
});

const question = [{ role: 'user' as const, content: 'Weather in Paris and Tokyo?' }];
const output = `Checking both cities.\n${hermesCall('get_weather', { city: 'Paris', unit: 'celsius' })}\n${hermesCall('get_weather', { city: 'Tokyo', unit: 'celsius' })}`;

/** The streamed chunks' choices as the openai SDK reads them, call ids replaced by `ID`. */
// In pieces of 1 or 2 characters: over 64 events, more than one batch of one read.
async function streamedChoices(oneWrite: boolean): Promise<unknown[]> {
  const harness = await startGateway({ replay: { recordings: [{ output, oneWrite }], maxChunkLength: 2 } });
  harnesses.push(harness);
  const stream = await harness.client.chat.completions.create({
    model: 'm',
    messages: question,
    tools: weatherTools,
    stream: true,
  });
  const choices: unknown[] = [];
  for await (const chunk of stream) {
    for (const choice of chunk.choices) {
      const calls = choice.delta.tool_calls?.map((call) =>
        call.id === undefined ? call : { ...call, id: 'ID' },
      );
      choices.push(
        calls === undefined ? choice : { ...choice, delta: { ...choice.delta, tool_calls: calls } },
      );
    }
  }
  return choices;
}

describe('a backend answer that arrives in one read', () => {
  it('streams the content of one read as one delta, and the same calls as event by event', async () => {
    type Choice = OpenAI.Chat.Completions.ChatCompletionChunk.Choice;
    const batched = (await streamedChoices(true)) as Choice[];
    const single = (await streamedChoices(false)) as Choice[];
    const contents = (choices: Choice[]) =>
      choices.flatMap((choice) => (choice.delta.content ? [choice.delta.content] : []));
    const calls = (choices: Choice[]) =>
      choices
        .flatMap((choice) => choice.delta.tool_calls ?? [])
        .map((call) => [call.index, call.id, call.type, call.function?.name, call.function?.arguments]);
    // The 21 characters came as 2-character tokens, all in the one read.
    expect(contents(batched)).toEqual(['Checking both cities.']);
    expect(contents(single).join('')).toBe('Checking both cities.');
    const expectedCalls = [
      [0, 'ID', 'function', 'get_weather', ''],
      [0, undefined, undefined, undefined, '{"city":"Paris","unit":"celsius"}'],
      [1, 'ID', 'function', 'get_weather', ''],
      [1, undefined, undefined, undefined, '{"city":"Tokyo","unit":"celsius"}'],
    ];
    expect(calls(batched)).toEqual(expectedCalls);
    expect(calls(single)).toEqual(expectedCalls);
    expect(batched.at(-1)?.finish_reason).toBe('tool_calls');
    expect(single.at(-1)?.finish_reason).toBe('tool_calls');
  });

  it('streams the reasoning of one read as one delta, then its content as one', async () => {
    // A chat server that streams `reasoning_content` tokens, all of them in one read.
    const harness = await startGateway({
      backend: { type: 'openai-chat-passthrough' },
      replay: {
        recordings: [{ reasoning: 'The user wants a greeting.', output: 'Hello there.', oneWrite: true }],
        maxChunkLength: 2,
      },
    });
    harnesses.push(harness);
    const stream = await harness.client.chat.completions.create({
      model: 'm',
      messages: question,
      stream: true,
    });
    const deltas: unknown[] = [];
    for await (const chunk of stream) {
      const { delta } = chunk.choices[0] ?? {};
      const { reasoning_content, content } = (delta ?? {}) as {
        reasoning_content?: string;
        content?: string;
      };
      if (reasoning_content) deltas.push({ reasoning_content });
      if (content) deltas.push({ content });
    }
    expect(deltas).toEqual([
      { reasoning_content: 'The user wants a greeting.' },
      { content: 'Hello there.' },
    ]);
  });

  it('streams the content before an error event of the same read, then the error', async () => {
    const text = 'abcdefghijklmnopqrstuvwxyz';
    const harness = await startGateway({
      replay: { recordings: [{ output: text, oneWrite: true, errorEventAfterChunks: 5 }], maxChunkLength: 3 },
    });
    harnesses.push(harness);
    const stream = await harness.client.chat.completions.create({
      model: 'm',
      messages: question,
      stream: true,
    });
    let content = '';
    const failure = await (async () => {
      try {
        for await (const chunk of stream) content += chunk.choices[0]?.delta.content ?? '';
      } catch (error) {
        return error as { error?: unknown };
      }
      return undefined;
    })();
    // The replay server cut the same pieces from the same seed.
    expect(content).toBe(splitText(text, mulberry32(1), 3).slice(0, 5).join(''));
    expect(failure?.error).toMatchObject({ type: 'server_error', code: 'backend_status' });
  });
});

describe('the bytes of streamed chunks', () => {
  it('are OpenAI chat.completion.chunk JSON, keys in its order, usage null until the usage chunk', async () => {
    const harness = await startGateway({
      replay: {
        recordings: [{ output: 'Hi.', usage: { promptTokens: 3, completionTokens: 2 } }],
        maxChunkLength: 8,
      },
    });
    harnesses.push(harness);
    // The raw body as the openai SDK received it.
    const response = await harness.client.chat.completions
      .create({ model: 'm', messages: question, stream: true, stream_options: { include_usage: true } })
      .asResponse();
    const frames = (await response.text()).split('\n\n');
    const { id, created } = JSON.parse(frames[0]?.slice('data: '.length) ?? '') as {
      id: string;
      created: number;
    };
    const head = `{"id":"${id}","object":"chat.completion.chunk","created":${created},"model":"m"`;
    expect(id).toMatch(/^chatcmpl-[0-9a-f]{32}$/);
    expect(frames).toEqual([
      `data: ${head},"choices":[{"index":0,"delta":{"role":"assistant","content":"Hi."},"logprobs":null,"finish_reason":null}],"usage":null}`,
      `data: ${head},"choices":[{"index":0,"delta":{},"logprobs":null,"finish_reason":"stop"}],"usage":null}`,
      `data: ${head},"choices":[],"usage":{"prompt_tokens":3,"completion_tokens":2,"total_tokens":5}}`,
      'data: [DONE]',
      '',
    ]);
  });
});

describe('the bytes of token chunks after the first', () => {
  it('are OpenAI chunk JSON with a delta of content, or of reasoning in both fields', async () => {
    // Quotes, a backslash, a newline and non-ASCII: every escape JSON has, one character a piece.
    const reasoning = 'Think "é"\\n\nok.';
    const content = 'Say "hi" \\ 🌧.';
    const harness = await startGateway({
      format: 'qwen3_coder',
      template: 'qwen3.5',
      replay: { recordings: [{ output: `${reasoning}\n</think>\n\n${content}` }], maxChunkLength: 1 },
    });
    harnesses.push(harness);
    const response = await harness.client.chat.completions
      .create({ model: 'm', messages: question, stream: true })
      .asResponse();
    const frames = (await response.text()).split('\n\n').slice(0, -3);
    const { id, created } = JSON.parse(frames[0]?.slice('data: '.length) ?? '') as {
      id: string;
      created: number;
    };
    const head = `{"id":"${id}","object":"chat.completion.chunk","created":${created},"model":"m"`;
    const deltas = frames.map((frame) => {
      const { delta } = (JSON.parse(frame.slice('data: '.length)) as { choices: [{ delta: object }] })
        .choices[0];
      expect(frame).toBe(
        `data: ${head},"choices":[{"index":0,"delta":${JSON.stringify(delta)},"logprobs":null,"finish_reason":null}]}`,
      );
      return delta as { role?: string; content?: string; reasoning_content?: string; reasoning?: string };
    });
    // The first delta holds what the first read brought: one token or more.
    const first = deltas[0]?.reasoning_content ?? '';
    expect([first.length > 0, reasoning.startsWith(first)]).toEqual([true, true]);
    expect(deltas[0]).toEqual({ role: 'assistant', content: '', reasoning_content: first, reasoning: first });
    // (The default reasoningField is both: the same text in reasoning_content and reasoning.)
    const shapes = deltas
      .slice(1)
      .map((delta) =>
        delta.content === undefined
          ? delta.reasoning === delta.reasoning_content && Object.keys(delta).join()
          : Object.keys(delta).join(),
      );
    expect(new Set(shapes)).toEqual(new Set(['reasoning_content,reasoning', 'content']));
    expect(deltas.map((delta) => delta.reasoning_content ?? '').join('')).toBe(`${reasoning}\n`);
    expect(deltas.map((delta) => delta.content ?? '').join('')).toBe(content);
  });
});
