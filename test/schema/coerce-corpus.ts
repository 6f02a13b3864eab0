/**
 * Runs the coerce corpus (`../shared/corpus/coerce/*.jsonl`: BAML's jsonish tests and the jsonish TS
 * port, schema + raw model text → expected value) through `alignResponse`, for the conformance test.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { alignResponse } from '../../src/schema/index.js';
import { corpusUrl } from '../corpus-path.js';

export interface CoerceCase {
  readonly id: string;
  readonly schema: unknown;
  readonly input: string;
  readonly expected: unknown;
  readonly check: 'equals' | 'throws' | 'no_throw' | 'has_properties' | 'undefined';
  readonly partial?: boolean;
}

export interface CoerceOutcome {
  readonly id: string;
  readonly file: string;
  readonly pass: boolean;
  readonly detail: string;
}

/** The corpus folder, read in place; `undefined` when it is not there (a checkout without shared/). */
export function corpusDirectory(): string | undefined {
  const directory = fileURLToPath(corpusUrl('coerce/'));
  return existsSync(directory) ? directory : undefined;
}

export function loadCorpus(directory: string): Array<{ file: string; cases: CoerceCase[] }> {
  return readdirSync(directory)
    .filter((name) => name.endsWith('.jsonl'))
    .sort()
    .map((file) => ({
      file,
      cases: readFileSync(`${directory}/${file}`, 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as CoerceCase),
    }));
}

/** Deep equality where numbers compare by value (`1.0` and `1` are the same JSON number). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) < 1e-9;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, index) => jsonEqual(item, other[index]));
  }
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return (
    keysA.length === keysB.length &&
    keysA.every(
      (key) =>
        Object.hasOwn(b, key) &&
        jsonEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    )
  );
}

export function runCase(file: string, testCase: CoerceCase): CoerceOutcome {
  let result: ReturnType<typeof alignResponse>;
  try {
    result = alignResponse(testCase.input, testCase.schema as never, { partial: testCase.partial === true });
  } catch (error) {
    return { id: testCase.id, file, pass: false, detail: `threw ${String(error)}` };
  }
  const detail = `got ${JSON.stringify(result.value)?.slice(0, 300)} issues ${JSON.stringify(result.issues).slice(0, 300)}`;
  let pass: boolean;
  switch (testCase.check) {
    case 'equals':
    case 'undefined':
      pass = result.issues.length === 0 && jsonEqual(result.value, testCase.expected);
      break;
    case 'throws':
      pass = result.issues.length > 0;
      break;
    case 'no_throw':
      pass = true;
      break;
    case 'has_properties': {
      const wanted = (testCase.expected as { has_properties: string[] }).has_properties;
      const value = result.value;
      pass = typeof value === 'object' && value !== null && wanted.every((key) => Object.hasOwn(value, key));
      break;
    }
  }
  return { id: testCase.id, file, pass, detail };
}
