import { describe, expect, it } from 'vitest';
import { isBacktrackFree } from '../../src/schema/backtrack-free-pattern.js';
import { compileSchemaPattern } from '../../src/schema/schema-pattern.js';
import cases from './backtrack-free-cases.json' with { type: 'json' };
import patternCases from './pattern-cases.json' with { type: 'json' };

describe('isBacktrackFree', () => {
  it.each(cases)('$pattern: $why', ({ pattern, free }) => {
    expect([pattern, isBacktrackFree(pattern)]).toEqual([pattern, free]);
  });

  it('sends the anchored, unambiguous patterns of the pattern table to the native engine', () => {
    const free = patternCases.filter(({ pattern }) => isBacktrackFree(pattern)).map(({ pattern }) => pattern);
    expect(free).toEqual([
      '^\\d{3}-\\d{4}$',
      '^a.b$',
      '^\\s+$',
      '^[\\S]+$',
      '^[\\b]$',
      '^\\u0041\\u{1F600}\\uD83D\\uDE00\\x42$',
      '^(?<year>\\d{4})-(?:0[1-9]|1[0-2])$',
      '^\\p{Script=Greek}+$',
      '^[^]\\/$',
      '^[[:a]+$',
      '^a{1001}$',
      '^(a$',
    ]);
  });

  it('judges groups nested 1,000 deep and answers false deeper (the proof recurses once a group)', () => {
    const nested = (depth: number) => `^${'(?:a'.repeat(depth)}${')'.repeat(depth)}$`;
    expect([isBacktrackFree(nested(1000)), isBacktrackFree(nested(1001))]).toEqual([true, false]);
  });

  it('leaves what RE2 rejects unsupported even when backtracking would be free', () => {
    expect(isBacktrackFree('^a{1001}$')).toBe(true);
    expect(compileSchemaPattern('^a{1001}$').ok).toBe(false);
  });
});
