/**
 * The short run of the grammar property (`properties/grammar-schemas.ts`): `schemaGrammar` on random and
 * hostile JSON Schemas returns without throwing, within the hang bound, a grammar llama.cpp loads and of
 * size linear in the schema's, and warns whenever it reads a part as any value. The long run is
 * `npm run fuzz -- --suite grammar` (docs/reliability.md).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { grammarSchema, grammarViolations, unsupportedPart } from './properties/grammar-schemas.js';

const defs = { d: true, loop: { $ref: '#/$defs/loop2' }, loop2: { $ref: '#/$defs/loop' } };

describe('schemaGrammar on random and hostile schemas (property)', () => {
  it('holds for 400 generated schemas (seed 26)', async () => {
    await fc.assert(
      fc.asyncProperty(grammarSchema, async (schema) => {
        expect(await grammarViolations(schema)).toEqual([]);
      }),
      { seed: 26, numRuns: 400 },
    );
  }, 120_000);

  it('finds the unsupported parts the grammar reads, and only those', () => {
    const array = (extra: object) => ({ type: 'array', items: { type: [] }, $defs: defs, ...extra });
    expect(unsupportedPart(array({}))).toBe('{"type":[]}');
    // No item is read by an array of at most 0 items, or of none (minItems above maxItems).
    expect(unsupportedPart(array({ maxItems: 0 }))).toBeUndefined();
    expect(unsupportedPart(array({ minItems: 3, maxItems: 1 }))).toBeUndefined();
    expect(
      unsupportedPart({ type: 'object', properties: { a: { $ref: 'https://x.test/s.json' } }, $defs: defs }),
    ).toBe('$ref https://x.test/s.json');
    expect(unsupportedPart({ $ref: '#/$defs/d', $defs: { ...defs, d: { anyOf: [1] } } })).toBe(
      '{"anyOf":[1]}',
    );
    expect(unsupportedPart({ type: 'integer', maxLength: 100_000, $defs: defs })).toBeUndefined();
    expect(unsupportedPart({ type: 'string', maxLength: 100_000, $defs: defs })).toBe('{"maxLength":100000}');
  });
});
