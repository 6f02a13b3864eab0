import Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { parseToolCalls } from '../../src/formats/index.js';
import { promptRendererFromText } from '../../src/server/index.js';
import { hermesCall } from './gateway-harness.js';
import {
  type ApiError,
  callText,
  postMessages,
  question,
  readFrames,
  start,
  tools,
  toolsSystem,
} from './messages-harness.js';

describe('POST /v1/messages through @anthropic-ai/sdk', () => {
  it('answers a call whole: text and tool_use blocks, stop_reason tool_use, usage', async () => {
    const { gateway, client } = await start({
      replay: { recordings: [{ output: callText, usage: { promptTokens: 40, completionTokens: 12 } }] },
    });
    const message = await client.messages.create({
      model: 'm',
      max_tokens: 200,
      system: 'Be brief.',
      messages: question,
      tools,
    });
    expect(message.id).toMatch(/^msg_[A-Za-z0-9]{24}$/);
    expect(message).toMatchObject({
      type: 'message',
      role: 'assistant',
      model: 'm',
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: { input_tokens: 40, output_tokens: 12 },
    });
    expect(message.content).toEqual([
      { type: 'text', text: 'Let me check.' },
      {
        type: 'tool_use',
        id: expect.stringMatching(/^toolu_[A-Za-z0-9]{24}$/),
        name: 'get_weather',
        input: { city: 'Paris', unit: 'celsius' },
      },
    ]);
    const sent = gateway.replay.requests[0]?.body;
    expect(sent?.prompt).toBe(
      `${toolsSystem('Be brief.')}<|im_start|>user\nWeather in Paris?<|im_end|>\n<|im_start|>assistant\n`,
    );
    expect(sent?.max_tokens).toBe(200);
    expect(gateway.logs.at(-1)).toMatchObject({ path: '/v1/messages', status: 200, model: 'm', calls: 1 });
  });

  it('answers text with stop_reason end_turn, and max_tokens when the backend hit the limit', async () => {
    const { client } = await start({
      replay: { recordings: [{ output: 'Sunny.' }, { output: 'It is', finishReason: 'length' }] },
    });
    const done = await client.messages.create({ model: 'm', max_tokens: 50, messages: question, tools });
    expect(done.content).toEqual([{ type: 'text', text: 'Sunny.' }]);
    expect(done.stop_reason).toBe('end_turn');
    const cut = await client.messages.create({ model: 'm', max_tokens: 2, messages: question });
    expect(cut.content).toEqual([{ type: 'text', text: 'It is' }]);
    expect(cut.stop_reason).toBe('max_tokens');
  });

  it('a call to a tool that was not offered is text, and stop_reason stays end_turn', async () => {
    const output = hermesCall('delete_everything', {});
    const { gateway, client } = await start({ replay: { recordings: [{ output }] } });
    const message = await client.messages.create({ model: 'm', max_tokens: 50, messages: question, tools });
    expect(message.content).toEqual([{ type: 'text', text: output }]);
    expect(message.stop_reason).toBe('end_turn');
    expect(gateway.logs.at(-1)).toMatchObject({ calls: 0, invalidCalls: 1 });
  });

  it('streams the same answer: finalMessage accumulates input_json_delta into the exact input', async () => {
    const twoCalls = `${callText}\n${hermesCall('get_time', { zone: 'Europe/Paris' })}`;
    const { client } = await start({
      replay: { recordings: [{ output: twoCalls }, { output: twoCalls }], maxChunkLength: 3 },
    });
    const whole = await client.messages.create({ model: 'm', max_tokens: 200, messages: question, tools });
    const stream = client.messages.stream({ model: 'm', max_tokens: 200, messages: question, tools });
    const texts: string[] = [];
    stream.on('text', (delta) => texts.push(delta));
    const final = await stream.finalMessage();
    expect(final.stop_reason).toBe('tool_use');
    expect(texts.join('')).toBe('Let me check.');
    const strip = (content: Anthropic.ContentBlock[]) =>
      content.map((block) => (block.type === 'tool_use' ? { ...block, id: 'toolu' } : block));
    expect(strip(final.content)).toEqual(strip(whole.content));
    expect(final.content.slice(1)).toEqual([
      {
        type: 'tool_use',
        id: expect.stringMatching(/^toolu_/),
        name: 'get_weather',
        input: { city: 'Paris', unit: 'celsius' },
      },
      {
        type: 'tool_use',
        id: expect.stringMatching(/^toolu_/),
        name: 'get_time',
        input: { zone: 'Europe/Paris' },
      },
    ]);
    // ... and the calls equal parseToolCalls on the same text.
    const parsed = parseToolCalls(twoCalls, {
      format: 'hermes',
      tools: tools.map((tool) => ({ name: tool.name, parameters: tool.input_schema })),
    });
    expect(
      final.content.flatMap((block) =>
        block.type === 'tool_use' ? [{ name: block.name, arguments: block.input }] : [],
      ),
    ).toEqual(parsed.toolCalls.map((call) => ({ name: call.name, arguments: call.arguments })));
  });

  it('streams events exactly as Anthropic frames them', async () => {
    await start({
      replay: { recordings: [{ output: callText, usage: { promptTokens: 5, completionTokens: 7 } }] },
    });
    const response = await postMessages({
      model: 'm',
      max_tokens: 100,
      messages: question,
      tools,
      stream: true,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const frames = readFrames(await response.text());
    const start_ = frames[0]?.data.message as Record<string, unknown>;
    expect(start_).toEqual({
      id: expect.stringMatching(/^msg_/),
      type: 'message',
      role: 'assistant',
      model: 'm',
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 0, output_tokens: 0 },
    });
    const textDeltas = frames.filter(
      (frame) => (frame.data.delta as { type?: string })?.type === 'text_delta',
    );
    const shape = frames.map((frame) =>
      frame.event === 'content_block_delta' && (frame.data.delta as { type: string }).type === 'text_delta'
        ? 'text_delta'
        : frame.event,
    );
    expect(shape).toEqual([
      'message_start',
      'ping',
      'content_block_start',
      ...textDeltas.map(() => 'text_delta'),
      'content_block_stop',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(textDeltas.map((frame) => (frame.data.delta as { text: string }).text).join('')).toBe(
      'Let me check.',
    );
    expect(frames[2]?.data).toEqual({
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'text', text: '' },
    });
    const [toolStart, toolDelta, toolStop, messageDelta, stop] = frames.slice(-5);
    expect(toolStart?.data).toEqual({
      type: 'content_block_start',
      index: 1,
      content_block: {
        type: 'tool_use',
        id: expect.stringMatching(/^toolu_[A-Za-z0-9]{24}$/),
        name: 'get_weather',
        input: {},
      },
    });
    expect(toolDelta?.data).toEqual({
      type: 'content_block_delta',
      index: 1,
      delta: { type: 'input_json_delta', partial_json: '{"city":"Paris","unit":"celsius"}' },
    });
    expect(toolStop?.data).toEqual({ type: 'content_block_stop', index: 1 });
    expect(messageDelta?.data).toEqual({
      type: 'message_delta',
      delta: { stop_reason: 'tool_use', stop_sequence: null },
      usage: { input_tokens: 5, output_tokens: 7 },
    });
    expect(stop?.data).toEqual({ type: 'message_stop' });
  });

  it('passes max_tokens, temperature, top_p and stop_sequences to the backend; metadata is accepted', async () => {
    const { gateway } = await start({ replay: { recordings: [{ output: 'ok' }] } });
    // Sent as JSON: the SDK's types no longer list temperature and top_p, which other clients send.
    const response = await postMessages({
      model: 'm',
      max_tokens: 64,
      messages: question,
      temperature: 0.3,
      top_p: 0.8,
      stop_sequences: ['END', '###'],
      metadata: { user_id: 'u1' },
    });
    expect(response.status).toBe(200);
    expect(gateway.replay.requests[0]?.body).toMatchObject({
      max_tokens: 64,
      temperature: 0.3,
      top_p: 0.8,
      stop: ['END', '###'],
    });
    expect(gateway.notices).toEqual([]);
  });
});

describe('tool_choice and disable_parallel_tool_use enforced as in the Chat surface', () => {
  /** The question with the tools and `tool_choice`. */
  const choosing = (tool_choice: Anthropic.ToolChoice) => ({
    model: 'm',
    max_tokens: 100,
    messages: question,
    tools,
    tool_choice,
  });
  const namedWeather = choosing({ type: 'tool', name: 'get_weather' });
  it('any on a grammar backend: the backend receives the format grammar, and the call comes back', async () => {
    const { gateway, client } = await start({
      backend: { type: 'openai-completions', grammarField: 'grammar' },
      replay: { recordings: [{ output: hermesCall('get_time', { zone: 'UTC' }) }] },
    });
    const message = await client.messages.create(choosing({ type: 'any' }));
    expect(message.stop_reason).toBe('tool_use');
    expect(message.content).toEqual([
      { type: 'tool_use', id: expect.stringMatching(/^toolu_/), name: 'get_time', input: { zone: 'UTC' } },
    ]);
    const grammar = String(gateway.replay.requests[0]?.body.grammar);
    expect(grammar).toContain('root ::=');
    expect(grammar).toContain('<tool_call>');
    expect(grammar).toContain('get_weather');
    expect(grammar).toContain('get_time');
  });

  it('a named tool on llama.cpp, streamed: a grammar naming only that tool', async () => {
    const { gateway, client } = await start({
      backend: { type: 'llamacpp' },
      replay: { recordings: [{ output: hermesCall('get_weather', { city: 'Oslo' }) }] },
    });
    const final = await client.messages.stream(namedWeather).finalMessage();
    expect(final.stop_reason).toBe('tool_use');
    expect(final.content).toEqual([
      {
        type: 'tool_use',
        id: expect.stringMatching(/^toolu_/),
        name: 'get_weather',
        input: { city: 'Oslo' },
      },
    ]);
    const body = gateway.replay.requests[0]?.body;
    expect(gateway.replay.requests[0]?.path).toBe('/completion');
    expect(String(body?.grammar)).toContain('get_weather');
    expect(String(body?.grammar)).not.toContain('get_time');
  });

  it('auto with disable_parallel_tool_use on llama.cpp: a lazy grammar triggered at the start marker', async () => {
    const { gateway, client } = await start({
      backend: { type: 'llamacpp' },
      replay: { recordings: [{ output: 'Hello.' }] },
    });
    await client.messages.create(choosing({ type: 'auto', disable_parallel_tool_use: true }));
    const body = gateway.replay.requests[0]?.body;
    expect(body?.grammar_lazy).toBe(true);
    expect(JSON.stringify(body?.grammar_triggers)).toContain('<tool_call>');
  });

  it('any on a backend without grammars: no call is a 422 invalid_request_error, whole and streamed', async () => {
    const { gateway, client } = await start({
      backend: { type: 'ollama' },
      replay: { recordings: [{ output: 'I would rather chat.' }, { output: 'I would rather chat.' }] },
    });
    const request = choosing({ type: 'any' });
    const error = await client.messages.create(request).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.UnprocessableEntityError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).error).toEqual({
      type: 'error',
      error: {
        type: 'invalid_request_error',
        message: 'the model made no valid tool call although tool_choice requires one',
      },
    });
    // Streamed, the answer is checked whole before any event: the same status.
    const streamed = await client.messages
      .stream(request)
      .finalMessage()
      .catch((caught: unknown) => caught);
    expect((streamed as ApiError).status).toBe(422);
    expect(gateway.logs.map((line) => line.status)).toEqual([422, 422]);
  });

  it('a named tool without grammars: a call to another tool is a 422', async () => {
    const { client } = await start({
      backend: { type: 'ollama' },
      replay: { recordings: [{ output: hermesCall('get_time', { zone: 'UTC' }) }] },
    });
    const error = await client.messages.create(namedWeather).catch((caught: unknown) => caught);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).error).toEqual({
      type: 'error',
      error: {
        type: 'invalid_request_error',
        message:
          'the model made no valid tool call although tool_choice requires one (tool_choice names "get_weather", the model called "get_time")',
      },
    });
  });

  it('disable_parallel_tool_use without grammars: two calls are a 422', async () => {
    const output = `${hermesCall('get_weather', { city: 'A' })}\n${hermesCall('get_weather', { city: 'B' })}`;
    const { client } = await start({ backend: { type: 'ollama' }, replay: { recordings: [{ output }] } });
    const error = await client.messages
      .create(choosing({ type: 'auto', disable_parallel_tool_use: true }))
      .catch((caught: unknown) => caught);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).message).toContain(
      'the model made 2 tool calls although parallel_tool_calls is false',
    );
  });

  it('a named tool without grammars: two calls to it are a 422 (a named tool is one call)', async () => {
    const output = `${hermesCall('get_weather', { city: 'A' })}\n${hermesCall('get_weather', { city: 'B' })}`;
    const { client } = await start({ backend: { type: 'ollama' }, replay: { recordings: [{ output }] } });
    const error = await client.messages.create(namedWeather).catch((caught: unknown) => caught);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).error).toEqual({
      type: 'error',
      error: {
        type: 'invalid_request_error',
        message: 'the model made 2 tool calls although tool_choice asks for one call to "get_weather"',
      },
    });
  });

  it('none: a call the model writes anyway is text, and no tools are rendered', async () => {
    const { gateway, client } = await start({ replay: { recordings: [{ output: callText }] } });
    const message = await client.messages.create(choosing({ type: 'none' }));
    expect(message.content).toEqual([{ type: 'text', text: callText }]);
    expect(message.stop_reason).toBe('end_turn');
    expect(String(gateway.replay.requests[0]?.body.prompt)).not.toContain('<tools>');
  });
});

