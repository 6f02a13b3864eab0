import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { promptRendererFromText } from '../../src/server/index.js';
import { type GatewayHarness, hermesCall, startGateway, weatherTools } from './gateway-harness.js';

let harness: GatewayHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const question = [{ role: 'user', content: 'Weather in Paris?' }];

async function post(
  path: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: unknown }> {
  if (harness === undefined) throw new Error('no gateway');
  const response = await fetch(`${harness.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  return { status: response.status, json: await response.json().catch(() => undefined) };
}

describe('bad requests get OpenAI-shaped errors with their status', () => {
  const cases: { name: string; body: string; status: number; code: string; param?: string | null }[] = [
    { name: 'not JSON', body: '{"model": ', status: 400, code: 'invalid_json', param: null },
    { name: 'not an object', body: '[1]', status: 400, code: 'invalid_request', param: 'body' },
    {
      name: 'no model',
      body: JSON.stringify({ messages: question }),
      status: 400,
      code: 'invalid_value',
      param: 'model',
    },
    {
      name: 'a tool whose strict is not a boolean',
      body: JSON.stringify({
        model: 'm',
        messages: question,
        tools: [{ type: 'function', function: { name: 'f', parameters: { type: 'object' }, strict: 1 } }],
      }),
      status: 400,
      code: 'invalid_value',
      param: 'tools[0].function.strict',
    },
    {
      name: 'messages not an array',
      body: JSON.stringify({ model: 'm', messages: 'hi' }),
      status: 400,
      code: 'invalid_value',
      param: 'messages',
    },
    {
      name: 'unknown model',
      body: JSON.stringify({ model: 'nope', messages: question }),
      status: 404,
      code: 'model_not_found',
      param: 'model',
    },
    {
      name: 'n = 2',
      body: JSON.stringify({ model: 'm', messages: question, n: 2 }),
      status: 400,
      code: 'unsupported_parameter',
      param: 'n',
    },
    {
      name: 'logprobs',
      body: JSON.stringify({ model: 'm', messages: question, logprobs: true }),
      status: 400,
      code: 'unsupported_parameter',
      param: 'logprobs',
    },
    {
      name: 'a logit_bias that biases',
      body: JSON.stringify({ model: 'm', messages: question, logit_bias: { 1: 2 } }),
      status: 400,
      code: 'unsupported_parameter',
      param: 'logit_bias',
    },
    {
      name: 'top_logprobs 2',
      body: JSON.stringify({ model: 'm', messages: question, top_logprobs: 2 }),
      status: 400,
      code: 'unsupported_parameter',
      param: 'top_logprobs',
    },
    {
      name: 'an unknown field',
      body: JSON.stringify({ model: 'm', messages: question, audio_speed: 2 }),
      status: 400,
      code: 'unsupported_parameter',
      param: 'audio_speed',
    },
    {
      name: 'temperature 3',
      body: JSON.stringify({ model: 'm', messages: question, temperature: 3 }),
      status: 400,
      code: 'invalid_value',
      param: 'temperature',
    },
    {
      name: 'tool_choice names no tool',
      body: JSON.stringify({
        model: 'm',
        messages: question,
        tools: weatherTools,
        tool_choice: { type: 'function', function: { name: 'x' } },
      }),
      status: 400,
      code: 'invalid_value',
      param: 'tool_choice',
    },
    {
      name: 'required without tools',
      body: JSON.stringify({ model: 'm', messages: question, tool_choice: 'required' }),
      status: 400,
      code: 'invalid_value',
      param: 'tool_choice',
    },
    {
      name: 'a message that is not an object',
      body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }, null] }),
      status: 400,
      code: 'invalid_value',
      param: 'messages[1]',
    },
    {
      name: 'a message of the legacy function role',
      body: JSON.stringify({
        model: 'm',
        messages: [
          { role: 'user', content: 'hi' },
          { role: 'function', name: 'f', content: '1' },
        ],
      }),
      status: 400,
      code: 'invalid_value',
      param: 'messages[1].role',
    },
    {
      name: 'user content a number',
      body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 5 }] }),
      status: 400,
      code: 'invalid_value',
      param: 'messages[0].content',
    },
    {
      name: 'user content an object',
      body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: { text: 'IMPORTANT' } }] }),
      status: 400,
      code: 'invalid_value',
      param: 'messages[0].content',
    },
    {
      name: 'a user message without content',
      body: JSON.stringify({ model: 'm', messages: [{ role: 'system', content: 's' }, { role: 'user' }] }),
      status: 400,
      code: 'invalid_value',
      param: 'messages[1].content',
    },
    {
      name: 'assistant tool_calls not an array',
      body: JSON.stringify({
        model: 'm',
        messages: [
          { role: 'user', content: 'q' },
          { role: 'assistant', tool_calls: 'x' },
        ],
      }),
      status: 400,
      code: 'invalid_value',
      param: 'messages[1].tool_calls',
    },
    {
      name: 'stream_options.include_usage not a boolean',
      body: JSON.stringify({ model: 'm', messages: question, stream_options: { include_usage: 'yes' } }),
      status: 400,
      code: 'invalid_value',
      param: 'stream_options.include_usage',
    },
    {
      name: 'a tool without a name',
      body: JSON.stringify({ model: 'm', messages: question, tools: [{ type: 'function', function: {} }] }),
      status: 400,
      code: 'invalid_value',
      param: 'tools[0].function.name',
    },
  ];
  for (const testCase of cases) {
    it(testCase.name, async () => {
      harness = await startGateway({
        backend: { type: 'openai-chat-passthrough' },
        model: { renderer: undefined },
        replay: { recordings: [] },
      });
      const { status, json } = await post('/v1/chat/completions', testCase.body);
      expect(status).toBe(testCase.status);
      expect(json).toEqual({
        error: {
          message: expect.any(String),
          type: expect.any(String),
          param: testCase.param ?? null,
          code: testCase.code,
        },
      });
      expect(harness.replay.requests).toHaveLength(0);
    });
  }

  it('a tool schema nested 5,000 levels deep is a 400 on every surface (the template once overflowed the stack: 500)', async () => {
    harness = await startGateway({ replay: { recordings: [] } });
    // Written as text: JSON.stringify of 10,000 levels would overflow the test's own stack.
    const parameters = `${'{"type":"object","properties":{"n":'.repeat(5000)}{"type":"string"}${'}}'.repeat(5000)}`;
    const message = 'the request body nests objects and arrays more than 256 levels deep';
    const chat = await post(
      '/v1/chat/completions',
      `{"model":"m","messages":[{"role":"user","content":"hi"}],"tools":[{"type":"function","function":{"name":"f","parameters":${parameters}}}]}`,
    );
    const responses = await post(
      '/v1/responses',
      `{"model":"m","input":"hi","tools":[{"type":"function","name":"f","parameters":${parameters}}]}`,
    );
    const messages = await post(
      '/v1/messages',
      `{"model":"m","max_tokens":10,"messages":[{"role":"user","content":"hi"}],"tools":[{"name":"f","input_schema":${parameters}}]}`,
    );
    const openaiShape = {
      status: 400,
      json: { error: { message, type: 'invalid_request_error', param: null, code: 'nested_too_deep' } },
    };
    expect([chat, responses, messages]).toEqual([
      openaiShape,
      openaiShape,
      { status: 400, json: { type: 'error', error: { type: 'invalid_request_error', message } } },
    ]);
    expect(harness.replay.requests).toHaveLength(0);
  });

  for (const backend of [{ type: 'llamacpp' as const }, { type: 'ollama' as const }]) {
    it(`tool_choice required of a model that writes no calls (content_only, ${backend.type}): 400 before the backend is asked`, async () => {
      harness = await startGateway({
        format: 'content_only',
        backend,
        replay: { recordings: [{ output: 'Hello.' }] },
      });
      for (const tool_choice of ['required', { type: 'function', function: { name: 'get_weather' } }]) {
        for (const stream of [false, true]) {
          const body = JSON.stringify({
            model: 'm',
            messages: question,
            tools: weatherTools,
            tool_choice,
            stream,
          });
          expect(await post('/v1/chat/completions', body)).toEqual({
            status: 400,
            json: {
              error: {
                message:
                  'model "m" writes no tool calls (format content_only): "tool_choice" cannot require one',
                type: 'invalid_request_error',
                param: 'tool_choice',
                code: 'invalid_value',
              },
            },
          });
        }
      }
      expect(harness.replay.requests).toHaveLength(0);
    });
  }

  it('a 50 MB body gets 413 before it is read whole', async () => {
    harness = await startGateway({ replay: { recordings: [] }, gateway: { bodyLimit: 1024 * 1024 } });
    const big = JSON.stringify({
      model: 'm',
      messages: [{ role: 'user', content: 'x'.repeat(50 * 1024 * 1024) }],
    });
    const { status, json } = await post('/v1/chat/completions', big);
    expect(status).toBe(413);
    expect(json).toMatchObject({ error: { code: 'request_too_large', type: 'invalid_request_error' } });
  });

  it('a missing or wrong key gets 401; the right one (Bearer or x-api-key) passes', async () => {
    harness = await startGateway({
      apiKey: 'sekret-key',
      replay: { recordings: [{ output: 'a' }, { output: 'b' }] },
    });
    const body = JSON.stringify({ model: 'm', messages: question });
    const missing = await post('/v1/chat/completions', body);
    expect(missing.status).toBe(401);
    expect(missing.json).toMatchObject({ error: { code: 'invalid_api_key', type: 'authentication_error' } });
    const wrong = await post('/v1/chat/completions', body, { authorization: 'Bearer sekret-kex' });
    expect(wrong.status).toBe(401);
    expect((await post('/v1/chat/completions', body, { authorization: 'Bearer sekret-key' })).status).toBe(
      200,
    );
    expect((await post('/v1/chat/completions', body, { 'x-api-key': 'sekret-key' })).status).toBe(200);
    expect(JSON.stringify(harness.logs)).not.toContain('sekret');
    // /health needs no key.
    expect((await fetch(`${harness.url}/health`)).status).toBe(200);
  });

  it('a client that leaves in the middle of its request body is logged as client_closed 499, not a 500', async () => {
    harness = await startGateway({ replay: { recordings: [] } });
    const { port } = new URL(harness.url);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /v1/chat/completions HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"model":"m",',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
    for (let turn = 0; turn < 100 && harness.logs.length === 0; turn++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(harness.logs.map((line) => [line.status, line.error])).toEqual([[499, 'client_closed']]);
    expect(harness.replay.requests).toHaveLength(0);
  });

  it('more than 512 tools is a 400 on tools, before any schema work or the backend', async () => {
    harness = await startGateway({ replay: { recordings: [{ output: 'ok' }] } });
    const tools = (count: number) =>
      Array.from({ length: count }, (_, index) => ({
        type: 'function',
        function: { name: `tool_${index}`, parameters: { type: 'object', properties: {} } },
      }));
    const many = await post(
      '/v1/chat/completions',
      JSON.stringify({ model: 'm', messages: question, tools: tools(513) }),
    );
    expect(many.status).toBe(400);
    expect(many.json).toMatchObject({
      error: { param: 'tools', message: 'at most 512 tools may be offered, got 513' },
    });
    expect(harness.replay.requests).toHaveLength(0);
    const enough = await post(
      '/v1/chat/completions',
      JSON.stringify({ model: 'm', messages: question, tools: tools(512) }),
    );
    expect(enough.status).toBe(200);
  });

  it('a conversation the chat template refuses (its raise_exception) is a 400 template_refused, not a 500', async () => {
    harness = await startGateway({
      model: {
        renderer: promptRendererFromText(
          "{{ raise_exception('Conversation roles must alternate user/assistant') }}",
          {
            name: '/srv/models/llama/chat_template.jinja',
          },
        ),
      },
      replay: { recordings: [] },
    });
    const { status, json } = await post(
      '/v1/chat/completions',
      JSON.stringify({ model: 'm', messages: question }),
    );
    expect([status, json]).toEqual([
      400,
      {
        error: {
          message:
            'chat_template.jinja: the chat template refused the conversation: Conversation roles must alternate user/assistant',
          type: 'invalid_request_error',
          param: 'messages',
          code: 'template_refused',
        },
      },
    ]);
    expect(harness.replay.requests).toHaveLength(0);
  });

  it('every answer carries x-request-id: /health, /v1/models, a 401, a 404 route', async () => {
    harness = await startGateway({ apiKey: 'sekret-key', replay: { recordings: [] } });
    const auth = { authorization: 'Bearer sekret-key' };
    const answers = await Promise.all([
      fetch(`${harness.url}/health`),
      fetch(`${harness.url}/v1/models`, { headers: auth }),
      fetch(`${harness.url}/v1/chat/completions`, { method: 'POST', body: '{}' }),
      fetch(`${harness.url}/v1/nothing`, { method: 'POST', body: '{}', headers: auth }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 401, 404]);
    const ids = answers.map((answer) => answer.headers.get('x-request-id') ?? '');
    expect(ids.every((id) => /^req_[0-9a-f]{20}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(4);
  });

  it('an unknown route is a 404 in OpenAI shape', async () => {
    harness = await startGateway({ replay: { recordings: [] } });
    const { status, json } = await post('/v1/nothing', '{}');
    expect(status).toBe(404);
    expect(json).toMatchObject({ error: { code: 'not_found' } });
  });

  it('more requests than maxConcurrent get 429', async () => {
    harness = await startGateway({
      gateway: { maxConcurrent: 1 },
      replay: { recordings: [{ output: 'slow', stallAfterChunks: 1 }, { output: 'x' }] },
    });
    const controller = new AbortController();
    const first = fetch(`${harness.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', messages: question, stream: true }),
      signal: controller.signal,
    });
    const response = await first;
    const second = await post('/v1/chat/completions', JSON.stringify({ model: 'm', messages: question }));
    expect(second.status).toBe(429);
    expect(second.json).toMatchObject({ error: { type: 'rate_limit_error' } });
    // Reads are not limited: a health probe and the model list are answered while the slot is taken.
    expect((await fetch(`${harness.url}/health`)).status).toBe(200);
    expect((await fetch(`${harness.url}/v1/models`)).status).toBe(200);
    controller.abort();
    await response.body?.cancel().catch(() => {});
    // The slot is free again once the first stream ended.
    await expect
      .poll(
        async () =>
          (await post('/v1/chat/completions', JSON.stringify({ model: 'm', messages: question }))).status,
      )
      .toBe(200);
  });

  it('without the API key: 401 before 429, however busy the gateway is', async () => {
    harness = await startGateway({
      gateway: { maxConcurrent: 1, apiKey: 'k' },
      replay: { recordings: [{ output: 'slow', stallAfterChunks: 1 }] },
    });
    const controller = new AbortController();
    const response = await fetch(`${harness.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer k' },
      body: JSON.stringify({ model: 'm', messages: question, stream: true }),
      signal: controller.signal,
    });
    expect(
      (await post('/v1/chat/completions', JSON.stringify({ model: 'm', messages: question }))).status,
    ).toBe(401);
    const busy = await post('/v1/chat/completions', JSON.stringify({ model: 'm', messages: question }), {
      authorization: 'Bearer k',
    });
    expect(busy.status).toBe(429);
    controller.abort();
    await response.body?.cancel().catch(() => {});
  });
});

describe('backend failures', () => {
  const body = JSON.stringify({ model: 'm', messages: question, tools: weatherTools });
  it('refused connection: 502', async () => {
    harness = await startGateway({ replay: { recordings: [{ output: '', refuse: true }] } });
    const { status, json } = await post('/v1/chat/completions', body);
    expect(status).toBe(502);
    expect(json).toMatchObject({ error: { type: 'server_error' } });
  });

  it('backend 500: 502 naming the backend status', async () => {
    harness = await startGateway({ replay: { recordings: [{ output: '', status: 500 }] } });
    const { status, json } = await post('/v1/chat/completions', body);
    expect(status).toBe(502);
    expect(json).toMatchObject({ error: { code: 'backend_status' } });
    // Without the backend's address: an internal host and port are the operator's, not the client's.
    expect((json as { error: { message: string } }).error.message).toBe(
      'the backend answered 500: {"error":{"message":"replay failure 500","code":500}}',
    );
  });

  // As vLLM, llama.cpp's server and SGLang answer a prompt longer than the context.
  const overflows = [
    ['vllm', "This model's maximum context length is 4096 tokens. However, you requested 5120 tokens."],
    ['llama.cpp', 'the request exceeds the available context size, try increasing it'],
    ['sglang', "The input (5000 tokens) is longer than the model's context length (4096 tokens)."],
  ] as const;
  for (const [server, text] of overflows) {
    it(`a ${server} context overflow (400) is a 400 context_length_exceeded on every surface, not a 502`, async () => {
      const errorBody = JSON.stringify({ error: { message: text, type: 'BadRequestError', code: 400 } });
      harness = await startGateway({
        replay: { recordings: [0, 1, 2].map(() => ({ output: '', status: 400, errorBody })) },
      });
      const chat = await post('/v1/chat/completions', body);
      expect(chat.status).toBe(400);
      expect(chat.json).toEqual({
        error: {
          type: 'invalid_request_error',
          code: 'context_length_exceeded',
          param: 'messages',
          message: `prompt is too long for the model's context; the backend answered 400: ${JSON.stringify(errorBody)}`,
        },
      });
      const responses = await post('/v1/responses', JSON.stringify({ model: 'm', input: 'hi' }));
      expect(responses.status).toBe(400);
      expect(responses.json).toMatchObject({ error: { code: 'context_length_exceeded' } });
      // Anthropic's wording, which Claude Code reads to compact the conversation.
      const messages = await post(
        '/v1/messages',
        JSON.stringify({ model: 'm', max_tokens: 10, messages: question }),
      );
      expect(messages.status).toBe(400);
      expect(messages.json).toMatchObject({
        type: 'error',
        error: { type: 'invalid_request_error', message: expect.stringMatching(/^prompt is too long/) },
      });
    });
  }

  it('a generation the backend ended with finish_reason "abort" is a 502, not an answer that looks complete', async () => {
    harness = await startGateway({
      replay: { recordings: [{ output: 'The weather in Par', finishReason: 'abort' }] },
    });
    const { status, json } = await post('/v1/chat/completions', body);
    expect(status).toBe(502);
    expect(json).toMatchObject({
      error: {
        code: 'backend_status',
        message: 'the backend ended the generation with finish_reason "abort"',
      },
    });
  });

  it('another backend 400 is still a 502 backend_status, one that only mentions the context length too', async () => {
    harness = await startGateway({
      replay: {
        recordings: [
          { output: '', status: 400, errorBody: '{"error": "grammar parse failed"}' },
          {
            output: '',
            status: 400,
            errorBody: '{"error": "max_tokens must be at least 1, got -1 (context length 4096)"}',
          },
        ],
      },
    });
    for (let attempt = 0; attempt < 2; attempt++) {
      const { status, json } = await post('/v1/chat/completions', body);
      expect(status).toBe(502);
      expect(json).toMatchObject({ error: { code: 'backend_status' } });
    }
  });

  it('a stall past the timeout: 504', async () => {
    harness = await startGateway({
      backend: { type: 'openai-completions', timeoutMs: 300 },
      replay: { recordings: [{ output: 'abcdef', stallAfterChunks: 1 }] },
    });
    const { status, json } = await post('/v1/chat/completions', body);
    expect(status).toBe(504);
    expect(json).toMatchObject({ error: { code: 'backend_timeout' } });
  });

  it('reset mid-stream: the stream ends with an error event and no [DONE]', async () => {
    harness = await startGateway({
      replay: {
        recordings: [{ output: 'a long answer that is cut', resetAfterChunks: 2 }],
        maxChunkLength: 2,
      },
    });
    const response = await fetch(`${harness.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', messages: question, stream: true }),
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain('[DONE]');
    const last = text.trim().split('\n\n').at(-1) ?? '';
    expect(JSON.parse(last.slice('data: '.length))).toMatchObject({
      error: { type: 'server_error', code: 'backend_protocol' },
    });
  });

  it('malformed backend SSE: 502', async () => {
    harness = await startGateway({ replay: { recordings: [{ output: 'abc', malformed: true }] } });
    const { status, json } = await post('/v1/chat/completions', body);
    expect(status).toBe(502);
    expect(json).toMatchObject({ error: { code: 'backend_protocol' } });
  });

  it('a client that disconnects mid-stream aborts the backend request', async () => {
    harness = await startGateway({
      replay: { recordings: [{ output: 'x'.repeat(50), stallAfterChunks: 2 }] },
    });
    const controller = new AbortController();
    const response = await fetch(`${harness.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', messages: question, stream: true }),
      signal: controller.signal,
    });
    const reader = response.body?.getReader();
    await reader?.read();
    controller.abort();
    const ended = await harness.replay.requests[0]?.ended;
    expect(ended).toBe('client_closed');
  });

  it('a client that disconnects before a whole answer: the backend request aborted, logged client_closed (499)', async () => {
    harness = await startGateway({
      replay: { recordings: [{ output: 'x'.repeat(50), stallAfterChunks: 2 }] },
    });
    const controller = new AbortController();
    const answered = fetch(`${harness.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', messages: question }),
      signal: controller.signal,
    }).catch(() => undefined);
    await expect.poll(() => harness?.replay.requests.length).toBe(1);
    controller.abort();
    await answered;
    expect(await harness.replay.requests[0]?.ended).toBe('client_closed');
    await expect.poll(() => harness?.logs.length).toBe(1);
    expect(harness.logs[0]).toMatchObject({ status: 499, error: 'client_closed' });
  });
});

describe('models, health, history repairs and logs', () => {
  it('GET /v1/models lists the model; /health answers ok', async () => {
    harness = await startGateway({ replay: { recordings: [] } });
    const list = await harness.client.models.list();
    expect(list.data.map((model) => model.id)).toEqual(['m']);
    expect(await (await fetch(`${harness.url}/health`)).json()).toEqual({ status: 'ok', models: 1 });
  });

  it('a history with an orphan tool result is repaired before rendering, and the header says how many changes', async () => {
    harness = await startGateway({ replay: { recordings: [{ output: 'Fine.' }] } });
    const messages = [
      { role: 'user', content: 'Hi' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'c1', type: 'function', function: { name: 'get_time', arguments: '{"zone":"UTC"}' } },
        ],
      },
      { role: 'user', content: 'Never mind' },
    ];
    const response = await fetch(`${harness.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', messages, tools: weatherTools }),
    });
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('x-toolwire-history-repairs'))).toBeGreaterThan(0);
    expect(harness.logs.at(-1)?.historyRepairs).toBe(
      Number(response.headers.get('x-toolwire-history-repairs')),
    );
  });

  it('results sent out of call order reach the template in call order (templates pair them by position)', async () => {
    harness = await startGateway({
      replay: {
        recordings: [
          {
            output: 'Paris 18, Oslo 3.',
            expectPrompt: (prompt) =>
              expect(prompt.slice(prompt.indexOf('<|im_start|>user'))).toBe(
                '<|im_start|>user\nParis and Oslo?<|im_end|>\n<|im_start|>assistant\n' +
                  '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>\n' +
                  '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n</tool_call><|im_end|>\n' +
                  '<|im_start|>user\n<tool_response>\nRESULT_PARIS\n</tool_response>\n' +
                  '<tool_response>\nRESULT_OSLO\n</tool_response><|im_end|>\n<|im_start|>assistant\n',
              ),
          },
        ],
      },
    });
    const response = await harness.client.responses
      .create({
        model: 'm',
        input: [
          { role: 'user', content: 'Paris and Oslo?' },
          { type: 'function_call', call_id: 'call_a', name: 'get_weather', arguments: '{"city":"Paris"}' },
          { type: 'function_call', call_id: 'call_b', name: 'get_weather', arguments: '{"city":"Oslo"}' },
          { type: 'function_call_output', call_id: 'call_b', output: 'RESULT_OSLO' },
          { type: 'function_call_output', call_id: 'call_a', output: 'RESULT_PARIS' },
        ],
        tools: [
          {
            type: 'function',
            name: 'get_weather',
            parameters: weatherTools[0]?.function.parameters ?? {},
            strict: false,
          },
        ],
      })
      .withResponse();
    expect(response.data.output_text).toBe('Paris 18, Oslo 3.');
    expect(response.response.headers.get('x-toolwire-history-repairs')).toBe('1');
  });

  it('one log line per request with id, model, status, timings, tokens and calls', async () => {
    harness = await startGateway({
      replay: {
        recordings: [
          {
            output: hermesCall('get_time', { zone: 'UTC' }),
            usage: { promptTokens: 3, completionTokens: 4 },
          },
        ],
      },
    });
    await harness.client.chat.completions.create({
      model: 'm',
      messages: question as never,
      tools: weatherTools,
    });
    expect(harness.logs).toHaveLength(1);
    expect(harness.logs[0]).toMatchObject({
      method: 'POST',
      path: '/v1/chat/completions',
      model: 'm',
      status: 200,
      stream: false,
      promptTokens: 3,
      completionTokens: 4,
      calls: 1,
      invalidCalls: 0,
      historyRepairs: 0,
    });
    expect(harness.logs[0]?.id).toMatch(/^req_/);
    expect(typeof harness.logs[0]?.ms).toBe('number');
  });
});

