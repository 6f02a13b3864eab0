import type { ParseResult, ToolCallIssue, ToolCallRepair } from '../types/tool-call.js';
import type { Warning } from '../types/warning.js';

/**
 * The CLI's JSON contract for one parse (snake_case, key order fixed):
 *
 * ```text
 * {"format", "content", "reasoning",
 *  "tool_calls": [{"id", "name", "arguments", "issues"?, "flags"?, "repairs"?}],
 *  "invalid_tool_calls": [{"id"?, "name"?, "raw", "error", "issues", "repairs"?}],
 *  "warnings"?}
 * ```
 *
 * - A call gets `"issues"` only when tools were given and an optional argument does not fit its schema,
 *   `"flags"` only when an argument was coerced to fit it (`"5"` → 5), so no coercion is silent, and
 *   `"repairs"` only when its text needed a repair to be read (`{"kind", "position"?, "message"?}`:
 *   JSON repaired, a format glitch recovered, `missing_end_marker`; positions are UTF-16 offsets into
 *   the call's raw text), so an evaluation can count format errors.
 * - An invalid call always has `"issues"`, as the library returns them (`{"code", "message", "path"?,
 *   "expected"?, "received"?}`: the codes `invalid_json`, `incomplete_tool_call`, `unknown_tool`,
 *   `format_not_followed`, ... are what a script branches on), and `"repairs"` when `--strict-format`
 *   refused a repaired call.
 * - `"warnings"` (AI SDK `Warning` objects, e.g. `{"type": "other", "message"}`) only when the parse
 *   noticed something beyond the calls: `auto` chose a format that found no call while another format's
 *   call signature is in the output, or `--model` names no known model.
 */
export interface ParseResultJson {
  format: string;
  content: string;
  reasoning: string;
  tool_calls: Array<{
    id: string;
    name: string;
    arguments: Record<string, unknown>;
    issues?: unknown[];
    flags?: unknown[];
    repairs?: ToolCallRepair[];
  }>;
  invalid_tool_calls: Array<{
    id?: string;
    name?: string;
    raw: string;
    error: string;
    issues: ToolCallIssue[];
    repairs?: ToolCallRepair[];
  }>;
  warnings?: Warning[];
}

export function toParseResultJson(result: ParseResult): ParseResultJson {
  return {
    format: result.format,
    content: result.content,
    reasoning: result.reasoning,
    tool_calls: result.toolCalls.map((call) => ({
      id: call.id,
      name: call.name,
      arguments: call.arguments,
      ...(call.issues ? { issues: [...call.issues] } : {}),
      ...(call.flags ? { flags: [...call.flags] } : {}),
      ...(call.repairs ? { repairs: [...call.repairs] } : {}),
    })),
    invalid_tool_calls: result.invalidToolCalls.map((call) => ({
      ...(call.id === undefined ? {} : { id: call.id }),
      ...(call.name === undefined ? {} : { name: call.name }),
      raw: call.raw,
      error: call.error,
      issues: [...call.issues],
      ...(call.repairs ? { repairs: [...call.repairs] } : {}),
    })),
    ...(result.warnings && result.warnings.length > 0 ? { warnings: [...result.warnings] } : {}),
  };
}
