import { healPartialJson } from '../json/heal-partial-json.js';

/**
 * The delta that completes streamed argument text `text` so that `JSON.parse(text + delta)` equals
 * `input`: `''` when it already does, the missing closers (`"`, `}`, `]`) when the model left them out
 * and the format repaired the call at its end (`{"city": "Paris"` → `}`), `undefined` when no suffix
 * helps (the format changed a streamed value: that is a format bug, the stream cannot take text back).
 * One `JSON.parse` (plus one `JSON.stringify`) of the call's arguments; linear.
 */
export function completingDelta(text: string, input: Record<string, unknown>): string | undefined {
  if (text === '') return undefined;
  if (parsesTo(text, input)) return '';
  const trimmed = text.trimEnd();
  const healed = healPartialJson(trimmed);
  if (healed.length <= trimmed.length || !healed.startsWith(trimmed)) return undefined;
  const suffix = healed.slice(trimmed.length);
  return parsesTo(text + suffix, input) ? suffix : undefined;
}

function parsesTo(text: string, input: Record<string, unknown>): boolean {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return false;
  }
  return jsonEqual(value, input);
}

/** Deep equality of JSON values, object key order free. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index++) if (!jsonEqual(a[index], b[index])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(right, key) || !jsonEqual(left[key], right[key])) return false;
  }
  return true;
}