describe('images for a backend that reads a text prompt', () => {
  const image = { url: 'https://example.com/a.png' };
  const refusal = (param: string) => ({
    error: {
      message: 'the backend of "m" reads a text prompt: images and documents are not supported',
      type: 'invalid_request_error',
      param,
      code: 'unsupported_content',
    },
  });

  it('Chat: a user image part is a 400 on messages, and the backend is not asked', async () => {
    harness = await startGateway({ replay: { recordings: [] } });
    const { status, json } = await post(
      '/v1/chat/completions',
      JSON.stringify({
        model: 'm',
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is it?' },
              { type: 'image_url', image_url: image },
            ],
          },
        ],
      }),
    );
    expect({ status, json }).toEqual({ status: 400, json: refusal('messages') });
    expect(harness.replay.requests).toHaveLength(0);
  });

  it('Responses: an input_image is a 400 on input', async () => {
    harness = await startGateway({ replay: { recordings: [] } });
    const { status, json } = await post(
      '/v1/responses',
      JSON.stringify({
        model: 'm',
        input: [{ role: 'user', content: [{ type: 'input_image', image_url: image.url }] }],
      }),
    );
    expect({ status, json }).toEqual({ status: 400, json: refusal('input') });
    expect(harness.replay.requests).toHaveLength(0);
  });
});

