import Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { type GatewayHarness, hermesCall, startGateway, weatherTools } from './gateway-harness.js';

let harness: GatewayHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

// A conversation with an earlier call and its result: what a server refusing `tools` must get as text.
const history = [
  { role: 'system' as const, content: 'Be brief.' },
  { role: 'user' as const, content: 'Weather in Paris?' },
  {
    role: 'assistant' as const,
    content: null,
    tool_calls: [
      {
        id: 'call_1',
        type: 'function' as const,
        function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
      },
    ],
  },
  { role: 'tool' as const, tool_call_id: 'call_1', content: '{"temp":21}' },
  { role: 'user' as const, content: 'And Rome?' },
];

describe('openai-chat-passthrough', () => {
  it('toolsIn tools (default): forwards tools and history as OpenAI fields, parses the text answer', async () => {
    harness = await startGateway({
      replay: { recordings: [{ output: hermesCall('get_weather', { city: 'Rome' }) }] },
      backend: { type: 'openai-chat-passthrough' },
    });
    const answer = await harness.client.chat.completions.create({
      model: 'm',
      messages: history,
      tools: weatherTools,
    });
    const body = harness.replay.requests[0]?.body ?? {};
    expect(body.tools).toEqual(weatherTools);
    // auto and parallel calls are the server's defaults: not sent (vLLM without
    // --enable-auto-tool-choice refuses "auto").
    expect(['tool_choice' in body, 'parallel_tool_calls' in body]).toEqual([false, false]);
    expect((body.messages as unknown[]).length).toBe(5);
    expect((body.messages as Array<{ role: string }>).map((message) => message.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'user',
    ]);
    expect(answer.choices[0]?.finish_reason).toBe('tool_calls');
    const call = answer.choices[0]?.message.tool_calls?.[0];
    expect(call?.type === 'function' ? call.function : undefined).toEqual({
      name: 'get_weather',
      arguments: '{"city":"Rome"}',
    });
  });

  it('toolsIn system: no tools field; the tool section, calls and results are text in the format syntax', async () => {
    harness = await startGateway({
      replay: { recordings: [{ output: hermesCall('get_weather', { city: 'Rome' }) }] },
      backend: { type: 'openai-chat-passthrough', toolsIn: 'system' },
    });
    const answer = await harness.client.chat.completions.create({
      model: 'm',
      messages: history,
      tools: weatherTools,
    });
    const body = harness.replay.requests[0]?.body ?? {};
    expect(
      Object.keys(body).filter((key) => key.startsWith('tool') || key === 'parallel_tool_calls'),
    ).toEqual([]);
    const messages = body.messages as Array<{ role: string; content: string }>;
    const toolSection = [
      '# Tools',
      '',
      'You may call one or more functions to assist with the user query.',
      '',
      'You are provided with function signatures within <tools></tools> XML tags:',
      '<tools>',
      '{"type": "function", "function": {"name": "get_weather", "description": "Current weather for a city", "parameters": {"type": "object", "properties": {"city": {"type": "string"}, "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]}}, "required": ["city"], "additionalProperties": false}}}',
      '{"type": "function", "function": {"name": "get_time", "description": "Current time in a timezone", "parameters": {"type": "object", "properties": {"zone": {"type": "string"}}, "required": ["zone"]}}}',
      '</tools>',
      '',
      'For each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:',
      '<tool_call>',
      '{"name": <function-name>, "arguments": <args-json-object>}',
      '</tool_call>',
    ].join('\n');
    expect(messages).toEqual([
      { role: 'system', content: `Be brief.\n\n${toolSection}` },
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>',
      },
      { role: 'user', content: '<tool_response>\n{"temp":21}\n</tool_response>\n\nAnd Rome?' },
    ]);
    const call = answer.choices[0]?.message.tool_calls?.[0];
    expect(call?.type === 'function' ? call.function : undefined).toEqual({
      name: 'get_weather',
      arguments: '{"city":"Rome"}',
    });
  });

  it('toolsIn system with tool_choice none: no tool section, the history still as text', async () => {
    harness = await startGateway({
      replay: { recordings: [{ output: 'It is sunny.' }] },
      backend: { type: 'openai-chat-passthrough', toolsIn: 'system' },
    });
    const answer = await harness.client.chat.completions.create({
      model: 'm',
      messages: history,
      tools: weatherTools,
      tool_choice: 'none',
    });
    expect(harness.replay.requests[0]?.body.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>',
      },
      { role: 'user', content: '<tool_response>\n{"temp":21}\n</tool_response>\n\nAnd Rome?' },
    ]);
    expect(answer.choices[0]?.message.content).toBe('It is sunny.');
    expect(answer.choices[0]?.finish_reason).toBe('stop');
  });

  it('tool_choice other than auto and parallel_tool_calls false are forwarded', async () => {
    harness = await startGateway({
      replay: { recordings: [{ output: hermesCall('get_weather', { city: 'Rome' }) }] },
      backend: { type: 'openai-chat-passthrough' },
    });
    await harness.client.chat.completions.create({
      model: 'm',
      messages: history,
      tools: weatherTools,
      tool_choice: 'required',
      parallel_tool_calls: false,
    });
    const body = harness.replay.requests[0]?.body ?? {};
    expect([body.tool_choice, body.parallel_tool_calls]).toEqual(['required', false]);
  });

  it('forwards a reasoning_effort level, and response_format when no tools are offered', async () => {
    harness = await startGateway({
      replay: { recordings: [{ output: '{"city": "Rome"}' }, { output: '{"city": "Rome"}' }] },
      backend: { type: 'openai-chat-passthrough' },
    });
    const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
    const response_format = { type: 'json_schema' as const, json_schema: { name: 'place', schema } };
    await harness.client.chat.completions.create({
      model: 'm',
      messages: history,
      reasoning_effort: 'high',
      response_format,
    });
    // With tools, vLLM and Ollama would hold the whole output to the format: no call could be written.
    await harness.client.chat.completions.create({
      model: 'm',
      messages: history,
      tools: weatherTools,
      response_format,
    });
    const [alone, withTools] = harness.replay.requests.map((request) => request.body);
    expect([alone?.reasoning_effort, alone?.response_format, 'response_format' in (withTools ?? {})]).toEqual(
      ['high', { type: 'json_schema', json_schema: { name: 'place', schema, strict: false } }, false],
    );
  });

  it('reasoning_effort none is not sent (vLLM refuses it), and a notice says thinking is not switched off', async () => {
    harness = await startGateway({
      replay: { recordings: [{ output: 'Rome.' }] },
      backend: { type: 'openai-chat-passthrough' },
    });
    await harness.client.chat.completions.create({ model: 'm', messages: history, reasoning_effort: 'none' });
    expect('reasoning_effort' in (harness.replay.requests[0]?.body ?? {})).toBe(false);
    expect(harness.notices).toEqual([
      'model "m" renders its template at the backend: thinking is not switched off there',
    ]);
  });

  it('refuses to continue a final assistant message (Chat continue_final_message, Messages prefill) before the backend is asked', async () => {
    harness = await startGateway({
      replay: { recordings: [] },
      backend: { type: 'openai-chat-passthrough' },
    });
    const prefill = [
      { role: 'user' as const, content: 'Weather in Paris?' },
      { role: 'assistant' as const, content: 'It is' },
    ];
    const chat = await harness.client.chat.completions
      .create({ model: 'm', messages: prefill, continue_final_message: true } as never)
      .catch((error: unknown) => error);
    const message =
      'the backend of "m" renders its own chat template: a final assistant message cannot be continued there';
    expect(chat).toMatchObject({
      status: 400,
      code: 'unsupported_parameter',
      param: 'continue_final_message',
      error: { message },
    });
    const anthropic = new Anthropic({ baseURL: harness.url, apiKey: 'unused', maxRetries: 0 });
    const messages = await anthropic.messages
      .create({ model: 'm', max_tokens: 50, messages: prefill })
      .catch((error: unknown) => error);
    expect(messages).toMatchObject({
      status: 400,
      error: { type: 'error', error: { type: 'invalid_request_error', message } },
    });
    // Neither request reached the backend.
    expect(harness.replay.requests).toHaveLength(0);
  });
});
