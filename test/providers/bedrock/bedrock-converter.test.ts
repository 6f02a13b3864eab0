import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ToolwireError } from '../../../src/errors/toolwire-error.js';
import {
  BEDROCK_PLACEHOLDER_TOOL,
  bedrock,
  createBedrockConverter,
} from '../../../src/providers/bedrock/index.js';
import type { CanonicalRequest, CanonicalResponse } from '../../../src/providers/provider-converter.js';
import type { ToolDefinition } from '../../../src/types/tool.js';
import { toolMessage } from '../canonical-builders.js';

interface Fixture {
  readonly description: string;
  readonly source: string;
  readonly body: Record<string, unknown>;
}

const load = (name: string): Fixture[] => JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8'));

/** The REST JSON form of a value the SDK form holds: bytes (`Uint8Array`) as base64 text. */
const asJson = (value: unknown): unknown =>
  JSON.parse(
    JSON.stringify(value, (_key, item) =>
      item instanceof Uint8Array ? btoa(String.fromCharCode(...item)) : item,
    ),
  );

describe('bedrock golden fixtures', () => {
  it.each(load('./requests.json'))('request: $description', (fixture) => {
    const canonical = bedrock.fromRequest(fixture.body);
    expect(canonical.warnings).toEqual([]);
    const back = bedrock.toRequest(canonical.value);
    expect(back.warnings).toEqual([]);
    expect(asJson(back.value)).toEqual(fixture.body);
  });

  it.each(load('./responses.json'))('response: $description', (fixture) => {
    const canonical = bedrock.fromResponse(fixture.body);
    expect(canonical.warnings).toEqual([]);
    const back = bedrock.toResponse(canonical.value);
    expect(back.warnings).toEqual([]);
    expect(asJson(back.value)).toEqual(fixture.body);
  });

  it('reads a json tool result and names it from its call', () => {
    const fixture = load('./requests.json')[1]!;
    expect(bedrock.fromRequest(fixture.body).value).toEqual({
      model: 'anthropic.claude-3-sonnet-20240229-v1:0',
      messages: [
        { role: 'system', content: 'You are an app that knows the radio charts.' },
        { role: 'user', content: [{ type: 'text', text: 'What is the most popular song on WZPZ?' }] },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: "I'll look up the most popular song on WZPZ." },
            {
              type: 'tool-call',
              toolCallId: 'tooluse_kZJMlvQmRJ6eAyJE5GIl7Q',
              toolName: 'top_song',
              input: { sign: 'WZPZ' },
            },
          ],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'tooluse_kZJMlvQmRJ6eAyJE5GIl7Q',
              toolName: 'top_song',
              output: { type: 'json', value: { song: 'Elemental Hotel', artist: '8 Storey Hike' } },
            },
          ],
        },
      ],
      tools: (
        fixture.body.toolConfig as {
          tools: {
            toolSpec: {
              name: string;
              description: string;
              inputSchema: { json: ToolDefinition['parameters'] };
            };
          }[];
        }
      ).tools.map(({ toolSpec }) => ({
        name: toolSpec.name,
        description: toolSpec.description,
        parameters: toolSpec.inputSchema.json,
      })),
      toolChoice: { type: 'required' },
      maxOutputTokens: 512,
      temperature: 0.5,
    } satisfies CanonicalRequest);
  });

  it('reads reasoning as parts with Bedrock metadata (redacted bytes as base64)', () => {
    const fixture = load('./requests.json')[3]!;
    const assistant = bedrock.fromRequest(fixture.body).value.messages[1];
    expect(assistant).toEqual({
      role: 'assistant',
      content: [
        {
          type: 'reasoning',
          text: 'I need a screenshot first.',
          providerOptions: { bedrock: { signature: 'ErcBCkgIARABGAIiQL0dc3VJ' } },
        },
        {
          type: 'reasoning',
          text: '',
          providerOptions: { bedrock: { redactedData: 'AAMGCQwPEhUYGx4hJCc=' } },
        },
        { type: 'tool-call', toolCallId: 'tooluse_shot', toolName: 'screenshot', input: {} },
      ],
    });
  });
});

