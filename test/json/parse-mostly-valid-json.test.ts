import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLenientJson, parseMostlyValidJson } from '../../src/json/parse-lenient-json.js';

interface LenientCase {
  input: string;
}

// The same table as parse-lenient-json.test.ts: parseMostlyValidJson must give parseLenientJson's
// result for every row, valid or broken. Read with JSON.parse so a `__proto__` key stays own data.
const cases = JSON.parse(
  readFileSync(new URL('./lenient-cases.json', import.meta.url), 'utf8'),
) as LenientCase[];
const inputs = [
  ...cases.map((entry) => entry.input),
  // The body of bench/compare-builds.js's Hermes row: ends like JSON, is not (JSON.parse throws).
  `{"name": "get_weather", "arguments": {city: 'Paris 3', "days": 3,}}`,
  '{"a": [1, 2, {"b": null}], "c": "d"}',
];

describe('parseMostlyValidJson', () => {
  it('gives parseLenientJson’s result for every row of lenient-cases.json', () => {
    for (const input of inputs) expect(parseMostlyValidJson(input)).toEqual(parseLenientJson(input));
  });

  it('leaves Error.stackTraceLimit as it was, for valid and broken text', () => {
    const before = Error.stackTraceLimit;
    try {
      Error.stackTraceLimit = 7;
      parseMostlyValidJson('{"a": 1}');
      parseMostlyValidJson("{a: 'b',}");
      expect(Error.stackTraceLimit).toBe(7);
    } finally {
      Error.stackTraceLimit = before;
    }
  });

  it('still parses where Error.stackTraceLimit cannot be written', () => {
    const descriptor = Object.getOwnPropertyDescriptor(Error, 'stackTraceLimit');
    Object.defineProperty(Error, 'stackTraceLimit', { value: 10, writable: false, configurable: true });
    try {
      expect(parseMostlyValidJson('{"a": 1,}')).toEqual({
        ok: true,
        value: { a: 1 },
        repairs: [{ kind: 'trailing_comma', position: 7 }],
        end: 9,
      });
      expect(Error.stackTraceLimit).toBe(10);
    } finally {
      if (descriptor) Object.defineProperty(Error, 'stackTraceLimit', descriptor);
    }
  });
});
