import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { parseToolCalls } from '../../src/formats/index.js';
import { type GatewayHarness, hermesCall, startGateway, weatherTools } from './gateway-harness.js';

let harness: GatewayHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const question = [{ role: 'user' as const, content: 'Weather in Paris?' }];
const callText = `Let me check.\n${hermesCall('get_weather', { city: 'Paris', unit: 'celsius' })}`;

describe('POST /v1/chat/completions through the openai SDK', () => {
  it('answers a call whole: tool_calls with a fresh id, content, finish_reason tool_calls, usage', async () => {
    harness = await startGateway({
      replay: { recordings: [{ output: callText, usage: { promptTokens: 40, completionTokens: 12 } }] },
    });
    const answer = await harness.client.chat.completions.create({
      model: 'm',
      messages: question,
      tools: weatherTools,
    });
    const choice = answer.choices[0];
    expect(choice?.finish_reason).toBe('tool_calls');
    expect(choice?.message.content).toBe('Let me check.');
    expect(choice?.message.tool_calls).toHaveLength(1);
    const call = choice?.message.tool_calls?.[0];
    expect(call?.type).toBe('function');
    expect(call?.id).toMatch(/^call_[A-Za-z0-9]{24}$/);
    if (call?.type !== 'function') throw new Error('not a function call');
    expect(call.function.name).toBe('get_weather');
    expect(JSON.parse(call.function.arguments)).toEqual({ city: 'Paris', unit: 'celsius' });
    expect(answer.usage).toEqual({ prompt_tokens: 40, completion_tokens: 12, total_tokens: 52 });
    expect(answer.object).toBe('chat.completion');
    expect(answer.model).toBe('m');
    // The backend got the prompt as the model's template renders it, and the model name.
    const sent = harness.replay.requests[0];
    expect(sent?.path).toBe('/v1/completions');
    expect(sent?.body.model).toBe('m');
    expect(String(sent?.body.prompt)).toContain('<tools>');
    expect(String(sent?.body.prompt).endsWith('<|im_start|>assistant\n')).toBe(true);
  });

  it('streams the same calls: the SDK stream helper accumulates them with no error', async () => {
    harness = await startGateway({
      replay: { recordings: [{ output: callText }, { output: callText }], maxChunkLength: 3 },
    });
    const whole = await harness.client.chat.completions.create({
      model: 'm',
      messages: question,
      tools: weatherTools,
    });
    const stream = harness.client.chat.completions.stream({
      model: 'm',
      messages: question,
      tools: weatherTools,
    });
    const final = await stream.finalChatCompletion();
    const streamed = final.choices[0];
    expect(streamed?.finish_reason).toBe('tool_calls');
    expect(streamed?.message.content).toBe(whole.choices[0]?.message.content);
    const strip = (calls: unknown[] | undefined) =>
      (calls ?? []).map((call) => {
        const { function: fn } = call as { function: { name: string; arguments: string } };
        return { name: fn.name, arguments: JSON.parse(fn.arguments) };
      });
    expect(strip(streamed?.message.tool_calls)).toEqual(strip(whole.choices[0]?.message.tool_calls));
    // ... and equal to parseToolCalls on the same text.
    const parsed = parseToolCalls(callText, {
      format: 'hermes',
      tools: weatherTools.map((tool) => tool.function),
    });
    expect(strip(streamed?.message.tool_calls)).toEqual(
      parsed.toolCalls.map((call) => ({ name: call.name, arguments: call.arguments })),
    );
  });

  it('streams chunks exactly as OpenAI shapes them', async () => {
    harness = await startGateway({
      replay: { recordings: [{ output: callText, usage: { promptTokens: 5, completionTokens: 7 } }] },
    });
    const response = await fetch(`${harness.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'm',
        messages: question,
        tools: weatherTools,
        stream: true,
        stream_options: { include_usage: true },
      }),
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const text = await response.text();
    const frames = text.split('\n\n').filter((frame) => frame !== '');
    expect(frames.at(-1)).toBe('data: [DONE]');
    const chunks = frames.slice(0, -1).map((frame) => JSON.parse(frame.slice('data: '.length)));
    expect(chunks[0].choices[0].delta.role).toBe('assistant');
    const callDeltas = chunks.flatMap((chunk) => chunk.choices[0]?.delta.tool_calls ?? []);
    expect(callDeltas[0]).toEqual({
      index: 0,
      id: expect.stringMatching(/^call_/),
      type: 'function',
      function: { name: 'get_weather', arguments: '' },
    });
    expect(
      callDeltas
        .slice(1)
        .map((delta: { function: { arguments: string } }) => delta.function.arguments)
        .join(''),
    ).toBe('{"city":"Paris","unit":"celsius"}');
    const finishes = chunks.filter((chunk) => chunk.choices[0]?.finish_reason);
    expect(finishes.map((chunk) => chunk.choices[0].finish_reason)).toEqual(['tool_calls']);
    expect(chunks.at(-1)).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 5, completion_tokens: 7, total_tokens: 12 },
    });
    expect(chunks.map((chunk) => chunk.id).every((id: string) => id === chunks[0].id)).toBe(true);
  });

  it('splits reasoning into reasoning_content when the template opened <think> (Qwen3.5)', async () => {
    const output = 'The user wants Paris.\n</think>\n\nSure.';
    harness = await startGateway({
      format: 'qwen3_coder',
      template: 'qwen3.5',
      replay: { recordings: [{ output }] },
    });
    const answer = await harness.client.chat.completions.create({ model: 'm', messages: question });
    const message = answer.choices[0]?.message as { content: string; reasoning_content?: string };
    expect(message.reasoning_content).toBe('The user wants Paris.\n');
    expect(message.content).toBe('Sure.');
    expect(answer.choices[0]?.finish_reason).toBe('stop');
  });

  it.each([
    ['both', { reasoning_content: 'The user wants Paris.\n', reasoning: 'The user wants Paris.\n' }],
    ['reasoning_content', { reasoning_content: 'The user wants Paris.\n' }],
    ['reasoning', { reasoning: 'The user wants Paris.\n' }],
  ] as const)('reasoningField %s: the message and the deltas carry reasoning in that field or both', async (reasoningField, fields) => {
    const output = 'The user wants Paris.\n</think>\n\nSure.';
    harness = await startGateway({
      format: 'qwen3_coder',
      template: 'qwen3.5',
      replay: { recordings: [{ output }, { output }], maxChunkLength: 3 },
      gateway: { reasoningField },
    });
    const answer = await harness.client.chat.completions.create({ model: 'm', messages: question });
    expect(answer.choices[0]?.message).toEqual({
      role: 'assistant',
      content: 'Sure.',
      refusal: null,
      ...fields,
    });
    const stream = await harness.client.chat.completions.create({
      model: 'm',
      messages: question,
      stream: true,
    });
    const joined: Record<string, string> = {};
    for await (const chunk of stream) {
      for (const [key, value] of Object.entries(chunk.choices[0]?.delta ?? {}))
        if (typeof value === 'string' && key !== 'role') joined[key] = (joined[key] ?? '') + value;
    }
    expect(joined).toEqual({ content: 'Sure.', ...fields });
  });

  it('sends a call to a tool that was not offered as content, never as a call', async () => {
    const output = hermesCall('delete_everything', {});
    harness = await startGateway({ replay: { recordings: [{ output }] } });
    const answer = await harness.client.chat.completions.create({
      model: 'm',
      messages: question,
      tools: weatherTools,
    });
    expect(answer.choices[0]?.message.tool_calls).toBeUndefined();
    expect(answer.choices[0]?.message.content).toBe(output);
    expect(answer.choices[0]?.finish_reason).toBe('stop');
    expect(harness.logs.at(-1)).toMatchObject({ status: 200, calls: 0, invalidCalls: 1, model: 'm' });
  });

  it('says in a notice what the message conversion left out (a content part it cannot read)', async () => {
    harness = await startGateway({ replay: { recordings: [{ output: 'It is sunny.' }] } });
    const { status } = await fetch(`${harness.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'm',
        messages: [
          {
            role: 'user',
            content: [
              { type: 'input_video', video: 'x' },
              { type: 'text', text: 'Weather in Paris?' },
            ],
          },
        ],
      }),
    });
    expect(status).toBe(200);
    expect(harness.notices).toEqual([
      'messages: unsupported: user content part "input_video" (not read (file_id references and unknown part types have no canonical form))',
    ]);
  });

  it('with tool_choice none, a call the model writes anyway is content', async () => {
    harness = await startGateway({ replay: { recordings: [{ output: callText }] } });
    const answer = await harness.client.chat.completions.create({
      model: 'm',
      messages: question,
      tools: weatherTools,
      tool_choice: 'none',
    });
    expect(answer.choices[0]?.message.tool_calls).toBeUndefined();
    expect(answer.choices[0]?.message.content).toBe(callText);
    expect(String(harness.replay.requests[0]?.body.prompt)).not.toContain('<tools>');
  });

  it('reports finish_reason length when the backend hit the token limit', async () => {
    harness = await startGateway({ replay: { recordings: [{ output: 'It is', finishReason: 'length' }] } });
    const answer = await harness.client.chat.completions.create({
      model: 'm',
      messages: question,
      max_tokens: 2,
    });
    expect(answer.choices[0]?.finish_reason).toBe('length');
    expect(harness.replay.requests[0]?.body.max_tokens).toBe(2);
  });

  it('passes sampling fields to the backend', async () => {
    harness = await startGateway({ replay: { recordings: [{ output: 'ok' }] } });
    await harness.client.chat.completions.create({
      model: 'm',
      messages: question,
      temperature: 0.2,
      top_p: 0.9,
      stop: ['END'],
      seed: 7,
      max_completion_tokens: 50,
    });
    expect(harness.replay.requests[0]?.body).toMatchObject({
      temperature: 0.2,
      top_p: 0.9,
      stop: ['END'],
      seed: 7,
      max_tokens: 50,
    });
  });
});

