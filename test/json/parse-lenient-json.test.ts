import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLenientJson, parseLenientJsonValue } from '../../src/json/index.js';

interface LenientCase {
  row?: number;
  description: string;
  input: string;
  expected: unknown;
  repairs: string[];
}

// Read with JSON.parse (not an import) so that a `__proto__` key in the data stays an own property.
const cases = JSON.parse(
  readFileSync(new URL('./lenient-cases.json', import.meta.url), 'utf8'),
) as LenientCase[];

/** Tiny deterministic generator (xorshift32), so failures reproduce. */
function xorshift(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state;
  };
}

describe('parseLenientJson', () => {
  it.each(cases)('$description', (testCase) => {
    const result = parseLenientJson(testCase.input);
    expect(result.ok, JSON.stringify(result)).toBe(true);
    if (!result.ok) return;
    expect(result.value).toEqual(testCase.expected);
    expect(result.repairs.map((repair) => repair.kind)).toEqual(testCase.repairs);
    for (const repair of result.repairs) {
      expect(repair.position).toBeGreaterThanOrEqual(0);
      expect(repair.position).toBeLessThanOrEqual(testCase.input.length);
    }
  });

  it('covers every row of Table A in coercion.md', () => {
    const rows = new Set(cases.map((testCase) => testCase.row).filter((row) => row !== undefined));
    for (let row = 1; row <= 36; row++) expect(rows.has(row), `row ${row}`).toBe(true);
  });

  it('takes valid JSON through JSON.parse unchanged', () => {
    const text = ' {"a": [1, 2e3, -0.5], "b": {"c": "\\u00e9\\n"}, "d": null} ';
    expect(parseLenientJson(text)).toEqual({
      ok: true,
      value: JSON.parse(text),
      repairs: [],
      end: text.length,
    });
  });

  it('reports repair positions as UTF-16 offsets', () => {
    const result = parseLenientJson("{name: 'Tokyo', days: 3,}");
    expect(result).toEqual({
      ok: true,
      value: { name: 'Tokyo', days: 3 },
      end: 25,
      repairs: [
        { kind: 'unquoted_key', position: 1 },
        { kind: 'single_quotes', position: 7 },
        { kind: 'unquoted_key', position: 16 },
        { kind: 'trailing_comma', position: 23 },
      ],
    });
    const emoji = parseLenientJson('{"😀": 1,}');
    expect(emoji.repairs).toEqual([{ kind: 'trailing_comma', position: 8 }]);
  });

  it('maps positions inside stringified JSON back to the original text', () => {
    const text = '{\\"a\\": 1,}';
    expect(parseLenientJson(text)).toEqual({
      ok: true,
      value: { a: 1 },
      end: text.length,
      repairs: [
        { kind: 'escaped_json', position: 0 },
        { kind: 'trailing_comma', position: 9 },
      ],
    });
  });

  it('ends where ignored trailing text begins', () => {
    const text = 'Result: {"a": 1} -- end';
    const result = parseLenientJson(text);
    expect(result.ok && result.end).toBe(16);
    expect(text.slice(16)).toBe(' -- end');
    expect(
      parseLenientJson('{"a": 1,}  // done\n').ok && parseLenientJson('{"a": 1,}  // done\n'),
    ).toMatchObject({
      end: 19,
    });
  });

  describe('prototype-looking keys', () => {
    it('keeps __proto__ as an own data property, like JSON.parse', () => {
      const result = parseLenientJson('{"__proto__": {"polluted": true}, constructor: 1, prototype: 2,}');
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      const value = result.value as Record<string, unknown>;
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
      expect(Object.keys(value)).toEqual(['__proto__', 'constructor', 'prototype']);
      expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toEqual({ polluted: true });
      expect(value.constructor).toBe(1);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(value).toEqual(
        JSON.parse('{"__proto__": {"polluted": true}, "constructor": 1, "prototype": 2}'),
      );
    });

    it('does not pollute through nested or repeated keys', () => {
      const result = parseLenientJson("{a: {'__proto__': {x: 1}}, '__proto__': 2, '__proto__': 3,}");
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      const value = result.value as Record<string, unknown>;
      expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toBe(3);
      expect(Object.getPrototypeOf(value.a)).toBe(Object.prototype);
      expect(({} as Record<string, unknown>).x).toBeUndefined();
    });
  });

  describe('depth', () => {
    it('returns a result for 10,000 unclosed brackets', () => {
      const result = parseLenientJson('['.repeat(10_000));
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toContain('depth of 1000');
    });

    it('returns a result for 10,000 nested objects, closed or not', () => {
      const open = '{"a":'.repeat(10_000);
      expect(parseLenientJson(open).ok).toBe(false);
      const closed = `${open}1${'}'.repeat(10_000)}`;
      const result = parseLenientJson(closed);
      // Valid JSON: JSON.parse reads it when the engine can, else the depth limit answers.
      if (!result.ok) expect(result.error).toContain('depth');
      const broken = `${open}1,${'}'.repeat(10_000)}`;
      expect(parseLenientJson(broken).ok).toBe(false);
    });

    it('honours maxDepth', () => {
      expect(parseLenientJson('[[[1]]],', { maxDepth: 3 }).ok).toBe(true);
      const result = parseLenientJson('[[[[1]]]],', { maxDepth: 3 });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toContain('depth of 3');
    });

    it('honours maxDepth in a fenced document, however many brackets sit in its strings', () => {
      const fenced = (json: string) => `\`\`\`json\n${json}\n\`\`\`\n`;
      expect(parseLenientJson(fenced('[[[1]]]'), { maxDepth: 3 })).toEqual({
        ok: true,
        value: [[[1]]],
        repairs: [{ kind: 'markdown_fence', position: 0 }],
        end: 20,
      });
      const deep = parseLenientJson(fenced('[[[[1]]]]'), { maxDepth: 3 });
      expect(deep.ok).toBe(false);
      if (!deep.ok) expect(deep.error).toContain('depth of 3');
      // Many brackets, all in strings: the value is shallow.
      const inStrings = fenced(`{"a": ${JSON.stringify('{['.repeat(10))}, "b": [1]}`);
      expect(parseLenientJson(inStrings, { maxDepth: 2 })).toEqual({
        ok: true,
        value: { a: '{['.repeat(10), b: [1] },
        repairs: [{ kind: 'markdown_fence', position: 0 }],
        end: inStrings.length,
      });
      const past = parseLenientJson(fenced(`{"a": ${JSON.stringify('{['.repeat(10))}, "b": [[1]]}`), {
        maxDepth: 2,
      });
      expect(past.ok).toBe(false);
    });

    it('reports the engine running out of stack as a failure, not an exception', () => {
      const result = parseLenientJson('['.repeat(200_000), { maxDepth: 1e9 });
      expect(result.ok).toBe(false);
    });

    it('bounds call wrappers and string concatenation too', () => {
      expect(parseLenientJson('f('.repeat(5000)).ok).toBe(false);
      const concatenated = parseLenientJson('"a"+'.repeat(20_000));
      expect(concatenated.ok && (concatenated.value as string).length).toBe(20_000);
    });
  });

  describe('never throws', () => {
    const seeds = [
      '{"a": [1, "two", {"b": null}], \'c\': tru',
      'Here: ```json\n{a: 1, "b": "x\\"y", c: [1,2,...]}\n```',
      '{\\"a\\": \\"b\\", \\"c\\": [1, 2]}',
      'cb({"x": /re+/, "y": 0x1F, "z": NaN, "w": """t"""}); // end',
      '[“a”, ‘b’, `c´, "d\u0000", 007, -, .5, 1e+]',
    ];

    it('on every prefix of tricky inputs', () => {
      for (const seed of seeds) {
        for (let end = 0; end <= seed.length; end++) {
          const result = parseLenientJson(seed.slice(0, end));
          expect(typeof result.ok).toBe('boolean');
        }
      }
    });

    it('on random text made of JSON punctuation', () => {
      const alphabet = '{}[]"\'`:,.-+/*#\\ \n\tetrunfalsx0123456789aAeE“”‘’…';
      const next = xorshift(0x5eed);
      for (let sample = 0; sample < 3000; sample++) {
        let text = '';
        const length = next() % 40;
        for (let index = 0; index < length; index++) text += alphabet[next() % alphabet.length];
        const result = parseLenientJson(text);
        expect(typeof result.ok, text).toBe('boolean');
        if (result.ok) expect(result.end).toBeLessThanOrEqual(text.length);
      }
    });

    it('on non-string input from untyped callers', () => {
      expect(parseLenientJson(undefined as unknown as string).ok).toBe(false);
      expect(parseLenientJson(42 as unknown as string).ok).toBe(false);
    });
  });

  it('fails with a position on text it cannot repair', () => {
    expect(parseLenientJson('{:2}')).toMatchObject({ ok: false, error: 'object key expected', position: 1 });
    expect(parseLenientJson('[1, :]')).toMatchObject({ ok: false, position: 4 });
  });
});

