import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { generateText, streamText, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { toAISDKStreamParts, toAISDKTransformStream, toolCallMiddleware } from '../../src/ai-sdk/index.js';
import { createToolCallStream, toTransformStream } from '../../src/stream/index.js';
import type { ToolDefinition } from '../../src/types/tool.js';
import { aiTools, collectWarnings, cutOffCallPart, replayModel } from './harness.js';

const tools: ToolDefinition[] = [
  {
    name: 'get_weather',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
];
const output =
  '<think>Paris?</think>Sure.<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>' +
  '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Ly';
const invalidRaw = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Ly';

const expectedParts: LanguageModelV3StreamPart[] = [
  { type: 'reasoning-start', id: 'reasoning-0' },
  { type: 'reasoning-delta', id: 'reasoning-0', delta: 'Paris?' },
  { type: 'reasoning-end', id: 'reasoning-0' },
  { type: 'text-start', id: 'text-0' },
  { type: 'text-delta', id: 'text-0', delta: 'Sure.' },
  { type: 'text-end', id: 'text-0' },
  { type: 'tool-input-start', id: 'call_0', toolName: 'get_weather' },
  { type: 'tool-input-delta', id: 'call_0', delta: '{"city":"Paris"' },
  { type: 'tool-input-delta', id: 'call_0', delta: '}' },
  { type: 'tool-input-end', id: 'call_0' },
  { type: 'tool-call', toolCallId: 'call_0', toolName: 'get_weather', input: '{"city":"Paris"}' },
  { type: 'tool-input-start', id: 'call_1', toolName: 'get_weather' },
  { type: 'tool-input-delta', id: 'call_1', delta: '{"city":"Ly' },
  { type: 'tool-input-end', id: 'call_1' },
  cutOffCallPart('call_1', 'get_weather', invalidRaw),
  {
    type: 'finish',
    finishReason: { unified: 'tool-calls', raw: undefined },
    usage: {
      inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: undefined, text: undefined, reasoning: undefined },
    },
  },
];

async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of stream as unknown as AsyncIterable<T>) items.push(item);
  return items;
}

describe('toAISDKStreamParts', () => {
  it('gives the V3 stream parts: blocks with ids, tool input, input as JSON text, invalid call, finish', () => {
    const stream = createToolCallStream({ format: 'hermes', tools });
    expect(toAISDKStreamParts([...stream.push(output), ...stream.finish()])).toEqual(expectedParts);
  });

  it('toAISDKTransformStream gives the same parts from toTransformStream, chunk by chunk', async () => {
    const text = new ReadableStream<string>({
      start(controller) {
        for (const char of output) controller.enqueue(char);
        controller.close();
      },
    });
    const parts = await collect(
      text.pipeThrough(toTransformStream({ format: 'hermes', tools })).pipeThrough(toAISDKTransformStream()),
    );
    // Per-character chunks split the argument text into more deltas; merge them to compare.
    const merged: LanguageModelV3StreamPart[] = [];
    for (const part of parts) {
      const last = merged.at(-1);
      if (
        last !== undefined &&
        part.type === last.type &&
        'delta' in part &&
        'delta' in last &&
        part.id === last.id
      )
        merged[merged.length - 1] = { ...last, delta: last.delta + part.delta };
      else merged.push(part);
    }
    const wholeMerged = expectedParts.flatMap((part, index) =>
      part.type === 'tool-input-delta' && expectedParts[index + 1]?.type === 'tool-input-delta'
        ? []
        : part.type === 'tool-input-delta' && part.id === 'call_0'
          ? [{ ...part, delta: '{"city":"Paris"}' }]
          : [part],
    );
    expect(merged).toEqual(wholeMerged);
  });

  it('says stop, not tool-calls, for a turn without a valid call, and keeps a given reason', () => {
    expect(toAISDKStreamParts([{ type: 'text-delta', delta: 'Hi' }]).at(-1)).toEqual({
      type: 'finish',
      finishReason: { unified: 'stop', raw: undefined },
      usage:
        expectedParts.at(-1)?.type === 'finish'
          ? (expectedParts.at(-1) as { usage: unknown }).usage
          : undefined,
    });
    expect(
      toAISDKStreamParts([], { finishReason: { unified: 'length', raw: 'length' }, idPrefix: 'x-' }),
    ).toEqual([{ ...expectedParts.at(-1), finishReason: { unified: 'length', raw: 'length' } }]);
  });

  it('sends an invalid call whose raw text is JSON (or blank) as non-JSON input', () => {
    const parts = toAISDKStreamParts([
      { type: 'tool-call-invalid', raw: '{"name": "f", "parameters": {}}', error: 'e', issues: [] },
      { type: 'tool-call-invalid', raw: ' ', error: 'e', issues: [] },
    ]);
    expect(parts.slice(0, 2)).toEqual([
      {
        type: 'tool-call',
        toolCallId: 'invalid_0',
        toolName: '',
        input: 'invalid tool call: {"name": "f", "parameters": {}}',
        providerMetadata: {
          toolwire: { invalid: true, error: 'e', issues: [], raw: '{"name": "f", "parameters": {}}' },
        },
      },
      {
        type: 'tool-call',
        toolCallId: 'invalid_1',
        toolName: '',
        input: 'invalid tool call:  ',
        providerMetadata: { toolwire: { invalid: true, error: 'e', issues: [], raw: ' ' } },
      },
    ]);
  });
});

