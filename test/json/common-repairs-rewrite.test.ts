import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseLenientJson, parseLenientJsonValue } from '../../src/json/index.js';

// parseLenientJson reads a 1-96 KB document that needs only the common repairs (single quotes,
// unquoted keys, a cut inside a string) by rewriting it to JSON for JSON.parse;
// parseLenientJsonValue always reads with the repairing parser. The two must agree on the value and
// the repairs of every document whose repairs are only those (other repairs follow document-level
// rules of parseLenientJson's own, such as `surrounding_text`).

/** How a document is written: the quote of each string and key, unquoted identifier keys, spacing. */
interface Style {
  choices: number[];
  next: number;
}

function choose(style: Style, count: number): number {
  const choice = style.choices[style.next % style.choices.length] as number;
  style.next++;
  return choice % count;
}

function quoted(text: string, style: Style): string {
  const json = JSON.stringify(text);
  if (choose(style, 2) === 0) return json;
  // Single-quoted: the same escapes, a `'` written as `\'` (a repair of its own).
  return `'${json
    .slice(1, -1)
    .replaceAll('\\"', choose(style, 2) === 0 ? '\\"' : '"')
    .replaceAll("'", "\\'")}'`;
}

function write(value: unknown, style: Style): string {
  if (typeof value === 'string') return quoted(value, style);
  if (Array.isArray(value)) {
    return `[${value.map((item) => write(item, style)).join([',', ', ', ',\n  '][choose(style, 3)])}]`;
  }
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value).map(([key, item]) => {
      const written = /^[A-Za-z_$][\w$]*$/.test(key) && choose(style, 2) === 0 ? key : quoted(key, style);
      return `${written}${[':', ': ', ' :'][choose(style, 3)]}${write(item, style)}`;
    });
    return `{${members.join([',', ', ', ',\n  '][choose(style, 3)])}}`;
  }
  return JSON.stringify(value);
}

const commonRepairs = new Set(['single_quotes', 'unquoted_key', 'truncated']);

const documents = fc
  .record({
    items: fc.array(fc.jsonValue({ maxDepth: 3 }), { minLength: 1, maxLength: 8 }),
    choices: fc.array(fc.nat(), { minLength: 1, maxLength: 40 }),
    padding: fc.nat({ max: 1500 }),
    cut: fc.option(fc.nat(), { nil: undefined }),
  })
  .map(({ items, choices, padding, cut }) => {
    const style: Style = { choices, next: 0 };
    const text = write({ filler: 'x'.repeat(padding + 1024), items }, style);
    return cut === undefined ? text : text.slice(0, text.length - (cut % 200));
  });

describe('parseLenientJson on long documents that need the common repairs', () => {
  it('gives the value and repairs of the repairing parser', () => {
    let compared = 0;
    fc.assert(
      fc.property(documents, (text) => {
        const value = parseLenientJsonValue(text, 0);
        if (!value.ok || value.repairs.some((repair) => !commonRepairs.has(repair.kind))) return;
        compared++;
        const whole = parseLenientJson(text);
        expect(whole.ok).toBe(true);
        if (!whole.ok) return;
        expect(whole.value).toStrictEqual(value.value);
        expect(whole.repairs).toStrictEqual(value.repairs);
      }),
      { numRuns: 1500 },
    );
    // Most generated documents need only these repairs: the property is not vacuous.
    expect(compared).toBeGreaterThan(500);
  });
});