describe('parseLenientJsonValue', () => {
  it('reads one value at an offset and says where it ended', () => {
    const text = '<tool_call>{"name": "f", "arguments": {"x": 1,}}</tool_call>';
    const result = parseLenientJsonValue(text.slice(0, text.indexOf('</tool_call>')), 11);
    expect(result).toEqual({
      ok: true,
      value: { name: 'f', arguments: { x: 1 } },
      repairs: [{ kind: 'trailing_comma', position: 45 }],
      end: 48,
    });
  });

  it('takes the fast path for valid JSON and leaves the rest alone', () => {
    const text = 'call {"a": [1, 2]} and then more';
    expect(parseLenientJsonValue(text, 4)).toEqual({ ok: true, value: { a: [1, 2] }, repairs: [], end: 18 });
    expect(parseLenientJsonValue('  42, 43', 0)).toEqual({ ok: true, value: 42, repairs: [], end: 4 });
  });

  it('does not treat prose, lists or empty text as a value', () => {
    expect(parseLenientJsonValue('', 0).ok).toBe(false);
    expect(parseLenientJsonValue('   ', 1).ok).toBe(false);
    expect(parseLenientJsonValue('1\n2', 0)).toMatchObject({ ok: true, value: 1, end: 1 });
  });

  it('rejects offsets outside the text without throwing', () => {
    expect(parseLenientJsonValue('{}', 5).ok).toBe(false);
    expect(parseLenientJsonValue('{}', -1).ok).toBe(false);
    expect(parseLenientJsonValue('{}', Number.NaN).ok).toBe(false);
  });
});

