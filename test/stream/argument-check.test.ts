import { describe, expect, it } from 'vitest';
import { ArgumentJsonState } from '../../src/stream/argument-check.js';

const completion = (...pieces: string[]): string | undefined => {
  const state = new ArgumentJsonState();
  for (const piece of pieces) state.feed(piece);
  return state.completion();
};

describe('ArgumentJsonState', () => {
  it.each([
    ['a complete object', ['{"a": [1, {"b": "}"}]}'], ''],
    ['nothing streamed', [], ''],
    ['a missing closing brace', ['{"city": "Paris" '], '}'],
    ['brackets split across deltas', ['{"a": [1, ', '{"b": true'], '}]}'],
    ['an open string value', ['{"a": "x\\"y'], '"}'],
    ['a number at the end', ['{"a": 12'], '}'],
    ['null at the end', ['[null'], ']'],
    ['an empty object opened', ['{'], '}'],
  ])('completes %s', (_, pieces, expected) => {
    expect(completion(...pieces)).toBe(expected);
  });

  it.each([
    ['a dangling comma', ['{"a": 1,']],
    ['a dangling colon', ['{"a":']],
    ['an open key', ['{"ke']],
    ['a key without its colon', ['{"key"']],
    ['an escape at the end', ['{"a": "x\\']],
    ['a cut-off number', ['{"a": 1.']],
    ['text after the value', ['{"a": 1} x']],
    ['a value that is not a container', ['"x"']],
  ])('gives up on %s', (_, pieces) => {
    expect(completion(...pieces)).toBeUndefined();
  });

  it('whatever it completes parses', () => {
    const text = '{"a": [1, {"b": "c\\u00e9"';
    const suffix = completion(text);
    expect(JSON.parse(text + suffix)).toEqual({ a: [1, { b: 'cé' }] });
  });
});
