// How an alignment issue is worded: its JSON Pointer path, its `expected` / `received` texts and the
// standard message.
import { escapePointer } from '../internal/escape-pointer.js';
import type { AlignIssue, AlignIssueCode } from './align-result.js';

/** Builds an issue with the standard message `expected X, received Y`. */
export function issue(
  path: string,
  code: AlignIssueCode,
  expected: string,
  received: string,
  message?: string,
): AlignIssue {
  return { path, code, expected, received, message: message ?? `expected ${expected}, received ${received}` };
}

/** The issue of a value nested past `MAX_VALUE_DEPTH` (the value itself is kept as received). */
export function tooDeepIssue(path: string): AlignIssue {
  return issue(path, 'too_deep', 'a shallower value', 'a deeply nested value', 'value is nested too deeply');
}

/** The JSON type name of a value, for `received` (`integer` for whole numbers). */
export function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** A value as JSON text for `expected` / `received`, cut to 60 characters. */
export function excerpt(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** Appends one reference token to a JSON Pointer (RFC 6901 escaping). */
export function pointer(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}/${key}`;
  if (key.indexOf('~') < 0 && key.indexOf('/') < 0) return `${path}/${key}`;
  return `${path}/${escapePointer(key)}`;
}
