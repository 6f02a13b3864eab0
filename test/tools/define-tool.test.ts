import type { StandardSchemaV1 } from '@standard-schema/spec';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { ToolwireError } from '../../src/errors/toolwire-error.js';
import { defineTool, type Tool } from '../../src/tools/index.js';

describe('defineTool with zod', () => {
  const tool = defineTool({
    name: 'set_mode',
    description: 'Switches the mode',
    parameters: z.object({
      mode: z.enum(['auto', 'manual']),
      level: z.number().int(),
      note: z.string().nullable(),
      tags: z.array(z.string()).optional(),
      retries: z.number().default(3),
    }),
    execute: (input) => `${input.mode}:${input.level}`,
  });

  it('types execute from the schema output', () => {
    expectTypeOf<Parameters<typeof tool.execute>[0]>().toEqualTypeOf<{
      mode: 'auto' | 'manual';
      level: number;
      note: string | null;
      tags?: string[] | undefined;
      retries: number;
    }>();
    expectTypeOf(tool).toEqualTypeOf<
      Tool<
        {
          mode: 'auto' | 'manual';
          level: number;
          note: string | null;
          tags?: string[] | undefined;
          retries: number;
        },
        string
      >
    >();
    // zod schemas are Standard Schemas as @standard-schema/spec types them.
    const standard: StandardSchemaV1 = z.object({});
    expect(standard['~standard'].vendor).toBe('zod');
  });

  it('takes the JSON Schema from the schema itself: handler order, required in that order', () => {
    expect(tool.parameters).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        mode: { type: 'string', enum: ['auto', 'manual'] },
        level: { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 },
        note: { type: ['string', 'null'] },
        tags: { type: 'array', items: { type: 'string' } },
        retries: { default: 3, type: 'number' },
      },
      required: ['mode', 'level', 'note'],
    });
    expect(Object.keys(tool.parameters.properties as object)).toEqual([
      'mode',
      'level',
      'note',
      'tags',
      'retries',
    ]);
    expect(tool.standardSchema?.['~standard'].vendor).toBe('zod');
    expect(tool.description).toBe('Switches the mode');
  });

  it('throws invalid_tools for a zod type JSON Schema cannot express', () => {
    const define = () =>
      defineTool({ name: 'when', parameters: z.object({ at: z.date() }), execute: ({ at }) => at.getTime() });
    expect(define).toThrow(ToolwireError);
    expect(define).toThrow(/tool "when": the zod schema has no JSON Schema/);
  });
});

describe('defineTool with JSON Schema', () => {
  it('types execute from the schema literal', () => {
    const tool = defineTool({
      name: 'book',
      parameters: {
        type: 'object',
        properties: {
          room: { type: 'string', enum: ['a', 'b'] },
          nights: { type: 'integer' },
          guests: {
            type: 'array',
            items: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
          },
          note: { type: ['string', 'null'] },
          late: { type: 'boolean', nullable: true, default: null },
          mode: { const: 'fast' },
          extra: {},
        },
        required: ['nights', 'room'],
      },
      execute: (input) => input.nights,
    });
    expectTypeOf<Parameters<typeof tool.execute>[0]>().toEqualTypeOf<{
      room: 'a' | 'b';
      nights: number;
      note: string | null;
      guests?: { name: string }[];
      late?: boolean | null;
      mode?: 'fast';
      extra?: unknown;
    }>();
    // required: in properties order, plus the nullable parameter without a default
    expect(tool.parameters.required).toEqual(['room', 'nights', 'note']);
  });

  it('a schema built at run time types execute as a record', () => {
    const schema: { readonly [keyword: string]: unknown } = {
      type: 'object',
      properties: { q: { type: 'string' } },
    };
    const tool = defineTool({ name: 'search', parameters: schema, execute: (input) => Object.keys(input) });
    expectTypeOf<Parameters<typeof tool.execute>[0]>().toEqualTypeOf<Record<string, unknown>>();
    // nothing to rewrite: the same schema object
    expect(tool.parameters).toBe(schema);
  });

  it('keeps required names properties does not declare, after the declared ones, and never mutates the schema', () => {
    const schema = {
      type: 'object',
      properties: { b: { type: 'string' }, a: { anyOf: [{ type: 'number' }, { type: 'null' }] }, c: {} },
      required: ['z', 'b'],
    } as const;
    const tool = defineTool({ name: 't', parameters: schema, execute: () => 0 });
    expect(tool.parameters).toEqual({ ...schema, required: ['b', 'a', 'z'] });
    expect(schema.required).toEqual(['z', 'b']);
  });

  it('rejects what is not a tool definition, with code invalid_tools', () => {
    const cases: Array<[unknown, string]> = [
      [null, 'defineTool() takes { name, parameters, execute }, got null'],
      [{ name: '', parameters: {}, execute: () => 0 }, 'tool name must be a non-empty string, got string'],
      [{ name: 'x', parameters: {}, execute: 1 }, 'tool "x": execute must be a function, got number'],
      [
        { name: 'x', parameters: [], execute: () => 0 },
        'tool "x": parameters must be a JSON Schema object, got an array',
      ],
      [
        { name: 'x', description: 3, parameters: {}, execute: () => 0 },
        'tool "x": description must be a string, got number',
      ],
      [
        {
          name: 'x',
          parameters: { '~standard': { version: 1, vendor: 'v', validate: () => ({ value: 1 }) } },
          execute: () => 0,
        },
        'tool "x": the v schema exports no JSON Schema (~standard.jsonSchema); pass jsonSchema',
      ],
      [
        {
          name: 'x',
          parameters: {
            get properties(): never {
              throw new Error('getter exploded');
            },
          },
          execute: () => 0,
        },
        'tool "x": parameters cannot be read: getter exploded',
      ],
    ];
    for (const [definition, message] of cases) {
      let thrown: unknown;
      try {
        defineTool(definition as never);
      } catch (error) {
        thrown = error;
      }
      expect(ToolwireError.isInstance(thrown) && { code: thrown.code, message: thrown.message }).toEqual({
        code: 'invalid_tools',
        message,
      });
    }
  });

  it('takes jsonSchema for a Standard Schema without its own export', () => {
    const standard: StandardSchemaV1<unknown, { q: string }> = {
      '~standard': { version: 1, vendor: 'mini', validate: (value) => ({ value: value as { q: string } }) },
    };
    const tool = defineTool({
      name: 'search',
      parameters: standard,
      jsonSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
      execute: ({ q }) => q.length,
    });
    expectTypeOf<Parameters<typeof tool.execute>[0]>().toEqualTypeOf<{ q: string }>();
    expect(tool.parameters).toEqual({
      type: 'object',
      properties: { q: { type: 'string' } },
      required: ['q'],
    });
  });
});
