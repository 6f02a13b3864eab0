/**
 * The named cross-provider guarantees of the providers layer: the seed case (an invalid call replayed to
 * the Responses API stays paired with its result, deer-flow PR#5509) and stable bytes for prompt caches
 * (providers.md H13) over every provider at once.
 */
import { describe, expect, it } from 'vitest';
import {
  getProvider,
  invalidCallResultText,
  type OpenAIResponsesRequest,
  openaiResponses,
  providerIds,
  repairHistory,
} from '../../src/providers/index.js';
import type { CanonicalRequest } from '../../src/providers/provider-converter.js';
import type { Message } from '../../src/types/message.js';
import type { ToolDefinition } from '../../src/types/tool.js';

describe('seed case: OpenAI Responses request from a history with a valid and an invalid call', () => {
  it('has a function_call item for both calls, each followed by its function_call_output', () => {
    const history: Message[] = [
      { role: 'user', content: 'Weather in Oslo and Rome?' },
      {
        role: 'assistant',
        content: [
          { type: 'tool-call', toolCallId: 'call_ok', toolName: 'get_weather', input: { city: 'Oslo' } },
          {
            type: 'tool-call-invalid',
            toolCallId: 'call_bad',
            toolName: 'get_weather',
            raw: '<tool_call>{"name": "get_weather", "arguments": {"city": Rome}}</tool_call>',
            error: 'arguments are not valid JSON',
          },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_ok',
            toolName: 'get_weather',
            output: { type: 'text', value: 'sunny' },
          },
          {
            type: 'tool-result',
            toolCallId: 'call_bad',
            toolName: 'get_weather',
            output: { type: 'error-text', value: 'Invalid arguments: not JSON' },
          },
        ],
      },
    ];
    const repaired = repairHistory(history, { target: 'openai-responses' });
    const request = openaiResponses.toRequest({ model: 'gpt-4.1', messages: repaired.messages });
    const body: OpenAIResponsesRequest = request.value;
    const items = (body.input as readonly { type?: string; call_id?: string; name?: string }[]).filter(
      (item) => item.type === 'function_call' || item.type === 'function_call_output',
    );
    expect(items.map((item) => [item.type, item.call_id])).toEqual([
      ['function_call', 'call_ok'],
      ['function_call', 'call_bad'],
      ['function_call_output', 'call_ok'],
      ['function_call_output', 'call_bad'],
    ]);
    expect(body.input).toEqual([
      { type: 'message', role: 'user', content: 'Weather in Oslo and Rome?' },
      {
        type: 'function_call',
        call_id: 'call_ok',
        name: 'get_weather',
        arguments: '{"city":"Oslo"}',
      },
      {
        type: 'function_call',
        call_id: 'call_bad',
        name: 'get_weather',
        arguments: '{}',
      },
      { type: 'function_call_output', call_id: 'call_ok', output: 'sunny' },
      { type: 'function_call_output', call_id: 'call_bad', output: 'Invalid arguments: not JSON' },
    ]);
    // The tool's own answer for the invalid call is kept; an invalid call without one gets the parse error.
    expect(repaired.changes.map((change) => [change.rule, change.action])).toEqual([
      ['H10', 'replay-invalid-call'],
    ]);
    const unanswered = repairHistory(history.slice(0, 2), { target: 'openai-responses' });
    const outputs = (
      openaiResponses.toRequest({ model: 'gpt-4.1', messages: unanswered.messages }).value.input as readonly {
        type?: string;
        call_id?: string;
        output?: unknown;
      }[]
    ).filter((item) => item.type === 'function_call_output');
    expect(outputs).toEqual([
      {
        type: 'function_call_output',
        call_id: 'call_ok',
        output: 'No result was recorded for this call: it was interrupted or never executed.',
      },
      {
        type: 'function_call_output',
        call_id: 'call_bad',
        output: invalidCallResultText('arguments are not valid JSON'),
      },
    ]);
  });
});

describe('stable bytes: one set of five tools rendered for every provider', () => {
  const tools: ToolDefinition[] = [
    {
      name: 'zeta_search',
      description: 'Search.',
      parameters: {
        type: 'object',
        properties: { query: { type: 'string' }, limit: { type: 'integer' } },
        required: ['query'],
      },
    },
    {
      name: 'alpha_weather',
      parameters: {
        type: 'object',
        properties: { unit: { type: 'string', enum: ['f', 'c'] }, city: { type: 'string' } },
        required: ['city'],
      },
    },
    { name: 'mid_time', description: 'Current time.', parameters: { type: 'object', properties: {} } },
    {
      name: 'beta_mail',
      parameters: {
        type: 'object',
        properties: {
          to: { type: 'string' },
          body: { type: 'string' },
          cc: { type: 'array', items: { type: 'string' } },
        },
        required: ['to', 'body'],
      },
    },
    {
      name: 'aardvark_calc',
      parameters: {
        type: 'object',
        properties: { expression: { type: 'string' } },
        required: ['expression'],
      },
    },
  ];
  const request: CanonicalRequest = {
    model: 'm',
    messages: [{ role: 'user', content: 'Hi' }],
    tools,
    toolChoice: { type: 'auto' },
  };

  /** The tool names a request body lists, in its order, wherever the provider keeps them. */
  function toolNames(body: unknown): string[] {
    const names: string[] = [];
    const walk = (value: unknown, key: string | undefined): void => {
      if (Array.isArray(value)) {
        for (const item of value) walk(item, key);
        return;
      }
      if (typeof value !== 'object' || value === null) return;
      const record = value as Record<string, unknown>;
      if (key === 'tools' || key === 'functionDeclarations') {
        const name =
          record.name ??
          (record.function as { name?: unknown } | undefined)?.name ??
          (record.toolSpec as { name?: unknown } | undefined)?.name;
        if (typeof name === 'string') {
          names.push(name);
          return;
        }
      }
      for (const [child, inner] of Object.entries(record)) walk(inner, child);
    };
    walk(body, undefined);
    return names;
  }

  for (const id of providerIds) {
    it(`${id}: identical bytes twice, tools in declaration order`, () => {
      const first = JSON.stringify(getProvider(id).toRequest(request).value);
      const second = JSON.stringify(getProvider(id).toRequest(structuredClone(request)).value);
      expect(second).toBe(first);
      expect(toolNames(JSON.parse(first))).toEqual([
        'zeta_search',
        'alpha_weather',
        'mid_time',
        'beta_mail',
        'aardvark_calc',
      ]);
      // Schema keys keep their given order too (unit before city).
      expect(first.indexOf('"unit"')).toBeLessThan(first.indexOf('"city"'));
    });
  }
});

