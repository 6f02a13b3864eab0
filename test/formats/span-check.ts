/**
 * The exact nothing-lost check (issue 15 item 2), shared by the format tables, the parse corpus and
 * the fuzzer. No vitest import.
 *
 * A parser in debug mode (`recordSpans()`) says where each piece of its output came from in the
 * input. The check: every piece is the input's text at its span, the spans come in input order and
 * tile the input from 0 to its end with no gap and no overlap, the content / reasoning / markup /
 * call raw / invalid raw texts of the result are exactly the spans of that kind joined, and markup
 * holds only the format's markers (plus whitespace and JSON array punctuation). So a dropped word can
 * not hide behind a join, and a decoded or rewritten piece is caught where it was changed.
 */

import type { Span, SpanKind, SpanRecorder } from '../../src/formats/core/span-recorder.js';
import type { FormatDefinition, FormatOptions, FormatParser } from '../../src/formats/format-definition.js';
import type { ParseEvent } from '../../src/types/parse-event.js';

/** A parser that can record spans (`BaseFormatParser`, `AutoParser`). */
interface Recording {
  recordSpans(): SpanRecorder;
}

function canRecord(parser: FormatParser): parser is FormatParser & Recording {
  return typeof (parser as Partial<Recording>).recordSpans === 'function';
}

/** One run of a parser in debug mode: its events, markup and span record. */
export interface SpanRun {
  readonly events: readonly ParseEvent[];
  readonly markup: readonly string[];
  readonly spans: SpanRecorder | undefined;
}

/** Runs `format` over `chunks` with span recording (when the parser supports it). */
export function runWithSpans(
  format: FormatDefinition,
  options: FormatOptions,
  chunks: readonly string[],
): SpanRun {
  const parser = format.create(options);
  const spans = canRecord(parser) ? parser.recordSpans() : undefined;
  const events: ParseEvent[] = [];
  for (const chunk of chunks) for (const event of parser.push(chunk)) events.push(event);
  for (const event of parser.finish()) events.push(event);
  return { events, markup: markupOf(parser), spans };
}

/** The dropped structure of a parser (`markup`), through `auto` to the parser it chose. */
export function markupOf(parser: FormatParser): readonly string[] {
  const inner = (parser as { inner?: unknown }).inner;
  const markup =
    (parser as { markup?: unknown }).markup ?? (inner as { markup?: unknown } | undefined)?.markup;
  return Array.isArray(markup) ? (markup as string[]).slice() : [];
}

const markupPunctuation = /^[\s[\],]*$/;

/** Why `run` over `input` breaks the exact nothing-lost rule (empty: it keeps it). */
export function spanProblems(input: string, run: SpanRun, format: FormatDefinition): string[] {
  const { markers, id: formatId } = format;
  const { spans } = run;
  if (spans === undefined) return ['the parser records no spans (not a BaseFormatParser)'];
  const problems = [...spans.problems];
  let position = 0;
  for (const span of spans.spans) {
    if (span.start !== position) {
      problems.push(
        span.start > position
          ? `input [${position}, ${span.start}) ${show(input.slice(position, span.start))} is in no output (lost), next: ${describe(input, span)}`
          : `${describe(input, span)} overlaps or comes out of order (the output so far reaches ${position})`,
      );
      break;
    }
    position = span.end;
  }
  if (problems.length === 0 && position !== input.length)
    problems.push(`input from ${position} ${show(input.slice(position))} is in no output (lost)`);
  const joined = (kind: SpanKind): string =>
    spans.spans
      .filter((span) => span.kind === kind)
      .map((span) => input.slice(span.start, span.end))
      .join('');
  const output = outputTexts(run.events);
  for (const kind of ['content', 'reasoning', 'call', 'invalid'] as const) {
    if (joined(kind) !== output[kind])
      problems.push(`${kind} output ${show(output[kind])} is not its spans' input ${show(joined(kind))}`);
  }
  if (joined('markup') !== run.markup.join(''))
    problems.push(`markup ${show(run.markup.join(''))} is not its spans' input ${show(joined('markup'))}`);
  // A marker's words alone (`tools` of Kimi K3's `<|open|>tools<|sep|>`, with spaces inside the tag)
  // and a marker without its line end (`all` of `all\n`, before `\r\n`) are structure too.
  const words = markers.flatMap((marker) => [marker.trim(), ...(marker.match(/[A-Za-z_]{2,}/g) ?? [])]);
  const sorted = [...new Set([...markers, ...words])]
    .filter((marker) => marker !== '')
    .sort((a, b) => b.length - a.length);
  for (const span of spans.spans) {
    if (span.kind !== 'markup') continue;
    // A marker the end of the output cut short (`</minimax:tool`, the token limit inside a closing
    // marker) is structure too.
    const cut = input.slice(span.start, span.end).trimStart();
    if (
      span.end === input.length &&
      cut !== '' &&
      markers.some((marker) => marker.length > cut.length && marker.startsWith(cut))
    )
      continue;
    let rest = input.slice(span.start, span.end);
    // `tagged` reads garbled tag spellings (`<\n/tool_call>`, `<|/toolcall>`, `<toolcalls>`) as its
    // tags: their brackets, bars and tag words are structure there.
    if (formatId === 'tagged') rest = rest.replace(/[<>/|_-]|tool|calls?|functions?|invoke/gi, ' ');
    // A space, not nothing: the pieces around a marker must not join into another marker.
    for (const marker of sorted) rest = rest.split(marker).join(' ');
    if (!markupPunctuation.test(rest))
      problems.push(`markup ${describe(input, span)} holds text that is not a marker: ${show(rest.trim())}`);
  }
  return problems;
}

/** Content, reasoning, call raws and invalid raws of an event list, each joined. */
function outputTexts(
  events: readonly ParseEvent[],
): Record<'content' | 'reasoning' | 'call' | 'invalid', string> {
  const out = { content: '', reasoning: '', call: '', invalid: '' };
  for (const event of events) {
    if (event.type === 'text-delta') out.content += event.delta;
    else if (event.type === 'reasoning-delta') out.reasoning += event.delta;
    else if (event.type === 'tool-call') out.call += event.raw ?? '';
    else if (event.type === 'tool-call-invalid') out.invalid += event.raw;
  }
  return out;
}

function describe(input: string, span: Span): string {
  return `${span.kind} [${span.start}, ${span.end}) ${show(input.slice(span.start, span.end))}`;
}

function show(text: string): string {
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);
}