describe('an invalid call through the AI SDK', () => {
  const executed: unknown[] = [];
  const aiToolSet = () => aiTools(tools, (_name, input) => executed.push(input) && 'sunny');

  it('generateText: the valid call runs, the cut-off one is invalid with its error and does not run', async () => {
    executed.length = 0;
    const model = wrapLanguageModel({
      model: replayModel([output]),
      middleware: toolCallMiddleware({ format: 'hermes' }),
    });
    const { value, warnings } = await collectWarnings(() =>
      generateText({ model, tools: aiToolSet(), prompt: 'Weather?' }),
    );
    expect(warnings).toEqual([]);
    expect(executed).toEqual([{ city: 'Paris' }]);
    expect(value.reasoningText).toBe('Paris?');
    expect(value.text).toBe('Sure.');
    expect(
      value.toolCalls.map((call) => [call.toolCallId, call.toolName, call.input, call.invalid === true]),
    ).toEqual([
      ['call_0', 'get_weather', { city: 'Paris' }, false],
      ['call_1', 'get_weather', invalidRaw, true],
    ]);
    expect(
      value.content.flatMap((part) =>
        part.type === 'tool-error' || part.type === 'tool-result'
          ? [
              [
                part.type,
                part.toolCallId,
                part.type === 'tool-result' ? part.output : String(part.error).slice(0, 40),
              ],
            ]
          : [],
      ),
    ).toEqual([
      ['tool-error', 'call_1', 'Invalid input for tool get_weather: JSON'],
      ['tool-result', 'call_0', 'sunny'],
    ]);
  });

  it('streamText: same calls, a tool-error part for the invalid one, no stream errors', async () => {
    executed.length = 0;
    const model = wrapLanguageModel({
      model: replayModel([output], 3),
      middleware: toolCallMiddleware({ format: 'hermes' }),
    });
    const errors: unknown[] = [];
    const { value, warnings } = await collectWarnings(async () => {
      const result = streamText({
        model,
        tools: aiToolSet(),
        prompt: 'Weather?',
        onError: ({ error }) => {
          errors.push(error);
        },
      });
      const types: string[] = [];
      for await (const part of result.fullStream)
        if (part.type.startsWith('tool-') && part.type !== 'tool-input-delta') types.push(`${part.type}`);
      return types;
    });
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    expect(executed).toEqual([{ city: 'Paris' }]);
    expect(value).toEqual([
      'tool-input-start',
      'tool-input-end',
      'tool-call',
      'tool-input-start',
      'tool-input-end',
      'tool-call',
      'tool-error',
      'tool-result',
    ]);
  });
});
