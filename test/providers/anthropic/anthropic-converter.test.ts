import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ToolwireError } from '../../../src/errors/toolwire-error.js';
import { anthropic, createAnthropicConverter } from '../../../src/providers/anthropic/index.js';
import type { CanonicalRequest, CanonicalResponse } from '../../../src/providers/provider-converter.js';
import type { Message } from '../../../src/types/message.js';
import type { ToolDefinition } from '../../../src/types/tool.js';
import { toolMessage } from '../canonical-builders.js';

interface Fixture {
  readonly description: string;
  readonly source: string;
  readonly body: Record<string, unknown>;
}

const load = (name: string): Fixture[] => JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8'));

describe('anthropic golden fixtures', () => {
  it.each(load('./requests.json'))('request: $description', (fixture) => {
    const canonical = anthropic.fromRequest(fixture.body);
    expect(canonical.warnings).toEqual([]);
    const back = anthropic.toRequest(canonical.value);
    expect(back.warnings).toEqual([]);
    expect(back.value).toEqual(fixture.body);
  });

  it.each(load('./responses.json'))('response: $description', (fixture) => {
    const canonical = anthropic.fromResponse(fixture.body);
    expect(canonical.warnings).toEqual([]);
    const back = anthropic.toResponse(canonical.value);
    expect(back.warnings).toEqual([]);
    expect(back.value).toEqual(fixture.body);
  });

  it('reads the tool-result turn as canonical messages (results named from their call)', () => {
    const fixture = load('./requests.json')[1]!;
    expect(anthropic.fromRequest(fixture.body).value).toEqual({
      model: 'claude-sonnet-4-5',
      messages: [
        { role: 'system', content: 'You are a weather assistant.' },
        { role: 'user', content: 'What is the weather like in San Francisco?' },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: "I'll check the current weather in San Francisco for you." },
            {
              type: 'tool-call',
              toolCallId: 'toolu_01A09q90qw90lq917835lq9',
              toolName: 'get_weather',
              input: { location: 'San Francisco, CA', unit: 'celsius' },
            },
          ],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'toolu_01A09q90qw90lq917835lq9',
              toolName: 'get_weather',
              output: { type: 'text', value: '15 degrees' },
            },
          ],
        },
      ],
      tools: [
        {
          name: 'get_weather',
          description: 'Get the current weather in a given location',
          parameters: {
            type: 'object',
            properties: { location: { type: 'string' } },
            required: ['location'],
          },
        },
      ],
      toolChoice: { type: 'required' },
      parallelToolCalls: false,
      maxOutputTokens: 1024,
      temperature: 0.2,
    } satisfies CanonicalRequest);
  });

  it('reads thinking as reasoning parts with their Anthropic metadata', () => {
    const fixture = load('./responses.json')[2]!;
    expect(anthropic.fromResponse(fixture.body).value).toEqual({
      message: {
        role: 'assistant',
        content: [
          {
            type: 'reasoning',
            text: 'Let me analyze this step by step...',
            providerOptions: { anthropic: { signature: 'WaUjzkypQ2mUEVM36O2TxuC06KN8xyfbJwyem2dw3URve' } },
          },
          {
            type: 'reasoning',
            text: '',
            providerOptions: {
              anthropic: { redactedData: 'EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpP' },
            },
          },
          { type: 'tool-call', toolCallId: 'toolu_9', toolName: 'lookup', input: { q: 'x' } },
        ],
      },
      finishReason: { unified: 'length', raw: 'max_tokens' },
      usage: { inputTokens: 10, outputTokens: 16000 },
      id: 'msg_01Think',
      model: 'claude-sonnet-4-5',
    } satisfies CanonicalResponse);
  });
});

const tool = (
  name: string,
  parameters: ToolDefinition['parameters'] = { type: 'object' },
): ToolDefinition => ({
  name,
  parameters,
});

const base = { model: 'claude-sonnet-4-5', maxOutputTokens: 512 } as const;

