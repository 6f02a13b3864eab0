import { ToolwireError } from '../errors/toolwire-error.js';
import { schemaAlignment } from '../schema/schema-alignment.js';
import type { ParseResult } from '../types/tool-call.js';
import { AutoParser } from './auto.js';
import { EventCollector } from './collect-events.js';
import { wholeTextCalls } from './families/tagged-json/whole-text-calls.js';
import {
  type FormatDefinition,
  type FormatOptions,
  type FormatParser,
  isFormatDefinition,
} from './format-definition.js';
import { checkFormatOptions, describe } from './format-options.js';
import { auto, getFormat, resolveModelFormat, wholeTextReading } from './registry.js';
import { schemaAligned } from './schema-aligned.js';

/** Options of `parseToolCalls`: the format (id, alias or definition) plus the parser options. */
export interface ParseToolCallsOptions extends FormatOptions {
  /**
   * The format: an id or alias (`"hermes"`, `"qwen3_coder"`, ...) or a `FormatDefinition`. Default
   * `"auto"`: the format named by `model`, else the one whose markers appear first in the text.
   */
  readonly format?: string | FormatDefinition;
  /** Model name, used by the `auto` format to pick the real one. */
  readonly model?: string;
}

/**
 * Parses one whole assistant turn. The result is exactly that of `create()`, one `push(text)` and
 * `finish()` of the format's incremental parser, so whole-text and streaming parses agree (for Hermes
 * the usual output, prose and calls of a name and an arguments object, is read without the parser, to
 * the same result: see `wholeTextCalls`). `options.format` defaults to `"auto"`.
 *
 * @returns content, reasoning, calls and invalid calls; never throws on model text.
 * @throws {UnknownFormatError} (code `unknown_format`) when `options.format` is not registered.
 * @throws {InvalidToolsError} (code `invalid_tools`) when `options.tools` is not an array of tools with
 *   a string `name` each.
 * @throws {ToolwireError} (code `invalid_argument`) when `text` is not a string, `options` not an
 *   object, `options.format` neither a string nor a `FormatDefinition`, or `options.model` not a string.
 */
export function parseToolCalls(text: string, options?: ParseToolCallsOptions): ParseResult {
  if (typeof text !== 'string')
    throw new ToolwireError('invalid_argument', `parseToolCalls() takes a string, got ${describe(text)}`);
  const checked = checkFormatOptions(options);
  const format = turnFormat(checked);
  // The usual output of some formats is read without their parser, to the same result; any other
  // output makes that reading give up, and the parser reads it (see `wholeTextCalls`).
  const plan = wholeTextReading(format);
  if (plan !== undefined) {
    // The registry's definitions align with `schemaAlignment` when the options give no `align`.
    const whole = wholeTextCalls(text, format.id, plan, checked, schemaAlignment);
    if (whole !== undefined) return whole;
  }
  return parseChunks([text], turnParser(checked, format));
}

/**
 * Like `parseToolCalls`, feeding `chunks` (an iterable of strings, not one string) one by one to the
 * incremental parser. Throws as `parseToolCalls` does, and `invalid_argument` for other `chunks`.
 */
export function parseToolCallChunks(chunks: Iterable<string>, options?: ParseToolCallsOptions): ParseResult {
  if (
    typeof chunks !== 'object' ||
    chunks === null ||
    typeof (chunks as Partial<Iterable<string>>)[Symbol.iterator] !== 'function'
  ) {
    throw new ToolwireError(
      'invalid_argument',
      `parseToolCallChunks() takes an iterable of strings, got ${describe(chunks)}`,
    );
  }
  return parseChunks(chunks, createTurnParser(options));
}

/** Runs `turn`'s parser over `chunks` (one `push` each, then `finish`): its result. */
function parseChunks(chunks: Iterable<string>, turn: TurnParser): ParseResult {
  const collector = new EventCollector();
  for (const chunk of chunks) collector.add(turn.parser.push(chunk));
  collector.add(turn.parser.finish());
  return turnResult(turn, collector);
}

/** A turn's parser and the format it parses. */
interface TurnParser {
  parser: FormatParser;
  format: FormatDefinition;
}

/** The parser `parseToolCalls` runs for `options` (checked, `auto` resolved by `model`), and its format. */
export function createTurnParser(options: ParseToolCallsOptions | undefined): TurnParser {
  const checked = checkFormatOptions(options);
  return turnParser(checked, turnFormat(checked));
}

/** The format of a turn parsed with `checked` options: `options.format`, `auto` resolved by `model`. */
function turnFormat(checked: ParseToolCallsOptions): FormatDefinition {
  return resolveModelFormat(resolveFormat(checked.format), checked.model);
}

/** `format`'s parser for a whole turn with `checked` options (no input events unless asked for). */
function turnParser(checked: ParseToolCallsOptions, format: FormatDefinition): TurnParser {
  const { format: _format, ...formatOptions } = checked;
  return { parser: format.create({ inputEvents: false, ...formatOptions }), format };
}

/** The result of a finished `createTurnParser` run: `auto` names the format it chose, with its warnings. */
export function turnResult(
  turn: { parser: FormatParser; format: FormatDefinition },
  collector: EventCollector,
): ParseResult {
  const { parser, format } = turn;
  return parser instanceof AutoParser
    ? collector.result(parser.format ?? format.id, parser.warnings)
    : collector.result(format.id);
}

/**
 * `options.format`: an id or alias (default `auto`), or a format definition; its parsers align
 * arguments with `schemaAlignment` when the options give no `align` (see `schemaAligned`).
 *
 * @throws {UnknownFormatError} (code `unknown_format`) for an id that is not registered.
 * @throws {ToolwireError} (code `invalid_argument`) for anything else that is not a format.
 */
export function resolveFormat(format: unknown): FormatDefinition {
  if (format === undefined) return getFormat('auto');
  if (typeof format === 'string') return getFormat(format);
  if (isFormatDefinition(format)) return format === auto ? format : schemaAligned(format);
  throw new ToolwireError(
    'invalid_argument',
    `options.format must be a format id or a FormatDefinition, got ${describe(format)}`,
  );
}
