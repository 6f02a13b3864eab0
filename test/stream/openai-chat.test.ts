import { describe, expect, it } from 'vitest';
import type { OpenAIChatToolCallDelta } from '../../src/providers/openai-chat/openai-chat-chunks.js';
import {
  accumulateAnthropicStream,
  accumulateOpenAIChatChunks,
  accumulateOpenAIResponsesStream,
  createToolCallStream,
  OpenAIChatChunkAccumulator,
  toOpenAIChatChunks,
} from '../../src/stream/index.js';
import type { ParseEvent } from '../../src/types/parse-event.js';
import type { ParseResult } from '../../src/types/tool-call.js';

/** A chunk with one choice whose delta carries `toolCalls` (and optionally a finish reason / content). */
const chunk = (
  toolCalls: OpenAIChatToolCallDelta[] | undefined,
  extra: { finish_reason?: string; content?: string } = {},
) => ({
  object: 'chat.completion.chunk',
  choices: [
    {
      index: 0,
      delta: {
        ...(toolCalls ? { tool_calls: toolCalls } : {}),
        ...(extra.content ? { content: extra.content } : {}),
      },
      finish_reason: extra.finish_reason ?? null,
    },
  ],
});

const call = (id: string, name: string, args: Record<string, unknown>) => ({ id, name, arguments: args });

interface Row {
  readonly description: string;
  readonly chunks: unknown[];
  readonly calls: ReturnType<typeof call>[];
  readonly invalid?: { id?: string; name?: string; raw: string; code: string }[];
  readonly content?: string;
}