/** Canonical → Anthropic → canonical: the identity, except for the losses each row names. */
const roundTrips: Array<{
  description: string;
  request: CanonicalRequest;
  back?: CanonicalRequest;
  loss?: string;
}> = [
  {
    description: 'system, user string, calls, results, thinking, tools, choice',
    request: {
      ...base,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
        {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: 'think', providerOptions: { anthropic: { signature: 'sig' } } },
            { type: 'tool-call', toolCallId: 'toolu_1', toolName: 'f', input: { a: 1 } },
          ],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'toolu_1',
              toolName: 'f',
              output: { type: 'error-text', value: 'boom' },
            },
          ],
        },
      ],
      tools: [tool('f', { type: 'object', properties: { a: { type: 'integer' } } })],
      toolChoice: { type: 'tool', toolName: 'f' },
      temperature: 0,
    },
  },
  {
    description: 'a json result',
    request: {
      ...base,
      messages: [
        { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 't', toolName: 'f', input: {} }] },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 't',
              toolName: 'f',
              output: { type: 'json', value: { ok: true } },
            },
          ],
        },
      ],
    },
    back: {
      ...base,
      messages: [
        { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 't', toolName: 'f', input: {} }] },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 't',
              toolName: 'f',
              output: { type: 'text', value: '{"ok":true}' },
            },
          ],
        },
      ],
    },
    loss: 'json output → its JSON text (tool_result content is text or blocks)',
  },
  {
    description: 'a tool message next to user text',
    request: {
      ...base,
      messages: [
        { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 't', toolName: 'f', input: {} }] },
        { role: 'user', content: [{ type: 'text', text: 'and then?' }] },
        toolMessage(['t', { type: 'text', value: 'r' }]),
      ],
    },
    back: {
      ...base,
      messages: [
        { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 't', toolName: 'f', input: {} }] },
        toolMessage(['t', { type: 'text', value: 'r' }]),
        { role: 'user', content: [{ type: 'text', text: 'and then?' }] },
      ],
    },
    loss: 'one user turn: results first, then the user text',
  },
  {
    description: 'reasoning of another provider',
    request: {
      ...base,
      messages: [
        {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: 'x', providerOptions: { openai: { itemId: 'rs_1' } } },
            { type: 'text', text: 'Done.' },
          ],
        },
      ],
    },
    back: { ...base, messages: [{ role: 'assistant', content: [{ type: 'text', text: 'Done.' }] }] },
    loss: 'reasoning without anthropic.signature is not sent (H11)',
  },
  {
    description: 'two system messages and no maxOutputTokens',
    request: {
      model: 'm',
      messages: [
        { role: 'system', content: 'a' },
        { role: 'system', content: 'b' },
        { role: 'user', content: 'q' },
      ],
    },
    back: {
      model: 'm',
      maxOutputTokens: 4096,
      messages: [
        { role: 'system', content: 'a' },
        { role: 'system', content: 'b' },
        { role: 'user', content: 'q' },
      ],
    },
    loss: 'max_tokens is required: 4096 when not given',
  },
  {
    description: 'parallelToolCalls false without a choice',
    request: { ...base, messages: [{ role: 'user', content: 'q' }], parallelToolCalls: false },
    back: {
      ...base,
      messages: [{ role: 'user', content: 'q' }],
      toolChoice: { type: 'auto' },
      parallelToolCalls: false,
    },
    loss: 'disable_parallel_tool_use lives on tool_choice: {type: "auto"} is added',
  },
  {
    description: 'execution denied and error-json',
    request: {
      ...base,
      messages: [
        {
          role: 'assistant',
          content: [
            { type: 'tool-call', toolCallId: 'a', toolName: 'f', input: {} },
            { type: 'tool-call', toolCallId: 'b', toolName: 'f', input: {} },
          ],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'a',
              toolName: 'f',
              output: { type: 'execution-denied', reason: 'no' },
            },
            {
              type: 'tool-result',
              toolCallId: 'b',
              toolName: 'f',
              output: { type: 'error-json', value: { code: 1 } },
            },
          ],
        },
      ],
    },
    back: {
      ...base,
      messages: [
        {
          role: 'assistant',
          content: [
            { type: 'tool-call', toolCallId: 'a', toolName: 'f', input: {} },
            { type: 'tool-call', toolCallId: 'b', toolName: 'f', input: {} },
          ],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'a',
              toolName: 'f',
              output: { type: 'error-text', value: 'no' },
            },
            {
              type: 'tool-result',
              toolCallId: 'b',
              toolName: 'f',
              output: { type: 'error-text', value: '{"code":1}' },
            },
          ],
        },
      ],
    },
    loss: 'execution-denied and error-json → error-text (is_error with text)',
  },
];

