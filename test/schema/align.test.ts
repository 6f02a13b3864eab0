import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  alignArguments,
  alignParameters,
  alignResponse,
  alignText,
  alignValue,
} from '../../src/schema/index.js';

interface AlignCase {
  readonly name: string;
  readonly fn: 'alignText' | 'alignValue' | 'alignParameters' | 'alignArguments' | 'alignResponse';
  readonly schema: Record<string, unknown>;
  readonly input: unknown;
  readonly options?: Record<string, unknown>;
  readonly value: unknown;
  readonly flags?: ReadonlyArray<{ path: string; kind: string }>;
  readonly issues?: ReadonlyArray<{ path: string; code: string }>;
}

const cases = JSON.parse(readFileSync(new URL('./align-cases.json', import.meta.url), 'utf8')) as AlignCase[];

describe('aligner behaviours (test/schema/align-cases.json)', () => {
  it.each(cases.map((testCase) => [testCase.name, testCase] as const))('%s', (_name, testCase) => {
    const run = {
      alignText: () => alignText(testCase.input as string, testCase.schema, testCase.options),
      alignValue: () => alignValue(testCase.input, testCase.schema, testCase.options),
      alignParameters: () =>
        alignParameters(testCase.input as Array<[string, string]>, testCase.schema, testCase.options),
      alignArguments: () =>
        alignArguments(testCase.input as Record<string, unknown>, testCase.schema, testCase.options),
      alignResponse: () => alignResponse(testCase.input as string, testCase.schema, testCase.options),
    }[testCase.fn];
    const result = run();
    expect(result.value).toStrictEqual(testCase.value);
    expect(result.flags).toEqual(testCase.flags ?? []);
    expect(result.issues.map(({ path, code }) => ({ path, code }))).toEqual(testCase.issues ?? []);
    for (const entry of result.issues) {
      expect(typeof entry.message).toBe('string');
      expect(typeof entry.expected).toBe('string');
      expect(typeof entry.received).toBe('string');
    }
  });
});
