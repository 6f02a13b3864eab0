import type { Warning } from '../../types/warning.js';
import { safeStringify } from './decode-tool-call.js';

/**
 * The JSON text of a call's `input` for a provider whose arguments are text (OpenAI Chat, Responses,
 * Mistral). An input `JSON.stringify` cannot write (a cycle, a BigInt, nesting deeper than the stack)
 * is sent as `"{}"` with an `unsupported` warning naming the call: never a throw, never a silent `{}`.
 */
export function inputJsonText(input: unknown, id: string, provider: string, warnings: Warning[]): string {
  const text = safeStringify(input);
  if (text !== undefined) return text;
  warnings.push({
    type: 'unsupported',
    feature: 'tool-call input',
    details: `${provider}: the input of call ${id} cannot be written as JSON (a cycle, a BigInt or too deep); it was sent as {}`,
  });
  return '{}';
}
