import { describe, expect, it } from 'vitest';
import { createOpenAIChatConverter, openaiChat } from '../../src/providers/openai-chat/index.js';
import {
  createOpenAIResponsesConverter,
  openaiResponses,
} from '../../src/providers/openai-responses/index.js';
import type { CanonicalRequest, ProviderConverter } from '../../src/providers/provider-converter.js';
import type { ToolDefinition } from '../../src/types/tool.js';

const converters: ReadonlyArray<readonly [string, ProviderConverter<unknown, unknown>]> = [
  ['openai-chat', openaiChat],
  ['openai-responses', openaiResponses],
  ['openai-chat strict', createOpenAIChatConverter({ strict: true })],
  ['openai-responses strict', createOpenAIResponsesConverter({ strict: true })],
];

/** Five tools in a deliberately unsorted order, schema keys in a non-alphabetical order. */
const fiveTools: ToolDefinition[] = [
  {
    name: 'search_web',
    description: 'Search.',
    parameters: {
      type: 'object',
      required: ['q'],
      properties: { q: { type: 'string' }, limit: { type: 'integer' } },
    },
  },
  {
    name: 'add',
    parameters: { properties: { b: { type: 'number' }, a: { type: 'number' } }, type: 'object' },
  },
  { name: 'get_time', description: 'Now.', parameters: { type: 'object', properties: {} } },
  {
    name: 'zip_files',
    parameters: { type: 'object', properties: { paths: { type: 'array', items: { type: 'string' } } } },
  },
  {
    name: 'book_flight',
    parameters: {
      type: 'object',
      properties: { to: { type: 'string' }, from: { type: 'string' } },
      required: ['to', 'from'],
    },
  },
];

describe('stable bytes for prompt caches', () => {
  it.each(
    converters,
  )('%s renders five tools twice to identical bytes, in declaration order', (_name, converter) => {
    const request: CanonicalRequest = {
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      tools: fiveTools,
    };
    const first = JSON.stringify(converter.toRequest(request).value);
    const second = JSON.stringify(converter.toRequest(structuredClone(request)).value);
    expect(second).toBe(first);
    const body = JSON.parse(first) as { tools: Array<{ name?: string; function?: { name: string } }> };
    expect(body.tools.map((tool) => tool.name ?? tool.function?.name)).toEqual([
      'search_web',
      'add',
      'get_time',
      'zip_files',
      'book_flight',
    ]);
    // Schema keys keep the order given: `add` lists b before a, and properties before type.
    expect(first).toContain('{"properties":{"b":');
  });

  it('never mutates the request', () => {
    const request: CanonicalRequest = {
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      tools: fiveTools,
    };
    const before = JSON.stringify(request);
    for (const [, converter] of converters) converter.toRequest(request);
    expect(JSON.stringify(request)).toBe(before);
  });

  it('reports a tool name OpenAI refuses instead of dropping the tool', () => {
    const request: CanonicalRequest = {
      model: 'm',
      messages: [],
      tools: [{ name: 'ns.tool', parameters: { type: 'object' } }],
    };
    const { value, warnings } = openaiResponses.toRequest(request);
    expect(value.tools).toEqual([
      { type: 'function', name: 'ns.tool', parameters: { type: 'object' }, strict: false },
    ]);
    expect(warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'tool name',
        details:
          'tool "ns.tool": OpenAI Responses accepts names of 1-64 characters a-z A-Z 0-9 _ - only; sent as given',
      },
    ]);
  });
});

