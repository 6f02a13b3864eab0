/**
 * One problem found in a tool call or in its arguments.
 *
 * `path` is a JSON Pointer (RFC 6901) into the arguments object (`""` is the whole object), present on
 * issues about the arguments; issues about the call itself (`unknown_tool`, `incomplete_tool_call`,
 * `invalid_tool_call`, `conflicting_names`, ...) have none;
 * `code` is a snake_case literal such as `'invalid_json'`, `'incomplete_tool_call'`, `'unknown_tool'`.
 */
export interface ToolCallIssue {
  readonly code: string;
  readonly message: string;
  readonly path?: string;
  readonly expected?: string;
  readonly received?: string;
}

/** A coercion applied to an argument value (`"5"` → 5 is `string_to_number`), at a JSON Pointer path. */
export interface ToolCallFlag {
  readonly path: string;
  readonly kind: string;
}

/**
 * A tool call recovered from model output.
 *
 * - `id`: the model's own id when the format carries one (Kimi K2 `functions.NAME:IDX`, Mistral
 *   `[CALL_ID]`, Command R7B `tool_call_id`), otherwise `call_N` with N the zero-based index of the
 *   call in the turn (deterministic, so output bytes are stable).
 * - `arguments`: the arguments object. Keys such as `__proto__` are own data properties.
 * - `raw`: the exact model text of the call, markers included.
 * - `issues`: present when tools were given and an argument does not fit its schema without stopping
 *   the call (an optional argument of the wrong type, a constraint inside a value); the value is kept as
 *   the model wrote it. A required argument that cannot be produced makes an `InvalidToolCall` instead.
 * - `flags`: present when arguments were coerced to fit the schema (`"5"` → 5), one per coercion.
 */
export interface ToolCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: Record<string, unknown>;
  readonly raw?: string;
  readonly issues?: readonly ToolCallIssue[];
  readonly flags?: readonly ToolCallFlag[];
}

/**
 * A tool call that was written but could not be recovered whole (malformed or cut-off arguments,
 * missing name). Never dropped: the exact text is in `raw`, the reason in `error`, details in `issues`.
 */
export interface InvalidToolCall {
  readonly id?: string;
  readonly name?: string;
  readonly raw: string;
  readonly error: string;
  readonly issues: readonly ToolCallIssue[];
}

/**
 * The result of parsing one assistant turn.
 *
 * `content` is the text outside tool calls and reasoning, exactly as the model wrote it (markers removed).
 * `reasoning` is the text of reasoning blocks (`<think>`, Harmony `analysis`), `""` when there is none.
 */
export interface ParseResult {
  readonly format: string;
  readonly content: string;
  readonly reasoning: string;
  readonly toolCalls: readonly ToolCall[];
  readonly invalidToolCalls: readonly InvalidToolCall[];
}