const base = { model: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0', maxOutputTokens: 512 } as const;
const call = {
  role: 'assistant',
  content: [{ type: 'tool-call', toolCallId: 't', toolName: 'f', input: {} }],
} as const;

/** Canonical → Bedrock → canonical: the identity, except for the losses each row names. */
const roundTrips: Array<{
  description: string;
  request: CanonicalRequest;
  back?: CanonicalRequest;
  loss?: string;
}> = [
  {
    description: 'system, parts, calls, results with every status, reasoning, tools, choice',
    request: {
      ...base,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
        {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: 'think', providerOptions: { bedrock: { signature: 'sig' } } },
            { type: 'tool-call', toolCallId: 'a', toolName: 'f', input: { x: 1 } },
            { type: 'tool-call', toolCallId: 'b', toolName: 'f', input: { x: 2 } },
            { type: 'tool-call', toolCallId: 'c', toolName: 'f', input: { x: 3 } },
          ],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'a',
              toolName: 'f',
              output: { type: 'json', value: { ok: true } },
            },
            {
              type: 'tool-result',
              toolCallId: 'b',
              toolName: 'f',
              output: { type: 'error-json', value: { code: 7 } },
            },
            {
              type: 'tool-result',
              toolCallId: 'c',
              toolName: 'f',
              output: { type: 'error-text', value: 'boom' },
            },
          ],
        },
      ],
      tools: [
        {
          name: 'f',
          description: 'F',
          parameters: { type: 'object', properties: { x: { type: 'integer' } } },
        },
      ],
      toolChoice: { type: 'tool', toolName: 'f' },
      temperature: 1,
    },
  },
  {
    description: 'string messages',
    request: {
      ...base,
      messages: [
        { role: 'user', content: 'q' },
        { role: 'assistant', content: 'a' },
      ],
    },
    back: {
      ...base,
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'q' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'a' }] },
      ],
    },
    loss: 'Converse content is always blocks: a string message comes back as one text part',
  },
  {
    description: 'a json result that is not an object',
    request: {
      ...base,
      messages: [call, toolMessage(['t', { type: 'json', value: [1, 2] }])],
    },
    back: {
      ...base,
      messages: [call, toolMessage(['t', { type: 'text', value: '[1,2]' }])],
    },
    loss: 'json must be an object: an array or scalar goes as its JSON text',
  },
  {
    description: 'toolChoice none with tools and a tool history',
    request: {
      ...base,
      messages: [call, toolMessage(['t', { type: 'text', value: 'r' }])],
      tools: [{ name: 'f', parameters: { type: 'object' } }],
      toolChoice: { type: 'none' },
    },
    back: {
      ...base,
      messages: [call, toolMessage(['t', { type: 'text', value: 'r' }])],
    },
    loss: 'Converse has no "none": the tools are not sent (the placeholder tool keeps toolConfig)',
  },
  {
    description: 'model id, no limits, parallelToolCalls',
    request: {
      model: 'm',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'q' }] }],
      parallelToolCalls: false,
    },
    back: { model: 'm', messages: [{ role: 'user', content: [{ type: 'text', text: 'q' }] }] },
    loss: 'parallelToolCalls has no Converse switch',
  },
  {
    description: 'reasoning of another provider',
    request: {
      ...base,
      messages: [
        {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: 'x', providerOptions: { anthropic: { signature: 's' } } },
            { type: 'text', text: 'ok' },
          ],
        },
      ],
    },
    back: { ...base, messages: [{ role: 'assistant', content: [{ type: 'text', text: 'ok' }] }] },
    loss: 'reasoning without bedrock.signature is not sent (H11)',
  },
];

describe('bedrock canonical round trip', () => {
  it.each(roundTrips)('$description', (row) => {
    expect(bedrock.fromRequest(bedrock.toRequest(row.request).value).value).toEqual(row.back ?? row.request);
  });
});

