import { describe, expect, it } from 'vitest';
import { healPartialJson } from '../../src/json/index.js';

const documents = [
  '{"city": "Paris", "days": 3, "units": ["metric", "kelvin"], "detail": {"wind": true, "rain": null}}',
  '[1, -2.5e-3, "a\\"b\\\\c\\u00e9", {"k": [[], {}]}, false]',
  '  {"text": "line\\nbreak", "n": -0.5, "e": 1E+2}  ',
  '"just a string"',
  '-12.75e+3',
];

describe('healPartialJson', () => {
  it.each([
    ['{"city": "Par', '{"city": "Par"}'],
    ['{"a": [1, 2, {"b": tr', '{"a": [1, 2, {"b": true}]}'],
    ['{"a": 1, "unit": "C", "days": 1.', '{"a": 1, "unit": "C", "days": 1}'],
    ['{"a": 1, "un', '{"a": 1}'],
    ['{"a": 1, "unit"', '{"a": 1}'],
    ['{"a": 1, "unit":', '{"a": 1}'],
    ['{"a": 1,', '{"a": 1}'],
    ['[1, 2,', '[1, 2]'],
    ['[{"x": "a\\u00', '[{"x": "a"}]'],
    ['{"x": "a\\', '{"x": "a"}'],
    ['{"a": {"b": [', '{"a": {"b": []}}'],
    ['{"n": -', '{}'],
    ['{"n": 1e-', '{"n": 1}'],
    ['[nu', '[null]'],
    ['', ''],
    ['   ', ''],
    ['{"a": 1} trailing', '{"a": 1}'],
  ])('heals %j to %j', (prefix, healed) => {
    expect(healPartialJson(prefix)).toBe(healed);
  });

  it.each(documents)('turns every prefix of %j into parseable JSON', (document) => {
    for (let end = 0; end <= document.length; end++) {
      const healed = healPartialJson(document.slice(0, end));
      if (healed === '') continue;
      expect(
        () => JSON.parse(healed),
        `prefix ${JSON.stringify(document.slice(0, end))} → ${healed}`,
      ).not.toThrow();
    }
    expect(JSON.parse(healPartialJson(document))).toEqual(JSON.parse(document));
  });
});