const rows: Row[] = [
  {
    description: 'rebuilds one call from id+name then argument fragments',
    chunks: [
      chunk([{ index: 0, id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '' } }]),
      chunk([{ index: 0, function: { arguments: '{"city":' } }]),
      chunk([{ index: 0, function: { arguments: '"Paris"}' } }]),
      chunk(undefined, { finish_reason: 'tool_calls' }),
    ],
    calls: [call('call_a', 'get_weather', { city: 'Paris' })],
  },
  {
    description: 'keeps parallel calls apart by index, interleaved',
    chunks: [
      chunk([{ index: 0, id: 'a', function: { name: 'f', arguments: '{"x":' } }]),
      chunk([{ index: 1, id: 'b', function: { name: 'g', arguments: '{"y":' } }]),
      chunk([
        { index: 0, function: { arguments: '1}' } },
        { index: 1, function: { arguments: '2}' } },
      ]),
    ],
    calls: [call('a', 'f', { x: 1 }), call('b', 'g', { y: 2 })],
  },
  {
    description: 'the same index twice: a new id on index 0 is a new call',
    chunks: [
      chunk([{ index: 0, id: 'a', function: { name: 'f', arguments: '{"x":1}' } }]),
      chunk([{ index: 0, id: 'b', function: { name: 'f', arguments: '{"x":' } }]),
      chunk([{ index: 0, function: { arguments: '2}' } }]),
    ],
    calls: [call('a', 'f', { x: 1 }), call('b', 'f', { x: 2 })],
  },
  {
    description: 'the same index twice: a different name without id is a new call, names never glued',
    chunks: [
      chunk([{ index: 0, function: { name: 'f', arguments: '{}' } }]),
      chunk([{ index: 0, function: { name: 'g', arguments: '{"y":true}' } }]),
    ],
    calls: [call('call_0', 'f', {}), call('call_1', 'g', { y: true })],
  },
  {
    description: 'missing index: fragments go by id, then to the last call',
    chunks: [
      chunk([{ id: 'a', function: { name: 'f', arguments: '{"x":' } }]),
      chunk([{ function: { arguments: '1}' } }]),
      chunk([{ id: 'b', function: { name: 'g', arguments: '{}' } }]),
    ],
    calls: [call('a', 'f', { x: 1 }), call('b', 'g', {})],
  },
  {
    description: 'null index and null fields are tolerated',
    chunks: [
      chunk([{ index: null, id: 'a', function: { name: 'f', arguments: null } }]),
      chunk([{ index: null, id: null, function: { name: null, arguments: '{"q":"x"}' } }]),
    ],
    calls: [call('a', 'f', { q: 'x' })],
  },
  {
    description: 'a string index: digits are that index, any other string ("__proto__") its own call',
    chunks: [
      chunk([{ index: 0, id: 'a', function: { name: 'f', arguments: '{"x":' } }]),
      chunk([{ index: '__proto__' as unknown as number, function: { name: 'g', arguments: '{"y":2}' } }]),
      chunk([{ index: '0' as unknown as number, function: { arguments: '1}' } }]),
    ],
    calls: [call('a', 'f', { x: 1 }), call('call_1', 'g', { y: 2 })],
  },
  {
    description: 'null index first, then the first index: the same call',
    chunks: [
      chunk([{ index: null as unknown as number, id: 'a', function: { name: 'f', arguments: '{"x":' } }]),
      chunk([{ index: 0, function: { arguments: '1}' } }]),
    ],
    calls: [call('a', 'f', { x: 1 })],
  },
  {
    description: 'NaN, negative or fractional index: routed like a missing one, to the last call',
    chunks: [
      chunk([{ index: 0, id: 'a', function: { name: 'f', arguments: '{"x":' } }]),
      chunk([{ index: Number.NaN, function: { arguments: '1,' } }]),
      chunk([{ index: 0.5, function: { arguments: '"y":' } }]),
      chunk([{ index: -1, function: { arguments: '2}' } }]),
    ],
    calls: [call('a', 'f', { x: 1, y: 2 })],
  },
  {
    description: 'arguments before the id and name on the same index: one call',
    chunks: [
      chunk([{ index: 0, function: { arguments: '{"x":1}' } }]),
      chunk([{ index: 0, id: 'a', function: { name: 'f' } }]),
    ],
    calls: [call('a', 'f', { x: 1 })],
  },
  {
    description: 'arguments sent as an object (not a string) are its JSON; a number is an invalid call',
    chunks: [
      chunk([{ index: 0, id: 'a', function: { name: 'f', arguments: { x: 1 } as unknown as string } }]),
      chunk([{ index: 1, id: 'b', function: { name: 'g', arguments: 5 as unknown as string } }]),
    ],
    calls: [call('a', 'f', { x: 1 })],
    invalid: [{ id: 'b', name: 'g', raw: '5', code: 'arguments_not_object' }],
  },
  {
    description: 'the same id again under another name is another call (never glued onto the first)',
    chunks: [
      chunk([{ index: 0, id: 'a', function: { name: 'f', arguments: '{}' } }]),
      chunk([{ index: 1, id: 'a', function: { name: 'g', arguments: '{"y":2}' } }]),
    ],
    calls: [call('a', 'f', {}), call('a_2', 'g', { y: 2 })],
  },
  {
    description: 'a repeated id continues its call even on another index',
    chunks: [
      chunk([{ index: 0, id: 'a', function: { name: 'f', arguments: '{"x":' } }]),
      chunk([{ index: 3, id: 'a', function: { arguments: '1}' } }]),
    ],
    calls: [call('a', 'f', { x: 1 })],
  },
  {
    description: 'finish_reason "stop" with calls still yields the calls',
    chunks: [
      chunk([{ index: 0, id: 'a', function: { name: 'f', arguments: '{"x":1}' } }]),
      chunk(undefined, { finish_reason: 'stop' }),
    ],
    calls: [call('a', 'f', { x: 1 })],
  },
  {
    description: 'a zero-argument call streamed as "" is {}',
    chunks: [
      chunk([{ index: 0, id: 'a', function: { name: 'now', arguments: '' } }]),
      chunk(undefined, { finish_reason: 'tool_calls' }),
    ],
    calls: [call('a', 'now', {})],
  },
  {
    description: 'two JSON objects on one index are two calls of that name',
    chunks: [
      chunk([{ index: 0, id: 'a', function: { name: 'f', arguments: '{"x":1}' } }]),
      chunk([{ index: 0, function: { arguments: '{"x":' } }]),
      chunk([{ index: 0, function: { arguments: '2}' } }]),
    ],
    calls: [call('a', 'f', { x: 1 }), call('call_1', 'f', { x: 2 })],
  },
  {
    description: 'two JSON objects in one fragment are two calls, braces in strings do not count',
    chunks: [chunk([{ index: 0, id: 'a', function: { name: 'f', arguments: '{"s":"}{"} {"s":"{"}' } }])],
    calls: [call('a', 'f', { s: '}{' }), call('call_1', 'f', { s: '{' })],
  },
  {
    description: 'bad argument JSON is an invalid call with the text, and the next call is intact',
    chunks: [
      chunk([{ index: 0, id: 'a', function: { name: 'f', arguments: '{"x":' } }]),
      chunk([{ index: 1, id: 'b', function: { name: 'g', arguments: '{"y":2}' } }]),
    ],
    calls: [call('b', 'g', { y: 2 })],
    invalid: [{ id: 'a', name: 'f', raw: '{"x":', code: 'invalid_json' }],
  },
  {
    description: 'arguments that are not an object are an invalid call',
    chunks: [chunk([{ index: 0, id: 'a', function: { name: 'f', arguments: '[1,2]' } }])],
    calls: [],
    invalid: [{ id: 'a', name: 'f', raw: '[1,2]', code: 'arguments_not_object' }],
  },
  {
    description: 'a double-encoded arguments string is decoded once more',
    chunks: [chunk([{ index: 0, id: 'a', function: { name: 'f', arguments: '"{\\"x\\":1}"' } }])],
    calls: [call('a', 'f', { x: 1 })],
  },
  {
    description: 'a call without a name is invalid (missing_name), never dropped',
    chunks: [chunk([{ index: 0, id: 'a', function: { arguments: '{"x":1}' } }])],
    calls: [],
    invalid: [{ id: 'a', raw: '{"x":1}', code: 'missing_name' }],
  },
  {
    description:
      'a nameless fragment on a new index after a named call with "" arguments carries its arguments (never {} plus an invalid call)',
    chunks: [
      chunk([{ index: 0, id: 'a', type: 'function', function: { name: 'get_weather', arguments: '' } }]),
      chunk([{ index: 1, function: { arguments: '{"city":' } }]),
      chunk([{ index: 1, function: { arguments: '"Lima"}' } }]),
    ],
    calls: [call('a', 'get_weather', { city: 'Lima' })],
  },
  {
    description:
      'a nameless fragment with a new id after a named call with "" arguments: the same call, its first id kept',
    chunks: [
      chunk([{ index: 0, id: 'a', type: 'function', function: { name: 'get_weather', arguments: '' } }]),
      chunk([{ index: 0, id: 'b', function: { arguments: '{"city":' } }]),
      chunk([{ id: 'b', function: { arguments: '"Lima"}' } }]),
    ],
    calls: [call('a', 'get_weather', { city: 'Lima' })],
  },
  {
    description:
      'a {} placeholder then the arguments in a nameless fragment (Gemini): one call with the arguments, on the same index or the next',
    chunks: [
      chunk([{ index: 0, id: 'a', type: 'function', function: { name: 'quote', arguments: '{}' } }]),
      chunk([{ index: 0, function: { arguments: '{"stock": "MSFT"}' } }]),
      chunk([{ index: 1, id: 'b', type: 'function', function: { name: 'quote', arguments: '{ }' } }]),
      chunk([{ index: 2, function: { arguments: '{"stock": "AAPL"}' } }]),
    ],
    calls: [call('a', 'quote', { stock: 'MSFT' }), call('b', 'quote', { stock: 'AAPL' })],
  },
  {
    description:
      'a named call with arguments is not a placeholder: a nameless call after it stays its own (missing_name)',
    chunks: [
      chunk([{ index: 0, id: 'a', function: { name: 'f', arguments: '{"x":1}' } }]),
      chunk([{ index: 1, id: 'b', function: { arguments: '{"y":2}' } }]),
    ],
    calls: [call('a', 'f', { x: 1 })],
    invalid: [{ id: 'b', raw: '{"y":2}', code: 'missing_name' }],
  },
  {
    description: 'content and garbage chunks: content kept, junk ignored',
    chunks: [
      null,
      42,
      { choices: 'no' },
      chunk(undefined, { content: 'Hi ' }),
      chunk(undefined, { content: 'there' }),
    ],
    calls: [],
    content: 'Hi there',
  },
];

