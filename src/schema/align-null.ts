// Aligns a value with a `null` option: nothing given, or `null` / `none` / `nil` as text.
import { issue, typeName } from './align-issue.js';
import type { Sink } from './align-sink.js';

/** `null` for a `null` option (a missing value counts as null). */
export function alignNull(value: unknown, path: string, sink: Sink): unknown {
  if (value === null) return null;
  if (value === undefined) return null;
  if (typeof value === 'string' && /^\s*(?:null|none|nil)\s*$/i.test(value)) {
    sink.flag(path, 'string_to_null');
    return null;
  }
  sink.add(issue(path, 'invalid_type', 'null', typeName(value)));
  return value;
}
