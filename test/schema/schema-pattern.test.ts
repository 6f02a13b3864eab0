import { describe, expect, it } from 'vitest';
import { alignText, alignValue, SchemaRoot } from '../../src/index.js';
import { compileSchemaPattern } from '../../src/schema/schema-pattern.js';
import cases from './pattern-cases.json' with { type: 'json' };

interface PatternCase {
  description: string;
  pattern: string;
  matches?: string[];
  rejects?: string[];
  unsupported?: string;
}

describe('compileSchemaPattern', () => {
  it.each(cases as PatternCase[])('$description', (testCase) => {
    const compiled = compileSchemaPattern(testCase.pattern);
    if (testCase.unsupported !== undefined) {
      expect(compiled).toEqual({ ok: false, reason: testCase.unsupported });
      return;
    }
    if (!compiled.ok) throw new Error(compiled.reason);
    // The same answers as the ECMAScript engine (fine here: these inputs are short).
    const native = new RegExp(testCase.pattern, 'u');
    for (const value of testCase.matches ?? []) {
      expect([value, compiled.test(value)]).toEqual([value, true]);
      expect(native.test(value)).toBe(true);
    }
    for (const value of testCase.rejects ?? []) {
      expect([value, compiled.test(value)]).toEqual([value, false]);
      if (!testCase.description.startsWith('catastrophic')) expect(native.test(value)).toBe(false);
    }
  });

  // Both found by a review of the native-engine path (backtrack-free-pattern.ts).
  it('answers where the native engine throws: a backtrack-free loop over 7 MB', () => {
    const compiled = compileSchemaPattern('^(a|b)*c');
    if (!compiled.ok) throw new Error(compiled.reason);
    const long = `${'ab'.repeat(3_500_000)}!`;
    expect(() => /^(a|b)*c/u.test(long)).toThrow(RangeError);
    expect(compiled.test(long)).toBe(false);
    expect(compiled.test(`${'ab'.repeat(3_500_000)}c`)).toBe(true);
  });

  it('runs a pattern nested 4,000 groups deep, deeper than the backtrack-free proof reads, on RE2', () => {
    const compiled = compileSchemaPattern(`^${'(?:a'.repeat(4000)}${')'.repeat(4000)}$`);
    expect(
      compiled.ok ? [compiled.test('a'.repeat(4000)), compiled.test('a'.repeat(3999))] : compiled,
    ).toEqual([true, false]);
  });
});

describe('pattern in alignment', () => {
  it('rejects a non-matching model string against ^(a+)+$ without backtracking', () => {
    const schema = { type: 'string', pattern: '^(a+)+$' };
    expect(alignText(`${'a'.repeat(31)}!`, schema)).toEqual({
      value: `${'a'.repeat(31)}!`,
      flags: [],
      issues: [
        {
          path: '',
          code: 'invalid_string',
          expected: 'a string matching /^(a+)+$/',
          received: `"${'a'.repeat(31)}!"`,
          message: `expected a string matching /^(a+)+$/, received "${'a'.repeat(31)}!"`,
        },
      ],
    });
  });

  it('flags a string it cannot check and lists the pattern as unsupported', () => {
    const schema = {
      type: 'object',
      properties: { code: { type: 'string', pattern: '^(?=.*\\d).+$' } },
    };
    const root = new SchemaRoot(schema);
    expect(alignValue({ code: 'abc' }, root)).toEqual({
      value: { code: 'abc' },
      flags: [{ path: '/code', kind: 'pattern_unchecked' }],
      issues: [],
    });
    expect(root.unsupportedKeywords).toEqual([
      { pointer: '/properties/code', keyword: 'pattern', reason: 'lookaround assertions' },
    ]);
    expect(alignValue({ code: 'abc' }, root, { strict: true }).issues.map((entry) => entry.code)).toEqual([
      'pattern_unchecked',
    ]);
  });
});