describe('anthropic canonical round trip', () => {
  it.each(roundTrips)('$description', (row) => {
    const written = anthropic.toRequest(row.request);
    expect(anthropic.fromRequest(written.value).value).toEqual(row.back ?? row.request);
  });

  it('a string assistant message and content parts survive', () => {
    const messages: Message[] = [
      { role: 'user', content: 'q' },
      { role: 'assistant', content: 'answer' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'look' },
          { type: 'image', image: 'iVBORw0KGgo=', mediaType: 'image/png' },
          { type: 'file', data: 'JVBERi0=', mediaType: 'application/pdf', filename: 'a.pdf' },
        ],
      },
    ];
    expect(anthropic.fromRequest(anthropic.toRequest({ ...base, messages }).value).value).toEqual({
      ...base,
      messages,
    });
  });
});

/** Canonical response → Anthropic → canonical: the identity, except for the losses each row names. */
const responseRoundTrips: Array<{
  description: string;
  response: CanonicalResponse;
  back?: CanonicalResponse;
  loss?: string;
}> = [
  {
    description: 'parts, reasons, usage, id and model',
    response: {
      message: {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'r', providerOptions: { anthropic: { signature: 's' } } },
          { type: 'text', text: 'x' },
          { type: 'tool-call', toolCallId: 'toolu_1', toolName: 'f', input: { a: [1] } },
        ],
      },
      finishReason: { unified: 'tool-calls', raw: 'tool_use' },
      usage: { inputTokens: 1, outputTokens: 2 },
      id: 'msg_1',
      model: 'claude',
    },
  },
  {
    description: 'a string message, no usage, no id, no raw reason',
    response: { message: { role: 'assistant', content: 'hi' }, finishReason: { unified: 'stop' } },
    back: {
      message: { role: 'assistant', content: [{ type: 'text', text: 'hi' }] },
      finishReason: { unified: 'stop', raw: 'end_turn' },
      usage: { inputTokens: 0, outputTokens: 0 },
      id: '',
      model: '',
    },
    loss: 'content is always blocks; usage, id and model are required (0 and ""); the raw reason is written',
  },
  {
    description: 'an error finish',
    response: {
      message: { role: 'assistant', content: [] },
      finishReason: { unified: 'error', raw: 'overloaded' },
      id: 'm',
      model: 'c',
      usage: { inputTokens: 0, outputTokens: 0 },
    },
    back: {
      message: { role: 'assistant', content: [] },
      finishReason: { unified: 'stop', raw: 'end_turn' },
      id: 'm',
      model: 'c',
      usage: { inputTokens: 0, outputTokens: 0 },
    },
    loss: 'stop_reason has no error value: end_turn',
  },
];

describe('anthropic canonical response round trip', () => {
  it.each(responseRoundTrips)('$description', (row) => {
    expect(anthropic.fromResponse(anthropic.toResponse(row.response).value).value).toEqual(
      row.back ?? row.response,
    );
  });
});

const withTool = { ...base, tools: [tool('f')] } as const;

