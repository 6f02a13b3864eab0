import { ToolwireError } from '../errors/toolwire-error.js';
import type { ParseResult } from '../types/tool-call.js';
import { EventCollector } from './collect-events.js';
import { type FormatDefinition, type FormatOptions, isFormatDefinition } from './format-definition.js';
import { checkFormatOptions, describe } from './format-options.js';

/**
 * Parses one whole assistant turn with one format, given by its definition:
 * `parseWith(hermes, text, options)` (`import { hermes, parseWith } from 'toolwire/formats'`) returns
 * what `parseToolCalls(text, { ...options, format: hermes })` returns. It does not look formats up by
 * id, so a bundle that imports one definition carries that format's parser alone, not the other
 * formats `parseToolCalls` can name. The same `create()`, one `push(text)` and `finish()`.
 *
 * @returns content, reasoning, calls and invalid calls, `format` the definition's id; never throws on
 *   model text.
 * @throws {InvalidToolsError} (code `invalid_tools`) when `options.tools` is not an array of tools with
 *   a string `name` each.
 * @throws {ToolwireError} (code `invalid_argument`) when `format` is not a `FormatDefinition` or is
 *   `auto` (it picks among every format: use `parseToolCalls`), `text` is not a string, or `options` is
 *   not an object or holds an option of the wrong type (see `FormatOptions`).
 */
export function parseWith(format: FormatDefinition, text: string, options?: FormatOptions): ParseResult {
  if (!isFormatDefinition(format))
    throw new ToolwireError(
      'invalid_argument',
      `parseWith() takes a FormatDefinition, got ${describe(format)}`,
    );
  if (format.id === 'auto')
    throw new ToolwireError(
      'invalid_argument',
      'parseWith() takes one format; `auto` picks among all of them: use parseToolCalls()',
    );
  if (typeof text !== 'string')
    throw new ToolwireError('invalid_argument', `parseWith() takes a string, got ${describe(text)}`);
  const parser = format.create({ inputEvents: false, ...checkFormatOptions(options) });
  const collector = new EventCollector();
  collector.add(parser.push(text));
  collector.add(parser.finish());
  return collector.result(format.id);
}
