import { describe, expect, it } from 'vitest';
import {
  createAnthropicStreamReader,
  OpenAIChatStreamReader,
  readProviderStream,
} from '../../src/providers/index.js';
import {
  accumulateAnthropicStream,
  accumulateOpenAIChatChunks,
  accumulateOpenAIResponsesStream,
} from '../../src/stream/index.js';

async function* later(events: unknown[]): AsyncGenerator<unknown> {
  for (const event of events) {
    await Promise.resolve();
    yield event;
  }
}

const chat = [
  { choices: [{ index: 0, delta: { role: 'assistant', content: 'Hi' } }] },
  {
    choices: [
      {
        index: 0,
        delta: { tool_calls: [{ index: 0, id: 'c1', function: { name: 'f', arguments: '{"a":' } }] },
      },
    ],
  },
  {
    choices: [
      {
        index: 0,
        delta: { tool_calls: [{ index: 0, function: { arguments: '1}' } }] },
        finish_reason: 'tool_calls',
      },
    ],
  },
];
const anthropic = [
  {
    type: 'content_block_start',
    index: 0,
    content_block: { type: 'tool_use', id: 't1', name: 'f', input: {} },
  },
  { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"a":1}' } },
  { type: 'content_block_stop', index: 0 },
  { type: 'message_delta', delta: { stop_reason: 'tool_use' } },
];
const responses = [
  {
    type: 'response.output_item.added',
    output_index: 0,
    item: { id: 'fc', type: 'function_call', call_id: 'c9', name: 'f' },
  },
  { type: 'response.function_call_arguments.delta', item_id: 'fc', output_index: 0, delta: '{"a":1}' },
  {
    type: 'response.output_item.done',
    output_index: 0,
    item: { id: 'fc', type: 'function_call', call_id: 'c9', name: 'f', arguments: '{"a":1}' },
  },
];

describe('accumulators take AsyncIterables', () => {
  it.each([
    ['accumulateOpenAIChatChunks', accumulateOpenAIChatChunks, chat, 'openai-chat', 'Hi', 'c1'],
    ['accumulateAnthropicStream', accumulateAnthropicStream, anthropic, 'anthropic', '', 't1'],
    [
      'accumulateOpenAIResponsesStream',
      accumulateOpenAIResponsesStream,
      responses,
      'openai-responses',
      '',
      'c9',
    ],
  ] as const)('%s: an async generator gives a promise of the same result', async (_name, accumulate, events, format, content, id) => {
    const expected = {
      format,
      content,
      reasoning: '',
      toolCalls: [{ id, name: 'f', arguments: { a: 1 }, raw: '{"a":1}' }],
      invalidToolCalls: [],
    };
    expect(accumulate(events)).toEqual(expected);
    const pending = accumulate(later([...events]));
    expect(pending).toBeInstanceOf(Promise);
    expect(await pending).toEqual(expected);
  });

  it('still refuses a string', () => {
    expect(() => accumulateOpenAIChatChunks('[]' as unknown as unknown[])).toThrow(
      'accumulateOpenAIChatChunks() takes an iterable of objects, got a string',
    );
  });
});

describe('readProviderStream', () => {
  it('yields the events push and finish give, for an async and a sync source', async () => {
    const direct = new OpenAIChatStreamReader();
    const expected = [...chat.flatMap((chunk) => direct.push(chunk)), ...direct.finish()];
    const collect = async (source: Iterable<unknown> | AsyncIterable<unknown>) => {
      const reader = new OpenAIChatStreamReader();
      const events = [];
      for await (const event of readProviderStream(reader, source)) events.push(event);
      return { events, finishReason: reader.finishReason };
    };
    expect(await collect(later([...chat]))).toEqual({
      events: expected,
      finishReason: { raw: 'tool_calls', unified: 'tool-calls' },
    });
    expect(await collect(chat)).toEqual({
      events: expected,
      finishReason: { raw: 'tool_calls', unified: 'tool-calls' },
    });
  });

  it('reads an Anthropic stream to its tool-call event', async () => {
    const events = [];
    for await (const event of readProviderStream(createAnthropicStreamReader(), later([...anthropic])))
      events.push(event);
    expect(events.at(-1)).toEqual({
      type: 'tool-call',
      id: 't1',
      toolName: 'f',
      input: { a: 1 },
      raw: '{"a":1}',
    });
  });
});
