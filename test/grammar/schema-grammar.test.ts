/**
 * `schemaGrammar` case by case (`schema-grammar-cases.json`): each case's grammar, in both dialects,
 * must accept every `accept` text and reject every `reject` text in the engine that reads that
 * dialect, and report exactly `warnings`. Texts are compact unless the case sets whitespace;
 * `acceptRepeat` / `rejectRepeat` entries are `[before, piece, count, after]` (long texts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ToolwireError } from '../../src/errors/toolwire-error.js';
import { MAX_GRAMMAR_DEPTH, type SchemaGrammarOptions, schemaGrammar } from '../../src/grammar/index.js';
import type { JSONSchema } from '../../src/types/json-schema.js';
import { llamaCppEngine, xgrammarEngine } from './engines.js';

interface GrammarCase {
  readonly name: string;
  readonly schema: JSONSchema;
  readonly options?: SchemaGrammarOptions;
  readonly accept?: readonly string[];
  readonly reject?: readonly string[];
  readonly acceptRepeat?: ReadonlyArray<readonly [string, string, number, string]>;
  readonly rejectRepeat?: ReadonlyArray<readonly [string, string, number, string]>;
  readonly warnings?: readonly unknown[];
}

const cases = JSON.parse(
  readFileSync(new URL('./schema-grammar-cases.json', import.meta.url), 'utf8'),
) as GrammarCase[];

const expand = (entries: GrammarCase['acceptRepeat']) =>
  (entries ?? []).map(([before, piece, count, after]) => before + piece.repeat(count) + after);

describe('schemaGrammar, judged by both engines', () => {
  it.each(cases.map((c) => [c.name, c] as const))(
    '%s',
    async (_name, testCase) => {
      const options: SchemaGrammarOptions = { whitespace: 'compact', ...testCase.options };
      const accept = [...(testCase.accept ?? []), ...expand(testCase.acceptRepeat)];
      const reject = [...(testCase.reject ?? []), ...expand(testCase.rejectRepeat)];
      for (const [dialect, engine] of [
        ['gbnf', await llamaCppEngine()],
        ['ebnf', xgrammarEngine()],
      ] as const) {
        const result = schemaGrammar(testCase.schema, { ...options, dialect });
        expect(result.warnings).toEqual(testCase.warnings ?? []);
        const compiled = await engine.compile(result.grammar);
        const verdicts = [];
        for (const text of [...accept, ...reject])
          verdicts.push([dialect, text.slice(0, 60), await compiled.accepts(text)]);
        expect(verdicts).toEqual(
          [...accept, ...reject].map((text, i) => [dialect, text.slice(0, 60), i < accept.length]),
        );
      }
    },
    60_000,
  );
});

describe('schemaGrammar output', () => {
  it('prints the same rules in both dialects for a small tool schema', () => {
    const schema: JSONSchema = {
      type: 'object',
      properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1, maximum: 7 } },
      required: ['city'],
      additionalProperties: false,
    };
    const expected = [
      'root ::= "{\\"city\\":" string (",\\"days\\":" schema-days)? "}"',
      'char ::= [^\\u0000-\\u001F\\"\\\\] | "\\\\" ([\\"/\\\\bfnrt] | "u" [0-9A-Fa-f]{4})',
      'string ::= "\\"" char* "\\""',
      'schema-days ::= [1-7]',
      '',
    ].join('\n');
    expect(schemaGrammar(schema, { whitespace: 'compact' })).toEqual({ grammar: expected, warnings: [] });
    expect(schemaGrammar(schema, { whitespace: 'compact', dialect: 'ebnf' })).toEqual({
      grammar: expected,
      warnings: [],
    });
  });

  it('is deterministic, linear for a huge enum, and bounded (and warned) for a $ref cycle', () => {
    const big = { enum: Array.from({ length: 5000 }, (_, i) => `v${i}`) };
    const first = schemaGrammar(big);
    expect(schemaGrammar(big)).toEqual(first);
    expect(first.grammar.split('\n').slice(0, 2)).toEqual([
      `root ::= (${big.enum.map((v) => `"\\"${v}\\""`).join(' | ')}) ws`,
      'ws ::= " "? | "\\n"{1,2} [\\t ]{0,20}',
    ]);
    const cycle = { $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } }, $ref: '#/$defs/a' };
    expect(schemaGrammar(cycle).warnings).toEqual([
      {
        type: 'unsupported',
        feature: '$ref',
        details: '/$defs/b: "#/$defs/a" cycles back to itself before any object or array; any value allowed',
      },
    ]);
  });

  it('reads schemas nested deeper than MAX_GRAMMAR_DEPTH as any value, with a warning', () => {
    let schema: JSONSchema = { type: 'string' };
    for (let i = 0; i < 70; i++) schema = { type: 'array', items: schema };
    const { warnings } = schemaGrammar(schema);
    expect(MAX_GRAMMAR_DEPTH).toBe(32);
    expect(warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'depth',
        details: `${'/items'.repeat(33)}: values nested deeper than 32; any value allowed`,
      },
    ]);
  });

  it('throws ToolwireError unsupported with strict: true', () => {
    let caught: unknown;
    try {
      schemaGrammar({ type: 'string', pattern: '(?=a)a' }, { strict: true });
    } catch (error) {
      caught = error;
    }
    expect(ToolwireError.isInstance(caught) && [caught.code, caught.message]).toEqual([
      'unsupported',
      'schema grammar cannot express: pattern (/: /(?=a)a/: lookaround assertions; not applied)',
    ]);
  });

  it('throws ToolwireError invalid_argument for a schema that is not one, or an unknown option value', () => {
    const attempts: Array<() => unknown> = [
      () => schemaGrammar([] as unknown as JSONSchema),
      () => schemaGrammar('str' as unknown as JSONSchema),
      () => schemaGrammar(null as unknown as JSONSchema),
      () => schemaGrammar({}, null as unknown as SchemaGrammarOptions),
      () => schemaGrammar({}, { dialect: 'lark' as 'gbnf' }),
      () => schemaGrammar({}, { whitespace: 'none' as 'compact' }),
      () => schemaGrammar({}, { propertyOrder: 'random' as 'any' }),
    ];
    const outcomes = attempts.map((attempt) => {
      try {
        attempt();
        return 'returned';
      } catch (error) {
        return ToolwireError.isInstance(error) ? [error.code, error.message] : String(error);
      }
    });
    expect(outcomes).toEqual([
      ['invalid_argument', 'schemaGrammar: a JSON Schema is an object or a boolean, got an array'],
      ['invalid_argument', 'schemaGrammar: a JSON Schema is an object or a boolean, got string'],
      ['invalid_argument', 'schemaGrammar: a JSON Schema is an object or a boolean, got null'],
      ['invalid_argument', 'schemaGrammar: options must be an object'],
      ['invalid_argument', 'schemaGrammar: dialect must be gbnf or ebnf, got "lark"'],
      ['invalid_argument', 'schemaGrammar: whitespace must be flexible or compact, got "none"'],
      ['invalid_argument', 'schemaGrammar: propertyOrder must be schema or any, got "random"'],
    ]);
  });
});

/** Whether each text matches the schema's compact grammar, in llama.cpp (GBNF) and xgrammar (EBNF); no warnings. */
async function verdictsOfBothEngines(schema: JSONSchema, texts: readonly string[]) {
  const out: Record<string, boolean[]> = {};
  for (const [dialect, engine] of [
    ['gbnf', await llamaCppEngine()],
    ['ebnf', xgrammarEngine()],
  ] as const) {
    const result = schemaGrammar(schema, { whitespace: 'compact', dialect });
    expect(result.warnings).toEqual([]);
    const compiled = await engine.compile(result.grammar);
    const verdicts: boolean[] = [];
    for (const text of texts) verdicts.push(await compiled.accepts(text));
    out[dialect] = verdicts;
  }
  return out;
}