/** Canonical response → Bedrock → canonical: the identity, except for the losses each row names. */
const responseRoundTrips: Array<{
  description: string;
  response: CanonicalResponse;
  back?: CanonicalResponse;
  loss?: string;
}> = [
  {
    description: 'parts, reason and usage',
    response: {
      message: {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: '', providerOptions: { bedrock: { redactedData: 'AAEC' } } },
          { type: 'text', text: 'x' },
          { type: 'tool-call', toolCallId: 'tooluse_1', toolName: 'f', input: { a: 1 } },
        ],
      },
      finishReason: { unified: 'tool-calls', raw: 'tool_use' },
      usage: { inputTokens: 1, outputTokens: 2 },
    },
  },
  {
    description: 'id, model and a string message',
    response: {
      message: { role: 'assistant', content: 'hi' },
      finishReason: { unified: 'length' },
      id: 'x',
      model: 'm',
    },
    back: {
      message: { role: 'assistant', content: [{ type: 'text', text: 'hi' }] },
      finishReason: { unified: 'length', raw: 'max_tokens' },
      usage: { inputTokens: 0, outputTokens: 0 },
    },
    loss: 'Converse responses carry no id or model; content is always blocks; usage is required (0)',
  },
];

describe('bedrock canonical response round trip', () => {
  it.each(responseRoundTrips)('$description', (row) => {
    expect(bedrock.fromResponse(bedrock.toResponse(row.response).value).value).toEqual(
      row.back ?? row.response,
    );
  });
});

describe('bedrock toolConfig with tool blocks in the history (H8)', () => {
  const history: CanonicalRequest = {
    ...base,
    messages: [{ role: 'user', content: 'q' }, call, toolMessage(['t', { type: 'text', value: 'r' }])],
  };

  it('sends the placeholder tool when the request has no tools, and says so', () => {
    const written = bedrock.toRequest(history);
    expect(written.value.toolConfig).toEqual({
      tools: [
        {
          toolSpec: {
            name: 'toolwire_no_tools',
            description: 'Placeholder: this request offers no tools. Do not call it.',
            inputSchema: { json: { type: 'object', properties: {} } },
          },
        },
      ],
    });
    expect(written.value.toolConfig?.tools[0]).toBe(BEDROCK_PLACEHOLDER_TOOL);
    expect(written.warnings).toEqual([
      {
        type: 'compatibility',
        feature: 'toolConfig',
        details:
          'the history holds tool blocks and no tools are sent: placeholder tool "toolwire_no_tools" keeps toolConfig',
      },
    ]);
    expect(bedrock.fromRequest(written.value).value.tools).toBeUndefined();
  });

  it('sends no toolConfig for a history without tool blocks', () => {
    const written = bedrock.toRequest({
      ...base,
      messages: [{ role: 'user', content: 'q' }],
      toolChoice: { type: 'none' },
    });
    expect(written.value).toEqual({
      modelId: base.model,
      messages: [{ role: 'user', content: [{ text: 'q' }] }],
      inferenceConfig: { maxTokens: 512 },
    });
    expect(written.warnings).toEqual([]);
  });

  it('counts a replayed invalid call as a tool block', () => {
    const written = bedrock.toRequest({
      ...base,
      messages: [
        {
          role: 'assistant',
          content: [{ type: 'tool-call-invalid', toolCallId: 'x', toolName: 'f', raw: '{', error: 'bad' }],
        },
      ],
    });
    expect(written.value.messages).toEqual([
      { role: 'assistant', content: [{ toolUse: { toolUseId: 'x', name: 'f', input: {} } }] },
    ]);
    expect(written.value.toolConfig).toEqual({ tools: [BEDROCK_PLACEHOLDER_TOOL] });
  });
});