const result = (output: unknown) => ({ type: 'tool-result', toolCallId: 'c', toolName: 'f', output });
const cyclic: Record<string, unknown> = {};
cyclic.self = cyclic;
function deepArray(depth: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = [value];
  return value;
}

describe('every writer refuses a malformed canonical input with one typed error', () => {
  const misuse: [string, unknown, string][] = [
    [
      'not an object',
      'hi',
      'a canonical request is an object {messages, tools?, toolChoice?, ...}, got string',
    ],
    ['a null message', { messages: [null] }, 'messages[0] must be a message object with a role'],
    [
      'a result without output',
      { messages: [{ role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c', toolName: 'f' }] }] },
      'messages[0].content[0] (tool-result) must have an output object with a type',
    ],
    // Found by attack: each of these reached a plain TypeError (or was sent and broke later).
    [
      'an unknown role',
      { messages: [{ role: 'robot', content: 'x' }] },
      'messages[0].role "robot" is not one of system, user, assistant, tool',
    ],
    [
      'a tool message holding a text part',
      { messages: [{ role: 'tool', content: [{ type: 'text', text: 'x' }] }] },
      'messages[0].content[0] has type "text", which this role does not hold (tool-result)',
    ],
    [
      'a user message holding an unknown part',
      { messages: [{ role: 'user', content: [{ type: 'tool-approval-response' }] }] },
      'messages[0].content[0] has type "tool-approval-response", which this role does not hold (text, image, file)',
    ],
    [
      'an image part with image: null',
      { messages: [{ role: 'user', content: [{ type: 'image', image: null }] }] },
      'messages[0].content[0] (image) must have an image: a string, a Uint8Array or a URL, got null',
    ],
    [
      'an unknown output type',
      { messages: [{ role: 'tool', content: [result({ type: 'weird', value: 1 })] }] },
      'messages[0].content[0].output.type "weird" is not one of text, json, error-text, error-json, execution-denied, content',
    ],
    [
      'a content output whose value is not a list',
      { messages: [{ role: 'tool', content: [result({ type: 'content', value: 'x' })] }] },
      'messages[0].content[0].output.value (content) must be an array, got string',
    ],
    [
      'a cyclic json output',
      { messages: [{ role: 'tool', content: [result({ type: 'json', value: cyclic })] }] },
      'messages[0].content[0].output.value (json) cannot be written as JSON (a cycle, a BigInt or nested too deep)',
    ],
    [
      'a BigInt error-json output',
      { messages: [{ role: 'tool', content: [result({ type: 'error-json', value: { n: 1n } })] }] },
      'messages[0].content[0].output.value (error-json) cannot be written as JSON (a cycle, a BigInt or nested too deep)',
    ],
    [
      'a json output nested 10,000 deep',
      { messages: [{ role: 'tool', content: [result({ type: 'json', value: deepArray(10_000) })] }] },
      'messages[0].content[0].output.value (json) cannot be written as JSON (a cycle, a BigInt or nested too deep)',
    ],
    ['tools that are not an array', { messages: [], tools: {} }, 'tools must be an array, got object'],
    [
      'a tool without a name',
      { messages: [], tools: [null] },
      'tools[0] must be a tool object with a string name',
    ],
    [
      "a bare string toolChoice ('none', as generateText takes it)",
      { messages: [], toolChoice: 'none' },
      `toolChoice must be {type: 'auto' | 'none' | 'required'} or {type: 'tool', toolName}, got "none"`,
    ],
    [
      'a named toolChoice without toolName',
      { messages: [], toolChoice: { type: 'tool' } },
      `toolChoice must be {type: 'auto' | 'none' | 'required'} or {type: 'tool', toolName}, got {"type":"tool"}`,
    ],
  ];
  for (const id of providerIds) {
    it(`${id}: toRequest and toResponse`, () => {
      for (const [, request, message] of misuse) {
        expect(() => getProvider(id).toRequest(request as CanonicalRequest)).toThrow(
          expect.objectContaining({ code: 'invalid_argument', message }),
        );
      }
      expect(() => getProvider(id).toResponse({ message: { role: 'user', content: 'x' } } as never)).toThrow(
        expect.objectContaining({
          code: 'invalid_argument',
          message: 'a canonical response is an object {message: an assistant message, finishReason, ...}',
        }),
      );
    });
  }
});