describe('anthropic toRequest', () => {
  it('warns when the history holds tool blocks but the request sends no tools', () => {
    const result = anthropic.toRequest({
      ...base,
      messages: [
        { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 't', toolName: 'f', input: {} }] },
      ],
    });
    expect(result.value.tools).toBeUndefined();
    expect(result.warnings).toEqual([
      {
        type: 'other',
        message:
          'the history holds tool_use / tool_result blocks but no tools are sent; Anthropic rejects that',
      },
    ]);
  });

  it('writes a tool-call-invalid with id and name as a tool_use with {} input, and skips one without', () => {
    const result = anthropic.toRequest({
      ...withTool,
      messages: [
        {
          role: 'assistant',
          content: [
            {
              type: 'tool-call-invalid',
              toolCallId: 'toolu_bad',
              toolName: 'f',
              raw: '{"a":',
              error: 'not JSON',
            },
            { type: 'tool-call-invalid', raw: 'f(', error: 'no name' },
          ],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'toolu_bad',
              toolName: 'f',
              output: { type: 'error-text', value: 'invalid' },
            },
          ],
        },
      ],
    });
    expect(result.value.messages).toEqual([
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_bad', name: 'f', input: {} }] },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'toolu_bad', content: 'invalid', is_error: true }],
      },
    ]);
    expect(result.warnings).toEqual([
      {
        type: 'compatibility',
        feature: 'tool-call-invalid',
        details: 'invalid call toolu_bad is sent with {} input (not JSON)',
      },
      {
        type: 'unsupported',
        feature: 'tool-call-invalid',
        details: 'an invalid call without an id or a name is skipped: f(',
      },
    ]);
  });

  it('merges a tool message with the user text around it, results first, so turns alternate', () => {
    const result = anthropic.toRequest({
      ...withTool,
      messages: [
        { role: 'user', content: 'one' },
        { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 't1', toolName: 'f', input: {} }] },
        { role: 'user', content: 'two' },
        toolMessage(['t1', { type: 'text', value: 'r' }]),
        {
          role: 'user',
          content: [
            { type: 'text', text: 'three' },
            { type: 'text', text: '' },
          ],
        },
        { role: 'assistant', content: 'a' },
        { role: 'assistant', content: [{ type: 'text', text: 'b' }] },
      ],
    });
    expect(result.value.messages).toEqual([
      { role: 'user', content: 'one' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'f', input: {} }] },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 't1', content: 'r' },
          { type: 'text', text: 'two' },
          { type: 'text', text: 'three' },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
        ],
      },
    ]);
    expect(result.warnings).toEqual([]);
  });

  it('sends a non-object call input as {} and says so', () => {
    const result = anthropic.toRequest({
      ...withTool,
      messages: [
        { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 't', toolName: 'f', input: '[1]' }] },
      ],
    });
    expect(result.value.messages).toEqual([
      { role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'f', input: {} }] },
    ]);
    expect(result.warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'tool-call input',
        details: 'call t: input "[1]" is not an object; sent as {}',
      },
    ]);
  });

  it('moves a late system message to the top-level system and writes model and max_tokens defaults', () => {
    const result = anthropic.toRequest({
      messages: [
        { role: 'user', content: 'q' },
        { role: 'system', content: 'late' },
      ],
    });
    expect(result.value).toEqual({
      model: '',
      max_tokens: 4096,
      system: 'late',
      messages: [{ role: 'user', content: 'q' }],
    });
    expect(result.warnings).toEqual([
      { type: 'other', message: 'no model given: "model" is ""' },
      {
        type: 'compatibility',
        feature: 'max_tokens',
        details: 'no maxOutputTokens given: "max_tokens" is 4096',
      },
      {
        type: 'compatibility',
        feature: 'system message',
        details: 'message 1 moves to the top-level system',
      },
    ]);
  });

  it('writes images from bytes, data URLs and URLs, and reports media it cannot hold', () => {
    const result = anthropic.toRequest({
      ...base,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image', image: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
            { type: 'image', image: 'data:image/gif;base64,R0lGODlh' },
            { type: 'image', image: new URL('https://example.com/a.png') },
            { type: 'file', data: 'aGVsbG8=', mediaType: 'text/plain' },
            { type: 'file', data: 'AAAA', mediaType: 'audio/wav' },
          ],
        },
      ],
    });
    expect(result.value.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
          { type: 'image', source: { type: 'base64', media_type: 'image/gif', data: 'R0lGODlh' } },
          { type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } },
          { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'hello' } },
        ],
      },
    ]);
    expect(result.warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'file',
        details: 'media type audio/wav is not an Anthropic image or document; not sent',
      },
    ]);
  });

  it('throws ToolwireError unsupported at the first loss with onUnsupported: throw', () => {
    const strict = createAnthropicConverter({ onUnsupported: 'throw' });
    const request: CanonicalRequest = {
      ...base,
      messages: [{ role: 'assistant', content: [{ type: 'reasoning', text: 'x' }] }],
    };
    expect(() => strict.toRequest(request)).toThrow(ToolwireError);
    try {
      strict.toRequest(request);
    } catch (error) {
      expect(ToolwireError.isInstance(error) && error.code).toBe('unsupported');
    }
    expect(anthropic.toRequest(request).value.messages).toEqual([]);
  });
});

