/**
 * Anthropic Messages: `stop_reason: "stop_sequence"` with the matched `stop_sequence` where the backend
 * says which stop string ended the generation, and `top_k` passed to the backends that take it.
 */
import { describe, expect, it } from 'vitest';
import type { BackendConfig } from '../../src/server/index.js';
import { hermesCall } from './gateway-harness.js';
import { postMessages, question, readFrames, start, tools } from './messages-harness.js';

type Backend = Omit<BackendConfig, 'url'>;

const stopSequences = ['END', '###'];

/** The backends that report the stop string that matched, each in its own field. */
const reporting: { name: string; backend: Backend; stopReport?: 'stop_reason' | 'matched_stop' }[] = [
  { name: 'llama.cpp /completion (stop_type "word", stopping_word)', backend: { type: 'llamacpp' } },
  {
    name: 'vLLM /v1/completions (stop_reason)',
    backend: { type: 'openai-completions', grammarField: 'structured_outputs' },
  },
  {
    name: 'SGLang /v1/completions (matched_stop)',
    backend: { type: 'openai-completions', grammarField: 'ebnf' },
    stopReport: 'matched_stop',
  },
];

describe('stop_reason "stop_sequence" through @anthropic-ai/sdk', () => {
  for (const testCase of reporting) {
    it(`${testCase.name}: whole and streamed`, async () => {
      const recording = {
        output: 'Paris is sunny.',
        stoppedAt: '###',
        ...(testCase.stopReport === undefined ? {} : { stopReport: testCase.stopReport }),
      };
      const { gateway, client } = await start({
        backend: testCase.backend,
        replay: { recordings: [recording, recording] },
      });
      const request = { model: 'm', max_tokens: 50, messages: question, stop_sequences: stopSequences };
      const whole = await client.messages.create(request);
      const streamed = await client.messages.stream(request).finalMessage();
      for (const message of [whole, streamed]) {
        expect({
          content: message.content,
          stop_reason: message.stop_reason,
          stop_sequence: message.stop_sequence,
        }).toEqual({
          content: [{ type: 'text', text: 'Paris is sunny.' }],
          stop_reason: 'stop_sequence',
          stop_sequence: '###',
        });
      }
      const sent = gateway.replay.requests.map((entry) => entry.body.stop);
      expect(sent).toEqual([stopSequences, stopSequences]);
    });
  }

  it('streams it in message_delta exactly as Anthropic frames it', async () => {
    await start({
      backend: { type: 'llamacpp' },
      replay: {
        recordings: [{ output: 'Done', stoppedAt: 'END', usage: { promptTokens: 9, completionTokens: 2 } }],
      },
    });
    const response = await postMessages({
      model: 'm',
      max_tokens: 50,
      messages: question,
      stop_sequences: stopSequences,
      stream: true,
    });
    const frames = readFrames(await response.text());
    expect(frames.at(-2)?.data).toEqual({
      type: 'message_delta',
      delta: { stop_reason: 'stop_sequence', stop_sequence: 'END' },
      usage: { input_tokens: 9, output_tokens: 2 },
    });
    expect(frames.at(-1)?.data).toEqual({ type: 'message_stop' });
  });

  /** Stops that must read as another `stop_reason`, whole and streamed. */
  const others: {
    name: string;
    backend: Backend;
    output: string;
    stoppedAt?: string;
    finishReason?: 'length';
    stop_reason: string;
  }[] = [
    {
      name: 'Ollama says only done_reason "stop": end_turn',
      backend: { type: 'ollama' },
      output: 'Sunny.',
      stop_reason: 'end_turn',
    },
    {
      name: "llama.cpp at a stop string of the server's own, not among stop_sequences: end_turn",
      backend: { type: 'llamacpp' },
      output: 'Sunny.',
      stoppedAt: '<|im_end|>',
      stop_reason: 'end_turn',
    },
    {
      name: 'a call made before the stop string: tool_use',
      backend: { type: 'llamacpp' },
      output: hermesCall('get_weather', { city: 'Paris' }),
      stoppedAt: 'END',
      stop_reason: 'tool_use',
    },
    {
      name: 'a call, then the token limit cutting the next: tool_use, so the agent runs the call',
      backend: { type: 'openai-completions' },
      output: `${hermesCall('get_weather', { city: 'Paris' })}\n<tool_call>\n{"name": "get_weather", "arguments": {"ci`,
      finishReason: 'length',
      stop_reason: 'tool_use',
    },
    {
      name: 'the token limit: max_tokens',
      backend: { type: 'openai-completions' },
      output: 'It is',
      finishReason: 'length',
      stop_reason: 'max_tokens',
    },
  ];
  for (const testCase of others) {
    it(testCase.name, async () => {
      const { stop_reason, name: _name, backend, ...recording } = testCase;
      const { client } = await start({ backend, replay: { recordings: [recording, recording] } });
      const request = {
        model: 'm',
        max_tokens: 50,
        messages: question,
        tools,
        stop_sequences: stopSequences,
      };
      const whole = await client.messages.create(request);
      const streamed = await client.messages.stream(request).finalMessage();
      for (const message of [whole, streamed]) {
        expect({ stop_reason: message.stop_reason, stop_sequence: message.stop_sequence }).toEqual({
          stop_reason,
          stop_sequence: null,
        });
      }
    });
  }
});

describe('top_k', () => {
  const taking: { backend: Backend; sent: (body: Record<string, unknown>) => unknown }[] = [
    { backend: { type: 'llamacpp' }, sent: (body) => body.top_k },
    {
      backend: { type: 'openai-completions', grammarField: 'structured_outputs' },
      sent: (body) => body.top_k,
    },
    { backend: { type: 'openai-completions' }, sent: (body) => body.top_k },
    { backend: { type: 'ollama' }, sent: (body) => (body.options as Record<string, unknown>).top_k },
  ];
  for (const testCase of taking) {
    const label = `${testCase.backend.type}${testCase.backend.grammarField ? ` (${testCase.backend.grammarField})` : ''}`;
    it(`${label} is sent top_k, and none when the request has none`, async () => {
      const { gateway } = await start({
        backend: testCase.backend,
        replay: { recordings: [{ output: 'ok' }, { output: 'ok' }] },
      });
      // Sent as JSON: the SDK's types no longer list top_k, which other clients send.
      const statuses = [
        (await postMessages({ model: 'm', max_tokens: 20, messages: question, top_k: 40 })).status,
        (await postMessages({ model: 'm', max_tokens: 20, messages: question })).status,
      ];
      expect(statuses).toEqual([200, 200]);
      expect(gateway.replay.requests.map((entry) => testCase.sent(entry.body))).toEqual([40, undefined]);
    });
  }

  it('openai-chat-passthrough refuses it with 400 naming top_k, before the backend is asked', async () => {
    const { gateway } = await start({
      backend: { type: 'openai-chat-passthrough' },
      replay: { recordings: [] },
    });
    const response = await postMessages({ model: 'm', max_tokens: 10, messages: question, top_k: 5 });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      type: 'error',
      error: {
        type: 'invalid_request_error',
        message: '"top_k" is not supported by the backend of "m" (openai-chat-passthrough)',
      },
    });
    expect(gateway.replay.requests).toHaveLength(0);
  });

  it('a top_k that is not a positive integer is a 400', async () => {
    await start({ replay: { recordings: [] } });
    const response = await postMessages({ model: 'm', max_tokens: 10, messages: question, top_k: 0 });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      type: 'error',
      error: { type: 'invalid_request_error', message: '"top_k" must be a positive integer' },
    });
  });
});