describe('a backend whose answer does not end', () => {
  it('is cut at maxAnswerCharacters: 502 backend_protocol (whole) or an error event (stream), the backend request cancelled', async () => {
    const output = 'A'.repeat(4_000_000);
    harness = await startGateway({
      gateway: { maxAnswerCharacters: 10_000 },
      replay: { recordings: [{ output }, { output }], maxChunkLength: 1000 },
    });
    const message =
      'backend: the answer is longer than 10000 characters; the request to the backend was cancelled';
    const error = { error: { message, type: 'server_error', param: null, code: 'backend_protocol' } };
    const whole = await post('/v1/chat/completions', JSON.stringify({ model: 'm', messages: question }));
    expect(whole).toEqual({ status: 502, json: error });
    expect(await harness.replay.requests[0]?.ended).toBe('client_closed');
    const response = await fetch(`${harness.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', messages: question, stream: true }),
    });
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(text.slice(text.lastIndexOf('data: {'))).toBe(`data: ${JSON.stringify(error)}\n\n`);
    expect(await harness.replay.requests[1]?.ended).toBe('client_closed');
  });

  it('reads an answer of exactly maxAnswerCharacters', async () => {
    harness = await startGateway({
      gateway: { maxAnswerCharacters: 10_000 },
      replay: { recordings: [{ output: 'A'.repeat(10_000) }], maxChunkLength: 1000 },
    });
    const answer = await harness.client.chat.completions.create({ model: 'm', messages: question as never });
    expect(answer.choices[0]?.message.content).toBe('A'.repeat(10_000));
  });
});
