import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLenientJson } from '../../src/json/index.js';

// The common repairs of issue 30 (fences, truncation, single quotes, unquoted keys) around strictly
// valid parts, which the repairing parser hands to JSON.parse (strict-span-reader.ts), and in texts of
// 1-96 KB that need nothing else, which are rewritten to JSON for JSON.parse first
// (common-repairs-rewrite.ts): each case pins the value, the repairs and `end` the repairing parser
// gave before those fast paths existed.
interface CommonRepairCase {
  description: string;
  input: string;
  options?: { maxDepth: number };
  expected?: unknown;
  repairs?: string[];
  end?: number;
  error?: string;
  position?: number;
}

const cases = JSON.parse(
  readFileSync(new URL('./common-repairs.json', import.meta.url), 'utf8'),
) as CommonRepairCase[];

// Objects and arrays are tried as strict JSON only in long texts: each case runs as written and after
// 2,048 spaces (every offset moves by as much).
const padding = 2048;
const runs = cases.flatMap((testCase) => [
  [testCase.description, testCase, 0] as const,
  [`${testCase.description}, in a long text`, testCase, padding] as const,
]);

describe('parseLenientJson on the common repairs around valid JSON', () => {
  it.each(runs)('%s', (_, testCase, shift) => {
    const result = parseLenientJson(' '.repeat(shift) + testCase.input, testCase.options);
    if (testCase.error !== undefined) {
      expect(result).toMatchObject({
        ok: false,
        error: testCase.error,
        position: (testCase.position ?? 0) + shift,
      });
      return;
    }
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toStrictEqual(testCase.expected);
    expect(result.repairs.map((repair) => `${repair.kind}@${repair.position - shift}`)).toEqual(
      testCase.repairs,
    );
    expect(result.end).toBe((testCase.end ?? 0) + shift);
  });

  it('reads a value JSON.parse gives as Infinity the same way inside and outside a valid span', () => {
    expect(parseLenientJson(`${' '.repeat(padding)}{"a": x, "b": [1e400, -1e400]}`)).toMatchObject({
      ok: true,
      value: {
        a: 'x',
        b: [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY],
      },
    });
  });

  it('reads a deeply nested truncated document, whose containers all break at its end', () => {
    const text = `${'['.repeat(900)}${'{"a": 1}, '.repeat(2000)}`;
    const result = parseLenientJson(text);
    expect(result.ok).toBe(true);
  });
});