describe('history: tool results and thinking', () => {
  it('a two-turn round trip renders each tool_result (blocks or string) into the next prompt', async () => {
    const twoCalls = `${callText}\n${hermesCall('get_time', { zone: 'UTC' })}`;
    const firstPrompt = `${toolsSystem('Be brief.')}<|im_start|>user\nWeather in Paris?<|im_end|>\n<|im_start|>assistant\n`;
    const secondPrompt =
      `${firstPrompt}Let me check.\n` +
      '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris", "unit": "celsius"}}\n</tool_call>\n' +
      '<tool_call>\n{"name": "get_time", "arguments": {"zone": "UTC"}}\n</tool_call><|im_end|>\n' +
      '<|im_start|>user\n<tool_response>\n18 C, sunny\n</tool_response>\n<tool_response>\n09:00\n</tool_response><|im_end|>\n' +
      '<|im_start|>assistant\n';
    const { gateway, client } = await start({
      replay: {
        recordings: [
          { output: twoCalls, expectPrompt: firstPrompt },
          { output: 'Sunny, 18 C.', expectPrompt: secondPrompt },
        ],
      },
    });
    const first = await client.messages.create({
      model: 'm',
      max_tokens: 100,
      system: 'Be brief.',
      messages: question,
      tools,
    });
    const [weather, time] = first.content.slice(1);
    if (weather?.type !== 'tool_use' || time?.type !== 'tool_use') throw new Error('no tool_use blocks');
    const second = await client.messages.create({
      model: 'm',
      max_tokens: 100,
      system: [{ type: 'text', text: 'Be brief.' }],
      messages: [
        ...question,
        { role: 'assistant', content: first.content },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: weather.id,
              content: [{ type: 'text', text: '18 C, sunny' }],
            },
            { type: 'tool_result', tool_use_id: time.id, content: '09:00' },
          ],
        },
      ],
      tools,
    });
    expect(second.content).toEqual([{ type: 'text', text: 'Sunny, 18 C.' }]);
    expect(second.stop_reason).toBe('end_turn');
    expect(gateway.logs.map((line) => line.historyRepairs)).toEqual([0, 0]);
  });

  it('a tool_result block of a type without a part (search_result) reaches the template as its JSON text, with a notice', async () => {
    const searchResult = {
      type: 'search_result',
      source: 'https://example.com/paris',
      title: 'Paris',
      content: [{ type: 'text', text: '18 C' }],
    };
    const { gateway, client } = await start({
      replay: {
        recordings: [
          {
            output: 'Sunny.',
            expectPrompt: (prompt: string) =>
              expect(prompt.slice(prompt.indexOf('<tool_response>'))).toBe(
                `<tool_response>\nhit:\n${JSON.stringify(searchResult)}\n</tool_response><|im_end|>\n<|im_start|>assistant\n`,
              ),
          },
        ],
      },
    });
    const answer = await client.messages.create({
      model: 'm',
      max_tokens: 100,
      messages: [
        ...question,
        {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } }],
        },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 'toolu_1',
              content: [{ type: 'text', text: 'hit:' }, searchResult],
            },
          ],
        },
      ] as Anthropic.MessageParam[],
      tools,
    });
    expect(answer.content).toEqual([{ type: 'text', text: 'Sunny.' }]);
    expect(gateway.notices).toEqual([
      '/v1/messages: tool_result block of type "search_result": carried as its JSON text',
    ]);
  });

  it('a user turn holding only a result without its call keeps it as user text (the turn is not left empty)', async () => {
    const { gateway, client } = await start({
      replay: {
        recordings: [
          {
            output: 'Noted.',
            expectPrompt: (prompt: string) =>
              expect(prompt.slice(prompt.indexOf('<|im_start|>user'))).toBe(
                '<|im_start|>user\nWeather in Paris?<|im_end|>\n<|im_start|>assistant\nLet me see.<|im_end|>\n' +
                  '<|im_start|>user\nResult of call "toolu_9", whose call is not in the history:\n18 C<|im_end|>\n<|im_start|>assistant\n',
              ),
          },
        ],
      },
    });
    const answer = await client.messages
      .create({
        model: 'm',
        max_tokens: 100,
        messages: [
          ...question,
          { role: 'assistant', content: 'Let me see.' },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_9', content: '18 C' }] },
        ],
        tools,
      })
      .withResponse();
    expect(answer.data.content).toEqual([{ type: 'text', text: 'Noted.' }]);
    expect(answer.response.headers.get('x-toolwire-history-repairs')).toBe('1');
    expect(gateway.logs[0]?.historyRepairs).toBe(1);
  });

  it('an empty turn is a 400, as at Anthropic (it was dropped without a word)', async () => {
    await start({ replay: { recordings: [] } });
    for (const content of ['', []]) {
      const response = await postMessages({
        model: 'm',
        max_tokens: 10,
        messages: [{ role: 'user', content }, ...question],
      });
      expect([response.status, await response.json()]).toEqual([
        400,
        {
          type: 'error',
          error: {
            type: 'invalid_request_error',
            message:
              'messages.0: all messages must have non-empty content except for the optional final assistant message',
          },
        },
      ]);
    }
  });

  it('splits reasoning into a thinking block when the template opened <think> (Qwen3.5)', async () => {
    const output = 'The user wants Paris.\n</think>\n\nSure.';
    const { client } = await start({
      format: 'qwen3_coder',
      template: 'qwen3.5',
      replay: { recordings: [{ output }, { output }] },
    });
    const message = await client.messages.create({
      model: 'm',
      max_tokens: 2000,
      messages: question,
      thinking: { type: 'enabled', budget_tokens: 1024 },
    });
    expect(message.content).toEqual([
      {
        type: 'thinking',
        thinking: 'The user wants Paris.\n',
        signature: expect.stringMatching(/^[A-Za-z0-9+/]{43}=$/),
      },
      { type: 'text', text: 'Sure.' },
    ]);
    expect(message.stop_reason).toBe('end_turn');
    const stream = client.messages.stream({ model: 'm', max_tokens: 2000, messages: question });
    const signatures: string[] = [];
    stream.on('signature', (signature) => signatures.push(signature));
    const final = await stream.finalMessage();
    expect(final.content).toEqual([
      { type: 'thinking', thinking: 'The user wants Paris.\n', signature: signatures[0] },
      { type: 'text', text: 'Sure.' },
    ]);
    expect(signatures).toHaveLength(1);
  });

  it('system text blocks are one system message; a system message the template leaves out gets a notice', async () => {
    // Like DeepSeek's templates: the first system message only.
    const template =
      '{% if messages[0].role == "system" %}[system]{{ messages[0].content }}\n{% endif %}' +
      '{% for m in messages %}{% if m.role != "system" %}[{{ m.role }}]{{ m.content }}\n{% endif %}{% endfor %}[assistant]';
    const { gateway, client } = await start({
      model: { renderer: promptRendererFromText(template) },
      replay: {
        recordings: [
          { output: 'Hi.', expectPrompt: '[system]You are Claude Code.\nBe brief.\n[user]Hi\n[assistant]' },
          { output: 'Hi.', expectPrompt: '[system]You are Claude Code.\n[user]Hi\n[assistant]' },
        ],
      },
    });
    const blocks = [
      { type: 'text' as const, text: 'You are Claude Code.' },
      { type: 'text' as const, text: 'Be brief.' },
    ];
    await client.messages.create({
      model: 'm',
      max_tokens: 100,
      system: blocks,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(gateway.notices).toEqual([]);
    // A system message later in the conversation is a second one, which this template drops.
    await client.messages.create({
      model: 'm',
      max_tokens: 100,
      system: 'You are Claude Code.',
      messages: [{ role: 'system', content: 'Today is Monday.' } as never, { role: 'user', content: 'Hi' }],
    });
    expect(gateway.notices).toEqual([
      'the chat template of model "m" left out system message 2 of 2 (16 characters): the model does not see it',
    ]);
  });

  it('thinking and redacted_thinking blocks in history are accepted; thinking reaches the template as reasoning', async () => {
    // A template that shows what it is given: role, reasoning_content and content of each message.
    const template =
      '{% for m in messages %}[{{ m.role }}]{% if m.reasoning_content %}<think>{{ m.reasoning_content }}</think>{% endif %}' +
      '{{ m.content }}\n{% endfor %}[assistant]';
    const { gateway, client } = await start({
      model: { renderer: promptRendererFromText(template) },
      replay: {
        recordings: [
          {
            output: 'It is 9.',
            expectPrompt: '[user]Hi\n[assistant]<think>Greet back.</think>Hello!\n[user]Time?\n[assistant]',
          },
        ],
      },
    });
    const message = await client.messages.create({
      model: 'm',
      max_tokens: 100,
      messages: [
        { role: 'user', content: 'Hi' },
        {
          role: 'assistant',
          content: [
            { type: 'redacted_thinking', data: 'opaque' },
            { type: 'thinking', thinking: 'Greet back.', signature: 'sig' },
            { type: 'text', text: 'Hello!' },
          ],
        },
        { role: 'user', content: 'Time?' },
      ],
    });
    expect(message.content).toEqual([{ type: 'text', text: 'It is 9.' }]);
    expect(gateway.replay.requests).toHaveLength(1);
  });
});

