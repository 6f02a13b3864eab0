import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alignValue, loadPatternEngine, SchemaRoot } from '../../src/schema/index.js';

// The RE2 engine is loaded on the first schema `pattern`: on Node.js by `require` (every other test that
// checks a pattern takes that path), elsewhere only by `loadPatternEngine()`. "Elsewhere" here is this
// file's runtime without `process.getBuiltinModule`, as in a browser or a worker.
const runtime = process as { getBuiltinModule?: unknown };
const getBuiltinModule = runtime.getBuiltinModule;
beforeAll(() => {
  runtime.getBuiltinModule = undefined;
});
afterAll(() => {
  runtime.getBuiltinModule = getBuiltinModule;
});

const notLoaded = 'the RE2 engine is not loaded: call `await loadPatternEngine()` first';
const mismatch = {
  path: '',
  code: 'invalid_string',
  expected: 'a string matching /^(a+)+$/',
  received: '"aab"',
  message: 'expected a string matching /^(a+)+$/, received "aab"',
};

describe('the RE2 engine where require is not available', () => {
  it('runs no pattern before loadPatternEngine(): the string is flagged pattern_unchecked, with the reason', () => {
    const root = new SchemaRoot({
      type: 'object',
      properties: { s: { type: 'string', pattern: '^(a+)+$' } },
    });
    expect(alignValue({ s: 'aab' }, root)).toEqual({
      value: { s: 'aab' },
      flags: [{ path: '/s', kind: 'pattern_unchecked' }],
      issues: [],
    });
    expect(root.unsupportedKeywords).toEqual([
      { pointer: '/properties/s', keyword: 'pattern', reason: notLoaded },
    ]);
  });

  it('still rejects a pattern that is not valid ECMAScript for that reason, not for the engine', () => {
    const root = new SchemaRoot({ type: 'string', pattern: '(' });
    alignValue('x', root);
    expect(root.unsupportedKeywords).toEqual([
      { pointer: '', keyword: 'pattern', reason: 'not a valid ECMAScript regular expression (u flag)' },
    ]);
  });

  it('checks patterns once loadPatternEngine() has loaded it; a second call does nothing', async () => {
    await loadPatternEngine();
    await loadPatternEngine();
    expect(alignValue('aab', { type: 'string', pattern: '^(a+)+$' })).toEqual({
      value: 'aab',
      flags: [],
      issues: [mismatch],
    });
    expect(alignValue('aa', { type: 'string', pattern: '^(a+)+$' })).toEqual({
      value: 'aa',
      flags: [],
      issues: [],
    });
  });
});
