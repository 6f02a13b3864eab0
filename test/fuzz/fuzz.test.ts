/**
 * The short fuzz run of `npm test` (issue 15 item 3): 150 mutated seeds of every format
 * (fast-check, fixed seed), each parsed whole and in two chunkings, must keep every property of
 * `fuzz-core.ts`. The long run is `npm run fuzz` (`run.ts`); what it found is in the format tables.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inputArbitrary, loadSeeds, mutate, violations } from './fuzz-core.js';

const seeds = loadSeeds();

describe('fuzz (short run)', () => {
  it('has seeds for every format', () => {
    expect(new Set(seeds.map((seed) => seed.format)).size).toBeGreaterThanOrEqual(45);
  });

  it('mutations place the point at the first change', () => {
    expect(mutate('abc', [], [{ kind: 'insert', at: 0.5, text: 'X' }])).toEqual({ text: 'abXc', point: 2 });
    expect(mutate('a\nb', [], [{ kind: 'crlf' }])).toEqual({ text: 'a\r\nb', point: 1 });
    expect(mutate('<a>x<a>', ['<a>'], [{ kind: 'cut-marker', occurrence: 1, keep: 1, marker: 0 }])).toEqual({
      text: '<a>x<',
      point: 5,
    });
  });

  it('keeps every property over 150 mutated inputs (seed 15)', () => {
    fc.assert(
      fc.property(inputArbitrary(seeds), (input) => {
        expect(violations(input)).toEqual([]);
      }),
      { seed: 15, numRuns: 150 },
    );
  }, 120_000);
});