describe('anthropic tool schemas', () => {
  const rows: Array<{
    description: string;
    parameters: ToolDefinition['parameters'];
    input_schema: unknown;
    warning?: unknown;
  }> = [
    {
      description: 'an object schema passes unchanged, keys in their order',
      parameters: {
        required: ['b'],
        type: 'object',
        properties: { b: { type: 'string' }, a: { type: 'number' } },
      },
      input_schema: {
        required: ['b'],
        type: 'object',
        properties: { b: { type: 'string' }, a: { type: 'number' } },
      },
    },
    {
      description: 'a root without type gets type object first',
      parameters: { properties: { a: { type: 'string' } } },
      input_schema: { type: 'object', properties: { a: { type: 'string' } } },
      warning: {
        type: 'compatibility',
        feature: 'tool "t" input schema',
        details: 'the root has no "type"; "type": "object" is added',
      },
    },
    {
      description: 'the true schema is an empty object schema',
      parameters: true,
      input_schema: { type: 'object' },
      warning: {
        type: 'compatibility',
        feature: 'tool "t" input schema',
        details: 'the schema `true` is sent as { type: "object" }',
      },
    },
    {
      description: 'a nullable object root is narrowed to object',
      parameters: { type: ['object', 'null'], properties: {} },
      input_schema: { type: 'object', properties: {} },
      warning: {
        type: 'unsupported',
        feature: 'tool "t" input schema',
        details: 'root "type" ["object","null"] is narrowed to "object"',
      },
    },
    {
      description: 'an array root cannot be carried',
      parameters: { type: 'array', items: { type: 'string' } },
      input_schema: { type: 'object' },
      warning: {
        type: 'unsupported',
        feature: 'tool "t" input schema',
        details: 'root "type" "array" is not "object"; sent as { type: "object" }',
      },
    },
    {
      description: 'the false schema cannot be carried',
      parameters: false,
      input_schema: { type: 'object' },
      warning: {
        type: 'unsupported',
        feature: 'tool "t" input schema',
        details: 'a root schema false is not an object schema; sent as { type: "object" }',
      },
    },
  ];

  it.each(rows)('$description', (row) => {
    const result = anthropic.toRequest({ ...base, messages: [], tools: [tool('t', row.parameters)] });
    expect(result.value.tools).toEqual([{ name: 't', input_schema: row.input_schema }]);
    expect(result.warnings).toEqual(row.warning === undefined ? [] : [row.warning]);
  });

  it('reports a tool name Anthropic rejects, and throws on it with onUnsupported: throw', () => {
    const request: CanonicalRequest = { ...base, messages: [], tools: [tool('functions.f:0')] };
    expect(anthropic.toRequest(request).warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'tool name',
        details: '"functions.f:0" does not match ^[a-zA-Z0-9_-]{1,128}$',
      },
    ]);
    expect(() => createAnthropicConverter({ onUnsupported: 'throw' }).toRequest(request)).toThrow(
      'tool name: "functions.f:0" does not match ^[a-zA-Z0-9_-]{1,128}$',
    );
  });
});

describe('anthropic stable bytes', () => {
  const tools: ToolDefinition[] = ['zeta', 'alpha', 'mid', 'beta', 'omega'].map((name, index) =>
    tool(name, {
      type: 'object',
      properties: { z: { type: 'string' }, a: { type: 'integer', minimum: index } },
      required: ['z'],
    }),
  );
  const request: CanonicalRequest = {
    ...base,
    messages: [{ role: 'user', content: 'q' }],
    tools,
    toolChoice: { type: 'auto' },
  };

  it('renders the same request to the same bytes, tools in declaration order', () => {
    const first = JSON.stringify(anthropic.toRequest(request).value);
    const second = JSON.stringify(anthropic.toRequest(structuredClone(request)).value);
    expect(second).toBe(first);
    expect(anthropic.toRequest(request).value.tools?.map((entry) => entry.name)).toEqual([
      'zeta',
      'alpha',
      'mid',
      'beta',
      'omega',
    ]);
    expect(first).toContain('"properties":{"z":{"type":"string"},"a":{"type":"integer","minimum":0}}');
  });

  it('never mutates its input', () => {
    const copy = structuredClone(request);
    anthropic.toRequest(request);
    expect(request).toEqual(copy);
  });
});