describe('fields at values that change nothing', () => {
  it('logit_bias {} and top_logprobs 0 are accepted (clients send them by default)', async () => {
    harness = await startGateway({ replay: { recordings: [{ output: 'Hi.' }] } });
    const answer = await harness.client.chat.completions.create({
      model: 'm',
      messages: question,
      logit_bias: {},
      top_logprobs: 0,
    });
    expect(answer.choices[0]?.message.content).toBe('Hi.');
  });
});

describe('a user message of several text parts', () => {
  it('reaches a built-in template as its texts joined by a line break, as the Jinja path and vLLM join them', async () => {
    harness = await startGateway({
      replay: {
        recordings: [
          {
            output: 'Hi.',
            expectPrompt:
              '<|im_start|>user\n<system-reminder>Be brief.</system-reminder>\nHello<|im_end|>\n<|im_start|>assistant\n',
          },
        ],
      },
    });
    const answer = await harness.client.chat.completions.create({
      model: 'm',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: '<system-reminder>Be brief.</system-reminder>' },
            { type: 'text', text: 'Hello' },
          ],
        },
      ],
    });
    expect(answer.choices[0]?.message.content).toBe('Hi.');
  });
});

describe('system and tool messages of several text parts', () => {
  it('reach the template as their texts joined by a line break, as vLLM and llama.cpp join them', async () => {
    harness = await startGateway({
      replay: {
        recordings: [
          {
            output: 'Sunny.',
            expectPrompt:
              '<|im_start|>system\nYou are terse.\nAnswer in French.<|im_end|>\n' +
              '<|im_start|>user\nWeather?<|im_end|>\n<|im_start|>assistant\n' +
              '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call><|im_end|>\n' +
              '<|im_start|>user\n<tool_response>\n{"temp":21}\nsource: meteo\n</tool_response><|im_end|>\n' +
              '<|im_start|>assistant\n',
          },
        ],
      },
    });
    const answer = await harness.client.chat.completions.create({
      model: 'm',
      messages: [
        {
          role: 'system',
          content: [
            { type: 'text', text: 'You are terse.' },
            { type: 'text', text: 'Answer in French.' },
          ],
        },
        { role: 'user', content: 'Weather?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
          ],
        },
        {
          role: 'tool',
          tool_call_id: 'c1',
          content: [
            { type: 'text', text: '{"temp":21}' },
            { type: 'text', text: 'source: meteo' },
          ],
        },
      ],
    });
    expect(answer.choices[0]?.message.content).toBe('Sunny.');
  });
});

