import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EnumChoice } from '../../src/schema/coerce-text.js';
import { EnumIndex } from '../../src/schema/enum-index.js';
import { matchEnumText } from './enum-scan.js';

const choice = (result: string, ...aliases: string[]): EnumChoice<string> => ({
  result,
  names: [result, ...aliases],
});

const choices = [
  choice('red'),
  choice('Red'),
  choice('dark blue', 'navy'),
  choice('aa'),
  choice('A-B'),
  choice('Über'),
  choice('green', 'green'),
  choice('yes', 'green: the colour'),
];

// Each text against `choices`: the expected outcome is the plain scan's (`matchEnumText`), spelled out.
const cases: Array<[string, ReturnType<typeof matchEnumText<string>>]> = [
  ['red', { kind: 'exact', result: 'red' }],
  ['navy', { kind: 'case', result: 'dark blue' }],
  ['RED', { kind: 'ambiguous', candidates: ['red', 'Red'] }],
  ['"Dark Blue."', { kind: 'case', result: 'dark blue' }],
  ['ab', { kind: 'punctuation', result: 'A-B' }],
  ['uber', { kind: 'case', result: 'Über' }],
  ['I pick aaa and aa', { kind: 'prose', result: 'aa' }],
  ['aaa', undefined],
  ['green then green, not red', { kind: 'prose', result: 'green' }],
  ['navy or red', { kind: 'ambiguous', candidates: ['red', 'dark blue'] }],
  ['nothing here', undefined],
];

describe('EnumIndex', () => {
  it.each(cases)('matches %j as the plain scan does', (text, expected) => {
    expect(matchEnumText(text, choices)).toEqual(expected);
    expect(new EnumIndex(choices).match(text)).toEqual(expected);
  });

  it('agrees with the plain scan on random enums and texts (seeded)', () => {
    const word = fc.stringMatching(/^[aAbB\- _.é]{0,4}$/);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(word, fc.array(word, { maxLength: 2 })), { minLength: 1, maxLength: 6 }),
        fc.array(word, { maxLength: 5 }),
        (entries, words) => {
          const list = entries.map(([result, aliases]) => ({ result, names: [result, ...aliases] }));
          const text = words.join(' ');
          expect(new EnumIndex(list).match(text)).toEqual(matchEnumText(text, list));
        },
      ),
      { seed: 15, numRuns: 2000 },
    );
  });
});
