/**
 * Issue 14 items 2, 3, 5: `repairs` on calls (JSON repair log, missing end markers), `strictFormat`,
 * `finishReason` and `applyDefaults`, table-driven over `call-repairs.json`. Each case is parsed whole,
 * at every 2-way split and one code unit per chunk; every run must give exactly the expected result
 * (calls with `repairs` and, when the case gives them, `flags`; invalid calls with their issue codes
 * and `repairs`).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { closingBrackets } from '../../../src/formats/core/closing-brackets.js';
import type { FormatOptions } from '../../../src/formats/format-definition.js';
import { parseToolCallChunks } from '../../../src/formats/parse-tool-calls.js';
import type { ToolDefinition } from '../../../src/types/tool.js';

interface RepairCase {
  readonly description: string;
  readonly format: string;
  readonly input: string;
  readonly options?: FormatOptions;
  readonly tools?: readonly ToolDefinition[];
  readonly expected: {
    readonly content: string;
    readonly tool_calls: ReadonlyArray<{ readonly flags?: unknown } & Record<string, unknown>>;
    readonly invalid_tool_calls: readonly unknown[];
  };
}

const cases = JSON.parse(
  readFileSync(new URL('./call-repairs.json', import.meta.url), 'utf8'),
) as readonly RepairCase[];

function outcome(testCase: RepairCase, chunks: readonly string[]): unknown {
  const result = parseToolCallChunks(chunks, {
    format: testCase.format,
    ...(testCase.options ?? {}),
    ...(testCase.tools ? { tools: testCase.tools } : {}),
  });
  return {
    content: result.content,
    tool_calls: result.toolCalls.map((call, index) => ({
      name: call.name,
      arguments: call.arguments,
      ...(call.repairs ? { repairs: call.repairs } : {}),
      ...(testCase.expected.tool_calls[index]?.flags !== undefined ? { flags: call.flags ?? [] } : {}),
    })),
    invalid_tool_calls: result.invalidToolCalls.map((call) => ({
      ...(call.name === undefined ? {} : { name: call.name }),
      raw: call.raw,
      issues: call.issues.map((issue) => issue.code),
      ...(call.repairs ? { repairs: call.repairs } : {}),
    })),
  };
}

function* splits(input: string): Generator<readonly string[]> {
  for (let cut = 1; cut < input.length; cut++) yield [input.slice(0, cut), input.slice(cut)];
  yield input.split('');
}

describe('call repairs, strictFormat, finishReason, applyDefaults', () => {
  for (const testCase of cases) {
    it(`${testCase.format}: ${testCase.description}`, () => {
      expect(outcome(testCase, [testCase.input])).toEqual(testCase.expected);
    });
    it(`${testCase.format}: ${testCase.description} (every split)`, () => {
      for (const chunks of splits(testCase.input))
        expect(outcome(testCase, chunks), JSON.stringify(chunks)).toEqual(testCase.expected);
    });
  }
});

describe('closingBrackets', () => {
  it.each([
    ['{"a": [1, {"b": 2}', ']}'],
    ['[f(a=1, b=[1', '])]'],
    ['{"a": "x]"', '}'],
    ['{"a": "it\\"s [', undefined],
    ['{"a": 1,', undefined],
    ['{"a":', undefined],
    ['{"a": 1]', undefined],
    ['{"a": 1}', ''],
  ])('%s → %s', (text, expected) => {
    expect(closingBrackets(text)).toBe(expected);
  });
});
