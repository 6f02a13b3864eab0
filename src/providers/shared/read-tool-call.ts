import { argumentsFromText, argumentsFromValue } from '../../schema/decode-arguments.js';
import type { InvalidToolCallPart, ProviderOptions, ToolCallPart } from '../../types/message.js';

/**
 * The canonical part of a tool call read from a provider body: a `tool-call` with the arguments object,
 * or, when the arguments are not an object (a JSON text that is not one, an array, a number), a
 * `tool-call-invalid` part with their exact text as `raw` and the reason, never dropped.
 * `argumentsValue` is the decoded value (Gemini `args`, Ollama `arguments`, Mistral `arguments` sent as
 * an object); `argumentsText` the JSON text (Mistral `arguments` as a string), decoded leniently.
 */
export function readToolCall(
  id: string,
  name: string,
  argumentsValue: { readonly text: string } | { readonly value: unknown },
  providerOptions?: ProviderOptions,
): ToolCallPart | InvalidToolCallPart {
  const result =
    'text' in argumentsValue
      ? argumentsFromText(argumentsValue.text)
      : argumentsFromValue(argumentsValue.value);
  const metadata = providerOptions === undefined ? {} : { providerOptions };
  if (result.ok)
    return { type: 'tool-call', toolCallId: id, toolName: name, input: result.value, ...metadata };
  const raw = 'text' in argumentsValue ? argumentsValue.text : (JSON.stringify(argumentsValue.value) ?? '');
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
