import { ToolwireError } from '../errors/toolwire-error.js';
import type { ParseResult } from '../types/tool-call.js';
import type { Warning } from '../types/warning.js';
import { alignsByDefault } from './aligns-by-default.js';
import { EventCollector } from './collect-events.js';
import { type FormatDefinition, type FormatOptions, isFormatDefinition } from './format-definition.js';
import { checkFormatOptions, describe } from './format-options.js';

/**
 * Parses one whole assistant turn with one format, given by its definition:
 * `parseWith(hermes, text, options)` (`import { hermes, parseWith } from 'toolwire/formats'`). It does
 * not look formats up by id, and aligns arguments only with the `align` it is given, so a bundle that
 * imports one definition carries that format's parser alone: not the other formats `parseToolCalls`
 * can name, and not schema alignment unless `align: schemaAlignment` is imported too. The same
 * `create()`, one `push(text)` and `finish()`.
 *
 * - With `align` (`schemaAlignment`), or without `tools`: exactly what
 *   `parseToolCalls(text, { ...options, format: definition })` returns.
 * - With `tools` but no `align`: tools serve what reading needs (a call to a tool not offered is an
 *   invalid call `unknown_tool`; positional formats take parameter names from the schema), and each
 *   argument value is read as without tools: not typed, coerced or checked by its schema (no `flags`, no
 *   `default`s, a missing required argument not an issue). The result's `warnings` says so (one
 *   `{ type: 'other', message }`). A definition from `getFormat` or `listFormats` aligns by itself, as
 *   `parseToolCalls` does: it gets no such warning.
 *
 * @returns content, reasoning, calls and invalid calls, `format` the definition's id; never throws on
 *   model text.
 * @throws {InvalidToolsError} (code `invalid_tools`) when `options.tools` is not an array of tools with
 *   a string `name` each.
 * @throws {ToolwireError} (code `invalid_argument`) when `format` is not a `FormatDefinition` or is
 *   `auto` (it picks among every format: use `parseToolCalls`), `text` is not a string, or `options` is
 *   not an object or holds an option of the wrong type (see `FormatOptions`; `align` must be a
 *   `SchemaAlignment`).
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
  const checked = checkFormatOptions(options);
  const parser = format.create({ inputEvents: false, ...checked });
  const collector = new EventCollector();
  collector.add(parser.push(text));
  collector.add(parser.finish());
  const unaligned =
    checked.tools !== undefined &&
    checked.tools.length > 0 &&
    checked.align === undefined &&
    !alignsByDefault.has(format);
  return collector.result(format.id, unaligned ? [notAligned] : undefined);
}

/** The warning of a parse given tools but no `align`. */
const notAligned: Warning = {
  type: 'other',
  message:
    'tools were given without align: arguments are read as without tools (not typed, coerced or checked ' +
    'by their schemas); pass align: schemaAlignment to align them',
};
