import { inspect, isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Aligner } from '../../src/schema/aligner.js';
import { compileAligner } from '../../src/schema/compiled-aligner.js';
import { type AlignValueOptions, alignValue, decodeLenient, SchemaRoot } from '../../src/schema/index.js';
import type { JSONSchema } from '../../src/types/json-schema.js';
import { describeCorpus } from '../corpus.js';
import { mulberry32 } from '../server/replay-backend.js';
import { corpusDirectory, loadCorpus } from './coerce-corpus.js';

// `alignValue` with generated code (`compile: true`) against the interpreter (`compile: false`): the
// same value (key order and whether it is the input itself included), flags, issues and, after each
// call, the same `unsupportedKeywords`, on one pair of roots per schema aligning its values in turn.

const OPTION_SETS: readonly AlignValueOptions[] = [
  {},
  { strict: true },
  { applyDefaults: false },
  { strict: true, applyDefaults: false },
];

const SHOWN = { depth: null, breakLength: Number.POSITIVE_INFINITY } as const;

/** Aligns `values` in turn under every option set, both ways; returns how many results it compared. */
function compareBoth(schema: unknown, values: readonly unknown[]): number {
  const interpreted = new SchemaRoot(schema as JSONSchema);
  const compiled = new SchemaRoot(schema as JSONSchema);
  let compared = 0;
  for (const options of OPTION_SETS) {
    for (const value of values) {
      const expected = alignValue(value, interpreted, { ...options, compile: false });
      const actual = alignValue(value, compiled, { ...options, compile: true });
      // `inspect` shows key order, -0, prototypes and the values of own `constructor` keys (which
      // `toStrictEqual` compares by their `constructor`); `isDeepStrictEqual` what it abbreviates.
      const got = [
        inspect(actual, SHOWN),
        shared(actual.value, value, '').join(' '),
        inspect(compiled.unsupportedKeywords, SHOWN),
      ];
      const wanted = [
        inspect(expected, SHOWN),
        shared(expected.value, value, '').join(' '),
        inspect(interpreted.unsupportedKeywords, SHOWN),
      ];
      if (got.some((part, index) => part !== wanted[index]) || !isDeepStrictEqual(actual, expected)) {
        // labelled only when it fails: building the label for every value is most of the cost
        expect({ schema, value, options, got }).toEqual({ schema, value, options, got: wanted });
        expect(isDeepStrictEqual(actual, expected)).toBe(true);
      }
      compared++;
    }
  }
  return compared;
}

/** The paths where `result` holds an object or array of `input` itself rather than a copy. */
function shared(result: unknown, input: unknown, path: string): string[] {
  if (typeof result !== 'object' || result === null) return [];
  if (result === input) return [path || '/'];
  if (typeof input !== 'object' || input === null) return [];
  const source = input as Record<string, unknown>;
  return Object.keys(result).flatMap((key) =>
    Object.hasOwn(source, key)
      ? shared((result as Record<string, unknown>)[key], source[key], `${path}/${key}`)
      : [],
  );
}

function compiles(schema: unknown): boolean {
  const root = new SchemaRoot(schema as JSONSchema);
  return compileAligner(new Aligner(root), root.schema) !== undefined;
}

describeCorpus('coerce/', 'compiled aligner = interpreter on the coerce corpus', () => {
  const directory = corpusDirectory() as string;
  const cases = loadCorpus(directory).flatMap(({ cases }) => cases);

  it('gives the same results for the decoded input, the raw text and the expected value of every case', () => {
    let compared = 0;
    let compiled = 0;
    for (const testCase of cases) {
      const decoded = decodeLenient(testCase.input)?.value;
      compared += compareBoth(testCase.schema, [decoded, testCase.input, testCase.expected, decoded]);
      if (compiles(testCase.schema)) compiled++;
    }
    // 563 cases x 4 values x 4 option sets; most schemas compile (the others list a keyword).
    expect(compared).toBe(cases.length * 16);
    expect(compiled).toBeGreaterThan(cases.length * 0.8);
  }, 120_000);
});