describe('bedrock toRequest', () => {
  it('merges results and user text into one user turn, results first; skips empty text', () => {
    const written = bedrock.toRequest({
      ...base,
      messages: [
        call,
        {
          role: 'user',
          content: [
            { type: 'text', text: 'more' },
            { type: 'text', text: '' },
          ],
        },
        toolMessage(['t', { type: 'execution-denied' }]),
      ],
      tools: [{ name: 'f', description: '', parameters: { properties: {} } }],
    });
    expect(written.value.messages).toEqual([
      { role: 'assistant', content: [{ toolUse: { toolUseId: 't', name: 'f', input: {} } }] },
      {
        role: 'user',
        content: [
          {
            toolResult: { toolUseId: 't', content: [{ text: 'The tool call was denied.' }], status: 'error' },
          },
          { text: 'more' },
        ],
      },
    ]);
    expect(written.value.toolConfig).toEqual({
      tools: [{ toolSpec: { name: 'f', inputSchema: { json: { type: 'object', properties: {} } } } }],
    });
    expect(written.warnings).toEqual([
      {
        type: 'compatibility',
        feature: 'tool "f" input schema',
        details: 'the root has no "type"; "type": "object" is added',
      },
    ]);
  });

  it('writes bytes and s3 sources, and reports URLs Bedrock cannot fetch', () => {
    const written = bedrock.toRequest({
      ...base,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image', image: new Uint8Array([0xff, 0xd8, 0xff]), mediaType: 'image/jpeg' },
            { type: 'image', image: new URL('s3://bucket/chart.png'), mediaType: 'image/png' },
            { type: 'file', data: 'aGk=', mediaType: 'text/csv', filename: 'data' },
            { type: 'file', data: 'JVBERi0=', mediaType: 'application/pdf', filename: 'Q3  report.pdf' },
            { type: 'image', image: 'https://example.com/a.png', mediaType: 'image/png' },
          ],
        },
      ],
    });
    expect(asJson(written.value.messages)).toEqual([
      {
        role: 'user',
        content: [
          { image: { format: 'jpeg', source: { bytes: '/9j/' } } },
          { image: { format: 'png', source: { s3Location: { uri: 's3://bucket/chart.png' } } } },
          { document: { format: 'csv', name: 'data', source: { bytes: 'aGk=' } } },
          { document: { format: 'pdf', name: 'Q3 report-pdf', source: { bytes: 'JVBERi0=' } } },
        ],
      },
    ]);
    expect(written.warnings).toEqual([
      {
        type: 'compatibility',
        feature: 'document name',
        details: '"Q3  report.pdf" is sent as "Q3 report-pdf"',
      },
      {
        type: 'unsupported',
        feature: 'file',
        details: 'Bedrock does not fetch URLs; https://example.com/a.png is not sent',
      },
    ]);
  });

  it('reports what it cannot carry, and throws on it with onUnsupported: throw', () => {
    const request: CanonicalRequest = {
      ...base,
      messages: [{ role: 'user', content: 'q' }],
      tools: [{ name: 'list', parameters: { type: 'array' } }],
      parallelToolCalls: false,
    };
    expect(bedrock.toRequest(request).warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'parallelToolCalls',
        details: 'Converse has no switch for one call per turn; not sent',
      },
      {
        type: 'unsupported',
        feature: 'tool "list" input schema',
        details: 'root "type" "array" is not "object"; sent as { type: "object" }',
      },
    ]);
    expect(() => createBedrockConverter({ onUnsupported: 'throw' }).toRequest(request)).toThrow(
      ToolwireError,
    );
    expect(() =>
      createBedrockConverter({ onUnsupported: 'throw' }).toRequest({ ...request, parallelToolCalls: true }),
    ).toThrow('tool "list" input schema: root "type" "array" is not "object"; sent as { type: "object" }');
  });

  it('renders five tools to the same bytes twice, in declaration order', () => {
    const tools: ToolDefinition[] = ['zeta', 'alpha', 'mid', 'beta', 'omega'].map((name) => ({
      name,
      description: `${name} tool`,
      parameters: { type: 'object', properties: { z: { type: 'string' }, a: { type: 'number' } } },
    }));
    const request: CanonicalRequest = {
      ...base,
      messages: [{ role: 'user', content: 'q' }],
      tools,
      toolChoice: { type: 'auto' },
    };
    const first = JSON.stringify(bedrock.toRequest(request).value);
    expect(JSON.stringify(bedrock.toRequest(structuredClone(request)).value)).toBe(first);
    expect(bedrock.toRequest(request).value.toolConfig?.tools.map((entry) => entry.toolSpec.name)).toEqual([
      'zeta',
      'alpha',
      'mid',
      'beta',
      'omega',
    ]);
  });
});

