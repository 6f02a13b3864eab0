import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { withoutEdgeAnchors } from '../../src/server/responses/custom-tool.js';
import { type GatewayHarness, hermesCall, startGateway } from './gateway-harness.js';
import { eventTypes, functionCall, postResponses, question, tools } from './responses-helpers.js';

let harness: GatewayHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const post = (body: unknown) => postResponses(harness, body);

describe('tool_choice and parallel_tool_calls on the Responses surface', () => {
  it('required on a grammar backend: the backend receives the format grammar, the call comes back', async () => {
    harness = await startGateway({
      backend: { type: 'openai-completions', grammarField: 'grammar' },
      replay: { recordings: [{ output: hermesCall('get_time', { zone: 'UTC' }) }] },
    });
    const response = await harness.client.responses.create({
      model: 'm',
      input: question,
      tools,
      tool_choice: 'required',
    });
    expect(functionCall(response.output)).toMatchObject({ name: 'get_time', arguments: '{"zone":"UTC"}' });
    expect(response.tool_choice).toBe('required');
    const grammar = String(harness.replay.requests[0]?.body.grammar);
    expect(grammar).toContain('root ::=');
    expect(grammar).toContain('<tool_call>');
  });

  it('a named function on llama.cpp: a GBNF grammar that names only that tool', async () => {
    harness = await startGateway({
      backend: { type: 'llamacpp' },
      replay: { recordings: [{ output: hermesCall('get_weather', { city: 'Oslo' }) }] },
    });
    const response = await harness.client.responses.create({
      model: 'm',
      input: question,
      tools,
      tool_choice: { type: 'function', name: 'get_weather' },
    });
    expect(functionCall(response.output).arguments).toBe('{"city":"Oslo"}');
    expect(response.tool_choice).toEqual({ type: 'function', name: 'get_weather' });
    const grammar = String(harness.replay.requests[0]?.body.grammar);
    expect(grammar).toContain('get_weather');
    expect(grammar).not.toContain('get_time');
  });

  it('required on a backend without grammars: no call is a 422 in OpenAI error shape', async () => {
    harness = await startGateway({
      backend: { type: 'ollama' },
      replay: { recordings: [{ output: 'I would rather chat.' }, { output: 'I would rather chat.' }] },
    });
    const error = await harness.client.responses
      .create({ model: 'm', input: question, tools, tool_choice: 'required' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect((error as InstanceType<typeof OpenAI.APIError>).status).toBe(422);
    const { status, text } = await post({
      model: 'm',
      input: question,
      tools,
      tool_choice: 'required',
      stream: true,
    });
    expect(status).toBe(422);
    expect(JSON.parse(text)).toEqual({
      error: {
        message: 'the model made no valid tool call although tool_choice requires one',
        type: 'model_output_error',
        param: null,
        code: 'tool_choice_violation',
      },
    });
  });

  it('parallel_tool_calls false without grammars: two calls are a 422', async () => {
    const output = `${hermesCall('get_weather', { city: 'A' })}\n${hermesCall('get_weather', { city: 'B' })}`;
    harness = await startGateway({ backend: { type: 'ollama' }, replay: { recordings: [{ output }] } });
    const { status, text } = await post({ model: 'm', input: question, tools, parallel_tool_calls: false });
    expect(status).toBe(422);
    expect(JSON.parse(text).error.code).toBe('tool_choice_violation');
  });

  it('strict null (the default) is true: arguments that miss a required property are never a call (a 422 without grammars)', async () => {
    const output = hermesCall('get_weather', { unit: 'celsius' });
    harness = await startGateway({ backend: { type: 'ollama' }, replay: { recordings: [{ output }] } });
    const defaulted = { ...(tools[0] as (typeof tools)[0]), strict: null };
    const error = await harness.client.responses
      .create({ model: 'm', input: question, tools: [defaulted] })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect((error as InstanceType<typeof OpenAI.APIError>).status).toBe(422);
    expect((error as InstanceType<typeof OpenAI.APIError>).code).toBe('tool_choice_violation');
  });

  it('strict: false: the same arguments are text, not a call', async () => {
    const output = hermesCall('get_weather', { unit: 'celsius' });
    harness = await startGateway({ backend: { type: 'ollama' }, replay: { recordings: [{ output }] } });
    const loose = { ...(tools[0] as (typeof tools)[0]), strict: false };
    const response = await harness.client.responses.create({ model: 'm', input: question, tools: [loose] });
    expect(response.output.map((item) => item.type)).toEqual(['message']);
    expect(response.output_text).toBe(output);
  });

  const refused: { name: string; body: Record<string, unknown>; param: string; code: string }[] = [
    {
      name: 'a named tool not offered',
      body: { tools, tool_choice: { type: 'function', name: 'nope' } },
      param: 'tool_choice',
      code: 'invalid_value',
    },
    {
      name: 'a custom choice naming a function tool',
      body: { tools, tool_choice: { type: 'custom', name: 'get_weather' } },
      param: 'tool_choice',
      code: 'invalid_value',
    },
    {
      name: 'required without tools',
      body: { tool_choice: 'required' },
      param: 'tool_choice',
      code: 'invalid_value',
    },
    {
      name: 'an unknown field',
      body: { logit_bias: { 1: 2 } },
      param: 'logit_bias',
      code: 'unsupported_parameter',
    },
    { name: 'background', body: { background: true }, param: 'background', code: 'unsupported_parameter' },
    {
      name: 'a truncation value',
      body: { truncation: 'middle' },
      param: 'truncation',
      code: 'invalid_value',
    },
    { name: 'a metadata number', body: { metadata: { run: 7 } }, param: 'metadata', code: 'invalid_value' },
    {
      name: 'metadata of 17 pairs',
      body: { metadata: Object.fromEntries(Array.from({ length: 17 }, (_, index) => [`k${index}`, 'v'])) },
      param: 'metadata',
      code: 'invalid_value',
    },
    {
      name: 'a metadata value of 513 characters',
      body: { metadata: { note: 'x'.repeat(513) } },
      param: 'metadata',
      code: 'invalid_value',
    },
    { name: 'a bad input', body: { input: 3 }, param: 'input', code: 'invalid_value' },
    {
      name: 'max_output_tokens 0',
      body: { max_output_tokens: 0 },
      param: 'max_output_tokens',
      code: 'invalid_value',
    },
    {
      name: 'a bad text.format',
      body: { text: { format: { type: 'xml' } } },
      param: 'text.format.type',
      code: 'invalid_value',
    },
    {
      name: 'a custom tool with a bad grammar syntax',
      body: {
        tools: [{ type: 'custom', name: 'x', format: { type: 'grammar', syntax: 'peg', definition: 'a' } }],
      },
      param: 'tools[0].format',
      code: 'invalid_value',
    },
    {
      name: 'a custom tool whose regex does not compile',
      body: {
        tools: [
          { type: 'custom', name: 'x', format: { type: 'grammar', syntax: 'regex', definition: '^[0-9+$' } },
        ],
      },
      param: 'tools[0].format.definition',
      code: 'invalid_value',
    },
  ];
  for (const { name, body, param, code } of refused) {
    it(`answers ${name} with a 400 naming ${param}`, async () => {
      harness = await startGateway({ replay: { recordings: [] } });
      const { status, text } = await post({ model: 'm', input: question, ...body });
      expect(status).toBe(400);
      expect(JSON.parse(text).error).toMatchObject({ type: 'invalid_request_error', param, code });
      expect(harness.replay.requests).toHaveLength(0);
    });
  }
});

describe('custom (freeform) tools', () => {
  const patch = '*** Begin Patch\n*** Add File: a.txt\n+hello\n*** End Patch';
  const qwenCall = (name: string, key: string, value: string) =>
    `<tool_call>\n<function=${name}>\n<parameter=${key}>\n${value}\n</parameter>\n</function>\n</tool_call>`;
  const applyPatch = {
    type: 'custom' as const,
    name: 'apply_patch',
    description: 'Apply a patch to files.',
    format: {
      type: 'grammar' as const,
      syntax: 'lark' as const,
      definition: 'start: "*** Begin Patch" /(.|\\n)*/',
    },
  };

  it('answers a custom tool call with its raw input, whole and streamed', async () => {
    const output = `Done thinking.\n</think>\n\n${qwenCall('apply_patch', 'input', patch)}`;
    harness = await startGateway({
      format: 'qwen3_coder',
      template: 'qwen3.5',
      replay: { recordings: [{ output }, { output }], maxChunkLength: 5 },
    });
    const whole = await harness.client.responses.create({
      model: 'm',
      input: 'Add a.txt',
      tools: [applyPatch],
    });
    expect(whole.output.map((item) => item.type)).toEqual(['reasoning', 'custom_tool_call']);
    expect(whole.output[1]).toEqual({
      id: expect.stringMatching(/^ctc_[A-Za-z0-9]{24}$/),
      type: 'custom_tool_call',
      status: 'completed',
      call_id: expect.stringMatching(/^call_/),
      name: 'apply_patch',
      input: patch,
    });
    // The Lark grammar cannot be enforced: the model reads it in the description, and a notice says so.
    expect(harness.notices).toContain(
      'custom tool "apply_patch": its lark grammar is not enforced; the model is given it in the tool description',
    );
    expect(String(harness.replay.requests[0]?.body.prompt)).toContain(
      '{"type": "function", "function": {"name": "apply_patch", "description": "Apply a patch to files.\\n\\n' +
        'The input must match this Lark grammar:\\nstart: \\"*** Begin Patch\\" /(.|\\\\n)*/", "parameters": ' +
        '{"type": "object", "properties": {"input": {"type": "string"}}, "required": ["input"], "additionalProperties": false}}}',
    );
    const stream = harness.client.responses.stream({ model: 'm', input: 'Add a.txt', tools: [applyPatch] });
    const events: OpenAI.Responses.ResponseStreamEvent[] = [];
    for await (const event of stream) events.push(event);
    const final = await stream.finalResponse();
    expect(eventTypes(events).slice(-5)).toEqual([
      'response.output_item.added',
      'response.custom_tool_call_input.delta',
      'response.custom_tool_call_input.done',
      'response.output_item.done',
      'response.completed',
    ]);
    const doneItem = events.at(-2);
    if (doneItem?.type !== 'response.output_item.done') throw new Error('no output_item.done');
    expect(final.output[1]).toMatchObject({ type: 'custom_tool_call', input: patch, id: doneItem.item.id });
  });

  it('renders custom_tool_call and custom_tool_call_output items of the history into the prompt', async () => {
    harness = await startGateway({
      format: 'qwen3_coder',
      template: 'qwen3-coder',
      replay: {
        recordings: [
          {
            output: 'Patched.',
            expectPrompt: (prompt) => {
              expect(
                prompt.endsWith(
                  `<|im_start|>user\nAdd a.txt<|im_end|>\n<|im_start|>assistant\n${qwenCall('apply_patch', 'input', patch)}<|im_end|>\n` +
                    '<|im_start|>user\n<tool_response>\nDone!\n</tool_response>\n<|im_end|>\n<|im_start|>assistant\n',
                ),
              ).toBe(true);
            },
          },
        ],
      },
    });
    const response = await harness.client.responses.create({
      model: 'm',
      tools: [applyPatch],
      input: [
        { type: 'message', role: 'user', content: 'Add a.txt' },
        { type: 'custom_tool_call', call_id: 'call_1', name: 'apply_patch', input: patch },
        { type: 'custom_tool_call_output', call_id: 'call_1', output: 'Done!' },
      ],
    });
    expect(response.output_text).toBe('Patched.');
  });

  const pin = {
    type: 'custom' as const,
    name: 'pin',
    format: { type: 'grammar' as const, syntax: 'regex' as const, definition: '[0-9]{4}' },
  };

  it('a regex format on a grammar backend constrains the input; a named custom choice is honoured', async () => {
    harness = await startGateway({
      backend: { type: 'llamacpp' },
      replay: { recordings: [{ output: hermesCall('pin', { input: '1234' }) }] },
    });
    const response = await harness.client.responses.create({
      model: 'm',
      input: 'Pick a PIN',
      tools: [pin],
      tool_choice: { type: 'custom', name: 'pin' },
    });
    expect(response.output).toEqual([
      expect.objectContaining({ type: 'custom_tool_call', name: 'pin', input: '1234' }),
    ]);
    expect(response.tool_choice).toEqual({ type: 'custom', name: 'pin' });
    expect(String(harness.replay.requests[0]?.body.grammar)).toContain(
      'pin-args-input-pattern ::= [0-9]{4}\n',
    );
    expect(harness.notices).toEqual([]);
  });

  it('a regex format without grammars: an input that does not match is never a call (a 422)', async () => {
    const output = hermesCall('pin', { input: '12a4' });
    harness = await startGateway({ backend: { type: 'ollama' }, replay: { recordings: [{ output }] } });
    const error = await harness.client.responses
      .create({ model: 'm', input: 'Pick a PIN', tools: [pin] })
      .catch((caught: unknown) => caught);
    expect((error as InstanceType<typeof OpenAI.APIError>).status).toBe(422);
    expect((error as InstanceType<typeof OpenAI.APIError>).message).toContain(
      'the arguments of "pin" do not fit its strict schema',
    );
  });

  it.each([
    ['^[0-9]{4}$'],
    ['^[0-9]{4}'],
    ['[0-9]{4}$'],
  ])('an anchored regex %s is enforced as the unanchored one: the grammar holds it, a misfit is a 422', async (definition) => {
    const anchored = { ...pin, format: { ...pin.format, definition } };
    harness = await startGateway({
      backend: { type: 'llamacpp' },
      replay: { recordings: [{ output: hermesCall('pin', { input: '1234' }) }] },
    });
    await harness.client.responses.create({
      model: 'm',
      input: 'Pick a PIN',
      tools: [anchored],
      tool_choice: 'required',
    });
    expect(String(harness.replay.requests[0]?.body.grammar)).toContain(
      'pin-args-input-pattern ::= [0-9]{4}\n',
    );
    expect(harness.notices).toEqual([]);
    await harness.close();
    harness = await startGateway({
      backend: { type: 'ollama' },
      replay: { recordings: [{ output: hermesCall('pin', { input: '12a4' }) }] },
    });
    const error = await harness.client.responses
      .create({ model: 'm', input: 'Pick a PIN', tools: [anchored] })
      .catch((caught: unknown) => caught);
    expect((error as InstanceType<typeof OpenAI.APIError>).status).toBe(422);
  });

  it.each([
    ['^abc$', 'abc'],
    ['abc', 'abc'],
    ['abc\\$', 'abc\\$'],
    ['abc\\\\$', 'abc\\\\'],
    ['^$', ''],
    ['^', ''],
    ['$', ''],
  ])('withoutEdgeAnchors(%j) is %j', (definition, expected) => {
    expect(withoutEdgeAnchors(definition)).toBe(expected);
  });
});
