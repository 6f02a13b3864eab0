import { describe, expect, it } from 'vitest';
import { JsonScanner, scanJsonValueEnd } from '../../src/json/index.js';

// [description, text, end of the value (or -1 if incomplete)]
const completeCases: Array<[string, string, number]> = [
  ['an object', '{"a": 1}', 8],
  ['an array with text after it', '[1, [2, 3]] tail', 11],
  ['leading whitespace', ' \n\t {"a": []}x', 13],
  ['brackets inside strings', '{"a": "}]{["}', 13],
  ['an escaped quote inside a string', '{"a": "\\"}"}', 12],
  ['an escaped backslash before the end quote', '{"a": "\\\\"}', 11],
  ['a top-level string with an escaped quote', '"a\\"}" rest', 6],
  ['a top-level string ending in an escaped backslash', '"a\\\\" rest', 5],
  ['a bare number ended by a comma', '123,', 3],
  ['a bare literal ended by a space', 'true ', 4],
  ['stray closers before the value', '}] {"a": 1}', 11],
  ['a mismatched closer still closes', '{"a": [1}}', 10],
  ['markers inside a string', '{"a": "</tool_call>"}</tool_call>', 21],
];

const incompleteCases: Array<[string, string]> = [
  ['an open object', '{"a": 1'],
  ['an open string in an object', '{"a": "}'],
  ['a trailing backslash in a string', '{"a": "\\'],
  ['a bare number at the end', '123'],
  ['only whitespace', '  \n'],
];

/** Pushes chunks; returns the end as an offset into the joined text, or -1. */
function endOverChunks(chunks: string[]): number {
  const scanner = new JsonScanner();
  let offset = 0;
  let end = -1;
  for (const chunk of chunks) {
    const index = scanner.push(chunk);
    if (index >= 0) {
      expect(end, 'completes only once').toBe(-1);
      end = offset + index;
    }
    offset += chunk.length;
  }
  expect(scanner.done).toBe(end >= 0);
  return end;
}

function* everySplit(text: string): Generator<string[]> {
  for (let cut = 0; cut <= text.length; cut++) yield [text.slice(0, cut), text.slice(cut)];
  yield Array.from(text);
}

describe('JsonScanner', () => {
  it.each(completeCases)('finds the end of %s', (_description, text, end) => {
    expect(endOverChunks([text])).toBe(end);
  });

  it.each(completeCases)('finds the same end of %s for every split', (_description, text, end) => {
    for (const chunks of everySplit(text)) {
      expect(endOverChunks(chunks), JSON.stringify(chunks)).toBe(end);
    }
  });

  it.each(incompleteCases)('does not complete %s', (_description, text) => {
    for (const chunks of everySplit(text)) expect(endOverChunks(chunks)).toBe(-1);
  });

  it('completes a bare value on the next character or at finish()', () => {
    const scanner = new JsonScanner();
    expect(scanner.push('12')).toBe(-1);
    expect(scanner.push('3')).toBe(-1);
    expect(scanner.push(']')).toBe(0);
    expect(scanner.done).toBe(true);
    const atEnd = new JsonScanner();
    atEnd.push('false');
    expect(atEnd.done).toBe(false);
    expect(atEnd.finish()).toBe(true);
    expect(atEnd.done).toBe(true);
    expect(new JsonScanner().finish()).toBe(false);
  });

  it('reports depth and ignores input once done, until reset', () => {
    const scanner = new JsonScanner();
    scanner.push('{"a": [{');
    expect(scanner.depth).toBe(3);
    expect(scanner.push('}]}{')).toBe(3);
    expect(scanner.depth).toBe(0);
    expect(scanner.push('{}')).toBe(-1);
    scanner.reset();
    expect(scanner.done).toBe(false);
    expect(scanner.push(' []')).toBe(3);
  });

  it('says when it is inside a string, so a marker found there is data', () => {
    const scanner = new JsonScanner();
    scanner.push('{"a": "x');
    expect(scanner.inString).toBe(true);
    scanner.push('\\');
    expect(scanner.inString).toBe(true);
    scanner.push('""');
    expect(scanner.inString).toBe(false);
    expect(scanner.push('}')).toBe(1);
  });

  it('handles 10,000-deep nesting in linear time, one character at a time', () => {
    const text = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const scanner = new JsonScanner();
    let maximum = 0;
    let end = -1;
    for (let index = 0; index < text.length && end < 0; index++) {
      const result = scanner.push(text.charAt(index));
      if (result >= 0) end = index + result;
      maximum = Math.max(maximum, scanner.depth);
    }
    expect(maximum).toBe(10_000);
    expect(end).toBe(20_000);
  });
});

