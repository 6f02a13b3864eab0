/**
 * Table-driven format tests: every `test/formats/<format-id>.json` is an array of cases
 * `{ description, input, tools?, options?, expected: { content, reasoning?, tool_calls, invalid_tool_calls? } }`.
 * Each case is parsed whole, at every 2-way split and one UTF-16 code unit per chunk; every run must give
 * exactly the expected content, reasoning (`""` when absent), calls (name, arguments, and id and issue
 * codes when given, and repairs as `{ kind, position }` when given)
 * and invalid calls (name, when the parser has one, and raw text). A case drawn from a bug report names
 * it in `source` (`owner/repo#number`); its input is our own text of the glitch reported there. Whole and
 * one code unit per chunk, the exact nothing-lost check (`span-check.ts`) must hold too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FormatOptions } from '../../src/formats/format-definition.js';
import { parseToolCallChunks } from '../../src/formats/parse-tool-calls.js';
import { getFormat } from '../../src/formats/registry.js';
import type { ToolDefinition } from '../../src/types/tool.js';
import { runWithSpans, spanProblems } from './span-check.js';

interface FormatCase {
  readonly description: string;
  /** The public bug report the case's glitch comes from (`owner/repo#number`). */
  readonly source?: string;
  readonly input: string;
  readonly tools?: readonly ToolDefinition[];
  readonly options?: FormatOptions;
  readonly expected: {
    readonly content: string;
    readonly reasoning?: string;
    readonly tool_calls: ReadonlyArray<{
      readonly name: string;
      readonly arguments: unknown;
      readonly id?: string;
      /** The codes of the call's non-fatal issues, checked when given. */
      readonly issues?: readonly string[];
      /** The call's repairs (kind and position; the message is not pinned), checked when given. */
      readonly repairs?: ReadonlyArray<{ readonly kind: string; readonly position?: number }>;
    }>;
    readonly invalid_tool_calls?: ReadonlyArray<{ readonly name?: string; readonly raw: string }>;
  };
}

const directory = new URL('./', import.meta.url);
const files = readdirSync(directory)
  .filter((file) => file.endsWith('.json'))
  .sort();

/** The parse result reduced to what a case pins down. */
function outcome(formatId: string, testCase: FormatCase, chunks: readonly string[]): unknown {
  const result = parseToolCallChunks(chunks, {
    format: getFormat(formatId),
    ...(testCase.options ?? {}),
    ...(testCase.tools ? { tools: testCase.tools } : {}),
  });
  const withIds = new Set(
    testCase.expected.tool_calls.flatMap((call, index) => (call.id === undefined ? [] : [index])),
  );
  const withIssues = new Set(
    testCase.expected.tool_calls.flatMap((call, index) => (call.issues === undefined ? [] : [index])),
  );
  const withRepairs = new Set(
    testCase.expected.tool_calls.flatMap((call, index) => (call.repairs === undefined ? [] : [index])),
  );
  return {
    content: result.content,
    reasoning: result.reasoning,
    tool_calls: result.toolCalls.map((call, index) => ({
      name: call.name,
      arguments: call.arguments,
      ...(withIds.has(index) ? { id: call.id } : {}),
      ...(withIssues.has(index) ? { issues: (call.issues ?? []).map((issue) => issue.code) } : {}),
      ...(withRepairs.has(index)
        ? {
            repairs: (call.repairs ?? []).map(({ kind, position }) =>
              position === undefined ? { kind } : { kind, position },
            ),
          }
        : {}),
    })),
    invalid_tool_calls: result.invalidToolCalls.map((call) => ({
      ...(call.name === undefined ? {} : { name: call.name }),
      raw: call.raw,
    })),
  };
}

function expectedOutcome(testCase: FormatCase): unknown {
  const { expected } = testCase;
  return {
    content: expected.content,
    reasoning: expected.reasoning ?? '',
    tool_calls: expected.tool_calls,
    invalid_tool_calls: expected.invalid_tool_calls ?? [],
  };
}

for (const file of files) {
  const formatId = file.slice(0, -'.json'.length);
  const cases = JSON.parse(readFileSync(new URL(file, directory), 'utf8')) as FormatCase[];
  describe(`format ${formatId}`, () => {
    for (const testCase of cases) {
      it(testCase.description, () => {
        const expected = expectedOutcome(testCase);
        expect(outcome(formatId, testCase, [testCase.input]), 'whole text').toEqual(expected);
        const { input } = testCase;
        for (let cut = 1; cut < input.length; cut++) {
          expect(
            outcome(formatId, testCase, [input.slice(0, cut), input.slice(cut)]),
            `split at ${cut}`,
          ).toEqual(expected);
        }
        expect(outcome(formatId, testCase, input.split('')), 'one code unit per chunk').toEqual(expected);
        // The exact nothing-lost check (verbatim content), whole text and one code unit per chunk.
        const format = getFormat(formatId);
        const options = {
          ...(testCase.options ?? {}),
          ...(testCase.tools ? { tools: testCase.tools } : {}),
          content: 'verbatim' as const,
        };
        for (const chunks of [[input], input.split('')]) {
          expect(spanProblems(input, runWithSpans(format, options, chunks), format), 'nothing lost').toEqual(
            [],
          );
        }
      });
    }
  });
}
