import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createOpenAIChatConverter } from '../../src/providers/openai-chat/index.js';
import { createOpenAIResponsesConverter } from '../../src/providers/openai-responses/index.js';
import { convertToOpenAIStrictSchema } from '../../src/providers/shared/convert-to-openai-strict-schema.js';
import type { JSONSchema } from '../../src/types/json-schema.js';
import type { Warning } from '../../src/types/warning.js';

interface StrictCase {
  readonly description: string;
  readonly source: string;
  readonly schema: JSONSchema;
  readonly expected: unknown;
  readonly warnings: Warning[];
}

const cases = JSON.parse(
  readFileSync(new URL('./openai-strict-schema-cases.json', import.meta.url), 'utf8'),
) as StrictCase[];

describe('convertToOpenAIStrictSchema', () => {
  it.each(cases)('$description', (strictCase) => {
    const before = JSON.stringify(strictCase.schema);
    expect(convertToOpenAIStrictSchema(strictCase.schema, { toolName: 'f' })).toEqual({
      value: strictCase.expected,
      warnings: strictCase.warnings,
    });
    expect(JSON.stringify(strictCase.schema)).toBe(before);
  });

  it('throws ToolwireError unsupported at the first unsupported keyword with onUnsupported "throw"', () => {
    const schema = { type: 'object', properties: { a: { type: 'string', minLength: 1 } } };
    expect(() => convertToOpenAIStrictSchema(schema, { toolName: 'f', onUnsupported: 'throw' })).toThrow(
      expect.objectContaining({
        code: 'unsupported',
        message:
          'OpenAI strict mode does not support keyword minLength (tool f, at /properties/a/minLength: removed)',
      }),
    );
  });

  it('keeps a __proto__ property as data', () => {
    const schema = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"string"}},"required":["__proto__"]}',
    );
    const { value } = convertToOpenAIStrictSchema(schema);
    expect(JSON.stringify(value)).toBe(
      '{"type":"object","properties":{"__proto__":{"type":"string"}},"required":["__proto__"],"additionalProperties":false}',
    );
  });
});

describe('strict: true on the OpenAI converters', () => {
  const request = {
    model: 'gpt-4.1',
    messages: [{ role: 'user' as const, content: 'Hi' }],
    tools: [{ name: 'f', parameters: { type: 'object', properties: { a: { type: 'string' } } } }],
  };
  const strictParameters = {
    type: 'object',
    properties: { a: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
    required: ['a'],
    additionalProperties: false,
  };

  it('Chat writes strict: true with the strict schema', () => {
    expect(createOpenAIChatConverter({ strict: true }).toRequest(request).value.tools).toEqual([
      { type: 'function', function: { name: 'f', parameters: strictParameters, strict: true } },
    ]);
  });

  it('Responses writes strict: true with the strict schema (strict: false by default)', () => {
    expect(createOpenAIResponsesConverter({ strict: true }).toRequest(request).value.tools).toEqual([
      { type: 'function', name: 'f', parameters: strictParameters, strict: true },
    ]);
    expect(createOpenAIResponsesConverter().toRequest(request).value.tools).toEqual([
      { type: 'function', name: 'f', parameters: request.tools[0]?.parameters, strict: false },
    ]);
  });

  it('passes onUnsupported "throw" through', () => {
    const bad = { ...request, tools: [{ name: 'f', parameters: { type: 'object', not: {} } }] };
    expect(() => createOpenAIChatConverter({ strict: true, onUnsupported: 'throw' }).toRequest(bad)).toThrow(
      expect.objectContaining({ code: 'unsupported' }),
    );
    expect(createOpenAIChatConverter({ strict: true }).toRequest(bad).warnings).toEqual([
      { type: 'unsupported', feature: 'keyword not', details: 'tool f, at /not: removed' },
    ]);
  });
});
