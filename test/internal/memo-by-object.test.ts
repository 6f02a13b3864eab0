import { describe, expect, it } from 'vitest';
import { memoByObject } from '../../src/internal/memo-by-object.js';

describe('memoByObject', () => {
  it('makes once per object, by identity, also when the value made is undefined', () => {
    const made: object[] = [];
    const lengthOf = memoByObject((key: { items: number[] }) => {
      made.push(key);
      return key.items.length === 0 ? undefined : key.items.length;
    });
    const a = { items: [1, 2] };
    const b = { items: [1, 2] };
    const empty = { items: [] };
    expect([lengthOf(a), lengthOf(a), lengthOf(b), lengthOf(empty), lengthOf(empty)]).toEqual([
      2,
      2,
      2,
      undefined,
      undefined,
    ]);
    expect(made).toEqual([a, b, empty]);
    expect(made[0]).toBe(a);
    a.items.push(3); // read on first use only
    expect(lengthOf(a)).toBe(2);
  });
});
