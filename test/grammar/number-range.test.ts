/**
 * Integer and number bounds are exact: for random bounds (seeded), llama.cpp's engine accepts a
 * number's text exactly when the value lies within them, checked on values around each bound.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { schemaGrammar } from '../../src/grammar/index.js';
import { llamaCppEngine } from './engines.js';

const around = (bound: number, steps: readonly number[]) => steps.map((step) => bound + step);

describe('exact bounds, judged by llama.cpp', () => {
  it('integer minimum / maximum / exclusive bounds', async () => {
    const engine = await llamaCppEngine();
    const bounds = fc.record({
      low: fc.option(fc.integer({ min: -100_000, max: 100_000 }), { nil: undefined }),
      span: fc.integer({ min: 0, max: 50_000 }),
      exclusiveLow: fc.boolean(),
      exclusiveHigh: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(bounds, async ({ low, span, exclusiveLow, exclusiveHigh }) => {
        const high = (low ?? -span) + span;
        const schema = {
          type: 'integer',
          ...(low === undefined ? {} : exclusiveLow ? { exclusiveMinimum: low } : { minimum: low }),
          ...(exclusiveHigh ? { exclusiveMaximum: high } : { maximum: high }),
        };
        const compiled = await engine.compile(schemaGrammar(schema, { whitespace: 'compact' }).grammar);
        const values = [
          ...around(low ?? -7, [-11, -1, 0, 1, 9, 10]),
          ...around(high, [-10, -1, 0, 1, 11]),
          0,
        ];
        for (const value of values) {
          const fits =
            (low === undefined || (exclusiveLow ? value > low : value >= low)) &&
            (exclusiveHigh ? value < high : value <= high);
          expect([schema, value, await compiled.accepts(String(value))]).toEqual([schema, value, fits]);
        }
      }),
      { seed: 12, numRuns: 12 },
    );
  }, 60_000);

  it('number bounds with decimals', async () => {
    const engine = await llamaCppEngine();
    const decimal = fc.integer({ min: -20_000, max: 20_000 }).map((n) => n / 100);
    await fc.assert(
      fc.asyncProperty(decimal, decimal, fc.boolean(), async (a, b, exclusive) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const schema = {
          type: 'number',
          minimum: low,
          ...(exclusive ? { exclusiveMaximum: high } : { maximum: high }),
        };
        const compiled = await engine.compile(schemaGrammar(schema, { whitespace: 'compact' }).grammar);
        const values = [
          ...around(low, [-0.01, -0.001, 0, 0.001, 0.5]),
          ...around(high, [-0.5, -0.001, 0, 0.001, 1]),
        ];
        for (const raw of values) {
          const value = Math.round(raw * 1000) / 1000;
          const fits = value >= low && (exclusive ? value < high : value <= high);
          expect([schema, value, await compiled.accepts(String(value))]).toEqual([schema, value, fits]);
        }
      }),
      { seed: 7, numRuns: 12 },
    );
  }, 60_000);
});