describe('parseLenientJson at the very end of the text', () => {
  // Every check that looks one or more characters ahead is bounds-checked (see LenientJsonParser);
  // these inputs stop right where such a look-ahead happens and must read as before.
  const cases: ReadonlyArray<readonly [string, unknown, string[] | string]> = [
    ['"', '', ['truncated@1']],
    ['""', '', []],
    ['{"a": "', { a: '' }, ['truncated@7']],
    ['{"a": ""', { a: '' }, ['truncated@8']],
    ['[1, #', [1], ['comment@4', 'truncated@5']],
    ['```', undefined, 'unexpected end of text'],
    ['```json', undefined, 'unexpected end of text'],
    ['-Infinity', null, ['infinity@0']],
    ['[-Infinity', [null], ['infinity@1', 'truncated@10']],
    ['0x', '0x', ['unquoted_string@0']],
    ['[0x1', [1], ['hex_number@1', 'truncated@4']],
    ['"\\u12', '', ['truncated@5']],
    ['"a\\', 'a', ['truncated@3']],
    ['{"a": 1, "b', { a: 1 }, ['truncated@11']],
    ['{"a": 1.', { a: 1 }, ['truncated@8']],
    ['[1e', [1], ['truncated@3']],
    ['[1e+', [1], ['truncated@4']],
    ['[-', [-0], ['truncated@2']],
    ['f(', null, ['jsonp_wrapper@0']],
    ['/ab', '/ab', ['unquoted_string@0']],
    ['[...', [], ['ellipsis@1', 'truncated@4']],
    ['{"a": 1 ...', { a: 1 }, ['ellipsis@8', 'truncated@11']],
    ['{\\"a', {}, ['escaped_json@0', 'truncated@4']],
    ['{"a"   ', { a: null }, ['truncated@7']],
    ['x: "y"', 'x: "y', ['unquoted_string@0', 'missing_quote@0']],
  ];
  for (const [input, value, repairs] of cases) {
    it(JSON.stringify(input), () => {
      const result = parseLenientJson(input);
      if (typeof repairs === 'string') {
        expect(result).toMatchObject({ ok: false, error: repairs });
        return;
      }
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.value).toEqual(value);
      expect(result.repairs.map((repair) => `${repair.kind}@${repair.position}`)).toEqual(repairs);
    });
  }
});