describe('JsonScanner.skipString and topLevelCommas', () => {
  /** Scans `text` in `size`-unit pieces, using skipString first in each piece as the parsers do. */
  function scanInPieces(
    text: string,
    size: number,
  ): { end: number; commas: { count: number; last: number } } {
    const scanner = new JsonScanner();
    for (let start = 0; start < text.length; start += size) {
      const piece = text.slice(start, start + size);
      const from = scanner.skipString(piece, 0, piece.length);
      const end = scanner.scan(piece, from, piece.length);
      if (end >= 0) return { end: start + end, commas: scanner.topLevelCommas };
    }
    return { end: -1, commas: scanner.topLevelCommas };
  }

  it.each([
    ['{"name": "f", "arguments": {"a": [1, 2], "b": "x,y"}}', 1, 12],
    ['{"a": "q\\"x,", "b": 1, "c": {"d": 2, "e": 3}}', 2, 21],
    ['{"s": "\\\\", "t": "\\""}', 1, 10],
    ['[1, "a,b", [2, 3], {"x": 4}]', 3, 17],
    ['{}', 0, -1],
  ])('%s: %d top-level commas, the last at %d, for every piece size', (text, count, last) => {
    for (let size = 1; size <= text.length; size++) {
      const result = scanInPieces(text, size);
      expect(result.end, `piece size ${size}`).toBe(text.length);
      expect(result.commas, `piece size ${size}`).toEqual({ count, last });
    }
  });

  it.each([
    ['[1, "a,b", [2, 3], {"x": 4}]', [2, 9, 17]],
    ['[ {"name": "f", "arguments": {"a": 1, "b": 2}} ,\n{"name": "g"}]', [47]],
    ['[[1, 2]]', []],
  ])('arrayCommas of %s is %j once the array ends, for every piece size', (text, commas) => {
    for (let size = 1; size <= text.length; size++) {
      const scanner = new JsonScanner();
      let ended = false;
      for (let start = 0; start < text.length && !ended; start += size) {
        const piece = text.slice(start, start + size);
        if (scanner.arrayCommas !== undefined) throw new Error('arrayCommas before the end');
        ended = scanner.scan(piece, scanner.skipString(piece, 0, piece.length), piece.length) >= 0;
      }
      expect(scanner.arrayCommas, `piece size ${size}`).toEqual(commas);
    }
  });

  it('arrayCommas is undefined for an object and forgotten by reset', () => {
    const scanner = new JsonScanner();
    scanner.push('{"a": 1, "b": 2}');
    expect(scanner.done).toBe(true);
    expect(scanner.arrayCommas).toBeUndefined();
    scanner.reset();
    scanner.push('[1, 2]');
    expect(scanner.arrayCommas).toEqual([2]);
    scanner.reset();
    scanner.push('[3]');
    expect(scanner.arrayCommas).toEqual([]);
  });

  it('skipString stops at the closing quote and leaves it to scan; outside a string it does nothing', () => {
    const scanner = new JsonScanner();
    expect(scanner.skipString('{"abc"}', 0, 7)).toBe(0);
    scanner.scan('{"', 0, 2);
    expect(scanner.skipString('ab\\"c"}', 0, 7)).toBe(5);
    expect(scanner.inString).toBe(true);
    expect(scanner.scan('ab\\"c"}', 5, 7)).toBe(7);
  });

  it('inPlainString holds inside a string with no escape begun; skipPlain counts what it skips', () => {
    const scanner = new JsonScanner();
    expect(scanner.inPlainString).toBe(false);
    scanner.scan('{"a": 1, "b": "x', 0, 16);
    expect(scanner.inPlainString).toBe(true);
    scanner.skipPlain(5);
    scanner.scan('\\', 0, 1);
    expect(scanner.inString).toBe(true);
    expect(scanner.inPlainString).toBe(false);
    expect(scanner.scan('n", "c": 2}', 0, 11)).toBe(11);
    expect(scanner.inPlainString).toBe(false);
    // The second comma is 16 + 5 + 1 + 2 = 24 from the start: the five skipped units count.
    expect(scanner.topLevelCommas).toEqual({ count: 2, last: 24 });
  });
});

describe('scanJsonValueEnd', () => {
  it.each(completeCases)('agrees with the scanner on %s', (_description, text, end) => {
    expect(scanJsonValueEnd(text, 0)).toBe(end);
  });

  it('starts at an offset', () => {
    const text = '<tool_call>{"a": "}"}</tool_call>';
    expect(scanJsonValueEnd(text, 11)).toBe(21);
    expect(text.slice(11, 21)).toBe('{"a": "}"}');
  });

  it('completes a bare value at the end only with endOfInput', () => {
    expect(scanJsonValueEnd('x: 42', 2)).toBe(-1);
    expect(scanJsonValueEnd('x: 42', 2, { endOfInput: true })).toBe(5);
    expect(scanJsonValueEnd('{"a"', 0, { endOfInput: true })).toBe(-1);
  });

  it('returns -1 for offsets outside the text', () => {
    expect(scanJsonValueEnd('{}', 3)).toBe(-1);
    expect(scanJsonValueEnd('{}', -1)).toBe(-1);
  });
});
