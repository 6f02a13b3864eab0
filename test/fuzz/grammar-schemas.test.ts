/**
 * The short run of the grammar property (`properties/grammar-schemas.ts`): `schemaGrammar` on random and
 * hostile JSON Schemas returns without throwing, within the hang bound, a grammar llama.cpp loads and of
 * size linear in the schema's, and warns whenever it reads a part as any value. The long run is
 * `npm run fuzz -- --suite grammar` (docs/reliability.md).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { grammarSchema, grammarViolations, isRead, unsupportedParts } from './properties/grammar-schemas.js';

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

  it('finds the unsupported parts, and which of them the grammar reads', () => {
    const items = { type: [] };
    const array = (extra: object) => ({ type: 'array', items, $defs: defs, ...extra });
    expect(unsupportedParts(array({}))).toEqual([{ node: items, part: '{"type":[]}' }]);
    expect(isRead(array({}), items)).toBe(true);
    // No item is read by an array of at most 0 items, or of none (minItems above maxItems).
    expect(isRead(array({ maxItems: 0 }), items)).toBe(false);
    expect(isRead(array({ minItems: 3, maxItems: 1 }), items)).toBe(false);
    // Nor a property written after a required property that is `false` (no value gets past it).
    const remote = { $ref: 'https://x.test/s.json' };
    const object = { type: 'object', properties: { b: false, a: remote }, required: ['b'], $defs: defs };
    expect(unsupportedParts(object)).toEqual([{ node: remote, part: '$ref https://x.test/s.json' }]);
    expect(isRead(object, remote)).toBe(false);
    expect(isRead({ ...object, required: [] }, remote)).toBe(true);
    const target = { anyOf: [1] };
    expect(unsupportedParts({ $ref: '#/$defs/d', $defs: { ...defs, d: target } })).toEqual([
      { node: target, part: '{"anyOf":[1]}' },
    ]);
    expect(unsupportedParts({ type: 'integer', maxLength: 100_000, $defs: defs })).toEqual([]);
  });
});