/** A rebuilt stream against a row: calls (id, name, arguments), invalid calls, content when given. */
function expectRow(result: ParseResult, row: Row): void {
  expect(result.toolCalls.map(({ id, name, arguments: args }) => ({ id, name, arguments: args }))).toEqual(
    row.calls,
  );
  expect(
    result.invalidToolCalls.map((invalid) => ({
      ...(invalid.id === undefined ? {} : { id: invalid.id }),
      ...(invalid.name === undefined ? {} : { name: invalid.name }),
      raw: invalid.raw,
      code: invalid.issues[0]?.code,
    })),
  ).toEqual(row.invalid ?? []);
  if (row.content !== undefined) expect(result.content).toBe(row.content);
}

describe('accumulateOpenAIChatChunks', () => {
  it.each(rows)('$description', (row) => expectRow(accumulateOpenAIChatChunks(row.chunks), row));

  it('records the finish reason', () => {
    const accumulator = new OpenAIChatChunkAccumulator();
    accumulator.push(chunk(undefined, { finish_reason: 'stop' }));
    expect(accumulator.finishReason).toBe('stop');
  });
});

describe('toOpenAIChatChunks', () => {
  const events: ParseEvent[] = [
    { type: 'reasoning-delta', delta: 'think' },
    { type: 'text-delta', delta: 'Sure.' },
    { type: 'tool-input-start', id: 'call_0', toolName: 'f' },
    { type: 'tool-input-delta', id: 'call_0', delta: '{"x":' },
    { type: 'tool-input-delta', id: 'call_0', delta: '1}' },
    { type: 'tool-input-end', id: 'call_0' },
    { type: 'tool-call', id: 'call_0', toolName: 'f', input: { x: 1 }, raw: '' },
  ];

  it('writes role once, id and name once, argument fragments, finish_reason "tool_calls"', () => {
    const chunks = toOpenAIChatChunks(events, { id: 'c1', model: 'm', created: 5 });
    expect(chunks.map((c) => c.choices?.[0])).toEqual([
      { index: 0, delta: { role: 'assistant', reasoning_content: 'think' }, finish_reason: null },
      { index: 0, delta: { content: 'Sure.' }, finish_reason: null },
      {
        index: 0,
        delta: {
          tool_calls: [{ index: 0, id: 'call_0', type: 'function', function: { name: 'f', arguments: '' } }],
        },
        finish_reason: null,
      },
      {
        index: 0,
        delta: { tool_calls: [{ index: 0, function: { arguments: '{"x":' } }] },
        finish_reason: null,
      },
      { index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '1}' } }] }, finish_reason: null },
      { index: 0, delta: {}, finish_reason: 'tool_calls' },
    ]);
    expect(chunks[0]).toMatchObject({ id: 'c1', object: 'chat.completion.chunk', created: 5, model: 'm' });
  });

  it('round-trips through the accumulator', () => {
    const result = accumulateOpenAIChatChunks(toOpenAIChatChunks(events));
    expect(result).toMatchObject({
      content: 'Sure.',
      reasoning: 'think',
      toolCalls: [{ id: 'call_0', name: 'f', arguments: { x: 1 } }],
    });
  });

  it('round-trips a streamed hermes parse with two calls in 3-character chunks', () => {
    const text =
      'Checking.<tool_call>\n{"name": "a", "arguments": {"k": "v</tool_call>"}}\n</tool_call><tool_call>\n{"name": "b", "arguments": {}}\n</tool_call>';
    const stream = createToolCallStream({ format: 'hermes' });
    const all: ParseEvent[] = [];
    for (let i = 0; i < text.length; i += 3) all.push(...stream.push(text.slice(i, i + 3)));
    all.push(...stream.finish());
    const result = accumulateOpenAIChatChunks(toOpenAIChatChunks(all));
    expect(result.content).toBe('Checking.');
    expect(result.toolCalls.map((c) => [c.name, c.arguments])).toEqual([
      ['a', { k: 'v</tool_call>' }],
      ['b', {}],
    ]);
    expect(toOpenAIChatChunks(all).at(-1)?.choices?.[0]?.finish_reason).toBe('tool_calls');
  });

  it('never lets a call that ended invalid read as a call: announced ones get a U+0000 fragment, others are content', () => {
    const run = (format: string, text: string) => {
      const stream = createToolCallStream({ format });
      const all: ParseEvent[] = [];
      for (let i = 0; i < text.length; i += 4) all.push(...stream.push(text.slice(i, i + 4)));
      all.push(...stream.finish());
      return all;
    };
    const cases: Array<[string, string]> = [
      ['hermes', '<tool_call>{"name": "delete_file", "arguments": {"path": "/tmp'],
      [
        'kimi_k2',
        '<|tool_calls_section_begin|><|tool_call_begin|>functions.delete_file:0<|tool_call_argument_begin|>',
      ],
      ['mistral', '[TOOL_CALLS]delete_file[ARGS]'],
    ];
    for (const [format, text] of cases) {
      const events = run(format, text);
      const invalid = events.find((event) => event.type === 'tool-call-invalid');
      expect(invalid, format).toBeDefined();
      const chunks = toOpenAIChatChunks(events);
      const fragments = chunks.flatMap((chunk) =>
        (chunk.choices?.[0]?.delta?.tool_calls ?? []).map((call) => call.function?.arguments ?? ''),
      );
      expect(() => JSON.parse(fragments.join('')), format).toThrow();
      const result = accumulateOpenAIChatChunks(chunks);
      expect(result.toolCalls, format).toEqual([]);
      expect(result.invalidToolCalls, format).toEqual([
        {
          id: invalid?.type === 'tool-call-invalid' ? invalid.id : '',
          name: 'delete_file',
          raw: invalid?.type === 'tool-call-invalid' ? invalid.raw : '',
          error: invalid?.type === 'tool-call-invalid' ? invalid.error : '',
          issues: invalid?.type === 'tool-call-invalid' ? invalid.issues : [],
        },
      ]);
    }
    // Never announced (no name could be read): its raw text goes out as content.
    const unnamed = run('hermes', 'Hi <tool_call>{"arguments": {}}</tool_call>');
    expect(unnamed.filter((event) => event.type === 'tool-input-start')).toEqual([]);
    expect(accumulateOpenAIChatChunks(toOpenAIChatChunks(unnamed))).toMatchObject({
      content: 'Hi <tool_call>{"arguments": {}}</tool_call>',
      toolCalls: [],
      invalidToolCalls: [],
    });
  });

  it('finishes with "stop" when no call completed', () => {
    expect(toOpenAIChatChunks([{ type: 'text-delta', delta: 'x' }]).at(-1)?.choices?.[0]?.finish_reason).toBe(
      'stop',
    );
  });
});

