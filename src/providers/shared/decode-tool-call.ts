import { isStrictJson } from '../../json/is-strict-json.js';
import { argumentsFromText, argumentsFromValue } from '../../schema/decode-arguments.js';
import type { InvalidToolCallPart, ProviderOptions, ToolCallPart } from '../../types/message.js';
import type { Warning } from '../../types/warning.js';

/**
 * A tool call read from a provider body whose arguments are JSON text (OpenAI Chat
 * `tool_calls[].function.arguments`, Responses `function_call.arguments`, Mistral), as a canonical part.
 * The text is decoded leniently (`argumentsFromText`: blank is `{}`, a double-encoded object is decoded
 * once more, repairable JSON is repaired, with an `other` warning naming the call, since the text sent
 * back will be the repaired object). Text that stays broken or is not an object, and a call without an
 * id or a name, become a `tool-call-invalid` part with the text as `raw` and the reason as `error`:
 * never dropped (providers.md §12.1). A non-string `arguments` (some servers send the object) is read
 * as that value.
 */
export function decodeToolCall(
  id: string | undefined,
  name: string | undefined,
  argumentsValue: unknown,
  warnings: Warning[],
  providerOptions?: ProviderOptions,
): ToolCallPart | InvalidToolCallPart {
  const raw = typeof argumentsValue === 'string' ? argumentsValue : (safeStringify(argumentsValue) ?? '');
  const decoded =
    typeof argumentsValue === 'string'
      ? argumentsFromText(argumentsValue)
      : argumentsFromValue(argumentsValue);
  const extra = providerOptions === undefined ? {} : { providerOptions };
  if (decoded.ok && id !== undefined && id !== '' && name !== undefined && name !== '') {
    if (typeof argumentsValue === 'string' && argumentsValue.trim() !== '' && !isStrictJson(argumentsValue)) {
      warnings.push({
        type: 'other',
        message: `tool call ${id}: arguments were not valid JSON and were repaired`,
      });
    }
    return { type: 'tool-call', toolCallId: id, toolName: name, input: decoded.value, ...extra };
  }
  const issues = decoded.ok
    ? [
        id === undefined || id === ''
          ? { code: 'missing_id', message: 'the tool call has no id' }
          : { code: 'missing_name', message: 'the tool call has no name' },
      ]
    : decoded.issues;
  return {
    type: 'tool-call-invalid',
    ...(id === undefined || id === '' ? {} : { toolCallId: id }),
    ...(name === undefined || name === '' ? {} : { toolName: name }),
    raw,
    error: issues.map((issue) => issue.message).join('; '),
    issues,
    ...extra,
  };
}

/** `JSON.stringify`, or `undefined` for a value it cannot write (a cycle, a BigInt). */
export function safeStringify(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}
