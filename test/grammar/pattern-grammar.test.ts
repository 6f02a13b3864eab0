import { describe, expect, it } from 'vitest';
import { chars, literal, repeat, sequence } from '../../src/grammar/grammar-node.js';
import { patternGrammar } from '../../src/grammar/pattern-grammar.js';
import { schemaGrammar } from '../../src/grammar/schema-grammar.js';

describe('patternGrammar', () => {
  // Before the one reader, the grammar read `\uD83D\uDE00` as two lone surrogates: a class of
  // those, and `+` on the low one only, where the u-mode pattern means U+1F600.
  it('reads a surrogate pair written \\uHHHH\\uHHHH as its one code point, in a class and quantified', () => {
    expect(patternGrammar('^[|\\uD83D\\uDE00]$')).toEqual({
      ok: true,
      node: chars([
        [0x7c, 0x7c],
        [0x1f600, 0x1f600],
      ]),
    });
    expect(patternGrammar('^x\\uD83D\\uDE00+$')).toEqual({
      ok: true,
      node: sequence(literal('x'), repeat(literal('\u{1F600}'), 1)),
    });
  });

  it('reads groups nested 1,000 deep and leaves deeper ones unsupported', () => {
    const nested = (depth: number) => `^${'(?:a'.repeat(depth)}${')'.repeat(depth)}$`;
    expect(patternGrammar(nested(1000))).toEqual({ ok: true, node: literal('a'.repeat(1000)) });
    expect(patternGrammar(nested(1001))).toEqual({ ok: false, reason: 'groups nested deeper than 1000' });
  });

  // Found by attack: a 200,000-character pattern overflowed the stack (RangeError out of schemaGrammar);
  // 10,000 dots already make a 4 MB GBNF grammar.
  it('leaves a pattern longer than 10,000 characters unsupported, and reads one of 9,998', () => {
    expect(patternGrammar(`^${'ab'.repeat(4999)}$`)).toEqual({ ok: true, node: literal('ab'.repeat(4999)) });
    expect(patternGrammar('a'.repeat(10_001))).toEqual({
      ok: false,
      reason: 'patterns longer than 10000 characters',
    });
    const { warnings } = schemaGrammar({ type: 'string', pattern: '.'.repeat(200_000) });
    const [warning] = warnings as { type: string; feature?: string; details?: string }[];
    expect({ count: warnings.length, type: warning?.type, feature: warning?.feature }).toEqual({
      count: 1,
      type: 'unsupported',
      feature: 'pattern',
    });
    // The warning quotes the pattern's start, not all 200,000 characters of it.
    expect(warning?.details).toBe(
      `/: /${'.'.repeat(200)}... (200000 code units)/: patterns longer than 10000 characters; not applied`,
    );
  });

  // Found by attack: `^a{100000000000}$` ran V8 out of heap while printing its grammar (chunks of
  // 1000 copies), `{10000000000}` printed 100 MB.
  it('leaves repeat counts above 10,000 unsupported, and prints a schema with one as a short warning', () => {
    expect(patternGrammar('^a{10000}$')).toEqual({ ok: true, node: repeat(literal('a'), 10_000, 10_000) });
    for (const pattern of ['^a{100000000000}$', '^a{10000000000}$', '^a{10001}$', '^a{0,10001}$']) {
      expect(patternGrammar(pattern)).toEqual({ ok: false, reason: 'repeat counts above 10000' });
    }
    expect(patternGrammar('^a{1,99999999999999999999999}$')).toEqual({
      ok: false,
      reason: 'repeat counts above 10000',
    });
    expect(patternGrammar('^(?:ab{3}){2,100000000000}$')).toEqual({
      ok: false,
      reason: 'repeat counts above 10000',
    });
    const result = schemaGrammar({ type: 'string', pattern: '^a{100000000000}$' });
    expect(result.warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'pattern',
        details: '/: /^a{100000000000}$/: repeat counts above 10000; not applied',
      },
    ]);
    expect(result.grammar.length).toBeLessThan(2000);
  });
});
