import type { InvalidToolCallPart, ToolCallPart } from '../../types/message.js';
import type { ParseEvent } from '../../types/parse-event.js';

/**
 * The parse events of a tool call that arrived whole in one stream event (Gemini `functionCall`
 * parts, Ollama `tool_calls`): `tool-input-start`, one `tool-input-delta` with the arguments' JSON text,
 * `tool-input-end`, then `tool-call`; an invalid one (arguments not an object) ends with
 * `tool-call-invalid` instead, its raw text as the delta, and without a name has no start at all.
 */
export function wholeCallEvents(part: ToolCallPart | InvalidToolCallPart): ParseEvent[] {
  if (part.type === 'tool-call') {
    const input = part.input as Record<string, unknown>;
    const raw = JSON.stringify(input);
    return [
      { type: 'tool-input-start', id: part.toolCallId, toolName: part.toolName },
      { type: 'tool-input-delta', id: part.toolCallId, delta: raw },
      { type: 'tool-input-end', id: part.toolCallId },
      { type: 'tool-call', id: part.toolCallId, toolName: part.toolName, input, raw },
    ];
  }
  const invalid: ParseEvent = {
    type: 'tool-call-invalid',
    ...(part.toolCallId === undefined ? {} : { id: part.toolCallId }),
    ...(part.toolName === undefined ? {} : { toolName: part.toolName }),
    raw: part.raw,
    error: part.error,
    issues: part.issues ?? [],
  };
  if (part.toolName === undefined || part.toolCallId === undefined) return [invalid];
  const id = part.toolCallId;
  return [
    { type: 'tool-input-start', id, toolName: part.toolName },
    ...(part.raw === '' ? [] : [{ type: 'tool-input-delta' as const, id, delta: part.raw }]),
    { type: 'tool-input-end', id },
    invalid,
  ];
}
