import type { LanguageModelV3ToolCall } from '@ai-sdk/provider';
import type { ParseEvent } from '../types/parse-event.js';

/**
 * A call toolwire could not recover (`tool-call-invalid`) as the spec part the AI SDK turns into an
 * invalid tool call: a `tool-call` whose `input` is not JSON text. `ai` v6's `parseToolCall` then
 * fails (`InvalidToolInputError`, or `NoSuchToolError` for a name not in the tools), returns the call
 * with `invalid: true` and that `error`, and does not run `execute` (generateText adds a `tool-error`
 * part; streamText emits one). That path is what the AI SDK's own providers take for a model call
 * whose arguments are broken, so `repairToolCall`, `onStepFinish` and the UI see the call.
 *
 * - `input`: the model's exact text of the call (`raw`). Whitespace-only text would be read as `{}`
 *   and JSON text would be validated as arguments, so such a `raw` is sent as
 *   `invalid tool call: ${raw}` instead (never valid JSON).
 * - `toolName`: the name when known, else `""` (no tool has it, so the call stays invalid).
 * - `toolCallId`: the call's id when known, else `fallbackId`.
 * - `providerMetadata.toolwire`: `{ invalid: true, error, issues, raw }`, toolwire's own reason.
 */
export function invalidCallPart(
  event: Extract<ParseEvent, { type: 'tool-call-invalid' }>,
  fallbackId: string,
): LanguageModelV3ToolCall {
  return {
    type: 'tool-call',
    toolCallId: event.id ?? fallbackId,
    toolName: event.toolName ?? '',
    input: isJsonOrBlank(event.raw) ? `invalid tool call: ${event.raw}` : event.raw,
    providerMetadata: {
      toolwire: {
        invalid: true,
        error: event.error,
        issues: event.issues.map((issue) => ({ ...issue })),
        raw: event.raw,
      },
    },
  };
}

function isJsonOrBlank(text: string): boolean {
  if (text.trim() === '') return true;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
