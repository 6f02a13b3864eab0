/** Unwrapping one-item arrays for a scalar target counts as nesting: it stops at MAX_VALUE_DEPTH. */
import { describe, expect, it } from 'vitest';
import { MAX_VALUE_DEPTH } from '../../src/schema/align-context.js';
import { alignValue } from '../../src/schema/align-value.js';

const wrapped = (levels: number): unknown => {
  let value: unknown = '5';
  for (let level = 0; level < levels; level++) value = [value];
  return value;
};

describe('unwrapping one-item arrays', () => {
  it.each([['integer'], ['boolean']])('for %s stops with too_deep past the depth limit', (type) => {
    const result = alignValue(wrapped(300), { type });
    expect(result.issues.map((issue) => issue.code)).toEqual(['too_deep']);
    expect(result.flags).toHaveLength(MAX_VALUE_DEPTH);
  });

  it('within the limit still unwraps to the value', () => {
    const result = alignValue(wrapped(5), { type: 'integer' });
    expect(result.value).toBe(5);
    expect(result.issues).toEqual([]);
  });
});
