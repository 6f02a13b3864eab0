import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  alignResponse,
  alignText,
  alignValue,
  RECOGNIZED_KEYWORDS,
  SchemaRoot,
  uncheckedKeywords,
} from '../../src/schema/index.js';
import type { JSONSchema } from '../../src/types/json-schema.js';

interface RootCase {
  readonly name: string;
  readonly schema: JSONSchema;
  readonly options: ReadonlyArray<{ kind: string; value?: unknown }>;
}

const cases = JSON.parse(
  readFileSync(new URL('./schema-root-cases.json', import.meta.url), 'utf8'),
) as RootCase[];

describe('SchemaRoot.options (test/schema/schema-root-cases.json)', () => {
  it.each(cases.map((testCase) => [testCase.name, testCase] as const))('%s', (_name, testCase) => {
    const options = new SchemaRoot(testCase.schema).options(testCase.schema);
    expect(
      options.map((option) =>
        option.kind === 'literal' ? { kind: option.kind, value: option.value } : { kind: option.kind },
      ),
    ).toEqual(testCase.options);
  });
});

const uncheckedCases = JSON.parse(
  readFileSync(new URL('./unchecked-keywords-cases.json', import.meta.url), 'utf8'),
) as Array<{ name: string; schema: JSONSchema; unchecked: unknown[] }>;

describe('uncheckedKeywords (test/schema/unchecked-keywords-cases.json)', () => {
  it.each(uncheckedCases.map((testCase) => [testCase.name, testCase] as const))('%s', (_name, testCase) => {
    expect(uncheckedKeywords(testCase.schema)).toEqual(testCase.unchecked);
  });
});

