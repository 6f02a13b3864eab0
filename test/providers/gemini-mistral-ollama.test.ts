import { describe, expect, it } from 'vitest';
import { ToolwireError } from '../../src/errors/toolwire-error.js';
import { gemini } from '../../src/providers/gemini/index.js';
import { mistral } from '../../src/providers/mistral/index.js';
import { ollama } from '../../src/providers/ollama/index.js';
import type { CanonicalRequest } from '../../src/providers/provider-converter.js';
import type { ToolDefinition } from '../../src/types/tool.js';

const providers = [
  {
    name: 'gemini',
    converter: gemini,
    toolNames: (body: unknown) =>
      (body as { tools: Array<{ functionDeclarations: Array<{ name: string }> }> }).tools.flatMap((tool) =>
        tool.functionDeclarations.map((declaration) => declaration.name),
      ),
    requestError: 'a Gemini generateContent body is an object with a contents array',
    responseError: 'a Gemini GenerateContentResponse is an object',
  },
  {
    name: 'mistral',
    converter: mistral,
    toolNames: (body: unknown) =>
      (body as { tools: Array<{ function: { name: string } }> }).tools.map((tool) => tool.function.name),
    requestError: 'a Mistral chat request is an object with a messages array',
    responseError: 'a Mistral chat completion is an object',
  },
  {
    name: 'ollama',
    converter: ollama,
    toolNames: (body: unknown) =>
      (body as { tools: Array<{ function: { name: string } }> }).tools.map((tool) => tool.function.name),
    requestError: 'an Ollama /api/chat body is an object with a messages array',
    responseError: 'an Ollama /api/chat response is an object',
  },
] as const;

/** Five tools, not in name order, schema keys not sorted either. */
const tools: ToolDefinition[] = [
  {
    name: 'zoom_map',
    description: 'Zoom.',
    parameters: {
      type: 'object',
      required: ['level'],
      properties: { level: { type: 'integer' }, center: { type: 'string' } },
    },
  },
  { name: 'add_note', parameters: { properties: { text: { type: 'string' } }, type: 'object' } },
  {
    name: 'move_file',
    description: 'Move.',
    parameters: {
      type: 'object',
      properties: { to: { type: 'string' }, from: { type: 'string' } },
      required: ['to', 'from'],
    },
  },
  { name: 'beep', parameters: { type: 'object', properties: {} } },
  {
    name: 'query_db',
    parameters: {
      type: 'object',
      properties: { sql: { type: 'string', description: 'SQL.' }, limit: { type: ['integer', 'null'] } },
    },
  },
];

const request: CanonicalRequest = {
  model: 'model-x',
  messages: [
    { role: 'system', content: 'Use tools.' },
    { role: 'user', content: 'Move the file, then beep.' },
    {
      role: 'assistant',
      content: [
        {
          type: 'tool-call',
          toolCallId: 'aaaaaaaa1',
          toolName: 'move_file',
          input: { to: 'b.txt', from: 'a.txt' },
        },
        { type: 'tool-call', toolCallId: 'aaaaaaaa2', toolName: 'beep', input: {} },
      ],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'aaaaaaaa1',
          toolName: 'move_file',
          output: { type: 'text', value: 'moved' },
        },
        {
          type: 'tool-result',
          toolCallId: 'aaaaaaaa2',
          toolName: 'beep',
          output: { type: 'json', value: { ok: true } },
        },
      ],
    },
  ],
  tools,
};

describe.each(providers)('$name converter contract', ({
  converter,
  toolNames,
  requestError,
  responseError,
}) => {
  it('renders one tool set of five tools to identical bytes every time, tools in declaration order', () => {
    const first = JSON.stringify(converter.toRequest(request).value);
    const second = JSON.stringify(converter.toRequest(structuredClone(request)).value);
    expect(second).toBe(first);
    expect(toolNames(JSON.parse(first))).toEqual(['zoom_map', 'add_note', 'move_file', 'beep', 'query_db']);
  });

  it('keeps schema keys and call arguments in their given order', () => {
    const text = JSON.stringify(converter.toRequest(request).value);
    expect(text.indexOf('"level"')).toBeLessThan(text.indexOf('"center"'));
    expect(text.indexOf('"to"')).toBeLessThan(text.indexOf('"from"'));
    expect(text.indexOf('b.txt')).toBeLessThan(text.indexOf('a.txt'));
  });

  it('does not mutate its input', () => {
    const copy = structuredClone(request);
    converter.toRequest(request);
    converter.fromRequest(JSON.parse(JSON.stringify(converter.toRequest(request).value)));
    expect(request).toEqual(copy);
  });

  it('refuses bodies that are not its shape with invalid_request', () => {
    for (const body of [null, 'text', 7, [], { input: [] }]) {
      expect(() => converter.fromRequest(body)).toThrowError(
        new ToolwireError('invalid_request', requestError),
      );
    }
    for (const body of [null, 'text', 7]) {
      expect(() => converter.fromResponse(body)).toThrowError(
        new ToolwireError('invalid_request', responseError),
      );
    }
  });
});
