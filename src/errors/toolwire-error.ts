const marker = Symbol.for('toolwire.error');

/** Every error code toolwire throws (API misuse only; model data never throws). */
export type ToolwireErrorCode =
  | 'unknown_format'
  | 'invalid_tools'
  | 'invalid_argument'
  | 'format_detection_failed';

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
