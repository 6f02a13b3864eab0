import { describe, expect, it } from 'vitest';
import { stringOf } from '../../src/server/backends/event-template.js';
import { mulberry32 } from './replay-backend.js';

// A token event's string is read without JSON.parse; it must read every body as JSON.parse of it in
// quotes does, and refuse every one that JSON.parse refuses.

function parsed(literal: string): string | undefined {
  try {
    return JSON.parse(`"${literal}"`) as string;
  } catch {
    return undefined;
  }
}

/** Raw characters (a lone surrogate, controls, a quote), every escape, and broken escapes. */
const parts = [
  ...['a', 'Zürich', '🌧', '\ud83c', ' ', '"', '\n', '\u001f', '\u007f', '\u2028'],
  ...['"', '\\', '/', 'b', 'f', 'n', 'r', 't', 'u0061', 'u00E9', 'ud83c', 'uDF27'].map((c) => `\\${c}`),
  ...['\\u12', '\\u12g4', '\\x', '\\', '\\ '],
];

describe('stringOf', () => {
  it('reads these bodies exactly', () => {
    const exact = { plain: 'plain', 'a\\nb\\"c\\\\': 'a\nb"c\\', '\\u00e9\\u00C9\\ud83c\\udf27': 'éÉ🌧' };
    const more = { '\\ud83c': '\ud83c', '\\/\\b\\f\\r\\t': '/\b\f\r\t' };
    for (const [literal, text] of Object.entries({ ...exact, ...more })) expect(stringOf(literal)).toBe(text);
    const broken = ['a"b', 'a\\', '\\u00e', '\\u00eg', '\\a', 'a\nb', '\t'];
    expect(broken.map(stringOf)).toEqual(broken.map(() => undefined));
  });

  it('reads any body as JSON.parse does, and refuses what it refuses', () => {
    const random = mulberry32(7);
    for (let n = 0; n < 20_000; n++) {
      let literal = '';
      const length = Math.floor(random() * 6);
      for (let i = 0; i < length; i++) literal += parts[Math.floor(random() * parts.length)];
      expect(stringOf(literal), JSON.stringify(literal)).toBe(parsed(literal));
    }
  });
});
