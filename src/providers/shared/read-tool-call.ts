import { type ArgumentsResult, argumentsFromValue } from '../../schema/decode-arguments.js';
import type { InvalidToolCallPart, ProviderOptions, ToolCallPart } from '../../types/message.js';
import type { ToolCallIssue } from '../../types/tool-call.js';
import { safeStringify } from './decode-tool-call.js';

/**
 * The canonical part of a tool call read from a provider body: a `tool-call` with the arguments object,
 * or, when the arguments are not an object (a JSON text that is not one, an array, a number), a
 * `tool-call-invalid` part with their exact text as `raw` and the reason, never dropped.
 * `argumentsValue` is the decoded value (Gemini `args`, Ollama `arguments`, Mistral `arguments` sent as
 * an object) or the JSON text (Mistral `arguments` as a string). The text is decoded strictly (blank is
 * `{}`, a JSON string holding an object is decoded once more, as `argumentsFromValue` does): a provider
 * body that holds text no JSON parser reads is kept as an invalid call, never repaired here, so the
 * model's text survives (`repairHistory` decides whether a lenient repair may replace it, H9/H10).
 * A call without a name (or, unless the caller gives a synthetic one, an id) is a `tool-call-invalid`
 * part too: a `tool-call` named `''` would be written to the next provider as a call it rejects.
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
  const missing: ToolCallIssue[] = [];
  if (id === '') missing.push({ code: 'missing_id', message: 'the tool call has no id' });
  if (name === '') missing.push({ code: 'missing_name', message: 'the tool call has no name' });
  if (result.ok && missing.length === 0)
    return { type: 'tool-call', toolCallId: id, toolName: name, input: result.value, ...metadata };
  const raw =
    'text' in argumentsValue
      ? argumentsValue.text
      : typeof argumentsValue.value === 'string'
        ? argumentsValue.value
        : (safeStringify(argumentsValue.value) ?? '');
  const issues = result.ok ? missing : [...missing, ...result.issues];
  return {
    type: 'tool-call-invalid',
    ...(id === '' ? {} : { toolCallId: id }),
    ...(name === '' ? {} : { toolName: name }),
    raw,
    error: issues.map((issue) => issue.message).join('; '),
    issues,
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
