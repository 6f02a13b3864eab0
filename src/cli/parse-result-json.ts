import type { ParseResult } from '../types/tool-call.js';

/**
 * The CLI's JSON contract for one parse:
 * `{"format", "content", "reasoning", "tool_calls": [{"id", "name", "arguments"}],
 *   "invalid_tool_calls": [{"id"?, "name"?, "raw", "error"}]}` (snake_case, key order fixed). A call
 * gets `"issues"` only when tools were given and an optional argument does not fit its schema, and
 * `"flags"` only when an argument was coerced to fit it (`"5"` → 5), so no coercion is silent.
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
  }>;
  invalid_tool_calls: Array<{ id?: string; name?: string; raw: string; error: string }>;
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
    })),
    invalid_tool_calls: result.invalidToolCalls.map((call) => ({
      ...(call.id === undefined ? {} : { id: call.id }),
      ...(call.name === undefined ? {} : { name: call.name }),
      raw: call.raw,
      error: call.error,
    })),
  };
}
