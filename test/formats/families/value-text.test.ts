/**
 * An XML-parameters value streamed in small pieces is kept as its range of the call's raw text, read
 * back once at its end, instead of a second copy of every piece (`ValueText`); the reads back cost at
 * most twice the value's length. The raw text here is a plain string and `readRaw` counts its reads.
 */
import { describe, expect, it } from 'vitest';
import { ValueText } from '../../../src/formats/families/xml-parameters/value-text.js';

/** A raw recording: `take(n)` appends the next `n` characters of `source` and returns them. */
function recording(source: string) {
  let length = 0;
  const reads: Array<[number, number]> = [];
  return {
    reads,
    get length() {
      return length;
    },
    take(count: number): string {
      const piece = source.slice(length, length + count);
      length += piece.length;
      return piece;
    },
    readRaw: (start: number, end: number): string => {
      reads.push([start, end]);
      return source.slice(0, length).slice(start, end);
    },
  };
}

const source = Array.from({ length: 2000 }, (_, index) => `line ${index} «中文» 😀\n`).join('');

describe('ValueText', () => {
  it('keeps a value of many small pieces as its raw range and reads it back once, at its end', () => {
    const raw = recording(`<parameter=content>${source}</parameter>`);
    const value = new ValueText();
    raw.take('<parameter=content>'.length);
    for (let left = source.length; left > 0; left -= 4) {
      const piece = raw.take(Math.min(4, left));
      value.append(piece, raw.length - piece.length, raw.length, raw.readRaw);
    }
    expect(value.length).toBe(source.length);
    expect(raw.reads).toEqual([]);
    expect(value.take(raw.readRaw)).toBe(source);
    expect(raw.reads).toEqual([['<parameter=content>'.length, '<parameter=content>'.length + source.length]]);
    expect(value.length).toBe(0);
  });

  it('builds a value of a few long pieces (a whole-text parse) without reading the raw text', () => {
    const raw = recording(source);
    const value = new ValueText();
    for (const size of [10_000, 20_000, source.length]) {
      const piece = raw.take(size);
      value.append(piece, raw.length - piece.length, raw.length, raw.readRaw);
    }
    expect(value.take(raw.readRaw)).toBe(source);
    expect(raw.reads).toEqual([]);
  });

  it('keeps small values of a long call in pieces: reading back is only for a value of half the raw text', () => {
    // 300 pieces of 4 after 10,000 characters of earlier raw text: 1,200 < 10,000 / 2.
    const raw = recording(source);
    raw.take(10_000);
    const value = new ValueText();
    for (let index = 0; index < 300; index++) {
      const piece = raw.take(4);
      value.append(piece, raw.length - piece.length, raw.length, raw.readRaw);
    }
    expect(value.take(raw.readRaw)).toBe(source.slice(10_000, 11_200));
    expect(raw.reads).toEqual([]);
  });

  it('brings the value back into pieces, once, when a piece does not continue its raw range', () => {
    const marker = '<![CDATA[';
    const text = `${source.slice(0, 4000)}${marker}${source.slice(4000, 8000)}`;
    const raw = recording(text);
    const value = new ValueText();
    let expected = '';
    while (raw.length < text.length) {
      if (raw.length === 4000) {
        raw.take(marker.length); // consumed as markup: not part of the value
        continue;
      }
      const piece = raw.take(4);
      expected += piece;
      value.append(piece, raw.length - piece.length, raw.length, raw.readRaw);
    }
    expect(raw.reads).toEqual([[0, 4000]]);
    expect(value.take(raw.readRaw)).toBe(expected);
    expect(raw.reads).toEqual([[0, 4000]]);
  });

  it('reads back at most twice the values’ length over a call of many values', () => {
    const raw = recording(source);
    const value = new ValueText();
    let valueLength = 0;
    for (const size of [2000, 3000, 500, 9000, 40, 20_000]) {
      raw.take(7); // a tag between values
      for (let left = size; left > 0; left -= 4) {
        const piece = raw.take(Math.min(4, left));
        value.append(piece, raw.length - piece.length, raw.length, raw.readRaw);
      }
      valueLength += size;
      expect(value.take(raw.readRaw).length).toBe(size);
    }
    // Each read back flattens the raw text so far: charge it its end.
    const cost = raw.reads.reduce((sum, [, end]) => sum + end, 0);
    expect(raw.reads.length).toBe(4);
    expect(cost).toBeLessThanOrEqual(2 * valueLength);
  });
});
