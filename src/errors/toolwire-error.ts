const marker = Symbol.for('toolwire.error');

/**
 * Every error code toolwire throws (API misuse only; model data never throws):
 *
 * - `unknown_format`: a format id or alias that is not registered (`UnknownFormatError`).
 * - `invalid_tools`: a tool list that is not an array of tools with a string `name` each, or a tool
 *   whose `parameters` is not a JSON Schema (`InvalidToolsError`).
 * - `invalid_argument`: an argument of the wrong type: text or a chunk that is not a string, options
 *   that are not an object, `format` that is neither an id nor a `FormatDefinition`, `model` that is
 *   not a string, ...
 * - `parser_finished`: `push()` or `finish()` on a parser whose `finish()` already ran; `reset()` it
 *   (or create a new one) for the next turn.
 * - `format_detection_failed`: no format could be chosen where one is required.
 * - `history_invalid`: `repairHistory(..., { strict: true })` found a history the target provider rejects
 *   (`HistoryInvalidError`, whose `violations` list every rule broken).
 * - `unsupported`: a schema, tool or message the target cannot express, with `onUnsupported: 'throw'`
 *   (schema transforms) or `strict: true` (grammars).
 * - `invalid_request`: a provider request or response body that cannot be read (not an object, a required
 *   field missing or of the wrong type).
 */
export type ToolwireErrorCode =
  | 'unknown_format'
  | 'invalid_tools'
  | 'invalid_argument'
  | 'parser_finished'
  | 'format_detection_failed'
  | 'history_invalid'
  | 'unsupported'
  | 'invalid_request';

/**
 * Base class of every error toolwire throws. `code` is a snake_case literal; use
 * `ToolwireError.isInstance(error)` rather than `instanceof` across package copies.
 */
export class ToolwireError extends Error {
  readonly [marker] = true;
  override name = 'ToolwireError';
  readonly code: ToolwireErrorCode;

  constructor(code: ToolwireErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }

  static isInstance(error: unknown): error is ToolwireError {
    return typeof error === 'object' && error !== null && (error as { [marker]?: unknown })[marker] === true;
  }
}
