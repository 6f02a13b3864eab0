/**
 * One rule for a stray reasoning closer (a closing reasoning tag with nothing opening it), streamed and
 * whole alike (issue 25 item 1). Each row of `stray-reasoning-close.json` names a format with reasoning
 * and its closer; `Thinking.CLOSER Answer.` must give the row's exact content and reasoning without
 * `reasoningStartedInPrompt` (`stray`: the text before the closer is content) and with it (`opened`:
 * reasoning), and `parseToolCalls` must equal the stream's collected result at every two-chunk split and
 * in one-code-unit chunks, for that text, the closer doubled, and the closer before the format's example
 * call (whose calls a few rows give exactly).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  EventCollector,
  listFormats,
  type ParseToolCallsOptions,
  parseToolCalls,
} from '../../src/formats/index.js';
import { createToolCallStream } from '../../src/stream/index.js';
import type { ParseResult } from '../../src/types/tool-call.js';

interface Expected {
  readonly content: string;
  readonly reasoning: string;
  readonly calls?: ReadonlyArray<{ readonly name: string; readonly arguments: unknown }>;
}

interface Row {
  readonly format: string;
  readonly closer: string;
  readonly stray: Expected;
  readonly opened: Expected;
  /** `Thinking.CLOSER` followed by the format's `example`. */
  readonly beforeExample?: { readonly stray: Expected; readonly opened: Expected };
}

const rows = JSON.parse(
  readFileSync(new URL('./stray-reasoning-close.json', import.meta.url), 'utf8'),
) as readonly Row[];

function streamed(chunks: readonly string[], options: ParseToolCallsOptions): ParseResult {
  const stream = createToolCallStream(options);
  const collector = new EventCollector();
  for (const chunk of chunks) collector.add(stream.push(chunk));
  collector.add(stream.finish());
  return collector.result(stream.format, stream.warnings);
}

/** Every two-chunk split of `text`, then one code unit per chunk. */
function chunkings(text: string): string[][] {
  const all: string[][] = [];
  for (let at = 0; at <= text.length; at++) all.push([text.slice(0, at), text.slice(at)]);
  all.push(text.split(''));
  return all;
}

/** The first chunking where the stream's collected result differs from `parseToolCalls` (none: `undefined`). */
function firstDifference(text: string, options: ParseToolCallsOptions): unknown {
  const whole = parseToolCalls(text, options);
  for (const chunks of chunkings(text)) {
    const result = streamed(chunks, options);
    if (JSON.stringify(result) !== JSON.stringify(whole)) return { chunks, whole, streamed: result };
  }
  return undefined;
}

function summary(result: ParseResult, withCalls: boolean): Expected {
  return {
    content: result.content,
    reasoning: result.reasoning,
    ...(withCalls
      ? { calls: result.toolCalls.map((call) => ({ name: call.name, arguments: call.arguments })) }
      : {}),
  };
}

const example = new Map(listFormats().map((format) => [format.id, format.example]));

describe('a stray reasoning closer: one rule for parseToolCalls and the stream', () => {
  it('covers every format whose reasoning can start in the prompt', () => {
    const withReasoning = listFormats()
      .filter(
        (format) =>
          parseToolCalls('Thinking.', { format: format.id, reasoningStartedInPrompt: true }).reasoning ===
          'Thinking.',
      )
      .map((format) => format.id)
      .sort();
    expect(rows.map((row) => row.format).sort()).toEqual(withReasoning);
  });

  for (const row of rows) {
    describe(`${row.format} ${row.closer}`, () => {
      const modes: ReadonlyArray<['stray' | 'opened', ParseToolCallsOptions]> = [
        ['stray', { format: row.format }],
        ['opened', { format: row.format, reasoningStartedInPrompt: true }],
      ];
      for (const [mode, options] of modes) {
        it(`${mode}: exact result, and the stream equals parseToolCalls at every split`, () => {
          const text = `Thinking.${row.closer}Answer.`;
          expect(summary(parseToolCalls(text, options), false)).toEqual(row[mode]);
          expect(firstDifference(text, options)).toBeUndefined();
          expect(firstDifference(`Thinking.${row.closer}${row.closer}Answer.`, options)).toBeUndefined();
          const beforeExample = `Thinking.${row.closer}${example.get(row.format) ?? ''}`;
          expect(firstDifference(beforeExample, options)).toBeUndefined();
          if (row.beforeExample)
            expect(summary(parseToolCalls(beforeExample, options), true)).toEqual(row.beforeExample[mode]);
        });
      }
    });
  }
});
