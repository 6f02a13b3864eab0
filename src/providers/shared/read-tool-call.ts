import { type ArgumentsResult, argumentsFromValue } from '../../schema/decode-arguments.js';
import type { InvalidToolCallPart, ProviderOptions, ToolCallPart } from '../../types/message.js';

/**
 * The canonical part of a tool call read from a provider body: a `tool-call` with the arguments object,
 * or, when the arguments are not an object (a JSON text that is not one, an array, a number), a
 * `tool-call-invalid` part with their exact text as `raw` and the reason, never dropped.
 * `argumentsValue` is the decoded value (Gemini `args`, Ollama `arguments`, Mistral `arguments` sent as
 * an object) or the JSON text (Mistral `arguments` as a string). The text is decoded strictly (blank is
 * `{}`, a JSON string holding an object is decoded once more, as `argumentsFromValue` does): a provider
 * body that holds text no JSON parser reads is kept as an invalid call, never repaired here, so the
 * model's text survives (`repairHistory` decides whether a lenient repair may replace it, H9/H10).
 */
export function readToolCall(
  id: string,
  name: string,
  argumentsValue: { readonly text: string } | { readonly value: unknown },
  providerOptions?: ProviderOptions,
): ToolCallPart | InvalidToolCallPart {
  const result =
    'text' in argumentsValue
      ? strictArguments(argumentsValue.text)
      : argumentsFromValue(argumentsValue.value);
  const metadata = providerOptions === undefined ? {} : { providerOptions };
  if (result.ok)
    return { type: 'tool-call', toolCallId: id, toolName: name, input: result.value, ...metadata };
  const raw =
    'text' in argumentsValue
      ? argumentsValue.text
      : typeof argumentsValue.value === 'string'
        ? argumentsValue.value
        : (JSON.stringify(argumentsValue.value) ?? '');
  return {
    type: 'tool-call-invalid',
    toolCallId: id,
    ...(name === '' ? {} : { toolName: name }),
    raw,
    error: result.issues.map((issue) => issue.message).join('; '),
    issues: result.issues,
    ...metadata,
  };
}

function strictArguments(text: string): ArgumentsResult {
  if (text.trim() === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = `arguments are not valid JSON: ${(error as Error).message}`;
    return { ok: false, issues: [{ code: 'invalid_json', message, path: '' }] };
  }
  return argumentsFromValue(value);
}