describe('max_tokens sent to openai-completions', () => {
  it("null when the request sets none (vLLM and SGLang default to 16), the request's own, or the model's maxTokens", async () => {
    harness = await startGateway({ replay: { recordings: [{ output: 'ok' }, { output: 'ok' }] } });
    await harness.client.chat.completions.create({ model: 'm', messages: question });
    await harness.client.chat.completions.create({
      model: 'm',
      messages: question,
      max_completion_tokens: 7,
    });
    const configured = await startGateway({
      model: { maxTokens: 4096 },
      replay: { recordings: [{ output: 'ok' }, { output: 'ok' }] },
    });
    await configured.client.chat.completions.create({ model: 'm', messages: question });
    await configured.client.chat.completions.create({ model: 'm', messages: question, max_tokens: 9 });
    const sent = [...harness.replay.requests, ...configured.replay.requests].map((request) => [
      'max_tokens' in request.body,
      request.body.max_tokens,
    ]);
    await configured.close();
    expect(sent).toEqual([
      [true, null],
      [true, 7],
      [true, 4096],
      [true, 9],
    ]);
  });
});

describe("the format's markers reach the backend as texts to print", () => {
  it('llamacpp gets them as preserved_tokens; openai-completions gets skip_special_tokens false', async () => {
    harness = await startGateway({
      format: 'mistral',
      template: 'mistral-v0.3',
      backend: { type: 'llamacpp' },
      replay: { recordings: [{ output: 'ok' }] },
    });
    await harness.client.chat.completions.create({ model: 'm', messages: question });
    const native = harness.replay.requests[0]?.body;
    await harness.close();
    harness = await startGateway({
      format: 'mistral',
      template: 'mistral-v0.3',
      replay: { recordings: [{ output: 'ok' }] },
    });
    await harness.client.chat.completions.create({ model: 'm', messages: question });
    const completions = harness.replay.requests[0]?.body;
    expect([native?.preserved_tokens, completions?.skip_special_tokens]).toEqual([
      ['[TOOL_CALLS]', '[CALL_ID]', '[ARGS]', '[THINK]', '[/THINK]'],
      false,
    ]);
  });
});

