import { setOwnProperty } from '../../internal/set-own-property.js';
import { parseLenientJson } from '../../json/parse-lenient-json.js';
import { typeParameterText } from '../../schema/type-parameter-text.js';
import type { JSONSchema } from '../../types/json-schema.js';
import type { ToolCallIssue } from '../../types/tool-call.js';

/** Arguments object, or the issues that kept the text from becoming one. */
export type ArgumentsResult =
  | { readonly ok: true; readonly value: Record<string, unknown> }
  | { readonly ok: false; readonly issues: ToolCallIssue[] };

/**
 * Decodes an arguments JSON text leniently (see `parseLenientJson`). Blank text is `{}` (a call
 * without arguments); a JSON string holding a JSON object is decoded once more (models and some
 * servers double-encode). Anything that is not an object is an issue, never coerced silently.
 */
export function argumentsFromText(text: string): ArgumentsResult {
  if (text.trim() === '') return { ok: true, value: {} };
  const parsed = parseLenientJson(text);
  if (!parsed.ok) {
    return {
      ok: false,
      issues: [{ code: 'invalid_json', message: `arguments are not valid JSON: ${parsed.error}`, path: '' }],
    };
  }
  return argumentsFromValue(parsed.value);
}

/** Checks a decoded arguments value: an object, `null` (as `{}`), or a JSON text of an object. */
export function argumentsFromValue(value: unknown): ArgumentsResult {
  if (value === null || value === undefined) return { ok: true, value: {} };
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed === '') return { ok: true, value: {} };
    if (trimmed.startsWith('{')) return argumentsFromText(trimmed);
  }
  if (typeof value === 'object' && !Array.isArray(value))
    return { ok: true, value: value as Record<string, unknown> };
  return {
    ok: false,
    issues: [
      {
        code: 'arguments_not_object',
        message: 'tool-call arguments must be a JSON object',
        path: '',
        expected: 'object',
        received: Array.isArray(value) ? 'array' : typeof value,
      },
    ],
  };
}

/**
 * Builds the arguments object of an XML-style call from `[key, raw text]` pairs, typing each value
 * with `schemaOf(key)`. A repeated key keeps the last value. `__proto__` is a plain key.
 */
export function argumentsFromParameters(
  parameters: ReadonlyArray<readonly [string, string]>,
  schemaOf: (key: string) => JSONSchema | undefined,
): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  for (const [key, text] of parameters) setOwnProperty(value, key, typeParameterText(text, schemaOf(key)));
  return value;
}
