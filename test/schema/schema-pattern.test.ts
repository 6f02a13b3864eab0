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