describe('top_k (an extension vLLM, SGLang and llama.cpp take in Chat Completions)', () => {
  const sendsTopK = [
    { backend: { type: 'llamacpp' as const }, sent: (body: Record<string, unknown>) => body.top_k },
    { backend: { type: 'openai-completions' as const }, sent: (body: Record<string, unknown>) => body.top_k },
    {
      backend: { type: 'ollama' as const },
      sent: (body: Record<string, unknown>) => (body.options as Record<string, unknown>).top_k,
    },
  ];
  for (const { backend, sent } of sendsTopK) {
    it(`${backend.type} is sent top_k, and none when the request has none`, async () => {
      harness = await startGateway({ backend, replay: { recordings: [{ output: 'ok' }, { output: 'ok' }] } });
      // The SDK's types do not list top_k; clients send it as an extra body field.
      await harness.client.chat.completions.create({ model: 'm', messages: question, top_k: 40 } as never);
      await harness.client.chat.completions.create({ model: 'm', messages: question });
      expect(harness.replay.requests.map((request) => sent(request.body))).toEqual([40, undefined]);
    });
  }

  it('openai-chat-passthrough refuses it with 400 naming top_k, before the backend is asked', async () => {
    harness = await startGateway({
      backend: { type: 'openai-chat-passthrough' },
      replay: { recordings: [] },
    });
    const failure = await harness.client.chat.completions
      .create({ model: 'm', messages: question, top_k: 5 } as never)
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({
      status: 400,
      code: 'unsupported_parameter',
      param: 'top_k',
      error: { message: '"top_k" is not supported by the backend of "m" (openai-chat-passthrough)' },
    });
    expect(harness.replay.requests).toHaveLength(0);
  });

  it('a top_k that is not a positive integer is a 400 naming it', async () => {
    harness = await startGateway({ replay: { recordings: [] } });
    const failure = await harness.client.chat.completions
      .create({ model: 'm', messages: question, top_k: 0 } as never)
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({
      status: 400,
      param: 'top_k',
      error: { message: '"top_k" must be a positive integer' },
    });
  });
});

