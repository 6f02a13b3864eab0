import Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { promptRendererFromText } from '../../src/server/index.js';
import { estimateTokens } from '../../src/server/messages/estimate-tokens.js';
import { type ApiError, postMessages, question, readFrames, start, tools } from './messages-harness.js';

describe('errors in Anthropic shape', () => {
  const bad: { name: string; body: string; status: number; type: string; message: string }[] = [
    {
      name: 'bad JSON',
      body: '{"model": ',
      status: 400,
      type: 'invalid_request_error',
      message: 'the request body is not valid JSON',
    },
    {
      name: 'missing max_tokens',
      body: JSON.stringify({ model: 'm', messages: question }),
      status: 400,
      type: 'invalid_request_error',
      message: '"max_tokens" is required',
    },
    {
      name: 'unknown model',
      body: JSON.stringify({ model: 'nope', max_tokens: 10, messages: question }),
      status: 404,
      type: 'not_found_error',
      message: 'The model "nope" does not exist on this gateway',
    },
    {
      name: 'a block of an unknown type',
      body: JSON.stringify({
        model: 'm',
        max_tokens: 10,
        messages: [{ role: 'user', content: [{ type: 'video' }] }],
      }),
      status: 400,
      type: 'invalid_request_error',
      message: 'messages.0.content.0: user blocks must be of type text, image, document, tool_result',
    },
    ...[
      [{ type: 'tool_use', id: 't1', input: {} }, 'messages.0.content.0.name must be a non-empty string'],
      [{ type: 'tool_use', id: 't1', name: 'f', input: 'x' }, 'messages.0.content.0.input must be an object'],
      [{ type: 'text', text: 5 }, 'messages.0.content.0.text must be a string'],
    ].map(([block, message]) => ({
      name: `an assistant block the converter would drop or change: ${message}`,
      body: JSON.stringify({
        model: 'm',
        max_tokens: 10,
        messages: [
          { role: 'assistant', content: [block] },
          { role: 'user', content: 'hi' },
        ],
      }),
      status: 400,
      type: 'invalid_request_error',
      message: message as string,
    })),
    ...[
      [
        { type: 'tool_result', tool_use_id: 't1', content: 5 },
        'messages.0.content.0.content must be a string or an array of blocks',
      ],
      [{ type: 'tool_result', content: 'r' }, 'messages.0.content.0.tool_use_id must be a non-empty string'],
      [
        { type: 'tool_result', tool_use_id: 't1', content: 'r', is_error: 'yes' },
        'messages.0.content.0.is_error must be a boolean',
      ],
    ].map(([block, message]) => ({
      name: `a user block the converter would drop or change: ${message}`,
      body: JSON.stringify({ model: 'm', max_tokens: 10, messages: [{ role: 'user', content: [block] }] }),
      status: 400,
      type: 'invalid_request_error',
      message: message as string,
    })),
    {
      name: 'a tool with strict not a boolean',
      body: JSON.stringify({
        model: 'm',
        max_tokens: 10,
        messages: question,
        tools: [{ name: 'f', input_schema: { type: 'object' }, strict: 'yes' }],
      }),
      status: 400,
      type: 'invalid_request_error',
      message: 'tools.0.strict must be true or false',
    },
    ...[{ type: 'string' }, {}].map((input_schema) => ({
      name: `a tool whose input_schema is ${JSON.stringify(input_schema)}`,
      body: JSON.stringify({
        model: 'm',
        max_tokens: 10,
        messages: question,
        tools: [{ name: 'f', input_schema }],
      }),
      status: 400,
      type: 'invalid_request_error',
      message: 'tools.0.input_schema.type must be "object"',
    })),
    {
      name: 'metadata not an object',
      body: JSON.stringify({ model: 'm', max_tokens: 10, messages: question, metadata: 'x' }),
      status: 400,
      type: 'invalid_request_error',
      message: '"metadata" must be an object',
    },
    {
      name: 'tool_choice naming no tool',
      body: JSON.stringify({
        model: 'm',
        max_tokens: 10,
        messages: question,
        tools,
        tool_choice: { type: 'tool', name: 'x' },
      }),
      status: 400,
      type: 'invalid_request_error',
      message: '"tool_choice" names "x", which is not in "tools"',
    },
    {
      name: 'an image for a raw-text backend',
      body: JSON.stringify({
        model: 'm',
        max_tokens: 10,
        messages: [
          {
            role: 'user',
            content: [{ type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } }],
          },
        ],
      }),
      status: 400,
      type: 'invalid_request_error',
      message: 'the backend of "m" reads a text prompt: images and documents are not supported',
    },
    {
      name: 'thinking budget not below max_tokens',
      body: JSON.stringify({
        model: 'm',
        max_tokens: 1024,
        messages: question,
        thinking: { type: 'enabled', budget_tokens: 1024 },
      }),
      status: 400,
      type: 'invalid_request_error',
      message: '"thinking.budget_tokens" must be less than "max_tokens"',
    },
  ];
  for (const testCase of bad) {
    it(testCase.name, async () => {
      const { gateway } = await start({ replay: { recordings: [] } });
      const response = await postMessages(testCase.body);
      expect(response.status).toBe(testCase.status);
      expect(await response.json()).toEqual({
        type: 'error',
        error: { type: testCase.type, message: testCase.message },
      });
      expect(gateway.replay.requests).toHaveLength(0);
    });
  }

  it('through the SDK: missing or wrong key is an AuthenticationError; x-api-key passes', async () => {
    const { gateway } = await start({ apiKey: 'sekret-key', replay: { recordings: [{ output: 'ok' }] } });
    const wrong = new Anthropic({ baseURL: gateway.url, apiKey: 'sekret-kex', maxRetries: 0 });
    const error = await wrong.messages
      .create({ model: 'm', max_tokens: 10, messages: question })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.AuthenticationError);
    expect((error as ApiError).error).toEqual({
      type: 'error',
      error: { type: 'authentication_error', message: 'the API key is not valid' },
    });
    const missing = await postMessages({ model: 'm', max_tokens: 10, messages: question });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({
      type: 'error',
      error: {
        type: 'authentication_error',
        message: 'an API key is required (Authorization: Bearer KEY, or x-api-key: KEY)',
      },
    });
    const right = new Anthropic({ baseURL: gateway.url, apiKey: 'sekret-key', maxRetries: 0 });
    const message = await right.messages.create({ model: 'm', max_tokens: 10, messages: question });
    expect(message.content).toEqual([{ type: 'text', text: 'ok' }]);
    expect(JSON.stringify(gateway.logs)).not.toContain('sekret');
  });

  it('413 request_too_large, 404 not_found_error under /v1/messages, 429 rate_limit_error', async () => {
    const { gateway } = await start({
      gateway: { bodyLimit: 1024, maxConcurrent: 1 },
      replay: { recordings: [{ output: 'slow', stallAfterChunks: 1 }] },
    });
    const big = await postMessages({
      model: 'm',
      max_tokens: 10,
      messages: [{ role: 'user', content: 'x'.repeat(4096) }],
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({
      type: 'error',
      error: { type: 'request_too_large', message: 'the request body is larger than 1024 bytes' },
    });
    const route = await postMessages({}, {}, '/v1/messages/batches');
    expect(route.status).toBe(404);
    expect(await route.json()).toEqual({
      type: 'error',
      error: { type: 'not_found_error', message: 'no route for POST /v1/messages/batches' },
    });
    const controller = new AbortController();
    const slow = await fetch(`${gateway.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', max_tokens: 10, messages: question, stream: true }),
      signal: controller.signal,
    });
    const second = await postMessages({ model: 'm', max_tokens: 10, messages: question });
    expect(second.status).toBe(429);
    expect(await second.json()).toEqual({
      type: 'error',
      error: { type: 'rate_limit_error', message: 'too many requests at once (at most 1)' },
    });
    controller.abort();
    await slow.body?.cancel().catch(() => {});
    // The Chat surface keeps OpenAI's shape.
    const chat = await postMessages({}, {}, '/v1/nothing');
    expect(await chat.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('a backend failure before the first event: 502 api_error', async () => {
    const { client } = await start({ replay: { recordings: [{ output: '', status: 500 }] } });
    const error = await client.messages
      .create({ model: 'm', max_tokens: 10, messages: question })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.InternalServerError);
    expect((error as ApiError).status).toBe(502);
    expect(((error as ApiError).error as { error: { type: string } }).error.type).toBe('api_error');
  });

  it('a stream that fails mid-way ends with an error event; the SDK throws it', async () => {
    const recording = { output: 'a long answer that is cut', resetAfterChunks: 2 };
    const { client } = await start({ replay: { recordings: [recording, recording], maxChunkLength: 2 } });
    const response = await postMessages({ model: 'm', max_tokens: 10, messages: question, stream: true });
    expect(response.status).toBe(200);
    const frames = readFrames(await response.text());
    expect(frames.map((frame) => frame.event).slice(0, 2)).toEqual(['message_start', 'ping']);
    expect(frames.at(-1)).toEqual({
      event: 'error',
      data: { type: 'error', error: { type: 'api_error', message: expect.stringContaining('backend') } },
    });
    expect(frames.some((frame) => frame.event === 'message_stop')).toBe(false);
    const error = await client.messages
      .stream({ model: 'm', max_tokens: 10, messages: question })
      .finalMessage()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect(((error as ApiError).error as { error: { type: string } }).error.type).toBe('api_error');
  });
});

describe('headers and fields agent clients send', () => {
  it('anthropic-version and anthropic-beta are accepted; unknown betas and fields are noted once', async () => {
    const { gateway } = await start({ replay: { recordings: [{ output: 'a' }, { output: 'b' }] } });
    const body = {
      model: 'm',
      max_tokens: 10,
      messages: question,
      context_management: { edits: [] },
      tools: [...tools, { type: 'web_search_20250305', name: 'web_search' }],
    };
    const headers = {
      'anthropic-version': '2023-06-01',
      'anthropic-beta': 'interleaved-thinking-2025-05-14, claude-code-20250219,token-counting-2024-11-01',
    };
    for (let round = 0; round < 2; round++) {
      const response = await postMessages(body, headers, '/v1/messages?beta=true');
      expect(response.status).toBe(200);
    }
    expect(gateway.notices).toEqual([
      'anthropic-beta "claude-code-20250219" is not supported by this gateway; ignored',
      '/v1/messages: "context_management" is not supported by this gateway; ignored',
      '/v1/messages: tool web_search_20250305 (web_search) is defined by Anthropic; left out',
    ]);
    expect(String(gateway.replay.requests[0]?.body.prompt)).not.toContain('web_search');
  });
});

describe('POST /v1/messages/count_tokens', () => {
  it('counts the prompt rendered by the model template (an estimate, and says so)', async () => {
    // A template that prints the messages' text only, so the count can be checked by hand:
    // "Hello," 2 + " world!" 2 + "\n  " 1 + "foo" 1 + " 123456" 2 = 8.
    const { client } = await start({
      replay: { recordings: [] },
      model: { renderer: promptRendererFromText('{% for m in messages %}{{ m.content }}{% endfor %}') },
    });
    const counted = await client.messages.countTokens({
      model: 'm',
      messages: [{ role: 'user', content: 'Hello, world!\n  foo 123456' }],
    });
    expect(counted).toEqual({ input_tokens: 8 });
    const response = await postMessages(
      { model: 'm', messages: [{ role: 'user', content: 'Hello, world!\n  foo 123456' }] },
      {},
      '/v1/messages/count_tokens',
    );
    expect(response.headers.get('x-toolwire-token-count')).toBe('estimated');
  });

  it('counts the same prompt /v1/messages sends: system, tools and history included', async () => {
    const { gateway, client } = await start({ replay: { recordings: [{ output: 'ok' }] } });
    const request = { model: 'm', system: 'Be brief.', messages: question, tools };
    const withTools = await client.messages.countTokens(request);
    const without = await client.messages.countTokens({ model: 'm', messages: question });
    await client.messages.create({ ...request, max_tokens: 10 });
    // The count is the estimate of the very prompt the backend received.
    const sent = String(gateway.replay.requests[0]?.body.prompt);
    expect(withTools.input_tokens).toBe(estimateTokens(sent));
    expect(withTools.input_tokens).toBe(272);
    expect(without.input_tokens).toBe(23);
    const unknown = await client.messages
      .countTokens({ model: 'nope', messages: question })
      .catch((caught: unknown) => caught);
    expect(unknown).toBeInstanceOf(Anthropic.NotFoundError);
  });
});
