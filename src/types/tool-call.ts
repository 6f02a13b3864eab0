import type { Warning } from './warning.js';

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
 * A fix the parser made to the model's text of a call so that the call could be read: JSON repaired
 * (`kind` is a `JsonRepairKind` such as `'trailing_comma'`), a format glitch recovered (a doubled closing
 * tag, a parameter cut before its `>`: kinds named by the family core, e.g. `'doubled_closing_tag'`), or an
 * end marker missing (`'missing_end_marker'`).
 *
 * `position` is a UTF-16 code unit offset into the call's `raw` text where the problem is, when known;
 * `message` says what was done in words. An evaluation counts these as format errors; `strictFormat: true`
 * turns every repaired call into an `InvalidToolCall` instead.
 */
export interface ToolCallRepair {
  readonly kind: string;
  readonly position?: number;
  readonly message?: string;
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
 * - `repairs`: present when the call's text needed a repair to be read (see `ToolCallRepair`).
 */
export interface ToolCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: Record<string, unknown>;
  readonly raw?: string;
  readonly issues?: readonly ToolCallIssue[];
  readonly flags?: readonly ToolCallFlag[];
  readonly repairs?: readonly ToolCallRepair[];
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
  /** The repairs that would have made it a call, when `strictFormat: true` refused them. */
  readonly repairs?: readonly ToolCallRepair[];
}

/**
 * The result of parsing one assistant turn.
 *
 * `content` is the text outside tool calls and reasoning, exactly as the model wrote it (markers removed).
 * `reasoning` is the text of reasoning blocks (`<think>`, Harmony `analysis`), `""` when there is none.
 * `warnings` is present when the parse noticed something the caller should know that is not about one
 * call (e.g. `auto` picked a format that found no call while another format's call signature is in the
 * text; an unknown `model` name).
 */
export interface ParseResult {
  readonly format: string;
  readonly content: string;
  readonly reasoning: string;
  readonly toolCalls: readonly ToolCall[];
  readonly invalidToolCalls: readonly InvalidToolCall[];
  readonly warnings?: readonly Warning[];
}