describe('compiled aligner = interpreter', () => {
  it('fills defaults and keeps everything else the same (hand-picked values)', () => {
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 1 },
        unit: { enum: ['celsius', 'fahrenheit'], default: 'celsius' },
        tags: { type: 'array', items: { type: 'string' }, default: ['a'] },
        where: {
          type: 'object',
          properties: { city: { type: 'string' }, zip: { type: 'string', default: '00000' } },
          required: ['city'],
        },
        count: { type: 'integer', minimum: 0, default: 1 },
        mystery: { type: 'mystery' },
        __proto__: { type: 'string', default: 'p' },
      },
      required: ['name'],
    };
    // an unknown keyword is listed as values reach it: the interpreter keeps such a schema
    const listed = { ...schema, properties: { ...schema.properties, odd: { type: 'string', odd: 1 } } };
    expect(compiles(listed)).toBe(false);
    expect(compiles(schema)).toBe(true);
    const { mystery: _, ...properties } = schema.properties;
    const clean = { ...schema, properties };
    Object.defineProperty(clean.properties, '__proto__', {
      value: { type: 'string', default: 'p' },
      enumerable: true,
    });
    expect(compiles(clean)).toBe(true);
    const values = [
      { name: 'x' },
      { name: 'x', unit: 'celsius', tags: [], where: { city: 'Oslo' }, count: 2 },
      { count: 2, name: 'x' },
      { name: 'x', where: { city: 'Oslo', zip: '1' }, unit: 'Celsius' },
      { name: 'x', extra: 1 },
      { Name: 'x' },
      { name: 'x', count: null },
      { name: 'x', count: '3' },
      { name: '' },
      { name: null },
      {},
      JSON.parse('{"name":"x","__proto__":"q"}'),
      '{"name": "x"}',
      [{ name: 'x' }],
      null,
    ];
    expect(compareBoth(schema, values)).toBe(values.length * 4);
    expect(compareBoth(listed, values)).toBe(values.length * 4);
    expect(compareBoth(clean, values)).toBe(values.length * 4);
  });

  it('writes hostile property names and values as data, never as code', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a hostile name, meant to stay text
    const names = ['"); throw 1; ("', "\\'\n\u2028`${x}`", '</script>', 'a"b\\', '__proto__', 'constructor'];
    const properties: Record<string, unknown> = {};
    for (const [index, name] of names.entries()) {
      Object.defineProperty(properties, name, {
        value: { type: 'string', default: `${name}${index}`, enum: [name, `${name}!`, `${name}${index}`] },
        enumerable: true,
      });
    }
    const schema = { type: 'object', properties, required: [names[0]] };
    expect(compiles(schema)).toBe(true);
    const full = Object.fromEntries(names.map((name) => [name, name]));
    const values = [full, { [names[0] as string]: `${names[0]}!` }, JSON.parse(JSON.stringify(full)), {}];
    expect(compareBoth(schema, values)).toBe(values.length * 4);
    const aligned = alignValue({ [names[0] as string]: names[0] }, new SchemaRoot(schema), { compile: true });
    // every property but the first was left out: its default filled in, at its JSON Pointer
    expect(aligned.flags.map(({ path }) => path)).toEqual([
      `/${names[1]}`,
      '/<~1script>',
      `/${names[3]}`,
      '/__proto__',
      '/constructor',
    ]);
    expect(Object.keys(aligned.value as object)).toEqual(names);
    expect(Object.getPrototypeOf(aligned.value)).toBe(Object.prototype);
  });

  it('falls back to the interpreter where `new Function` throws (a Content-Security-Policy)', () => {
    const schema = { type: 'object', properties: { a: { type: 'integer', default: 1 } } };
    const original = globalThis.Function;
    globalThis.Function = function refused() {
      throw new EvalError('Code generation from strings disallowed for this context');
    } as unknown as FunctionConstructor;
    try {
      expect(compiles(schema)).toBe(false);
      expect(alignValue({}, new SchemaRoot(schema), { compile: true })).toStrictEqual({
        value: { a: 1 },
        flags: [{ path: '/a', kind: 'default_filled' }],
        issues: [],
      });
    } finally {
      globalThis.Function = original;
    }
    expect(compiles(schema)).toBe(true);
  });

  it('gives the same results before and after a reused root is compiled (default options)', () => {
    // compiled once interpreting it has cost about a millisecond: long before the last of these calls
    const schema = {
      type: 'object',
      properties: { a: { type: 'integer', default: 1 }, b: { type: 'string' } },
    };
    const root = new SchemaRoot(schema);
    const results = Array.from({ length: 20_000 }, (_, index) =>
      alignValue(index % 2 ? {} : { b: 'x' }, root),
    );
    expect(results.slice(-2)).toStrictEqual(results.slice(0, 2));
    expect(results.slice(0, 2)).toStrictEqual([
      { value: { b: 'x', a: 1 }, flags: [{ path: '/a', kind: 'default_filled' }], issues: [] },
      { value: { a: 1 }, flags: [{ path: '/a', kind: 'default_filled' }], issues: [] },
    ]);
    // each call returns its own copy of the default
    expect(results[19_997]?.value).not.toBe(results[19_999]?.value);
    const exact = { a: 2, b: 'y' };
    expect(alignValue(exact, root).value).toBe(exact);
  });

  it('agrees on random schemas and values (property)', () => {
    fc.assert(
      fc.property(
        schemaArbitrary,
        fc.array(fc.integer(), { minLength: 1, maxLength: 6 }),
        (schema, seeds) => {
          const values = seeds.map((seed) => valueFor(schema, mulberry32(seed), 0));
          compareBoth(schema, values);
        },
      ),
      { numRuns: 400 },
    );
  }, 120_000);
});

type Schema = Record<string, unknown>;

const KEYS = ['a', 'b', 'c', 'Big Name', 'big_name', '__proto__', 'constructor', 'a/b'];

