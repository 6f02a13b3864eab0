// Aligns a value with an `integer` or `number` option: numeric text, rounding for integers, then the
// range and `multipleOf` checks.
import { MAX_VALUE_DEPTH, unwrapped } from './align-context.js';
import { excerpt, issue, tooDeepIssue, typeName } from './align-issue.js';
import type { Sink } from './align-sink.js';
import { parseNumberText, roundHalfAwayFromZero } from './coerce-text.js';
import type { SchemaObject } from './schema-root.js';

/**
 * A number for an `integer` / `number` option: `"1,000"` → 1000, a
 * float for an integer rounded half away from zero; never `NaN` → 0, never `"1/5"` → 0 for an integer.
 */
export function alignNumber(
  value: unknown,
  kind: 'integer' | 'number',
  schema: SchemaObject,
  path: string,
  sink: Sink,
  depth: number,
): unknown {
  let result: number;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) {
      sink.add(issue(path, 'invalid_number', kind, String(value)));
      return value;
    }
    result = value;
  } else if (typeof value === 'string') {
    const parsed = parseNumberText(value);
    if (parsed === undefined) {
      sink.add(
        issue(
          path,
          typeName(value) === 'string' && /nan|inf/i.test(value) ? 'invalid_number' : 'invalid_type',
          kind,
          excerpt(value),
        ),
      );
      return value;
    }
    if (kind === 'integer' && parsed.kind === 'derived' && !Number.isInteger(parsed.value)) {
      // "1/5" for an integer is a fraction, not 0 (BAML pitfall, coercion.md Table B row 6).
      sink.add(
        issue(
          path,
          'invalid_number',
          'integer',
          excerpt(value),
          `expected integer, received ${excerpt(value)} (not a whole number)`,
        ),
      );
      return value;
    }
    sink.flag(path, parsed.kind === 'derived' ? 'number_from_text' : 'string_to_number');
    result = parsed.value;
  } else if (Array.isArray(value) && value.length > 0) {
    if (depth >= MAX_VALUE_DEPTH) {
      sink.add(tooDeepIssue(path));
      return value;
    }
    return alignNumber(unwrapped(value, path, sink), kind, schema, path, sink, depth + 1);
  } else {
    sink.add(issue(path, 'invalid_type', kind, typeName(value)));
    return value;
  }
  if (kind === 'integer' && !Number.isInteger(result)) {
    sink.flag(path, 'float_to_integer');
    result = roundHalfAwayFromZero(result);
  }
  if (kind === 'integer' && !Number.isSafeInteger(result)) {
    sink.add(issue(path, 'invalid_number', 'integer within ±2^53', String(result)));
  }
  checkNumber(result, schema, path, sink);
  return result;
}

function checkNumber(value: number, schema: SchemaObject, path: string, sink: Sink): void {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = schema;
  if (typeof minimum === 'number') {
    if (exclusiveMinimum === true ? value <= minimum : value < minimum) {
      sink.add(
        issue(path, 'too_small', `${exclusiveMinimum === true ? '>' : '>='} ${minimum}`, String(value)),
      );
    }
  }
  if (typeof maximum === 'number') {
    if (exclusiveMaximum === true ? value >= maximum : value > maximum) {
      sink.add(issue(path, 'too_big', `${exclusiveMaximum === true ? '<' : '<='} ${maximum}`, String(value)));
    }
  }
  if (typeof exclusiveMinimum === 'number' && value <= exclusiveMinimum) {
    sink.add(issue(path, 'too_small', `> ${exclusiveMinimum}`, String(value)));
  }
  if (typeof exclusiveMaximum === 'number' && value >= exclusiveMaximum) {
    sink.add(issue(path, 'too_big', `< ${exclusiveMaximum}`, String(value)));
  }
  if (typeof multipleOf === 'number' && multipleOf > 0) {
    const quotient = value / multipleOf;
    if (Math.abs(quotient - Math.round(quotient)) > 1e-9) {
      sink.add(issue(path, 'not_multiple_of', `a multiple of ${multipleOf}`, String(value)));
    }
  }
}