describe('anthropic readers', () => {
  it('reads a non-object tool_use input as a tool-call-invalid part, never dropping it', () => {
    const result = anthropic.fromRequest({
      model: 'm',
      max_tokens: 1,
      messages: [
        {
          role: 'assistant',
          content: [
            { type: 'tool_use', id: 't1', name: 'f', input: [1, 2] },
            { type: 'tool_use', id: 't2', name: 'g', input: '{"a":1}' },
            { type: 'tool_use', id: 't3', input: {} },
          ],
        },
      ],
    });
    expect(result.value.messages).toEqual([
      {
        role: 'assistant',
        content: [
          {
            type: 'tool-call-invalid',
            toolCallId: 't1',
            toolName: 'f',
            raw: '[1,2]',
            error: 'tool-call arguments must be a JSON object',
            issues: [
              {
                code: 'arguments_not_object',
                message: 'tool-call arguments must be a JSON object',
                path: '',
                expected: 'object',
                received: 'array',
              },
            ],
          },
          { type: 'tool-call', toolCallId: 't2', toolName: 'g', input: { a: 1 } },
          {
            type: 'tool-call-invalid',
            toolCallId: 't3',
            raw: '{}',
            error: 'the tool_use block has no name',
            issues: [{ code: 'missing_name', message: 'the tool_use block has no name' }],
          },
        ],
      },
    ]);
  });

  it('ignores unknown fields, tolerates nulls, and reports blocks it skips', () => {
    const result = anthropic.fromResponse({
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'claude',
      content: [
        { type: 'text', text: 'hi', citations: null },
        { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'q' } },
        null,
      ],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 1, output_tokens: null, cache_read_input_tokens: 0 },
      container: null,
    });
    expect(result.value).toEqual({
      message: { role: 'assistant', content: [{ type: 'text', text: 'hi' }] },
      finishReason: { unified: 'other' },
      usage: { inputTokens: 1 },
      id: 'msg_1',
      model: 'claude',
    });
    expect(result.warnings).toEqual([
      { type: 'other', message: 'an assistant block of type "server_tool_use" is skipped' },
    ]);
  });

  it('throws invalid_request on a body that is not a request', () => {
    for (const body of [null, 'x', [], { model: 'm' }]) {
      expect(() => anthropic.fromRequest(body)).toThrow(ToolwireError);
    }
    expect(() => anthropic.fromResponse(42)).toThrow('Anthropic response: the body is not a JSON object');
  });

  it('maps stop reasons both ways', () => {
    const rows = [
      ['end_turn', 'stop'],
      ['stop_sequence', 'stop'],
      ['pause_turn', 'stop'],
      ['tool_use', 'tool-calls'],
      ['max_tokens', 'length'],
      ['model_context_window_exceeded', 'length'],
      ['refusal', 'content-filter'],
      ['something_new', 'other'],
    ] as const;
    for (const [raw, unified] of rows) {
      const response = anthropic.fromResponse({ content: [], stop_reason: raw }).value;
      expect(response.finishReason).toEqual({ unified, raw });
      const back = anthropic.toResponse(response).value.stop_reason;
      expect(back).toBe(raw === 'something_new' ? 'end_turn' : raw);
    }
    expect(
      anthropic.toResponse({
        message: { role: 'assistant', content: 'x' },
        finishReason: { unified: 'tool-calls' },
      }).value,
    ).toEqual({
      id: '',
      type: 'message',
      role: 'assistant',
      model: '',
      content: [{ type: 'text', text: 'x' }],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: { input_tokens: 0, output_tokens: 0 },
    });
  });
});
