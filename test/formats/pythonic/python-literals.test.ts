/**
 * Table tests of Python literal reading over `python-literals.json`. `values`: units read by
 * `PythonCallScanner` in `mode: 'value'` (a dict or list: what llama3_json reads with it, and the code
 * that reads call arguments), each scanned whole and one UTF-16 code unit per chunk; both runs give
 * exactly the stop in `expected` (in chunked runs the index is counted from the unit's start, as
 * `consumed` is). Where a value differs from Python's `ast.literal_eval` (lenient spellings, JSON
 * names, cut-off input), the case's description says so. `numbers`: number token texts for
 * `parsePythonNumber`, `null` where the text is not a number it accepts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePythonNumber } from '../../../src/formats/families/pythonic/parse-python-number.js';
import {
  PythonCallScanner,
  type PythonScanStop,
} from '../../../src/formats/families/pythonic/python-call-scanner.js';

interface LiteralTable {
  readonly values: ReadonlyArray<{
    readonly description: string;
    readonly text: string;
    readonly expected: PythonScanStop;
  }>;
  readonly numbers: ReadonlyArray<{ readonly text: string; readonly value: number | null }>;
}

const table = JSON.parse(
  readFileSync(new URL('./python-literals.json', import.meta.url), 'utf8'),
) as LiteralTable;

/** Scans `text` as separate one-code-unit strings; the stop's index is counted from the unit's start. */
function scanByCodeUnit(scanner: PythonCallScanner, text: string): PythonScanStop {
  for (let index = 0; index < text.length; index++) {
    const stop = scanner.scan(text[index]!, 0, 1);
    if (stop.kind !== 'more') return { ...stop, index: scanner.consumed };
  }
  return { kind: 'more' };
}

describe('Python literal values (PythonCallScanner, mode "value")', () => {
  const scanner = new PythonCallScanner();
  for (const { description, text, expected } of table.values) {
    it(description, () => {
      scanner.reset('value');
      expect(scanner.scan(text, 0, text.length)).toEqual(expected);
      scanner.reset('value');
      expect(scanByCodeUnit(scanner, text)).toEqual(expected);
    });
  }
});

describe('Python number literals (parsePythonNumber)', () => {
  for (const { text, value } of table.numbers) {
    it(`${text.length > 40 ? `${text.slice(0, 40)}… (${text.length} characters)` : text} → ${value}`, () => {
      expect(parsePythonNumber(text) ?? null).toBe(value);
    });
  }
});
