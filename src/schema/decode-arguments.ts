import { nestedDeeperThan } from '../internal/value-depth.js';
import { parseMostlyValidJson } from '../json/parse-lenient-json.js';
import type { ToolCallFlag, ToolCallIssue, ToolCallRepair } from '../types/tool-call.js';
import { MAX_VALUE_DEPTH } from './align-context.js';

/**
 * The deepest nesting of objects and arrays a call's arguments may have, the arguments object itself
 * being level 1 (`{"a": [[1]]}` is 3 levels). A deeper call is an `InvalidToolCall` with code
 * `too_deep` and its raw text: such values are never real arguments, and handing them on would overflow
 * the stack of whatever walks them recursively (`JSON.stringify` fails at a few thousand levels). The
 * same bound as the schema layer's `MAX_VALUE_DEPTH`, so aligned and unaligned calls agree.
 */
export const MAX_ARGUMENT_DEPTH: number = MAX_VALUE_DEPTH;

/** The issue of a call whose arguments nest deeper than `MAX_ARGUMENT_DEPTH`. */
export function tooDeep(): ArgumentsResult {
  return {
    ok: false,
    issues: [
      {
        code: 'too_deep',
        message: `arguments are nested more than ${MAX_ARGUMENT_DEPTH} levels deep`,
        path: '',
        expected: `at most ${MAX_ARGUMENT_DEPTH} levels of nesting`,
        received: 'deeper nesting',
      },
    ],
  };
}

/**
 * Arguments object (with the issues and coercion flags that did not stop it), or the issues that kept
 * the text from becoming one. `repairs`: the lenient JSON parser's fixes (`JsonRepairKind`s), present
 * when the text was not valid JSON; `position` is a UTF-16 offset into the text given to
 * `argumentsFromText`, absent for a repair inside a JSON text held by a string value (double-encoded).
 */
export type ArgumentsResult =
  | {
      readonly ok: true;
      readonly value: Record<string, unknown>;
      readonly issues?: readonly ToolCallIssue[];
      readonly flags?: readonly ToolCallFlag[];
      readonly repairs?: readonly ToolCallRepair[];
    }
  | { readonly ok: false; readonly issues: ToolCallIssue[] };

/**
 * Decodes an arguments JSON text leniently (see `parseLenientJson`). Blank text is `{}` (a call
 * without arguments); a JSON string holding a JSON object is decoded once more (models and some
 * servers double-encode). Anything that is not an object is an issue, never coerced silently.
 */
export function argumentsFromText(text: string): ArgumentsResult {
  if (text.trim() === '') return { ok: true, value: {} };
  const parsed = parseMostlyValidJson(text);
  if (!parsed.ok) {
    return {
      ok: false,
      issues: [{ code: 'invalid_json', message: `arguments are not valid JSON: ${parsed.error}`, path: '' }],
    };
  }
  const decoded = argumentsFromValue(parsed.value);
  if (!decoded.ok || parsed.repairs.length === 0) return decoded;
  const repairs: ToolCallRepair[] = parsed.repairs.map(({ kind, position }) => ({ kind, position }));
  return { ...decoded, repairs: decoded.repairs ? [...repairs, ...decoded.repairs] : repairs };
}

/**
 * Checks a decoded arguments value: an object, `null` (as `{}`), or a JSON text of an object. An object
 * nested deeper than `MAX_ARGUMENT_DEPTH` is an issue (code `too_deep`).
 */
export function argumentsFromValue(value: unknown): ArgumentsResult {
  if (value === null || value === undefined) return { ok: true, value: {} };
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed === '') return { ok: true, value: {} };
    if (trimmed.startsWith('{')) {
      const decoded = argumentsFromText(trimmed);
      // Offsets into the decoded string value are not offsets into the model's text.
      if (!decoded.ok || decoded.repairs === undefined) return decoded;
      return { ...decoded, repairs: decoded.repairs.map(({ kind }) => ({ kind })) };
    }
  }
  if (typeof value === 'object' && !Array.isArray(value)) {
    if (nestedDeeperThan(value, MAX_ARGUMENT_DEPTH)) return tooDeep();
    return { ok: true, value: value as Record<string, unknown> };
  }
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
