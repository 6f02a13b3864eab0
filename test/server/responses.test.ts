import type OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { type GatewayHarness, startGateway } from './gateway-harness.js';
import {
  callText,
  eventTypes,
  frames,
  functionCall,
  hermesSystem,
  parisArguments,
  postResponses,
  question,
  tools,
} from './responses-helpers.js';

let harness: GatewayHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const post = (body: unknown) => postResponses(harness, body);

describe('POST /v1/responses through the openai SDK', () => {
  it('answers a call whole: a message and a function_call item, output_text, usage', async () => {
    harness = await startGateway({
      replay: { recordings: [{ output: callText, usage: { promptTokens: 40, completionTokens: 12 } }] },
    });
    const response = await harness.client.responses.create({ model: 'm', input: question, tools });
    expect(response.object).toBe('response');
    expect(response.id).toMatch(/^resp_[A-Za-z0-9]{24}$/);
    expect(response.status).toBe('completed');
    expect(response.model).toBe('m');
    expect(response.output_text).toBe('Let me check.');
    const [message, call] = response.output;
    expect(message).toEqual({
      id: expect.stringMatching(/^msg_[A-Za-z0-9]{24}$/),
      type: 'message',
      status: 'completed',
      role: 'assistant',
      content: [{ type: 'output_text', text: 'Let me check.', annotations: [], logprobs: [] }],
    });
    expect(call).toEqual({
      id: expect.stringMatching(/^fc_[A-Za-z0-9]{24}$/),
      type: 'function_call',
      status: 'completed',
      call_id: expect.stringMatching(/^call_[A-Za-z0-9]{24}$/),
      name: 'get_weather',
      arguments: parisArguments,
    });
    expect(response.output).toHaveLength(2);
    expect(response.usage).toEqual({
      input_tokens: 40,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: 12,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 52,
    });
    expect(response.incomplete_details).toBeNull();
    expect(response.error).toBeNull();
    expect(response.tool_choice).toBe('auto');
    expect(response.tools).toEqual(tools);
    expect(response.parallel_tool_calls).toBe(true);
    expect(harness.logs.at(-1)).toMatchObject({ path: '/v1/responses', status: 200, calls: 1, model: 'm' });
  });

  it("holds every field of Open Responses' response object, the settings as given or at their defaults", async () => {
    harness = await startGateway({ replay: { recordings: [{ output: 'Sunny.' }, { output: 'Sunny.' }] } });
    const settings = (response: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(response).filter(
          ([key]) => !['id', 'created_at', 'completed_at', 'output', 'usage'].includes(key),
        ),
      );
    const plain = await harness.client.responses.create({ model: 'm', input: question });
    expect(settings(plain as unknown as Record<string, unknown>)).toEqual({
      object: 'response',
      status: 'completed',
      background: false,
      error: null,
      incomplete_details: null,
      model: 'm',
      output_text: 'Sunny.',
      service_tier: 'default',
      instructions: null,
      max_output_tokens: null,
      metadata: {},
      parallel_tool_calls: true,
      previous_response_id: null,
      reasoning: { effort: null, summary: null },
      store: true,
      temperature: null,
      text: { format: { type: 'text' } },
      tool_choice: 'none',
      tools: [],
      top_p: null,
      truncation: 'disabled',
      presence_penalty: 0,
      frequency_penalty: 0,
      top_logprobs: 0,
      max_tool_calls: null,
      user: null,
      safety_identifier: null,
      prompt_cache_key: null,
    });
    // (The openai SDK's types have no penalties on Responses: the request goes as JSON.)
    const { status, text } = await post({
      model: 'm',
      input: question,
      user: 'u1',
      safety_identifier: 's1',
      prompt_cache_key: 'k1',
      presence_penalty: 0,
      frequency_penalty: 0,
      top_logprobs: 0,
      temperature: 0.5,
      top_p: 0.9,
    });
    expect(status).toBe(200);
    const given = JSON.parse(text) as Record<string, unknown>;
    expect([
      given.user,
      given.safety_identifier,
      given.prompt_cache_key,
      given.temperature,
      given.top_p,
    ]).toEqual(['u1', 's1', 'k1', 0.5, 0.9]);
  });

  it.each([
    [{ presence_penalty: 0.5 }, 'presence_penalty', '"presence_penalty" is not supported by this gateway'],
    [{ frequency_penalty: -1 }, 'frequency_penalty', '"frequency_penalty" is not supported by this gateway'],
    [{ user: 5 }, 'user', '"user" must be a string'],
    [{ prompt_cache_key: {} }, 'prompt_cache_key', '"prompt_cache_key" must be a string'],
    [{ max_tool_calls: 2 }, 'max_tool_calls', '"max_tool_calls" is not supported by this gateway'],
  ])('refuses %j with a 400 naming the field', async (field, param, message) => {
    harness = await startGateway({ replay: { recordings: [] } });
    const { status, text } = await post({ model: 'm', input: question, ...field });
    expect(status).toBe(400);
    expect(JSON.parse(text).error).toMatchObject({ param, message });
    expect(harness.replay.requests).toHaveLength(0);
  });

  it.each([
    [
      { type: 'function_call', call_id: 'c1', name: 5, arguments: '{}' },
      'input[0].name',
      'a non-empty string',
    ],
    [
      { type: 'function_call', call_id: 'c1', name: 'f', arguments: {} },
      'input[0].arguments',
      'a string (the arguments as JSON)',
    ],
    [{ type: 'function_call_output', output: 'r' }, 'input[0].call_id', 'a non-empty string'],
    [
      { type: 'function_call_output', call_id: 'c1', output: 5 },
      'input[0].output',
      'a string or an array of content parts',
    ],
    [
      { type: 'message', role: 'user', content: 5 },
      'input[0].content',
      'a string or an array of content parts',
    ],
    [
      { type: 'message', role: 'critic', content: 'x' },
      'input[0].role',
      '"user", "assistant", "system" or "developer"',
    ],
    [{ role: 'tool', content: 'x' }, 'input[0].role', '"user", "assistant", "system" or "developer"'],
    [{ role: 'user', content: [{ type: 'input_text', text: 5 }] }, 'input[0].content[0].text', 'a string'],
    [
      { role: 'user', content: [{ type: 'audio' }] },
      'input[0].content[0].type',
      '"input_text", "output_text", "input_image", "input_file", "refusal"',
    ],
    [{ type: 'item_reference' }, 'input[0].id', 'a non-empty string'],
  ])('refuses the input item %j with a 400 naming the field, never dropping it', async (item, param, what) => {
    harness = await startGateway({ replay: { recordings: [] } });
    const { status, text } = await post({ model: 'm', input: [item, { role: 'user', content: 'hi' }] });
    expect(status).toBe(400);
    expect(JSON.parse(text).error).toMatchObject({ param, message: `${param} must be ${what}` });
    expect(harness.replay.requests).toHaveLength(0);
  });

  it('refuses a tool whose strict is not a boolean (it counted as strict)', async () => {
    harness = await startGateway({ replay: { recordings: [] } });
    const { status, text } = await post({
      model: 'm',
      input: question,
      tools: [{ type: 'function', name: 'f', parameters: { type: 'object' }, strict: 'yes' }],
    });
    expect(status).toBe(400);
    expect(JSON.parse(text).error).toMatchObject({
      param: 'tools[0].strict',
      message: 'tools[0].strict must be true or false',
    });
  });

  it("a user's output_text part is read as text", async () => {
    harness = await startGateway({ replay: { recordings: [{ output: 'ok' }] } });
    await harness.client.responses.create({
      model: 'm',
      input: [{ role: 'user', content: [{ type: 'output_text', text: 'Earlier answer.' } as never] }],
    });
    expect(String(harness.replay.requests[0]?.body.prompt)).toContain(
      '<|im_start|>user\nEarlier answer.<|im_end|>',
    );
  });

  it('streams the same answer: finalResponse does not throw, stream ids are the final ids', async () => {
    harness = await startGateway({ replay: { recordings: [{ output: callText }], maxChunkLength: 3 } });
    const stream = harness.client.responses.stream({ model: 'm', input: question, tools });
    const events: OpenAI.Responses.ResponseStreamEvent[] = [];
    for await (const event of stream) events.push(event);
    const final = await stream.finalResponse();
    expect(eventTypes(events)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.output_item.added',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(events.map((event) => event.sequence_number)).toEqual(events.map((_, index) => index));
    const added = events.flatMap((event) =>
      event.type === 'response.output_item.added' ? [event.item.id] : [],
    );
    expect(added).toEqual(final.output.map((item) => item.id));
    const call = functionCall(final.output);
    expect(call.arguments).toBe(parisArguments);
    expect(call.status).toBe('completed');
    const done = events.find((event) => event.type === 'response.function_call_arguments.done');
    expect(done).toMatchObject({
      item_id: call.id,
      output_index: 1,
      name: 'get_weather',
      arguments: parisArguments,
    });
    expect(final.output_text).toBe('Let me check.');
    expect(final.status).toBe('completed');
  });

  it('frames each event as event: NAME and data: JSON, and ends without [DONE]', async () => {
    harness = await startGateway({ replay: { recordings: [{ output: 'Sunny.' }], maxChunkLength: 100 } });
    const { status, text } = await post({ model: 'm', input: question, stream: true });
    expect(status).toBe(200);
    const events = frames(text);
    expect(events.map((frame) => frame.event)).toEqual(events.map((frame) => frame.data.type));
    expect(text).not.toContain('[DONE]');
    const messageId = (events[2]?.data.item as { id: string }).id;
    expect(events.slice(2).map((frame) => frame.data)).toEqual([
      {
        type: 'response.output_item.added',
        sequence_number: 2,
        output_index: 0,
        item: { id: messageId, type: 'message', status: 'in_progress', content: [], role: 'assistant' },
      },
      {
        type: 'response.content_part.added',
        sequence_number: 3,
        item_id: messageId,
        output_index: 0,
        content_index: 0,
        part: { type: 'output_text', annotations: [], logprobs: [], text: '' },
      },
      {
        type: 'response.output_text.delta',
        sequence_number: 4,
        item_id: messageId,
        output_index: 0,
        content_index: 0,
        delta: 'Sunny.',
        logprobs: [],
      },
      {
        type: 'response.output_text.done',
        sequence_number: 5,
        item_id: messageId,
        output_index: 0,
        content_index: 0,
        text: 'Sunny.',
        logprobs: [],
      },
      {
        type: 'response.content_part.done',
        sequence_number: 6,
        item_id: messageId,
        output_index: 0,
        content_index: 0,
        part: { type: 'output_text', annotations: [], logprobs: [], text: 'Sunny.' },
      },
      {
        type: 'response.output_item.done',
        sequence_number: 7,
        output_index: 0,
        item: {
          id: messageId,
          type: 'message',
          status: 'completed',
          content: [{ type: 'output_text', annotations: [], logprobs: [], text: 'Sunny.' }],
          role: 'assistant',
        },
      },
      expect.objectContaining({ type: 'response.completed', sequence_number: 8 }),
    ]);
    expect(events[0]?.data.response).toMatchObject({ status: 'in_progress', output: [], usage: null });
    expect(events.at(-1)?.data.response).toMatchObject({ status: 'completed', output_text: 'Sunny.' });
  });

  it('passes instructions, max_output_tokens, temperature and top_p; length is status incomplete', async () => {
    harness = await startGateway({ replay: { recordings: [{ output: 'It is', finishReason: 'length' }] } });
    const response = await harness.client.responses.create({
      model: 'm',
      instructions: 'Be brief.',
      input: question,
      max_output_tokens: 2,
      temperature: 0.2,
      top_p: 0.9,
    });
    expect(response.status).toBe('incomplete');
    expect(response.incomplete_details).toEqual({ reason: 'max_output_tokens' });
    expect(response.output).toEqual([
      expect.objectContaining({
        type: 'message',
        status: 'incomplete',
        content: [{ type: 'output_text', text: 'It is', annotations: [], logprobs: [] }],
      }),
    ]);
    expect(response.instructions).toBe('Be brief.');
    expect(response.max_output_tokens).toBe(2);
    expect(harness.replay.requests[0]?.body).toMatchObject({ max_tokens: 2, temperature: 0.2, top_p: 0.9 });
    expect(harness.replay.requests[0]?.body.prompt).toBe(
      '<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nWeather in Paris?<|im_end|>\n<|im_start|>assistant\n',
    );
  });

  it('streams an incomplete answer ending in response.incomplete', async () => {
    harness = await startGateway({ replay: { recordings: [{ output: 'It is', finishReason: 'length' }] } });
    const stream = harness.client.responses.stream({ model: 'm', input: question, max_output_tokens: 2 });
    const final = await stream.finalResponse();
    expect(final.status).toBe('incomplete');
    expect(final.incomplete_details).toEqual({ reason: 'max_output_tokens' });
    expect(final.output_text).toBe('It is');
  });

  it('a call, then the token limit cutting the next: completed, so agents run the call (Codex retries an incomplete response)', async () => {
    const cut = '<tool_call>\n{"name": "get_weather", "arguments": {"ci';
    const output = `${callText}\n${cut}`;
    harness = await startGateway({
      replay: {
        recordings: [
          { output, finishReason: 'length' },
          { output, finishReason: 'length' },
        ],
      },
    });
    const request = { model: 'm', input: question, tools, max_output_tokens: 40 };
    const whole = await harness.client.responses.create(request);
    const streamed = await harness.client.responses.stream(request).finalResponse();
    for (const response of [whole, streamed]) {
      expect(response.status).toBe('completed');
      expect(response.output.map((item) => item.type)).toEqual(['message', 'function_call', 'message']);
      expect(response.output[1]).toMatchObject({ name: 'get_weather', arguments: parisArguments });
      // The cut call's text, as the model wrote it.
      expect(response.output_text).toBe(`Let me check.\n\n${cut}`);
    }
  });

  it('splits reasoning into a reasoning item when the template opened <think> (Qwen3.5)', async () => {
    const output = 'The user wants Paris.\n</think>\n\nSure.';
    harness = await startGateway({
      format: 'qwen3_coder',
      template: 'qwen3.5',
      replay: { recordings: [{ output }, { output }], maxChunkLength: 4 },
    });
    const whole = await harness.client.responses.create({
      model: 'm',
      input: question,
      reasoning: { effort: 'low', summary: 'auto' },
    });
    expect(whole.output).toEqual([
      {
        id: expect.stringMatching(/^rs_/),
        type: 'reasoning',
        summary: [],
        content: [{ type: 'reasoning_text', text: 'The user wants Paris.\n' }],
      },
      expect.objectContaining({ type: 'message', content: [expect.objectContaining({ text: 'Sure.' })] }),
    ]);
    expect(whole.output_text).toBe('Sure.');
    expect(whole.reasoning).toEqual({ effort: 'low', summary: 'auto' });
    const stream = harness.client.responses.stream({ model: 'm', input: question });
    const events: OpenAI.Responses.ResponseStreamEvent[] = [];
    for await (const event of stream) events.push(event);
    const final = await stream.finalResponse();
    expect(eventTypes(events).slice(2, 8)).toEqual([
      'response.output_item.added',
      'response.content_part.added',
      'response.reasoning_text.delta',
      'response.reasoning_text.done',
      'response.content_part.done',
      'response.output_item.done',
    ]);
    expect(final.output[0]).toMatchObject({
      type: 'reasoning',
      content: [{ type: 'reasoning_text', text: 'The user wants Paris.\n' }],
    });
    expect(final.output_text).toBe('Sure.');
  });

  it('ignores tools of OpenAI-hosted types with a notice, and include values it cannot fill', async () => {
    harness = await startGateway({ replay: { recordings: [{ output: 'Sunny.' }] } });
    const response = await harness.client.responses.create({
      model: 'm',
      input: question,
      tools: [{ type: 'web_search' }, ...tools],
      include: ['reasoning.encrypted_content'],
      store: false,
      metadata: { run: '7' },
      user: 'u1',
      truncation: 'auto',
      service_tier: 'auto',
    });
    expect(response.output_text).toBe('Sunny.');
    expect(response.metadata).toEqual({ run: '7' });
    expect(harness.notices).toEqual([
      'include: "reasoning.encrypted_content" adds nothing here: reasoning items carry their text as reasoning_text content, to send back as it is',
      'tools: "web_search" tools are not served by this gateway; tools[0] ignored',
    ]);
    expect(String(harness.replay.requests[0]?.body.prompt).startsWith(hermesSystem)).toBe(true);
  });

  it('takes text.format json_schema as the response format: the grammar backend gets the schema grammar', async () => {
    harness = await startGateway({
      backend: { type: 'llamacpp' },
      replay: { recordings: [{ output: '{"city":"Paris"}' }] },
    });
    const response = await harness.client.responses.create({
      model: 'm',
      input: question,
      text: {
        format: {
          type: 'json_schema',
          name: 'place',
          schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
          strict: true,
        },
      },
    });
    expect(response.output_text).toBe('{"city":"Paris"}');
    expect(String(harness.replay.requests[0]?.body.grammar)).toContain('root ::=');
  });
});

describe('failures on the Responses surface', () => {
  it('a backend failure mid-stream ends with an error event and response.failed', async () => {
    harness = await startGateway({
      replay: {
        recordings: [{ output: 'A long answer that breaks.', errorEventAfterChunks: 2 }],
        maxChunkLength: 4,
      },
    });
    const { status, text } = await post({ model: 'm', input: question, stream: true });
    expect(status).toBe(200);
    const events = frames(text);
    expect(eventTypes(events.map((frame) => frame.data as { type: string }))).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'error',
      'response.failed',
    ]);
    const failed = events.at(-1)?.data.response as Record<string, unknown>;
    expect(failed.status).toBe('failed');
    expect(failed.error).toEqual({ code: expect.any(String), message: expect.stringContaining('backend') });
    expect(events.at(-2)?.data).toMatchObject({
      type: 'error',
      code: (failed.error as { code: string }).code,
    });
  });

  it('a backend that refuses the connection is a 502 before any event', async () => {
    harness = await startGateway({ replay: { recordings: [{ output: '', refuse: true }] } });
    const { status, text } = await post({ model: 'm', input: question, stream: true });
    expect(status).toBe(502);
    expect(JSON.parse(text).error.type).toBe('server_error');
  });
});
