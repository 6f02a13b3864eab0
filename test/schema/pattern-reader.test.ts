import { describe, expect, it } from 'vitest';
import { parsePattern } from '../../src/schema/pattern-reader.js';

const a = { kind: 'char', code: 0x61, form: 'plain' } as const;
const seq = (...items: unknown[]) => ({ kind: 'sequence', items });
const alt = (...branches: unknown[]) => ({ kind: 'alternation', branches });

describe('parsePattern', () => {
  it('reads alternation, anchors, classes with ranges and negation, and lazy quantifiers', () => {
    expect(parsePattern('^a|[^\\d-z.]b{2,}?$')).toEqual({
      depth: 0,
      root: alt(
        seq({ kind: 'start' }, a),
        seq(
          {
            kind: 'class',
            negated: true,
            items: [
              {
                kind: 'range',
                from: { kind: 'escape-set', set: 'digit', negated: false },
                to: { kind: 'char', code: 0x7a, form: 'plain' },
              },
              { kind: 'char', code: 0x2e, form: 'plain' },
            ],
          },
          {
            kind: 'quantifier',
            body: { kind: 'char', code: 0x62, form: 'plain' },
            min: 2,
            max: Number.POSITIVE_INFINITY,
            lazy: true,
            text: '{2,}?',
          },
          { kind: 'end' },
        ),
      ),
    });
  });

  it('reads every kind of group, with its name as written', () => {
    const groups = parsePattern('(a)(?<n>a)(?:a)(?=a)(?!a)(?<=a)(?<!a)').root.branches[0]?.items;
    expect(groups?.map((group) => (group.kind === 'group' ? [group.group, group.name] : group.kind))).toEqual(
      [
        ['capture', ''],
        ['named', 'n'],
        ['noncapture', ''],
        ['lookahead', ''],
        ['negative-lookahead', ''],
        ['lookbehind', ''],
        ['negative-lookbehind', ''],
      ],
    );
  });

  it('reads escapes: how each code point was written, surrogate pairs joined', () => {
    const items = parsePattern('\\t\\.\\/\\x41\\u{1F600}\\uD83D\\uDE00\\cJ\\0[\\b]\\p{L}\\B\\12\\k<n>.').root
      .branches[0]?.items;
    expect(items).toEqual([
      { kind: 'char', code: 9, form: 'escape' },
      { kind: 'char', code: 0x2e, form: 'escape' },
      { kind: 'char', code: 0x2f, form: 'escape' },
      { kind: 'char', code: 0x41, form: 'code' },
      { kind: 'char', code: 0x1f600, form: 'code' },
      { kind: 'char', code: 0x1f600, form: 'code' },
      { kind: 'char', code: 0xa, form: 'code' },
      { kind: 'char', code: 0, form: 'code' },
      { kind: 'class', negated: false, items: [{ kind: 'char', code: 8, form: 'code' }] },
      { kind: 'property', negated: false, body: 'L' },
      { kind: 'boundary', negated: true },
      { kind: 'backreference' },
      { kind: 'backreference' },
      { kind: 'dot' },
    ]);
  });

  it('reads an invalid pattern leniently where it can, else throws UnsupportedPattern', () => {
    expect(parsePattern('^(a$')).toEqual({
      depth: 1,
      root: alt(
        seq(
          { kind: 'start' },
          { kind: 'group', group: 'capture', name: '', body: alt(seq(a, { kind: 'end' })), closed: false },
        ),
      ),
    });
    expect(parsePattern('*a{').root).toEqual(
      alt(seq({ kind: 'char', code: 0x2a, form: 'plain' }, a, { kind: 'char', code: 0x7b, form: 'plain' })),
    );
    expect(() => parsePattern('a)')).toThrow('unbalanced )');
    expect(() => parsePattern('a\\')).toThrow('unexpected end of pattern');
    expect(() => parsePattern('[a')).toThrow('unexpected end of pattern');
    expect(() => parsePattern('(?<n')).toThrow('unexpected end of pattern');
  });

  it('reads groups nested 100,000 deep without recursion', () => {
    const tree = parsePattern(`${'(?:a'.repeat(100_000)}${')'.repeat(100_000)}`);
    expect(tree.depth).toBe(100_000);
  });
});