describe('accumulateAnthropicStream', () => {
  const start = (index: number, id: string, name: string) => ({
    type: 'content_block_start',
    index,
    content_block: { type: 'tool_use', id, name, input: {} },
  });
  const json = (index: number, partial: string) => ({
    type: 'content_block_delta',
    index,
    delta: { type: 'input_json_delta', partial_json: partial },
  });
  const stop = (index: number) => ({ type: 'content_block_stop', index });

  const anthropicRows: Row[] = [
    {
      description:
        'an index given as a digit string is that index; a late delta after stop stays with its block',
      chunks: [{ ...start(0, 'toolu_1', 'f'), index: '0' }, json(0, '{"x":'), stop(0), json(0, '1}')],
      calls: [call('toolu_1', 'f', { x: 1 })],
    },
    {
      description: 'text, then a tool_use streamed as input_json_delta',
      chunks: [
        { type: 'message_start', message: {} },
        { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
        { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Let me check.' } },
        stop(0),
        start(1, 'toolu_1', 'get_weather'),
        json(1, '{"city": "Pa'),
        json(1, 'ris"}'),
        stop(1),
        { type: 'message_delta', delta: { stop_reason: 'tool_use' } },
      ],
      calls: [call('toolu_1', 'get_weather', { city: 'Paris' })],
      content: 'Let me check.',
    },
    {
      description: 'an empty input ("" or no delta) is {}',
      chunks: [start(0, 't1', 'now'), json(0, ''), stop(0), start(1, 't2', 'later'), stop(1)],
      calls: [call('t1', 'now', {}), call('t2', 'later', {})],
    },
    {
      description: 'an input given whole in content_block_start is used',
      chunks: [
        {
          type: 'content_block_start',
          index: 0,
          content_block: { type: 'tool_use', id: 't', name: 'f', input: { a: 1 } },
        },
        stop(0),
      ],
      calls: [call('t', 'f', { a: 1 })],
    },
    {
      description: 'an index reused after stop is a new block',
      chunks: [
        start(0, 't1', 'f'),
        json(0, '{"a":1}'),
        stop(0),
        start(0, 't2', 'g'),
        json(0, '{"b":2}'),
        stop(0),
      ],
      calls: [call('t1', 'f', { a: 1 }), call('t2', 'g', { b: 2 })],
    },
    {
      description: 'interleaved blocks, a missing stop, and bad JSON',
      chunks: [start(1, 't1', 'f'), start(2, 't2', 'g'), json(2, '{"b":'), json(1, '{"a":1}'), stop(1)],
      calls: [call('t1', 'f', { a: 1 })],
      invalid: [{ id: 't2', name: 'g', raw: '{"b":', code: 'invalid_json' }],
    },
    {
      description: 'input_json_delta without a start is a nameless invalid call',
      chunks: [json(4, '{"a":1}')],
      calls: [],
      invalid: [{ id: 'call_0', raw: '{"a":1}', code: 'missing_name' }],
    },
  ];

  it.each(anthropicRows)('$description', (row) => expectRow(accumulateAnthropicStream(row.chunks), row));
});

describe('accumulateOpenAIResponsesStream', () => {
  const added = (outputIndex: number, id: string, callId: string, name: string) => ({
    type: 'response.output_item.added',
    output_index: outputIndex,
    item: { type: 'function_call', id, call_id: callId, name, arguments: '' },
  });
  const delta = (outputIndex: number, itemId: string | undefined, text: string) => ({
    type: 'response.function_call_arguments.delta',
    output_index: outputIndex,
    ...(itemId === undefined ? {} : { item_id: itemId }),
    delta: text,
  });
  const done = (outputIndex: number, itemId: string, args: string) => ({
    type: 'response.function_call_arguments.done',
    output_index: outputIndex,
    item_id: itemId,
    arguments: args,
  });

  const responsesRows: Row[] = [
    {
      description: 'added, deltas, done: the call_id is the id',
      chunks: [
        { type: 'response.output_text.delta', delta: 'Hi.' },
        added(1, 'fc_1', 'call_1', 'f'),
        delta(1, 'fc_1', '{"a":'),
        delta(1, 'fc_1', '1}'),
        done(1, 'fc_1', '{"a":1}'),
        {
          type: 'response.output_item.done',
          output_index: 1,
          item: { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'f', arguments: '{"a":1}' },
        },
      ],
      calls: [call('call_1', 'f', { a: 1 })],
      content: 'Hi.',
    },
    {
      description: 'deltas routed by output_index when item_id is missing; interleaved calls',
      chunks: [
        added(0, 'fc_a', 'call_a', 'f'),
        added(1, 'fc_b', 'call_b', 'g'),
        delta(1, undefined, '{"b":2}'),
        delta(0, undefined, '{"a":1}'),
      ],
      calls: [call('call_a', 'f', { a: 1 }), call('call_b', 'g', { b: 2 })],
    },
    {
      description: 'the full arguments of .done win over deltas that disagree',
      chunks: [added(0, 'fc', 'c', 'f'), delta(0, 'fc', '{"a":'), done(0, 'fc', '{"a":2}')],
      calls: [call('c', 'f', { a: 2 })],
    },
    {
      description: 'no deltas: empty arguments are {}; bad JSON is invalid',
      chunks: [added(0, 'fc1', 'c1', 'now'), added(1, 'fc2', 'c2', 'g'), delta(1, 'fc2', '{oops')],
      calls: [call('c1', 'now', {})],
      invalid: [{ id: 'c2', name: 'g', raw: '{oops', code: 'invalid_json' }],
    },
    {
      description:
        'output_item.done closes the item: a later delta naming it is a call of its own (invalid, kept)',
      chunks: [
        added(0, 'fc', 'c', 'f'),
        {
          type: 'response.output_item.done',
          output_index: 0,
          item: { type: 'function_call', id: 'fc', call_id: 'c', name: 'f', arguments: '{"a":1}' },
        },
        delta(0, 'fc', '{"late":true}'),
      ],
      calls: [call('c', 'f', { a: 1 })],
      invalid: [{ id: 'fc', raw: '{"late":true}', code: 'missing_name' }],
    },
  ];

  it.each(responsesRows)('$description', (row) =>
    expectRow(accumulateOpenAIResponsesStream(row.chunks), row));
});
