import { describe, expect, it } from 'vitest';
import { UniqueIds } from '../../src/internal/unique-ids.js';

describe('UniqueIds', () => {
  it('gives each id once, suffixing repeats and skipping suffixes already taken', () => {
    const ids = new UniqueIds();
    expect(['a', 'a', 'a_3', 'a', 'a', 'call_1', 'call_1'].map((id) => ids.claim(id))).toEqual([
      'a',
      'a_2',
      'a_3',
      'a_4',
      'a_5',
      'call_1',
      'call_1_2',
    ]);
    ids.clear();
    expect(ids.claim('a')).toBe('a');
  });
});