// Found by attack: each of these threw RangeError (stack overflow) out of schemaGrammar.
describe('schemaGrammar on large and deep schemas', () => {
  it('reads 2,000 prefixItems: both engines accept exactly 2,000 integers', async () => {
    const schema: JSONSchema = {
      type: 'array',
      prefixItems: Array.from({ length: 2000 }, () => ({ type: 'integer' })),
      items: false,
    };
    const values = Array.from({ length: 2000 }, (_, i) => i);
    const texts = [values, values.slice(0, 1999), [], [...values, 2000]].map((value) =>
      JSON.stringify(value),
    );
    expect(await verdictsOfBothEngines(schema, texts)).toEqual({
      gbnf: [true, true, true, false],
      ebnf: [true, true, true, false],
    });
  }, 60_000);

  it('reads 20,000 prefixItems without a warning', () => {
    const schema: JSONSchema = {
      type: 'array',
      prefixItems: Array.from({ length: 20_000 }, () => ({ type: 'integer' })),
    };
    expect(schemaGrammar(schema).warnings).toEqual([]);
  });

  it('reads a const and an enum value nested 10,000 deep as any value, with a warning', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(
      schemaGrammar({ type: 'object', properties: { a: { const: deep }, b: { enum: [1, deep] } } }).warnings,
    ).toEqual([
      {
        type: 'unsupported',
        feature: 'const',
        details: '/properties/a: const value nested more than 256 levels deep; any value allowed',
      },
      {
        type: 'unsupported',
        feature: 'enum',
        details: '/properties/b: enum value nested more than 256 levels deep; any value allowed',
      },
    ]);
  });

  it('reads a 200,000-value enum and a 200,000-element const (RangeError: arguments spread)', () => {
    const values = Array.from({ length: 200_000 }, (_, index) => index);
    const compact = { whitespace: 'compact' } as const;
    expect(schemaGrammar({ enum: values }, compact).grammar.split('\n')[0]).toBe(
      `root ::= ${values.map((value) => `"${value}"`).join(' | ')}`,
    );
    expect(schemaGrammar({ const: values }, compact).grammar.split('\n')[0]).toBe(
      `root ::= "[${values.join(',')}]"`,
    );
  });

  it('reads a 1,000-character property name beside additional properties: both engines tell it apart', async () => {
    // The key trie nested one level per character (RangeError from 10,000 characters on, 1,000: 5 s).
    const name = 'k'.repeat(1000);
    const schema: JSONSchema = {
      type: 'object',
      properties: { [name]: { type: 'string' } },
      additionalProperties: { type: 'integer' },
    };
    const text = (key: string, value: unknown) => JSON.stringify({ [key]: value });
    const accept = [
      text(name, 's'),
      text(name.slice(1), 1),
      text(`${name}k`, 1),
      text(`${name.slice(1)}j`, 1),
    ];
    const reject = [text(name, 1), text(name.slice(1), 's'), text(`${name}k`, 's')];
    const expected = [true, true, true, true, false, false, false];
    expect(await verdictsOfBothEngines(schema, [...accept, ...reject])).toEqual({
      gbnf: expected,
      ebnf: expected,
    });
  }, 60_000);

  it('reads a 100,000-character property name', () => {
    const name = 'k'.repeat(100_000);
    const { grammar, warnings } = schemaGrammar({ type: 'object', properties: { [name]: {} } });
    expect(warnings).toEqual([]);
    expect(grammar).toContain(`"\\"${name}\\""`);
  });

  it('reads anyOf / oneOf / allOf chains 10,000 deep without overflowing', () => {
    for (const keyword of ['anyOf', 'oneOf', 'allOf']) {
      let schema: JSONSchema = { type: 'string' };
      for (let i = 0; i < 10_000; i++) schema = { [keyword]: [schema] };
      expect(schemaGrammar(schema, { whitespace: 'compact' }).grammar).toBe(
        schemaGrammar(true, { whitespace: 'compact' }).grammar,
      );
    }
  });
});