describe('SchemaRoot', () => {
  it('reports keywords it does not interpret, with their schema pointer', () => {
    const schema = JSON.parse(
      '{"type": "object", "properties": {"a": {"type": "string", "if": {"const": "x"}, "then": {}}, "b": {"not": {}}}, "x-vendor": 1}',
    ) as JSONSchema;
    const root = new SchemaRoot(schema);
    root.expandAll();
    expect(root.unsupportedKeywords).toEqual([
      { pointer: '/properties/a', keyword: 'if' },
      { pointer: '/properties/a', keyword: 'then' },
      { pointer: '/properties/b', keyword: 'not' },
    ]);
    expect(RECOGNIZED_KEYWORDS.has('$ref')).toBe(true);
  });

  it('lists keyword values it cannot apply as written and references it cannot follow, with the reason', () => {
    const schema = JSON.parse(
      '{"type": "object", "required": "a", "properties": {"a": {"type": [5]}, "b": {"$ref": "#/$defs/gone"}, "c": {"$ref": "https://example.com/s.json"}, "d": {"type": "string", "minLength": -5, "pattern": 42}}}',
    ) as JSONSchema;
    const root = new SchemaRoot(schema);
    root.expandAll();
    expect(root.unsupportedKeywords).toEqual([
      {
        pointer: '',
        keyword: 'required',
        reason: 'required is "a", not a list of property names; not applied',
      },
      { pointer: '/properties/a/type/0', keyword: 'type', reason: '5 is not a type name; left out' },
      {
        pointer: '/properties/b',
        keyword: '$ref',
        reason: '"#/$defs/gone" does not resolve to a schema of this document; any value allowed',
      },
      {
        pointer: '/properties/c',
        keyword: '$ref',
        reason: '"https://example.com/s.json" is remote and never fetched; any value allowed',
      },
      {
        pointer: '/properties/d',
        keyword: 'minLength',
        reason: 'minLength is -5, not a non-negative integer; compared as given',
      },
      { pointer: '/properties/d', keyword: 'pattern', reason: 'pattern is 42, not a string; not applied' },
    ]);
    // `type: [5]` names no type: any value, as for no `type` at all (it was: no value).
    expect(root.options({ type: [5] } as unknown as JSONSchema)).toEqual([
      { kind: 'any', schema: { type: [5] } },
    ]);
  });

  it('lists a pattern RE2 cannot run once expanded; uncheckedKeywords leaves out keywords no validator knows', () => {
    const schema = JSON.parse(
      '{"type": "object", "x-vendor": 1, "properties": {"s": {"type": "string", "pattern": "^(a)\\\\1$"}, "n": {"not": {}}, "t": {"type": "string", "pattern": "^a+$", "foo": 1}}}',
    ) as JSONSchema;
    const root = new SchemaRoot(schema);
    root.expandAll();
    expect(root.unsupportedKeywords).toEqual([
      { pointer: '/properties/s', keyword: 'pattern', reason: 'backreferences' },
      { pointer: '/properties/n', keyword: 'not' },
      { pointer: '/properties/t', keyword: 'foo' },
    ]);
    expect(uncheckedKeywords(root)).toEqual([
      { pointer: '/properties/s', keyword: 'pattern', reason: 'backreferences' },
      { pointer: '/properties/n', keyword: 'not' },
    ]);
    expect(
      uncheckedKeywords({ type: 'object', properties: { t: { type: 'string', pattern: '^a+$' } } }),
    ).toEqual([]);
  });

  it('uncheckedKeywords lists a schema nested deeper than it reads (a lookbehind 70 levels down)', () => {
    let schema: JSONSchema = { type: 'string', pattern: '(?<=a)b' };
    for (let depth = 0; depth < 70; depth++) schema = { type: 'object', properties: { n: schema } };
    expect(uncheckedKeywords(schema)).toEqual([
      {
        pointer: '/properties/n'.repeat(65),
        keyword: 'depth',
        reason: 'nested deeper than 64 levels of values; not read',
      },
    ]);
  });

  it('aligns a depth-20 value against a recursive tree schema lazily, each ref expanded once', () => {
    const schema = {
      $defs: {
        node: {
          type: 'object',
          properties: {
            v: { type: 'integer' },
            left: { $ref: '#/$defs/node' },
            right: { $ref: '#/$defs/node' },
          },
        },
      },
      $ref: '#/$defs/node',
    };
    let value: Record<string, unknown> = { v: '0' };
    for (let depth = 1; depth < 20; depth++) value = { v: String(depth), left: value };
    const root = new SchemaRoot(schema);
    let resolutions = 0;
    const resolve = root.resolveRef.bind(root);
    root.resolveRef = (ref: string) => {
      resolutions++;
      return resolve(ref);
    };
    const result = alignValue(value, root);
    expect(result.issues).toEqual([]);
    let node = result.value as Record<string, unknown>;
    for (let depth = 19; depth > 0; depth--) {
      expect(node.v).toBe(depth);
      node = node.left as Record<string, unknown>;
    }
    expect(node).toEqual({ v: 0 });
    expect(result.flags).toHaveLength(20);
    // the top-level ref and the one property ref schema object, each expanded once
    expect(resolutions).toBeLessThanOrEqual(2);
  });

  it('builds objects whose __proto__ and constructor keys are plain data', () => {
    const input = JSON.parse('{"__proto__": {"polluted": 1}, "constructor": "c"}') as unknown;
    const result = alignValue(input, { type: 'object', additionalProperties: { type: 'object' } });
    const value = result.value as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const text = alignText('{"__proto__": {"x": 1}}', { type: 'object' });
    expect(Object.hasOwn(text.value as object, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(text.value)).toBe(Object.prototype);
  });

  it('never throws on odd schemas or values (a root schema that is not an object or a boolean is misuse)', () => {
    for (const misuse of [null, 3, 'x', []] as unknown[]) {
      expect(() => alignValue(1, misuse as JSONSchema)).toThrow(
        expect.objectContaining({ code: 'invalid_argument' }),
      );
      expect(() => alignText('1', misuse as JSONSchema)).toThrow(
        expect.objectContaining({ code: 'invalid_argument' }),
      );
    }
    const schemas: unknown[] = [
      { type: 7 },
      { properties: { a: 3, b: null, c: 'x', d: [] } },
      { enum: 'no' },
      { properties: [] },
      { $ref: '#/%%' },
      { anyOf: [1, null] },
    ];
    const values: unknown[] = [
      undefined,
      null,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      '',
      '{',
      [[[]]],
      { a: { b: {} } },
    ];
    for (const schema of schemas) {
      for (const value of values) {
        expect(() => alignValue(value, schema as JSONSchema)).not.toThrow();
        expect(() => alignText(String(value), schema as JSONSchema)).not.toThrow();
      }
    }
    let deep: unknown = 1;
    for (let i = 0; i < 5000; i++) deep = [deep];
    const result = alignValue(deep, { items: { $ref: '#' } });
    expect(result.issues.some((entry) => entry.code === 'too_deep')).toBe(true);
  });

  it('stays fast on adversarial model text (bounded look-ahead and scanning)', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } } as const;
    const inputs = [
      `{"a": ${'word, '.repeat(40_000)}`,
      '{'.repeat(20_000),
      `{"a": "/*${', b'.repeat(40_000)}`,
      `text ${'[1, '.repeat(20_000)}`,
    ];
    const start = performance.now();
    for (const input of inputs) {
      expect(() => alignResponse(input, schema)).not.toThrow();
      expect(() => alignText(input, schema)).not.toThrow();
    }
    expect(performance.now() - start).toBeLessThan(5000);
  });
});