describe('seed case (issue 10)', () => {
  it('a Responses request from a turn with one valid and one invalid call, each answered, has a function_call for both, then each function_call_output with the same call_id', () => {
    const request: CanonicalRequest = {
      model: 'gpt-4.1',
      messages: [
        { role: 'user', content: 'Read both files.' },
        {
          role: 'assistant',
          content: [
            { type: 'tool-call', toolCallId: 'call_ok', toolName: 'read_file', input: { path: 'a.txt' } },
            {
              type: 'tool-call-invalid',
              toolCallId: 'call_bad',
              toolName: 'read_file',
              raw: '{"path": "b.txt',
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
              toolName: 'read_file',
              output: { type: 'text', value: 'A' },
            },
            {
              type: 'tool-result',
              toolCallId: 'call_bad',
              toolName: 'read_file',
              output: { type: 'error-text', value: 'invalid arguments' },
            },
          ],
        },
      ],
    };
    expect(openaiResponses.toRequest(request)).toEqual({
      value: {
        model: 'gpt-4.1',
        input: [
          { type: 'message', role: 'user', content: 'Read both files.' },
          { type: 'function_call', call_id: 'call_ok', name: 'read_file', arguments: '{"path":"a.txt"}' },
          { type: 'function_call', call_id: 'call_bad', name: 'read_file', arguments: '{}' },
          { type: 'function_call_output', call_id: 'call_ok', output: 'A' },
          { type: 'function_call_output', call_id: 'call_bad', output: 'invalid arguments' },
        ],
      },
      warnings: [
        {
          type: 'compatibility',
          feature: 'invalid tool call',
          details:
            'call call_bad: sent with "{}" arguments (its text is not a JSON object: arguments are not valid JSON)',
        },
        {
          type: 'compatibility',
          feature: 'error-text tool result',
          details: 'result call_bad: sent as plain text (OpenAI Responses has no error flag on tool results)',
        },
      ],
    });
  });
});

describe('lenient readers', () => {
  it('Chat: nulls and unknown fields are tolerated; broken arguments become tool-call-invalid; repairs are reported', () => {
    const body = {
      model: 'm',
      unknown_field: 1,
      messages: [
        { role: 'user', content: 'x', name: null },
        {
          role: 'assistant',
          content: null,
          reasoning_content: null,
          tool_calls: [
            { id: 'a', type: 'function', function: { name: 'f', arguments: null } },
            { id: 'b', type: 'function', function: { name: 'f', arguments: '{"x": 1,}' } },
            { id: 'c', type: 'function', function: { name: 'f', arguments: '"text"' } },
            { id: 'd', type: 'function', function: { arguments: '{}' } },
            null,
          ],
        },
        { role: 'tool', tool_call_id: 'zzz', content: 'orphan' },
        'junk',
      ],
      tools: null,
      tool_choice: null,
    };
    expect(openaiChat.fromRequest(body)).toEqual({
      value: {
        model: 'm',
        messages: [
          { role: 'user', content: 'x' },
          {
            role: 'assistant',
            content: [
              { type: 'tool-call', toolCallId: 'a', toolName: 'f', input: {} },
              { type: 'tool-call', toolCallId: 'b', toolName: 'f', input: { x: 1 } },
              {
                type: 'tool-call-invalid',
                toolCallId: 'c',
                toolName: 'f',
                raw: '"text"',
                error: 'tool-call arguments must be a JSON object',
                issues: [
                  {
                    code: 'arguments_not_object',
                    message: 'tool-call arguments must be a JSON object',
                    path: '',
                    expected: 'object',
                    received: 'string',
                  },
                ],
              },
              {
                type: 'tool-call-invalid',
                toolCallId: 'd',
                raw: '{}',
                error: 'the tool call has no name',
                issues: [{ code: 'missing_name', message: 'the tool call has no name' }],
              },
            ],
          },
          {
            role: 'tool',
            content: [
              {
                type: 'tool-result',
                toolCallId: 'zzz',
                toolName: '',
                output: { type: 'text', value: 'orphan' },
              },
            ],
          },
        ],
      },
      warnings: [
        { type: 'other', message: 'tool call b: arguments were not valid JSON and were repaired' },
        {
          type: 'other',
          message: 'tool result "zzz" answers no earlier call; its toolName is "" (an orphan result, H2)',
        },
        { type: 'other', message: 'messages[3] is not an object; skipped' },
      ],
    });
  });

  it('Responses: a string input, unknown items, an unreadable and a repairable call are read without loss', () => {
    expect(openaiResponses.fromRequest({ input: 'Hello', instructions: null })).toEqual({
      value: { messages: [{ role: 'user', content: 'Hello' }] },
      warnings: [],
    });
    const read = openaiResponses.fromRequest({
      input: [
        { type: 'item_reference', id: 'fc_1' },
        { type: 'function_call', id: 'fc_2', call_id: 'call_2', name: 'f', arguments: 'Paris' },
        { type: 'function_call', call_id: 'call_3', name: 'f', arguments: '{"a":' },
      ],
      tools: [{ type: 'web_search' }],
    });
    expect(read).toEqual({
      value: {
        messages: [
          {
            role: 'assistant',
            content: [
              {
                type: 'tool-call-invalid',
                toolCallId: 'call_2',
                toolName: 'f',
                raw: 'Paris',
                error: 'tool-call arguments must be a JSON object',
                issues: [
                  {
                    code: 'arguments_not_object',
                    message: 'tool-call arguments must be a JSON object',
                    path: '',
                    expected: 'object',
                    received: 'string',
                  },
                ],
                providerOptions: { openai: { itemId: 'fc_2' } },
              },
              { type: 'tool-call', toolCallId: 'call_3', toolName: 'f', input: { a: null } },
            ],
          },
        ],
      },
      warnings: [
        {
          type: 'unsupported',
          feature: 'input item type "item_reference"',
          details: 'input[0] skipped (item references and built-in tool items have no canonical form)',
        },
        { type: 'other', message: 'tool call call_3: arguments were not valid JSON and were repaired' },
        {
          type: 'unsupported',
          feature: 'tool',
          details: 'tools[0] ("web_search") is not a named function tool; skipped',
        },
      ],
    });
  });

  it.each(
    converters.slice(0, 2),
  )('%s: a body that is not the provider shape throws invalid_request', (_name, converter) => {
    for (const body of [null, [], 'text', { messages: 'no', input: 5 }]) {
      expect(() => converter.fromRequest(body)).toThrow(expect.objectContaining({ code: 'invalid_request' }));
    }
    expect(() => converter.fromResponse({})).toThrow(expect.objectContaining({ code: 'invalid_request' }));
  });
});