describe("continue_final_message (vLLM's extension): the answer goes on writing the last assistant message", () => {
  const messages = [...question, { role: 'assistant' as const, content: 'It is' }];
  const prompt = '<|im_start|>user\nWeather in Paris?<|im_end|>\n<|im_start|>assistant\nIt is';

  it('ends the prompt with its text, whole and streamed; the answer keeps its leading space', async () => {
    harness = await startGateway({
      replay: {
        recordings: [
          { output: ' sunny, 18 C.', expectPrompt: prompt },
          { output: ' sunny, 18 C.', expectPrompt: prompt },
        ],
        maxChunkLength: 2,
      },
    });
    const body = { model: 'm', messages, continue_final_message: true, add_generation_prompt: false };
    const whole = await harness.client.chat.completions.create(body as never);
    expect(whole.choices[0]?.message.content).toBe(' sunny, 18 C.');
    const stream = harness.client.chat.completions.stream(body as never);
    const final = await stream.finalChatCompletion();
    expect(final.choices[0]?.message.content).toBe(' sunny, 18 C.');
  });

  const refused = [
    [
      { continue_final_message: true, add_generation_prompt: true },
      'continue_final_message',
      '"continue_final_message" and "add_generation_prompt" cannot both be true',
    ],
    [
      { add_generation_prompt: false },
      'add_generation_prompt',
      '"add_generation_prompt" may be false only with "continue_final_message": true',
    ],
    [
      { continue_final_message: 'yes' },
      'continue_final_message',
      '"continue_final_message" must be a boolean',
    ],
    [
      { continue_final_message: true, messages: question },
      'continue_final_message',
      '"continue_final_message" needs a final assistant message with text and no tool calls',
    ],
  ] as const;
  for (const [fields, param, message] of refused) {
    it(`${JSON.stringify(fields)} is a 400 naming ${param}`, async () => {
      harness = await startGateway({ replay: { recordings: [] } });
      const failure = await harness.client.chat.completions
        .create({ model: 'm', messages, ...fields } as never)
        .catch((error: unknown) => error);
      expect(failure).toMatchObject({ status: 400, param, error: { message } });
      expect(harness.replay.requests).toHaveLength(0);
    });
  }
});

