/**
 * Every registered format through `toolCallMiddleware` and the AI SDK's own `generateText` /
 * `streamText`: each parse-corpus case's output is replayed by a mock model, whole and at one
 * chunking (1-character chunks for a sample of cases, see `chunkSize`); the calls the AI SDK reports
 * (ids, names, inputs), its text, reasoning and invalid calls equal toolwire's own parse of the same
 * text with the same options, with no errors or warnings.
 */
import { describe, expect, it } from 'vitest';
import type { ToolCallMiddlewareOptions } from '../../src/ai-sdk/index.js';
import { getFormat, listFormats } from '../../src/formats/index.js';
import { parseToolCalls } from '../../src/formats/parse-tool-calls.js';
import type { ToolDefinition } from '../../src/types/tool.js';
import { type CorpusCase, loadParseCorpus, optionsFor, preparedInput } from '../conformance/parse-corpus.js';
import { describeCorpus } from '../corpus.js';
import { generateWith, type Reported, streamWith } from './harness.js';

const cases = (loadParseCorpus() ?? []).filter((testCase) => testCase.options?.partial !== true);

/**
 * The case's parser options and tools. Without tools the middleware changes nothing, so a case
 * without tools gets permissive tools (`{ type: "object" }`) named by the calls toolwire finds, or one
 * unused tool; a case that allows unknown tools gets permissive tools for the names it does not list
 * (the AI SDK rejects a call to a tool it was not given).
 */
function setup(testCase: CorpusCase): { tools: ToolDefinition[]; options: ToolCallMiddlewareOptions } {
  const { tools: given, ...rest } = optionsFor(testCase);
  const format = getFormat(testCase.format).id;
  const tools = given === undefined ? [] : [...given];
  if (tools.length === 0 || rest.allowUnknownTools === true) {
    const names = new Set<string>();
    const parsed = parseToolCalls(preparedInput(testCase).text, {
      ...rest,
      format,
      ...(given ? { tools: given } : {}),
    });
    for (const call of parsed.toolCalls) names.add(call.name);
    for (const call of parsed.invalidToolCalls)
      if (call.name !== undefined && given === undefined) names.add(call.name);
    for (const name of names)
      if (!tools.some((tool) => tool.name === name)) tools.push({ name, parameters: { type: 'object' } });
  }
  if (tools.length === 0) tools.push({ name: 'unused_tool', parameters: { type: 'object' } });
  return { tools, options: { ...rest, format } };
}

/** What the AI SDK should report: toolwire's own parse of the text, in the harness's shape. */
function expected(
  text: string,
  tools: readonly ToolDefinition[],
  options: ToolCallMiddlewareOptions,
): Reported {
  const result = parseToolCalls(text, { ...options, tools });
  return {
    text: result.content,
    reasoning: result.reasoning,
    toolCalls: result.toolCalls.map((call) => ({ id: call.id, name: call.name, input: call.arguments })),
    invalid: result.invalidToolCalls.map((call, index) => ({
      id: call.id ?? `invalid_${index}`,
      name: call.name ?? '',
      input: call.raw,
      raw: call.raw,
    })),
    finishReason: result.toolCalls.length > 0 ? 'tool-calls' : 'stop',
    errors: [],
    warnings: [],
  };
}

/** The invalid call's `input` is its raw text unless that would read as JSON (then prefixed). */
function normalizeInvalid(reported: Reported): Reported {
  return { ...reported, invalid: reported.invalid.map((call) => ({ ...call, input: call.raw })) };
}

// Each format's own documented example output is a case too (poolside_v1 has no corpus case).
const exampleCases: CorpusCase[] = listFormats().map((format) => ({
  id: `example/${format.id}`,
  source: 'FormatDefinition.example',
  format: format.id,
  tools: [],
  input: format.example,
  expected: { tool_calls: [] },
  file: 'example',
}));

const byFormat = new Map<string, CorpusCase[]>();
for (const testCase of [...cases, ...exampleCases]) {
  const id = getFormat(testCase.format).id;
  byFormat.set(id, [...(byFormat.get(id) ?? []), testCase]);
}

/**
 * One chunking per case besides the whole text: 1-character chunks (every marker split at every
 * position) for a sample, the first and every 6th case of each format when short; 7 otherwise (a
 * chunk boundary inside most markers). Three chunkings per case made this folder several times slower.
 */
function chunkSize(index: number, text: string): number {
  return index % 6 === 0 && text.length <= 300 ? 1 : 7;
}

describeCorpus('parse/', 'the parse corpus for the AI SDK middleware', () => {
  it('covers every registered format with corpus cases', () => {
    const covered = new Set(cases.map((testCase) => getFormat(testCase.format).id));
    const missing = listFormats()
      .map((format) => format.id)
      .filter((id) => !covered.has(id));
    expect(missing).toEqual(['poolside_v1']);
  });
});

describe('toolCallMiddleware over the parse corpus with the AI SDK', () => {
  for (const [format, formatCases] of byFormat) {
    it(`${format}: generateText and streamText report toolwire's parse (${formatCases.length} cases)`, async () => {
      const failures: string[] = [];
      for (const [index, testCase] of formatCases.entries()) {
        const text = preparedInput(testCase).text;
        const { tools, options } = setup(testCase);
        const want = expected(text, tools, options);
        const runs: [string, Promise<Reported>][] = [['generate', generateWith(text, tools, options)]];
        for (const size of [undefined, chunkSize(index, text)])
          runs.push([`stream/${size ?? 'whole'}`, streamWith(text, tools, options, size)]);
        for (const [label, run] of runs) {
          const got = normalizeInvalid(await run);
          try {
            expect(got).toEqual(want);
          } catch (error) {
            failures.push(`${testCase.id} ${label}: ${(error as Error).message.slice(0, 600)}`);
          }
        }
      }
      expect(failures).toEqual([]);
    }, 120_000);
  }
});