describe('bedrock readers', () => {
  it('reads a non-object toolUse input as a tool-call-invalid part and tolerates nulls', () => {
    const read = bedrock.fromResponse({
      output: {
        message: {
          role: 'assistant',
          content: [{ toolUse: { toolUseId: 'x', name: 'f', input: 5 } }, { text: null }, null],
        },
      },
      stopReason: 'malformed_tool_use',
      usage: null,
      metrics: { latencyMs: 3 },
      $metadata: { httpStatusCode: 200 },
    });
    expect(read.value).toEqual({
      message: {
        role: 'assistant',
        content: [
          {
            type: 'tool-call-invalid',
            toolCallId: 'x',
            toolName: 'f',
            raw: '5',
            error: 'tool-call arguments must be a JSON object',
            issues: [
              {
                code: 'arguments_not_object',
                message: 'tool-call arguments must be a JSON object',
                path: '',
                expected: 'object',
                received: 'number',
              },
            ],
          },
        ],
      },
      finishReason: { unified: 'error', raw: 'malformed_tool_use' },
    } satisfies CanonicalResponse);
    expect(read.warnings).toEqual([{ type: 'other', message: 'an assistant block ["text"] is skipped' }]);
  });

  it('reads a result of several blocks as content, and an error one as its text', () => {
    const read = bedrock.fromRequest({
      messages: [
        {
          role: 'user',
          content: [
            { toolResult: { toolUseId: 'a', content: [{ text: 'x' }, { json: { k: 1 } }] } },
            { toolResult: { toolUseId: 'b', content: [{ text: 'e1' }, { text: 'e2' }], status: 'error' } },
          ],
        },
      ],
    });
    expect(read.value.messages).toEqual([
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'a',
            toolName: '',
            output: {
              type: 'content',
              value: [
                { type: 'text', text: 'x' },
                { type: 'text', text: '{"k":1}' },
              ],
            },
          },
          {
            type: 'tool-result',
            toolCallId: 'b',
            toolName: '',
            output: { type: 'error-text', value: 'e1\ne2' },
          },
        ],
      },
    ]);
  });

  it('throws invalid_request on a body that is not a request', () => {
    expect(() => bedrock.fromRequest({ modelId: 'm' })).toThrow(
      'Bedrock request: "messages" is not an array',
    );
    expect(() => bedrock.fromResponse(null)).toThrow(ToolwireError);
  });

  it('maps stop reasons both ways', () => {
    const rows = [
      ['end_turn', 'stop'],
      ['stop_sequence', 'stop'],
      ['tool_use', 'tool-calls'],
      ['max_tokens', 'length'],
      ['model_context_window_exceeded', 'length'],
      ['guardrail_intervened', 'content-filter'],
      ['content_filtered', 'content-filter'],
      ['malformed_model_output', 'error'],
      ['malformed_tool_use', 'error'],
    ] as const;
    for (const [raw, unified] of rows) {
      const response = bedrock.fromResponse({ output: { message: { content: [] } }, stopReason: raw }).value;
      expect(response.finishReason).toEqual({ unified, raw });
      expect(bedrock.toResponse(response).value.stopReason).toBe(raw);
    }
    expect(bedrock.fromResponse({ stopReason: 'toString' }).value.finishReason).toEqual({
      unified: 'other',
      raw: 'toString',
    });
    expect(
      bedrock.toResponse({
        message: { role: 'assistant', content: 'x' },
        finishReason: { unified: 'content-filter' },
      }).value,
    ).toEqual({
      output: { message: { role: 'assistant', content: [{ text: 'x' }] } },
      stopReason: 'content_filtered',
      usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
    });
  });
});
