import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGemmaValue } from '../../../src/formats/families/gemma-calls/parse-gemma-value.js';

interface Case {
  readonly description: string;
  readonly text: string;
  readonly quote: string;
  readonly expected: unknown;
}

const cases = JSON.parse(readFileSync(new URL('./gemma-value.json', import.meta.url), 'utf8')) as Case[];

describe('parseGemmaValue', () => {
  for (const { description, text, quote, expected } of cases) {
    it(description, () => {
      expect(parseGemmaValue(text, quote)).toEqual(expected);
    });
  }

  it('nesting deeper than 256 is the too-deep error, not a stack overflow', () => {
    expect(parseGemmaValue(`${'['.repeat(300)}${']'.repeat(300)}`, '<escape>')).toEqual({
      ok: false,
      error: 'nested too deeply',
    });
  });
});