describe('response writers', () => {
  const message = {
    role: 'assistant' as const,
    content: [
      {
        type: 'tool-call-invalid' as const,
        toolCallId: 'call_bad',
        toolName: 'f',
        raw: '{"a":',
        error: 'cut off',
      },
      { type: 'tool-call-invalid' as const, raw: '<tool_call>{"name"', error: 'no name' },
    ],
  };

  it('Chat sends an invalid call as the model wrote it (raw arguments), one without id as text; error has no Chat reason', () => {
    expect(openaiChat.toResponse({ message, finishReason: { unified: 'error' } })).toEqual({
      value: {
        id: 'chatcmpl-toolwire',
        object: 'chat.completion',
        created: 0,
        model: '',
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: '<tool_call>{"name"',
              refusal: null,
              tool_calls: [{ id: 'call_bad', type: 'function', function: { name: 'f', arguments: '{"a":' } }],
            },
            finish_reason: 'stop',
            logprobs: null,
          },
        ],
      },
      warnings: [
        {
          type: 'compatibility',
          feature: 'finish reason',
          details: 'error has no Chat finish_reason; sent as "stop"',
        },
      ],
    });
  });

  it('Responses does the same with output items and generated item ids; error is status failed', () => {
    expect(openaiResponses.toResponse({ message, finishReason: { unified: 'error' } })).toEqual({
      value: {
        id: 'resp_toolwire',
        object: 'response',
        created_at: 0,
        status: 'failed',
        incomplete_details: null,
        error: null,
        model: '',
        output: [
          { type: 'function_call', call_id: 'call_bad', name: 'f', arguments: '{"a":', status: 'completed' },
          {
            type: 'message',
            id: 'msg_toolwire_1',
            status: 'completed',
            role: 'assistant',
            content: [{ type: 'output_text', text: '<tool_call>{"name"', annotations: [] }],
          },
        ],
      },
      warnings: [],
    });
  });

  it('reads an http image URL as a URL and writes it back as given', () => {
    const body = {
      model: 'm',
      messages: [
        { role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://example.com/a.png' } }] },
      ],
    };
    const read = openaiChat.fromRequest(body);
    const part = read.value.messages[0]?.content[0] as { image: unknown };
    expect(part.image).toBeInstanceOf(URL);
    expect(String(part.image)).toBe('https://example.com/a.png');
    expect(openaiChat.toRequest(read.value).value).toEqual(body);
  });
});
