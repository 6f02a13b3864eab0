/**
 * Issue 14 item 6: `auto` never misses silently. Each case of `auto-warnings.json` is parsed whole, one
 * code unit per chunk (`parseToolCallChunks`) and streamed through `createToolCallStream`; each run
 * must give the expected format, content, reasoning, calls and warning messages.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EventCollector } from '../../src/formats/collect-events.js';
import { type ParseToolCallsOptions, parseToolCallChunks } from '../../src/formats/parse-tool-calls.js';
import { createToolCallStream } from '../../src/stream/create-tool-call-stream.js';
import type { ParseResult } from '../../src/types/tool-call.js';

interface WarningCase {
  readonly description: string;
  readonly input: string;
  readonly options: ParseToolCallsOptions;
  readonly expected: unknown;
}

const cases = JSON.parse(
  readFileSync(new URL('./auto-warnings.json', import.meta.url), 'utf8'),
) as readonly WarningCase[];

function summary(result: ParseResult): unknown {
  return {
    format: result.format,
    content: result.content,
    reasoning: result.reasoning,
    tool_calls: result.toolCalls.map((call) => ({ name: call.name, arguments: call.arguments })),
    warnings: (result.warnings ?? []).map((warning) =>
      warning.type === 'other' ? warning.message : warning,
    ),
  };
}

describe('auto warnings and the model table', () => {
  for (const testCase of cases) {
    it(testCase.description, () => {
      expect(summary(parseToolCallChunks([testCase.input], testCase.options))).toEqual(testCase.expected);
      expect(summary(parseToolCallChunks([...testCase.input], testCase.options))).toEqual(testCase.expected);
      for (const size of [1, 7]) {
        const stream = createToolCallStream(testCase.options);
        const collector = new EventCollector();
        for (let at = 0; at < testCase.input.length; at += size)
          collector.add(stream.push(testCase.input.slice(at, at + size)));
        collector.add(stream.finish());
        expect(summary(collector.result(stream.format, stream.warnings)), `chunks of ${size}`).toEqual(
          testCase.expected,
        );
      }
    });
  }
});
