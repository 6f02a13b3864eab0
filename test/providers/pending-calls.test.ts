import { describe, expect, it } from 'vitest';
import { PendingCalls } from '../../src/providers/shared/pending-calls.js';

describe('PendingCalls', () => {
  it('pairs by name in order, a nameless result with the first unanswered call, each call once', () => {
    const pending = new PendingCalls();
    pending.reset([
      { id: 'c0', name: 'a' },
      { id: 'c1', name: 'b' },
      { id: 'c2', name: 'a' },
    ]);
    expect([
      pending.take('a'),
      pending.take(''),
      pending.take('a'),
      pending.take('a'),
      pending.take(''),
    ]).toEqual([
      { id: 'c0', name: 'a' },
      { id: 'c1', name: 'b' },
      { id: 'c2', name: 'a' },
      undefined,
      undefined,
    ]);
    expect(pending.take('b')).toBeUndefined();
  });

  it('forgets the previous turn on reset', () => {
    const pending = new PendingCalls();
    pending.reset([{ id: 'c0', name: 'a' }]);
    pending.reset();
    expect(pending.take('a')).toBeUndefined();
  });
});