describe('a final assistant turn (prefill)', () => {
  const prefill = 'Here is the JSON: {';
  const prompt = `<|im_start|>user\nWeather in Paris?<|im_end|>\n<|im_start|>assistant\n${prefill}`;

  it('is continued, whole and streamed: the prompt ends with its text, the answer holds what follows', async () => {
    const { gateway, client } = await start({
      replay: {
        recordings: [
          { output: '"city": "Paris"}', expectPrompt: prompt },
          { output: '"city": "Paris"}', expectPrompt: prompt },
        ],
        maxChunkLength: 3,
      },
    });
    const messages = [...question, { role: 'assistant' as const, content: prefill }];
    const whole = await client.messages.create({ model: 'm', max_tokens: 50, messages });
    expect(whole.content).toEqual([{ type: 'text', text: '"city": "Paris"}' }]);
    expect(whole.stop_reason).toBe('end_turn');
    const final = await client.messages
      .stream({
        model: 'm',
        max_tokens: 50,
        messages: [...question, { role: 'assistant', content: [{ type: 'text', text: prefill }] }],
      })
      .finalMessage();
    expect(final.content).toEqual([{ type: 'text', text: '"city": "Paris"}' }]);
    expect(gateway.replay.requests).toHaveLength(2);
  });

  it('is continued under a Jinja template that writes it as a finished turn (everything after its text is cut)', async () => {
    const template =
      '{% for m in messages %}[{{ m.role }}]{{ m.content | trim }}[end]\n{% endfor %}{% if add_generation_prompt %}[assistant]{% endif %}';
    const { client } = await start({
      model: { renderer: promptRendererFromText(template) },
      replay: {
        recordings: [{ output: ' sunny.', expectPrompt: '[user]Weather in Paris?[end]\n[assistant]It is' }],
      },
    });
    const message = await client.messages.create({
      model: 'm',
      max_tokens: 50,
      messages: [...question, { role: 'assistant', content: 'It is' }],
    });
    expect(message.content).toEqual([{ type: 'text', text: ' sunny.' }]);
  });

  it('ending in whitespace is a 400, as at Anthropic; a template that leaves it out is a 400 naming messages', async () => {
    const { gateway } = await start({
      model: {
        renderer: promptRendererFromText(
          '{% for m in messages %}{% if m.role == "user" %}{{ m.content }}{% endif %}{% endfor %}',
        ),
      },
      replay: { recordings: [] },
    });
    const spaced = await postMessages({
      model: 'm',
      max_tokens: 10,
      messages: [...question, { role: 'assistant', content: 'It is ' }],
    });
    expect(spaced.status).toBe(400);
    expect(await spaced.json()).toEqual({
      type: 'error',
      error: {
        type: 'invalid_request_error',
        message: 'final assistant content cannot end with trailing whitespace',
      },
    });
    const dropped = await postMessages({
      model: 'm',
      max_tokens: 10,
      messages: [...question, { role: 'assistant', content: 'It is' }],
    });
    expect(dropped.status).toBe(400);
    expect(((await dropped.json()) as { error: { message: string } }).error.message).toBe(
      'the chat template of model "m" does not write the final assistant message\'s text, so the answer cannot continue it',
    );
    expect(gateway.replay.requests).toHaveLength(0);
  });
});
