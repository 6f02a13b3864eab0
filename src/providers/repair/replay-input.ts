import { argumentsFromText, argumentsFromValue } from '../../schema/decode-arguments.js';
import type { InvalidToolCallPart } from '../../types/message.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The input an invalid call is replayed with (H10): the object the lenient JSON parser reads from its
 * `raw` text when that text is a JSON object (an OpenAI-style `arguments` string; for a JSON-envelope
 * format, `{"name": <the call's name>, "arguments" | "parameters": {...}}`, the inner object), else `{}`
 * (vercel/ai `to-response-messages.ts`, deer-flow PR#4193). Text in a format's own markers is not
 * arguments and gives `{}`.
 */
export function replayInput(part: InvalidToolCallPart): {
  input: Record<string, unknown>;
  repaired: boolean;
} {
  const raw = typeof part.raw === 'string' ? part.raw.trim() : '';
  if (!raw.startsWith('{')) return { input: {}, repaired: false };
  const decoded = argumentsFromText(raw);
  if (!decoded.ok) return { input: {}, repaired: false };
  const value = decoded.value;
  const inner = value.arguments ?? value.parameters;
  if (value.name === part.toolName && isObject(inner)) return { input: inner, repaired: true };
  return { input: value, repaired: true };
}

/**
 * A call's input as a JSON object (H9): an object as it is; a JSON text of an object decoded (leniently);
 * anything else (`null`, an array, a number, text that is not an object) `{}`. `changed` says whether
 * the input was replaced.
 */
export function objectInput(input: unknown): { input: unknown; changed: boolean; reason: string } {
  if (isObject(input)) return { input, changed: false, reason: '' };
  const decoded =
    typeof input === 'string' && input.trim().startsWith('{') ? argumentsFromValue(input) : undefined;
  if (decoded?.ok)
    return { input: decoded.value, changed: true, reason: 'a JSON text of an object; decoded' };
  const kind = input === null ? 'null' : Array.isArray(input) ? 'an array' : `a ${typeof input}`;
  return { input: {}, changed: true, reason: `${kind}, not a JSON object; replaced by {}` };
}