describe('tool_choice, parallel_tool_calls and strict enforced', () => {
  it('required on a grammar backend: the backend receives the format grammar, and the call comes back', async () => {
    harness = await startGateway({
      backend: { type: 'openai-completions', grammarField: 'grammar' },
      replay: { recordings: [{ output: hermesCall('get_time', { zone: 'UTC' }) }] },
    });
    const answer = await harness.client.chat.completions.create({
      model: 'm',
      messages: question,
      tools: weatherTools,
      tool_choice: 'required',
    });
    expect(answer.choices[0]?.finish_reason).toBe('tool_calls');
    const grammar = String(harness.replay.requests[0]?.body.grammar);
    expect(grammar).toContain('root ::=');
    expect(grammar).toContain('<tool_call>');
  });

  it('a named tool on llama.cpp: GBNF grammar that names only that tool', async () => {
    harness = await startGateway({
      backend: { type: 'llamacpp' },
      replay: { recordings: [{ output: hermesCall('get_weather', { city: 'Oslo' }) }] },
    });
    const answer = await harness.client.chat.completions.create({
      model: 'm',
      messages: question,
      tools: weatherTools,
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
    });
    expect(answer.choices[0]?.finish_reason).toBe('tool_calls');
    const body = harness.replay.requests[0]?.body;
    expect(harness.replay.requests[0]?.path).toBe('/completion');
    expect(String(body?.grammar)).toContain('get_weather');
    expect(String(body?.grammar)).not.toContain('get_time');
  });

  it('auto with parallel_tool_calls false on llama.cpp: a lazy grammar triggered at the start marker', async () => {
    harness = await startGateway({
      backend: { type: 'llamacpp' },
      replay: { recordings: [{ output: 'Hello.' }] },
    });
    await harness.client.chat.completions.create({
      model: 'm',
      messages: question,
      tools: weatherTools,
      parallel_tool_calls: false,
    });
    const body = harness.replay.requests[0]?.body;
    expect(body?.grammar_lazy).toBe(true);
    expect(JSON.stringify(body?.grammar_triggers)).toContain('<tool_call>');
  });

  it('required on a backend without grammars: no call is a 422, never finish_reason tool_calls without calls', async () => {
    harness = await startGateway({
      backend: { type: 'ollama' },
      replay: { recordings: [{ output: 'I would rather chat.' }] },
    });
    const error = await harness.client.chat.completions
      .create({ model: 'm', messages: question, tools: weatherTools, tool_choice: 'required' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect((error as InstanceType<typeof OpenAI.APIError>).status).toBe(422);
    expect((error as InstanceType<typeof OpenAI.APIError>).code).toBe('tool_choice_violation');
  });

  it('required without grammars, retries 1: asks again with a hint and returns the second answer', async () => {
    harness = await startGateway({
      backend: { type: 'ollama' },
      model: { retries: 1 },
      replay: {
        recordings: [
          { output: 'I would rather chat.' },
          { output: hermesCall('get_weather', { city: 'Rome' }) },
        ],
      },
    });
    const answer = await harness.client.chat.completions.create({
      model: 'm',
      messages: question,
      tools: weatherTools,
      tool_choice: 'required',
      reasoning_effort: 'low',
    });
    expect(answer.choices[0]?.finish_reason).toBe('tool_calls');
    expect(harness.replay.requests).toHaveLength(2);
    // The rendering's notice once, not once per attempt.
    expect(harness.notices).toEqual([
      'the chat template of model "m" (builtin:qwen2.5) has no reasoning switch: the request\'s reasoning setting is not applied',
      'retrying: the model made no valid tool call although tool_choice requires one',
    ]);
    expect(String(harness.replay.requests[1]?.body.prompt)).toContain(
      'Answer with a call to one of these tools: get_weather, get_time.',
    );
  });

  it('a call cut off by the token limit under required is the text with finish_reason length, not a 422 or a retry', async () => {
    const cut = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Par';
    harness = await startGateway({
      backend: { type: 'ollama' },
      model: { retries: 1 },
      replay: { recordings: [{ output: cut, finishReason: 'length' }] },
    });
    const answer = await harness.client.chat.completions.create({
      model: 'm',
      messages: question,
      tools: weatherTools,
      tool_choice: 'required',
      max_tokens: 15,
    });
    expect(answer.choices[0]?.finish_reason).toBe('length');
    expect(answer.choices[0]?.message.content).toBe(cut);
    expect(answer.choices[0]?.message.tool_calls).toBeUndefined();
    expect(harness.replay.requests).toHaveLength(1);
  });

  it('a call cut off by the token limit on a grammar backend, streamed: the text, then finish_reason length', async () => {
    const cut = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Par';
    harness = await startGateway({
      backend: { type: 'llamacpp' },
      replay: { recordings: [{ output: cut, finishReason: 'length' }], maxChunkLength: 4 },
    });
    const stream = await harness.client.chat.completions.create({
      model: 'm',
      messages: question,
      tools: weatherTools,
      tool_choice: 'required',
      stream: true,
    });
    let content = '';
    const finishes: (string | null | undefined)[] = [];
    for await (const chunk of stream) {
      content += chunk.choices[0]?.delta.content ?? '';
      if (chunk.choices[0]?.finish_reason) finishes.push(chunk.choices[0].finish_reason);
    }
    expect({ content, finishes }).toEqual({ content: cut, finishes: ['length'] });
  });

  it('JSON cut off by the token limit under response_format is the text with finish_reason length', async () => {
    harness = await startGateway({
      backend: { type: 'ollama' },
      replay: { recordings: [{ output: '{"n": 12', finishReason: 'length' }] },
    });
    const answer = await harness.client.chat.completions.create({
      model: 'm',
      messages: question,
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'n', schema: { type: 'object', properties: { n: { type: 'integer' } } } },
      },
    });
    expect(answer.choices[0]?.finish_reason).toBe('length');
    expect(answer.choices[0]?.message.content).toBe('{"n": 12');
  });

  it('parallel_tool_calls false without grammars: two calls are a 422', async () => {
    const output = `${hermesCall('get_weather', { city: 'A' })}\n${hermesCall('get_weather', { city: 'B' })}`;
    harness = await startGateway({ backend: { type: 'ollama' }, replay: { recordings: [{ output }] } });
    const error = await harness.client.chat.completions
      .create({ model: 'm', messages: question, tools: weatherTools, parallel_tool_calls: false })
      .catch((caught: unknown) => caught);
    expect((error as InstanceType<typeof OpenAI.APIError>).status).toBe(422);
  });

  it('a strict tool whose arguments miss a required property, without grammars: never a call, a 422', async () => {
    const [weather] = weatherTools;
    if (weather === undefined) throw new Error('no tool');
    const tools = [{ type: 'function' as const, function: { ...weather.function, strict: true } }];
    const output = hermesCall('get_weather', { unit: 'celsius' });
    harness = await startGateway({ backend: { type: 'ollama' }, replay: { recordings: [{ output }] } });
    const error = await harness.client.chat.completions
      .create({ model: 'm', messages: question, tools })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect((error as InstanceType<typeof OpenAI.APIError>).status).toBe(422);
    expect((error as InstanceType<typeof OpenAI.APIError>).code).toBe('tool_choice_violation');
    expect((error as InstanceType<typeof OpenAI.APIError>).message).toContain(
      'the arguments of "get_weather" do not fit its strict schema',
    );
    expect(harness.replay.requests).toHaveLength(1);
  });

  it('a strict tool whose argument only fits rounded (1.5 for an integer), without grammars: never a call, a 422; a non-strict tool gets it rounded', async () => {
    const tool = (strict: boolean) => ({
      type: 'function' as const,
      function: {
        name: 'pick',
        parameters: {
          type: 'object',
          properties: { n: { type: 'integer' } },
          required: ['n'],
          additionalProperties: false,
        },
        strict,
      },
    });
    const output = hermesCall('pick', { n: 1.5 });
    harness = await startGateway({
      backend: { type: 'ollama' },
      replay: { recordings: [{ output }, { output }] },
    });
    const error = await harness.client.chat.completions
      .create({ model: 'm', messages: question, tools: [tool(true)] })
      .catch((caught: unknown) => caught);
    expect((error as InstanceType<typeof OpenAI.APIError>).status).toBe(422);
    const loose = await harness.client.chat.completions.create({
      model: 'm',
      messages: question,
      tools: [tool(false)],
    });
    expect(loose.choices[0]?.message.tool_calls?.[0]).toMatchObject({
      function: { name: 'pick', arguments: '{"n":2}' },
    });
  });

  const strictTool = {
    type: 'function' as const,
    function: {
      name: 'set',
      strict: true,
      parameters: {
        type: 'object',
        properties: { tz: { type: 'string' }, n: { type: 'integer' }, on: { type: 'boolean' } },
        required: ['tz', 'n', 'on'],
        additionalProperties: false,
      },
    },
  };
  // In JSON arguments a type is written, not spelled: "3" for an integer is the model's mistake.
  const typeChanges = [
    ['a boolean for a string', '{"name": "set", "arguments": {"tz": true, "n": 3, "on": false}}'],
    ['a number for a string', '{"name": "set", "arguments": {"tz": 5, "n": 3, "on": false}}'],
    ['a string for an integer', '{"name": "set", "arguments": {"tz": "UTC", "n": "3", "on": false}}'],
    ['a string for a boolean', '{"name": "set", "arguments": {"tz": "UTC", "n": 3, "on": "false"}}'],
    ['a quote left unescaped', '{"name": "set", "arguments": {"tz": "d["key"]", "n": 3, "on": false}}'],
  ] as const;
  for (const [what, body] of typeChanges) {
    it(`a strict tool's JSON arguments with ${what}, without grammars: a 422, not a call with the value changed`, async () => {
      harness = await startGateway({
        backend: { type: 'ollama' },
        replay: { recordings: [{ output: `<tool_call>\n${body}\n</tool_call>` }] },
      });
      const error = await harness.client.chat.completions
        .create({ model: 'm', messages: question, tools: [strictTool] })
        .catch((caught: unknown) => caught);
      expect(error).toMatchObject({ status: 422, code: 'tool_choice_violation' });
    });
  }

  // qwen3_coder writes each value as text: "3" for an integer is spelling, 2.5 rounded is a change.
  const qwenStrict = (n: string) =>
    `<tool_call>\n<function=set>\n<parameter=tz>\nUTC\n</parameter>\n<parameter=n>\n${n}\n</parameter>\n` +
    '<parameter=on>\nfalse\n</parameter>\n</function>\n</tool_call>';

  it('a strict tool on a format that writes values as text: "3" for an integer is returned; 2.5 is a 422, not rounded', async () => {
    harness = await startGateway({
      backend: { type: 'ollama' },
      format: 'qwen3_coder',
      template: 'qwen3-coder',
      replay: { recordings: [{ output: qwenStrict('3') }, { output: qwenStrict('2.5') }] },
    });
    const answer = await harness.client.chat.completions.create({
      model: 'm',
      messages: question,
      tools: [strictTool],
    });
    const call = answer.choices[0]?.message.tool_calls?.[0];
    expect(call?.type === 'function' ? call.function : undefined).toEqual({
      name: 'set',
      arguments: '{"tz":"UTC","n":3,"on":false}',
    });
    const error = await harness.client.chat.completions
      .create({ model: 'm', messages: question, tools: [strictTool] })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 422, code: 'tool_choice_violation' });
  });

  it('a strict misfit without grammars, retries 1: asks again with the hint and returns the call that fits', async () => {
    const [weather] = weatherTools;
    if (weather === undefined) throw new Error('no tool');
    const tools = [{ type: 'function' as const, function: { ...weather.function, strict: true } }];
    harness = await startGateway({
      backend: { type: 'ollama' },
      model: { retries: 1 },
      replay: {
        recordings: [
          { output: hermesCall('get_weather', { unit: 'celsius' }) },
          { output: hermesCall('get_weather', { city: 'Rome' }) },
        ],
      },
    });
    const answer = await harness.client.chat.completions.create({ model: 'm', messages: question, tools });
    expect(answer.choices[0]?.finish_reason).toBe('tool_calls');
    const call = answer.choices[0]?.message.tool_calls?.[0];
    expect(call?.type === 'function' ? call.function.arguments : undefined).toBe('{"city":"Rome"}');
    expect(harness.replay.requests).toHaveLength(2);
    expect(String(harness.replay.requests[1]?.body.prompt)).toContain(
      "Tool arguments must match each tool's parameter schema exactly.",
    );
  });

  it('response_format json_schema without grammars: JSON in a fence is the JSON, unfenced; prose is a 422', async () => {
    const fenced = '```json\n{"answer": 42}\n```';
    harness = await startGateway({
      backend: { type: 'ollama' },
      replay: { recordings: [{ output: fenced }, { output: fenced }, { output: 'The answer is 42.' }] },
    });
    const response_format = {
      type: 'json_schema' as const,
      json_schema: {
        name: 'answer',
        schema: { type: 'object', properties: { answer: { type: 'integer' } }, required: ['answer'] },
      },
    };
    const whole = await harness.client.chat.completions.create({
      model: 'm',
      messages: question,
      response_format,
    });
    expect(whole.choices[0]?.message.content).toBe('{"answer": 42}');
    const stream = await harness.client.chat.completions.create({
      model: 'm',
      messages: question,
      response_format,
      stream: true,
    });
    let streamed = '';
    for await (const chunk of stream) streamed += chunk.choices[0]?.delta.content ?? '';
    expect(streamed).toBe('{"answer": 42}');
    const error = await harness.client.chat.completions
      .create({ model: 'm', messages: question, response_format })
      .catch((caught: unknown) => caught);
    expect((error as InstanceType<typeof OpenAI.APIError>).status).toBe(422);
  });

  it('parallel_tool_calls false on a grammar backend that wrote two calls anyway: the first is the call, the second its text, streamed and whole alike', async () => {
    const second = hermesCall('get_weather', { city: 'Rome' });
    const output = `${hermesCall('get_weather', { city: 'Paris' })}\n${second}`;
    harness = await startGateway({
      backend: { type: 'llamacpp' },
      replay: { recordings: [{ output }, { output }] },
    });
    const ask = { model: 'm', messages: question, tools: weatherTools, parallel_tool_calls: false };
    const whole = await harness.client.chat.completions.create(ask);
    const message = whole.choices[0]?.message;
    expect(
      message?.tool_calls?.map((call) => (call as { function: { arguments: string } }).function.arguments),
    ).toEqual(['{"city":"Paris"}']);
    expect(message?.content).toBe(second);
    expect(whole.choices[0]?.finish_reason).toBe('tool_calls');
    const stream = await harness.client.chat.completions.create({ ...ask, stream: true });
    let content = '';
    const calls: string[] = [];
    for await (const chunk of stream) {
      content += chunk.choices[0]?.delta.content ?? '';
      for (const call of chunk.choices[0]?.delta.tool_calls ?? [])
        if (call.function?.arguments) calls.push(call.function.arguments);
    }
    expect([calls, content]).toEqual([['{"city":"Paris"}'], second]);
    expect(harness.logs.map((line) => line.invalidCalls)).toEqual([1, 1]);
  });
});
