// Aligns a value with a `boolean` option: `"true"` / `"false"` text and booleans named in prose.
import { MAX_VALUE_DEPTH, unwrapped } from './align-context.js';
import { excerpt, issue, tooDeepIssue, typeName } from './align-issue.js';
import type { Sink } from './align-sink.js';
import { parseBooleanText } from './coerce-text.js';

/** A boolean for a `boolean` option; text naming both true and false is an `ambiguous_boolean` issue. */
export function alignBoolean(value: unknown, path: string, sink: Sink, depth: number): unknown {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const parsed = parseBooleanText(value);
    if (parsed === 'ambiguous') {
      sink.add(issue(path, 'ambiguous_boolean', 'boolean', excerpt(value), 'text names both true and false'));
      return value;
    }
    if (parsed !== undefined) {
      sink.flag(path, parsed.kind === 'exact' ? 'string_to_boolean' : 'boolean_from_text');
      return parsed.value;
    }
  } else if (Array.isArray(value) && value.length > 0) {
    if (depth >= MAX_VALUE_DEPTH) {
      sink.add(tooDeepIssue(path));
      return value;
    }
    return alignBoolean(unwrapped(value, path, sink), path, sink, depth + 1);
  }
  sink.add(
    issue(path, 'invalid_type', 'boolean', typeof value === 'string' ? excerpt(value) : typeName(value)),
  );
  return value;
}
