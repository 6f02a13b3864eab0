import { argumentsFromValue } from '../../schema/decode-arguments.js';
import type { InvalidToolCallPart, ToolCallPart } from '../../types/message.js';

/**
 * A call block read from a provider (Anthropic `tool_use`, Bedrock `toolUse`) → a `tool-call` part, or
 * a `tool-call-invalid` part when it cannot be one: no id or no name, or an `input` that is not a JSON
 * object (a string holding a JSON object is decoded once, as `argumentsFromValue` does). The invalid
 * part keeps the input as `raw` (a string as it is, anything else as JSON text), so nothing is dropped.
 */
export function toolCallPartFromInput(
  id: unknown,
  name: unknown,
  input: unknown,
  blockName: string,
): ToolCallPart | InvalidToolCallPart {
  const toolCallId = typeof id === 'string' && id !== '' ? id : undefined;
  const toolName = typeof name === 'string' && name !== '' ? name : undefined;
  const decoded = argumentsFromValue(input === undefined || input === null ? {} : input);
  if (toolCallId !== undefined && toolName !== undefined && decoded.ok) {
    return { type: 'tool-call', toolCallId, toolName, input: decoded.value };
  }
  const raw = typeof input === 'string' ? input : (JSON.stringify(input) ?? '');
  const issues = decoded.ok
    ? [
        {
          code: toolName === undefined ? 'missing_name' : 'missing_id',
          message: `the ${blockName} block has no ${toolName === undefined ? 'name' : 'id'}`,
        },
      ]
    : decoded.issues;
  return {
    type: 'tool-call-invalid',
    ...(toolCallId === undefined ? {} : { toolCallId }),
    ...(toolName === undefined ? {} : { toolName }),
    raw,
    error: issues.map((issue) => issue.message).join('; '),
    issues,
  };
}
