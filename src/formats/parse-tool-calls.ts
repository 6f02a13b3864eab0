import type { ParseResult } from '../types/tool-call.js';
import { AutoParser, detectFormatFromModel } from './auto.js';
import { EventCollector } from './collect-events.js';
import type { FormatDefinition, FormatOptions } from './format-definition.js';
import { getFormat, listFormats } from './registry.js';

/** Options of `parseToolCalls`: the format (id, alias or definition) plus the parser options. */
export interface ParseToolCallsOptions extends FormatOptions {
  readonly format: string | FormatDefinition;
  /** Model name, used by the `auto` format to pick the real one. */
  readonly model?: string;
}

/**
 * Parses one whole assistant turn. Exactly `create()`, one `push(text)` and `finish()` of the format's
 * incremental parser, so whole-text and streaming parses agree.
 *
 * @returns content, reasoning, calls and invalid calls; never throws on model text.
 * @throws {UnknownFormatError} (code `unknown_format`) when `options.format` is not registered.
 */
export function parseToolCalls(text: string, options: ParseToolCallsOptions): ParseResult {
  return parseToolCallChunks([text], options);
}

/** Like `parseToolCalls`, feeding `chunks` one by one to the incremental parser. */
export function parseToolCallChunks(chunks: Iterable<string>, options: ParseToolCallsOptions): ParseResult {
  const { format: formatOption, ...formatOptions } = options;
  const format = typeof formatOption === 'string' ? getFormat(formatOption) : formatOption;
  const parser = format.create({ inputEvents: false, ...formatOptions });
  const collector = new EventCollector();
  for (const chunk of chunks) collector.add(parser.push(chunk));
  collector.add(parser.finish());
  const id = parser instanceof AutoParser ? (parser.format ?? format.id) : format.id;
  return collector.result(
    format.id === 'auto' && !(parser instanceof AutoParser) ? resolvedId(format, formatOptions) : id,
  );
}

/** The format `auto` resolved to through the model name (the parser itself does not say). */
function resolvedId(format: FormatDefinition, options: { model?: string }): string {
  return options.model ? (detectFormatFromModel(options.model, listFormats())?.id ?? format.id) : format.id;
}