const leafSchema: fc.Arbitrary<Schema> = fc.constantFrom<Schema>(
  { type: 'string' },
  { type: 'string', minLength: 2, maxLength: 4 },
  { type: 'string', pattern: '^[a-c]+$' },
  { type: 'string', pattern: '(?=a)a' },
  { type: 'integer', minimum: 0, maximum: 10 },
  { type: 'number', exclusiveMinimum: 0, multipleOf: 0.5 },
  { type: 'boolean' },
  { type: 'null' },
  { enum: ['red', 'green', 'Blue'] },
  { enum: [{ a: 1 }, [1, 2], null, 3] },
  { const: 3 },
  { const: 'x' },
  { anyOf: [{ type: 'string' }, { type: 'null' }] },
  { type: ['integer', 'string'] },
  { type: 'string', nullable: true },
  {},
  { type: 'mystery' },
  { enum: Array.from({ length: 12 }, (_, index) => `v${index}`) },
);

const defaultValue = fc.constantFrom<unknown>('d', 0, 3, null, [], ['x'], { a: 1 }, true);

const schemaArbitrary: fc.Arbitrary<Schema> = fc.letrec<{ node: Schema; object: Schema; array: Schema }>(
  (tie) => ({
    node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leafSchema, tie('object'), tie('array')),
    object: fc
      .record({
        entries: fc.uniqueArray(
          fc.tuple(fc.constantFrom(...KEYS), tie('node'), fc.option(defaultValue, { freq: 2 })),
          { selector: ([key]) => key, maxLength: 5 },
        ),
        required: fc.subarray(KEYS),
        additional: fc.constantFrom<unknown>(undefined, false, { type: 'integer' }),
        bounds: fc.constantFrom<Schema>({}, {}, { minProperties: 2 }, { maxProperties: 2 }),
      })
      .map(({ entries, required, additional, bounds }) => {
        const properties: Schema = {};
        for (const [key, schema, fallback] of entries) {
          Object.defineProperty(properties, key, {
            value: fallback === null ? schema : { ...schema, default: fallback },
            enumerable: true,
            writable: true,
            configurable: true,
          });
        }
        const schema: Schema = { type: 'object', properties, required, ...bounds };
        if (additional !== undefined) schema.additionalProperties = additional;
        return schema;
      }),
    array: fc
      .record({ items: tie('node'), unique: fc.boolean(), min: fc.constantFrom(undefined, 1) })
      .map(({ items, unique, min }) => ({
        type: 'array',
        items,
        ...(unique ? { uniqueItems: true } : {}),
        ...(min === undefined ? {} : { minItems: min }),
      })),
  }),
).object; // tool parameters are objects

const pick = <T>(next: () => number, items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;

const ODD_VALUES: readonly unknown[] = [null, '3', 2.5, 'true', 'RED', '["a"]', '{"a": 1}', [], {}, 'x', -0];

/** A value that mostly fits `schema`, with keys left out, reordered, renamed loosely, nulls and odd values. */
function valueFor(schema: unknown, next: () => number, depth: number): unknown {
  if (next() < 0.06 || depth > 5) return pick(next, ODD_VALUES);
  if (typeof schema !== 'object' || schema === null) return pick(next, ODD_VALUES);
  const node = schema as Schema;
  if (node.type === 'object') {
    const properties = node.properties as Schema;
    const entries: Array<[string, unknown]> = [];
    // now and then every value names nothing (null or []): a poor match, aligned as a copy
    const empty = next() < 0.1;
    for (const key of Object.keys(properties)) {
      if (next() < 0.25) continue;
      const name = next() < 0.05 ? key.toUpperCase() : key;
      const item = empty ? pick(next, [null, []]) : valueFor(properties[key], next, depth + 1);
      entries.push([name, next() < 0.05 ? null : item]);
    }
    if (next() < 0.15) entries.push([pick(next, ['zz', 'A', 'BIG_NAME', 'c']), 1]);
    if (next() < 0.3) entries.reverse();
    const out: Record<string, unknown> = {};
    for (const [key, value] of entries) {
      Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  if (node.type === 'array') {
    return Array.from({ length: Math.floor(next() * 4) }, () => valueFor(node.items, next, depth + 1));
  }
  if (Array.isArray(node.enum)) return next() < 0.8 ? pick(next, node.enum) : 'red.';
  if ('const' in node) return next() < 0.8 ? node.const : 4;
  if (Array.isArray(node.anyOf)) return pick(next, ['text', null, 5]);
  switch (node.type) {
    case 'string':
      return pick(next, ['abc', 'a', '', 'cab', 'hello world', '12', 'ab']);
    case 'integer':
      return pick(next, [0, 3, 10, 11, -1, 2.5, '4']);
    case 'number':
      return pick(next, [0.5, 1, 0, -1, 0.3, 1e308]);
    case 'boolean':
      return pick(next, [true, false, 'false']);
    case 'null':
      return null;
    default:
      return pick(next, ['x', 1, null, { a: 1 }, [1]]);
  }
}
