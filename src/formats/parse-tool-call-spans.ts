import { ToolwireError } from '../errors/toolwire-error.js';
import type { ParseResult } from '../types/tool-call.js';
import { AutoParser } from './auto.js';
import { EventCollector } from './collect-events.js';
import { BaseFormatParser } from './core/base-parser.js';
import type { Span, SpanKind, SpanRecorder } from './core/span-recorder.js';
import type { FormatParser } from './format-definition.js';
import { describe } from './format-options.js';
import { createTurnParser, type ParseToolCallsOptions, turnResult } from './parse-tool-calls.js';

/**
 * Where one piece of the output came from: the input's UTF-16 code units `[start, end)`, and what they
 * became: `content`, `reasoning`, `markup` (the format's own markers, dropped from the output), `call`
 * (part of `toolCalls[index].raw`) or `invalid` (part of `invalidToolCalls[index].raw`).
 */
export interface ParseSpan {
  readonly kind: SpanKind;
  readonly start: number;
  readonly end: number;
  /** With `call` and `invalid`: the index of the call in `toolCalls` / `invalidToolCalls`. */
  readonly index?: number;
}

/** What {@link parseToolCallSpans} returns. */
export interface ParseSpansResult {
  /** Exactly what `parseToolCalls(text, options)` returns. */
  readonly result: ParseResult;
  /**
   * The spans in input order. Where `problems` is empty they tile the input: the first starts at 0, each
   * starts where the one before ends, the last ends at `text.length`.
   */
  readonly spans: readonly ParseSpan[];
  /**
   * Where the record could not account for a piece of output (text emitted that is not the input at its
   * place, text held and never emitted). Empty for every registered format over the test corpora.
   */
  readonly problems: readonly string[];
}

export type { SpanKind };

/**
 * Parses one whole assistant turn as `parseToolCalls` does and also says, for every piece of the input,
 * what it became, from the parser's own record of what it consumed (not by searching the output in the
 * input). A debugging aid (the playground colours its input with it); it costs a record per piece, so
 * production parsing stays with `parseToolCalls`.
 *
 * @returns the parse result, the spans in input order, and any place the record could not account for.
 * @throws as `parseToolCalls` does: {UnknownFormatError} (code `unknown_format`), {InvalidToolsError}
 *   (code `invalid_tools`), {ToolwireError} (code `invalid_argument`) for a `text` that is not a string
 *   or bad options.
 */
export function parseToolCallSpans(text: string, options?: ParseToolCallsOptions): ParseSpansResult {
  if (typeof text !== 'string')
    throw new ToolwireError('invalid_argument', `parseToolCallSpans() takes a string, got ${describe(text)}`);
  const turn = createTurnParser(options);
  const recorder = recorderOf(turn.parser);
  const collector = new EventCollector();
  collector.add(turn.parser.push(text));
  collector.add(turn.parser.finish());
  const result = turnResult(turn, collector);
  if (recorder === undefined)
    return { result, spans: [], problems: [`format "${result.format}" records no spans`] };
  return { result, spans: indexedSpans(recorder.spans, result), problems: [...recorder.problems] };
}

/** Turns on the parser's span record, where it keeps one (every registered format and `auto` do). */
function recorderOf(parser: FormatParser): SpanRecorder | undefined {
  return parser instanceof BaseFormatParser || parser instanceof AutoParser
    ? parser.recordSpans()
    : undefined;
}

/**
 * The spans with the call each `call` / `invalid` span belongs to, sorted by `start`. The recorder lists
 * spans in the order the output was made, each call's raw text whole before the next call's, so walking
 * them against the raw lengths of the result's calls finds the owner of each.
 */
function indexedSpans(spans: readonly Span[], result: ParseResult): ParseSpan[] {
  const owners = {
    call: { raws: result.toolCalls.map((call) => (call.raw ?? '').length), index: 0, used: 0 },
    invalid: { raws: result.invalidToolCalls.map((call) => call.raw.length), index: 0, used: 0 },
  };
  const out: ParseSpan[] = [];
  for (const span of spans) {
    if (span.kind !== 'call' && span.kind !== 'invalid') {
      out.push({ kind: span.kind, start: span.start, end: span.end });
      continue;
    }
    const owner = owners[span.kind];
    let start = span.start;
    // A span may run over the end of one call's raw text into the next (two calls held as one piece).
    while (start < span.end) {
      while (owner.index < owner.raws.length && owner.used >= (owner.raws[owner.index] ?? 0)) {
        owner.index += 1;
        owner.used = 0;
      }
      const left = (owner.raws[owner.index] ?? Number.POSITIVE_INFINITY) - owner.used;
      const end = Math.min(span.end, start + left);
      out.push({ kind: span.kind, start, end, index: owner.index });
      owner.used += end - start;
      start = end;
    }
  }
  return out.sort((a, b) => a.start - b.start);
}
